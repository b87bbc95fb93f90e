import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output folders the command must refuse: exit 1, an error line, and no file written anywhere, including
/// in the destinations that were usable. Destination problems have no line in a file, so they are reported
/// as `managed-codegen: error: …` (Xcode's form for tool-level errors) naming the folder.
@Suite struct HostileOutputCLITests {
    struct Workspace {
        let root: URL
        let bundle: URL

        init(_ name: String = #function) throws {
            root = try TestSupport.temporaryDirectory(name)
            bundle = root.appendingPathComponent("Inventory.xcdatamodeld")
            try FileManager.default.copyItem(at: TestSupport.fixtureModels.appendingPathComponent("Inventory.xcdatamodeld"), to: bundle)
        }

        func generate(output: String, humanOutput: String, testsOutput: String? = nil) throws -> CLI.Run {
            try CLI.run(
                ["generate", bundle.path, "--output", output, "--human-output", humanOutput]
                    + (testsOutput.map { ["--tests-output", $0] } ?? []))
        }

        /// Every `.swift` file under the workspace (the model bundle has none).
        var swiftFiles: [String] {
            let enumerator = FileManager.default.enumerator(atPath: root.path)
            var files: [String] = []
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix(".swift") || path.hasSuffix(".tmp") { files.append(path) }
            }
            return files
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    private func expectRefusedDestination(_ run: CLI.Run, mentioning folder: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!run.terminatedBySignal && !run.timedOut, sourceLocation: sourceLocation)
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
        let lines = run.stderrLines
        #expect(!lines.isEmpty, sourceLocation: sourceLocation)
        for line in lines {
            #expect(line.hasPrefix("managed-codegen: error: ") || DiagnosticLine(line) != nil, "\(line)", sourceLocation: sourceLocation)
        }
        #expect(run.stderr.contains(folder), "the error does not name \(folder): \(run.stderr)", sourceLocation: sourceLocation)
    }

    @Test func outputFolderIsAFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = workspace.root.appendingPathComponent("Generated")
        try Data("not a folder\n".utf8).write(to: file)
        let run = try workspace.generate(output: file.path, humanOutput: workspace.root.appendingPathComponent("Model").path)
        expectRefusedDestination(run, mentioning: file.path)
        #expect(try String(contentsOf: file, encoding: .utf8) == "not a folder\n")
        #expect(workspace.swiftFiles.isEmpty, "\(workspace.swiftFiles)")
    }

    @Test func outputFolderBelowAFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = workspace.root.appendingPathComponent("plain")
        try Data().write(to: file)
        let run = try workspace.generate(
            output: workspace.root.appendingPathComponent("Generated").path, humanOutput: file.appendingPathComponent("Model").path)
        expectRefusedDestination(run, mentioning: "plain")
        #expect(workspace.swiftFiles.isEmpty, "\(workspace.swiftFiles)")
        #expect(!FileManager.default.fileExists(atPath: workspace.root.appendingPathComponent("Generated").path))
    }

    @Test func testsOutputFolderIsAFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = workspace.root.appendingPathComponent("Tests")
        try Data().write(to: file)
        let run = try workspace.generate(
            output: workspace.root.appendingPathComponent("Generated").path, humanOutput: workspace.root.appendingPathComponent("Model").path,
            testsOutput: file.path)
        expectRefusedDestination(run, mentioning: file.path)
        #expect(workspace.swiftFiles.isEmpty, "\(workspace.swiftFiles)")
    }

    @Test("an output folder inside the model bundle", arguments: ["Generated", "Inventory.xcdatamodel/Generated", "."])
    func outputInsideTheModelBundle(relative: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = CLI.Snapshot(workspace.bundle)
        let inside = workspace.bundle.appendingPathComponent(relative).path
        let run = try workspace.generate(output: inside, humanOutput: workspace.root.appendingPathComponent("Model").path)
        expectRefusedDestination(run, mentioning: "inside the model bundle")
        #expect(CLI.Snapshot(workspace.bundle) == before)
        #expect(workspace.swiftFiles.isEmpty, "\(workspace.swiftFiles)")
    }

    /// A folder nobody may write to. Root ignores permission bits, so as root the folder is one under
    /// /proc, which refuses every new file whoever asks; the permission check cannot see that, so this
    /// also proves the two-phase write: the usable machine folder stays untouched.
    @Test("an unwritable human folder leaves the usable machine folder untouched")
    func unwritableHumanFolder() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let unwritable: String
        if getuid() == 0 {
            unwritable = "/proc/managed-codegen-\(UUID().uuidString)/Model"
        } else {
            let locked = workspace.root.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            chmod(locked.path, 0o555)
            unwritable = locked.appendingPathComponent("Model").path
        }
        defer { chmod(workspace.root.appendingPathComponent("locked").path, 0o755) }
        let machine = workspace.root.appendingPathComponent("Generated")
        let run = try workspace.generate(output: machine.path, humanOutput: unwritable)
        expectRefusedDestination(run, mentioning: (unwritable as NSString).deletingLastPathComponent)
        #expect(!FileManager.default.fileExists(atPath: machine.path), "machine files were written before the failure")
        #expect(workspace.swiftFiles.isEmpty, "\(workspace.swiftFiles)")
    }

    @Test("an unwritable machine folder with existing output: nothing changes, no temporary file is left")
    func unwritableMachineFolderKeepsExistingOutput() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let human = workspace.root.appendingPathComponent("Model")
        let first = try workspace.generate(output: workspace.root.appendingPathComponent("First").path, humanOutput: human.path)
        #expect(first.status == 0, "\(first.stderr)")
        let before = CLI.Snapshot(workspace.root)
        let run = try workspace.generate(output: "/proc/managed-codegen-\(UUID().uuidString)", humanOutput: human.path)
        #expect(run.status == 1)
        #expect(CLI.Snapshot(workspace.root) == before)
    }

    /// Files are staged as they are rendered; a template that fails half-way (a partial including itself
    /// without end) must still leave nothing behind: no output, no temporary file, the old output untouched.
    @Test("a rendering failure after files were staged: nothing written, no temporary file left")
    func renderingFailureLeavesNothing() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let machine = workspace.root.appendingPathComponent("Generated")
        let human = workspace.root.appendingPathComponent("Model")
        let first = try workspace.generate(output: machine.path, humanOutput: human.path)
        #expect(first.status == 0, "\(first.stderr)")
        try FileManager.default.removeItem(at: human)
        let templates = workspace.root.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        // Machine files render first and are staged; the human template never ends for final classes.
        try Data("{{%CONTENT_TYPE: TEXT}}\n{{#isFinal}}x{{> entity-human}}{{/isFinal}}\n".utf8)
            .write(to: templates.appendingPathComponent("entity-human.mustache"))
        try Data("{{%CONTENT_TYPE: TEXT}}\n// changed\n{{> file-header}}\n".utf8)
            .write(to: templates.appendingPathComponent("entity-machine.mustache"))
        // Files only: staging touches the folders' dates.
        func files() -> [String: CLI.Snapshot.Entry]? {
            CLI.Snapshot(workspace.root)?.entries.filter { $0.value.contents != nil }
        }
        let before = files()
        let run = try CLI.run(
            ["generate", workspace.bundle.path, "--output", machine.path, "--human-output", human.path, "--templates", templates.path])
        #expect(!run.terminatedBySignal && !run.timedOut)
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.contains("include itself"), "\(run.stderr)")
        #expect(files() == before, "files changed, or a temporary file was left")
        #expect(!FileManager.default.fileExists(atPath: human.path), "the human folder created for staging was left")
    }
}
