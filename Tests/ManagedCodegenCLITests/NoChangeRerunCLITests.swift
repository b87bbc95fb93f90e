import Foundation
import Testing

/// A re-run with nothing changed writes and touches nothing (contents are compared; no stamp of the last run is kept,
/// Benchmarks/README.md "No-change runs"); after any change the output equals a run from scratch; and no output
/// folder holds anything of this machine (a path) that would land in the user's git.
@Suite struct NoChangeRerunCLITests {
    struct Workspace {
        let root: URL
        let bundle: URL
        var machine: URL { root.appendingPathComponent("Generated") }
        var human: URL { root.appendingPathComponent("Model") }
        var contents: URL { bundle.appendingPathComponent("Vocabulary.xcdatamodel/contents") }

        init(_ name: String = #function) throws {
            root = try TestSupport.temporaryDirectory(name)
            bundle = root.appendingPathComponent("Vocabulary.xcdatamodeld")
            try FileManager.default.copyItem(at: TestSupport.fixtureModels.appendingPathComponent("Vocabulary.xcdatamodeld"), to: bundle)
        }

        func generate(_ extra: [String] = []) throws -> CLI.Run {
            let run = try CLI.run(["generate", bundle.path, "--output", machine.path, "--human-output", human.path] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            return run
        }

        /// Everything in the output folders.
        var output: [String: Data] {
            ConcurrencyDeterminismCLITests.files(root.appendingPathComponent("Generated"))
                .merging(ConcurrencyDeterminismCLITests.files(human).mapKeys { "human/" + $0 }) { $1 }
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test("a re-run with nothing changed writes nothing and touches nothing", arguments: [
        [String](), ["--single-file", "Model.swift"], ["--human-output", "Generated"],
    ])
    func rerunTouchesNothing(_ options: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let extra = options.map { $0 == "Generated" ? workspace.machine.path : $0 }
        let first = try workspace.generate(extra)
        #expect(!first.stdout.hasPrefix("0 written"), "\(first.stdout)")
        // Files only for --single-file: the combined file is compared while it streams into a temporary file,
        // whose creation and removal touch the folder's date (the build-tool plugin's folder; files are what builds read).
        let filesOnly = options.first == "--single-file"
        func snapshot() -> [String: CLI.Snapshot.Entry]? {
            CLI.Snapshot(workspace.root)?.entries.filter { !filesOnly || $0.value.contents != nil }
        }
        let before = snapshot()
        let again = try workspace.generate(extra)
        #expect(snapshot() == before, "a run with nothing changed touched a file")
        #expect(again.stdout.hasPrefix("0 written, "), "\(again.stdout)")
        #expect(again.stderr == first.stderr, "the fixture's warnings are printed on every run")
    }

    /// The user commits the output folders: nothing in them may name this machine's folders.
    @Test("no output folder holds a path of this machine")
    func noMachinePathsInTheOutput() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let tests = workspace.root.appendingPathComponent("Tests")
        _ = try workspace.generate(["--tests-output", tests.path])
        _ = try workspace.generate(["--tests-output", tests.path])
        var files = workspace.output
        for (path, data) in ConcurrencyDeterminismCLITests.files(tests) { files["tests/" + path] = data }
        #expect(files.count > 5)
        let roots = Set([workspace.root.path, workspace.root.resolvingSymlinksInPath().path, FileManager.default.temporaryDirectory.path])
        for (path, data) in files {
            let text = String(decoding: data, as: UTF8.self)
            for root in roots { #expect(!text.contains(root), "\(path) holds the path \(root)") }
            #expect(!path.hasPrefix(".") && !path.contains("/."), "hidden file \(path) in an output folder")
        }
    }

    @Test("a hook added to a human file regenerates; an edit elsewhere in it does not")
    func hookEditRegenerates() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.generate()
        let machineFile = workspace.machine.appendingPathComponent("Person+Generated.swift")
        #expect(try !String(contentsOf: machineFile, encoding: .utf8).contains("@objc(validateName:error:)"))
        let human = workspace.human.appendingPathComponent("Person.swift")
        let text = try String(contentsOf: human, encoding: .utf8)
        try (text + "\nextension Person {\n    nonisolated func validateName(_ name: String) throws {}\n}\n")
            .write(to: human, atomically: true, encoding: .utf8)
        let afterHook = try workspace.generate()
        #expect(afterHook.stdout.hasPrefix("1 written"), "\(afterHook.stdout)")
        #expect(try String(contentsOf: machineFile, encoding: .utf8).contains("@objc(validateName:error:)"))
        // A comment changes no hook: nothing is written.
        try (String(contentsOf: human, encoding: .utf8) + "// a note\n").write(to: human, atomically: true, encoding: .utf8)
        let afterComment = try workspace.generate()
        #expect(afterComment.stdout.hasPrefix("0 written"), "\(afterComment.stdout)")
        // A misspelled hook is reported at its line, in Xcode's format.
        try (String(contentsOf: human, encoding: .utf8) + "extension Person {\n    nonisolated func validateNmae(_ name: String) throws {}\n}\n")
            .write(to: human, atomically: true, encoding: .utf8)
        let misspelled = try workspace.generate()
        let line = try String(contentsOf: human, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("validateNmae") }.map { $0 + 1 }
        #expect(misspelled.stderr.contains("\(human.path):\(line ?? 0): warning: validateNmae(_:) in an extension of Person"), "\(misspelled.stderr)")
    }

    /// Each change, after a first run and a re-run: the run after it must equal a run from scratch.
    static let changes: [String] = [
        "model edited", "generated file edited", "generated file touched", "human file deleted", "stale banner file added",
        "option changed", "template override edited",
    ]

    @Test("after any changed input or output the output equals a run from scratch", arguments: changes)
    func changeInvalidates(change: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let templates = workspace.root.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let bundledHeader = TestSupport.packageRoot.appendingPathComponent("Templates/Swift/file-header.mustache")
        try FileManager.default.copyItem(at: bundledHeader, to: templates.appendingPathComponent("file-header.mustache"))
        var options = ["--templates", templates.path]
        _ = try workspace.generate(options)
        _ = try workspace.generate(options)
        let machineFile = workspace.machine.appendingPathComponent("Person+Generated.swift")
        switch change {
        case "model edited":
            let text = try String(contentsOf: workspace.contents, encoding: .utf8)
            try text.replacingOccurrences(of: #"<attribute name="name" attributeType="String"/>"#, with: #"<attribute name="fullName" attributeType="String"/>"#)
                .write(to: workspace.contents, atomically: true, encoding: .utf8)
        case "generated file edited":
            try Data("// edited by hand\n".utf8).write(to: machineFile)
        case "generated file touched":
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: machineFile.path)
        case "human file deleted":
            try FileManager.default.removeItem(at: workspace.human.appendingPathComponent("Person.swift"))
        case "stale banner file added":
            // A file this model generated before (its banner): another model's would be left alone.
            try Data("// Generated by managed-codegen from Vocabulary.xcdatamodeld (Vocabulary). Do not edit: changes are overwritten.\n".utf8)
                .write(to: workspace.machine.appendingPathComponent("Removed+Generated.swift"))
        case "option changed":
            options += ["--access-level", "internal"]
        case "template override edited":
            let header = templates.appendingPathComponent("file-header.mustache")
            try (String(contentsOf: header, encoding: .utf8) + "// custom header line\n").write(to: header, atomically: true, encoding: .utf8)
        default:
            Issue.record("unknown change \(change)")
        }
        _ = try workspace.generate(options)
        let incremental = workspace.output

        // The same inputs from scratch.
        let fresh = try TestSupport.temporaryDirectory("fresh")
        defer { try? FileManager.default.removeItem(at: fresh) }
        let freshRun = try CLI.run(
            ["generate", workspace.bundle.path, "--output", fresh.appendingPathComponent("Generated").path,
             "--human-output", fresh.appendingPathComponent("Model").path] + options)
        #expect(freshRun.status == 0)
        var expected = ConcurrencyDeterminismCLITests.files(fresh.appendingPathComponent("Generated"))
        for (path, data) in ConcurrencyDeterminismCLITests.files(fresh.appendingPathComponent("Model")) { expected["human/" + path] = data }
        if change == "model edited" || change == "option changed" || change == "template override edited" {
            #expect(incremental.filter { !$0.key.hasPrefix("human/") } == expected.filter { !$0.key.hasPrefix("human/") }, "\(change)")
        } else {
            #expect(incremental == expected, "\(change)")
        }
        #expect(incremental != [:])
    }
}

extension Dictionary {
    func mapKeys(_ transform: (Key) -> Key) -> [Key: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
