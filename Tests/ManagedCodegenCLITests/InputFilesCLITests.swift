import Foundation
import Testing

/// `managed-codegen input-files MODEL`: the input file list of an Xcode Run Script phase, one path a line.
@Suite struct InputFilesCLITests {
    /// `App/` holds the Versions fixture (3 versions), a config file naming the human folder `Model`, a human file with
    /// a validation hook there and, once locked, the lock file.
    static func project(_ name: String = #function) throws -> URL {
        let root = try TestSupport.temporaryDirectory(name)
        let app = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Model"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestSupport.fixtureModels.appendingPathComponent("Versions.xcdatamodeld"),
            to: app.appendingPathComponent("Versions.xcdatamodeld"))
        try Data("output: Generated\nhuman-output: Model\n".utf8).write(to: app.appendingPathComponent("managed-codegen.yml"))
        try Data("extension Note {\n    func validateTitle(_ value: String) throws {}\n}\n".utf8)
            .write(to: app.appendingPathComponent("Model/Note.swift"))
        return root
    }

    @Test("every version's contents, .xccurrentversion, the config, the lock and the hook files; $(SRCROOT) with --srcroot")
    func listsWhatGenerateReads() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let models = "App/Versions.xcdatamodeld"
        var expected = [
            "\(models)/Versions.xcdatamodel/contents", "\(models)/Versions 2.xcdatamodel/contents",
            "\(models)/Versions 3.xcdatamodel/contents", "\(models)/.xccurrentversion", "App/managed-codegen.yml",
            "App/Model/Note.swift",
        ]
        let unlocked = try CLI.run(["input-files", models], in: root)
        #expect(unlocked.status == 0 && unlocked.stderr.isEmpty, "\(unlocked.stderr)")
        #expect(unlocked.stdout == expected.map { $0 + "\n" }.joined())

        let lock = try CLI.run(["lock", models], in: root)
        try #require(lock.status == 0, "\(lock.stderr)")
        expected.insert("App/Versions.managed-codegen.lock", at: 5)
        let locked = try CLI.run(["input-files", models, "--srcroot", root.path], in: root)
        #expect(locked.status == 0, "\(locked.stderr)")
        // Run from another folder: the paths are still the project's, under $(SRCROOT).
        let relative = try CLI.run(["input-files", "Versions.xcdatamodeld", "--srcroot", ".."], in: root.appendingPathComponent("App"))
        for run in [locked, relative] {
            #expect(run.stdout == expected.map { "$(SRCROOT)/\($0)\n" }.joined(), "\(run.stdout)")
        }
        // Every listed file exists: Xcode fails the build on a missing input.
        for path in expected { #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path)") }
    }

    @Test("a mistyped model is an error on stderr and nothing on stdout")
    func missingModel() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLI.run(["input-files", "App/Vresions.xcdatamodeld"], in: root)
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr.contains("did you mean 'App/Versions.xcdatamodeld'?"), "\(run.stderr)")
    }
}
