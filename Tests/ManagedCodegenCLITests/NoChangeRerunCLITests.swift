import Foundation
import Testing

/// A re-run with nothing changed stops early on the stamp (`.managed-codegen-stamp.<Model>`) and must say and leave
/// exactly what a full run would; any change to an input or an output makes it a full run again.
@Suite struct NoChangeRerunCLITests {
    struct Workspace {
        let root: URL
        let bundle: URL
        var machine: URL { root.appendingPathComponent("Generated") }
        var human: URL { root.appendingPathComponent("Model") }
        var stamp: URL { machine.appendingPathComponent(".managed-codegen-stamp.Vocabulary") }
        var contents: URL { bundle.appendingPathComponent("Vocabulary.xcdatamodel/contents") }

        init(_ name: String = #function) throws {
            root = try CLI.temporaryDirectory(name)
            bundle = root.appendingPathComponent("Vocabulary.xcdatamodeld")
            try FileManager.default.copyItem(at: CLI.fixtureModels.appendingPathComponent("Vocabulary.xcdatamodeld"), to: bundle)
        }

        func generate(_ extra: [String] = []) throws -> CLI.Run {
            let run = try CLI.run(["generate", bundle.path, "--output", machine.path, "--human-output", human.path] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            return run
        }

        /// Generated output only (the stamp's own bytes change with every full run).
        var output: [String: Data] {
            ConcurrencyDeterminismCLITests.files(root.appendingPathComponent("Generated"))
                .filter { !$0.key.hasPrefix(".managed-codegen-stamp") }
                .merging(ConcurrencyDeterminismCLITests.files(human).mapKeys { "human/" + $0 }) { $1 }
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test("the early stop prints what a full no-change run prints and touches nothing")
    func replayMatchesAFullRun() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let first = try workspace.generate()
        #expect(first.stdout.hasPrefix("6 written"))
        #expect(FileManager.default.fileExists(atPath: workspace.stamp.path))
        let before = CLI.Snapshot(workspace.root)
        let replayed = try workspace.generate()
        #expect(CLI.Snapshot(workspace.root) == before, "the early stop changed a file")
        try FileManager.default.removeItem(at: workspace.stamp)
        let full = try workspace.generate()
        #expect(replayed.stdout == full.stdout)
        #expect(replayed.stderr == full.stderr)
        #expect(!full.stderr.isEmpty, "the fixture's warnings should be replayed too")
        #expect(full.stdout.hasPrefix("0 written, 4 unchanged, 0 deleted, 2 human files kept"))
    }

    /// The stamp tells human files from generated ones by how they were written, not by folder: with one folder
    /// for both, or with `--single-file` (whose human files share the machine folder), a replay said
    /// "1 human files kept" where the full run had said "1 unchanged".
    @Test("the replay also matches a full run when human and machine files share a folder", arguments: [
        ["--single-file", "Model.swift"], ["--human-output", "Generated"],
    ])
    func replayMatchesWithASharedFolder(_ options: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let extra = options.map { $0 == "Generated" ? workspace.machine.path : $0 }
        _ = try workspace.generate(extra)
        let replayed = try workspace.generate(extra)
        try FileManager.default.removeItem(at: workspace.stamp)
        let full = try workspace.generate(extra)
        #expect(replayed.stdout == full.stdout)
        #expect(full.stdout.hasPrefix("0 written, "), "\(full.stdout)")
        #expect(!full.stdout.hasPrefix("0 written, 0 unchanged"), "\(full.stdout)")
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
        // A comment changes no hook: nothing is written (the kept human file changed, so this is a full run).
        try (String(contentsOf: human, encoding: .utf8) + "// a note\n").write(to: human, atomically: true, encoding: .utf8)
        let afterComment = try workspace.generate()
        #expect(afterComment.stdout.hasPrefix("0 written"), "\(afterComment.stdout)")
        // Then the stamp holds again.
        let before = CLI.Snapshot(workspace.root)
        _ = try workspace.generate()
        #expect(CLI.Snapshot(workspace.root) == before, "the run after an unchanged run was not a replay")
        // A misspelled hook is reported at its line, in Xcode's format.
        try (String(contentsOf: human, encoding: .utf8) + "extension Person {\n    nonisolated func validateNmae(_ name: String) throws {}\n}\n")
            .write(to: human, atomically: true, encoding: .utf8)
        let misspelled = try workspace.generate()
        let line = try String(contentsOf: human, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("validateNmae") }.map { $0 + 1 }
        #expect(misspelled.stderr.contains("\(human.path):\(line ?? 0): warning: validateNmae(_:) in an extension of Person"), "\(misspelled.stderr)")
    }

    /// Each change, after a first run and a stamped re-run: the run after it must equal a run from scratch.
    static let changes: [String] = [
        "model edited", "generated file edited", "generated file touched", "human file deleted", "stale banner file added",
        "option changed", "template override edited", "stamp corrupted",
    ]

    @Test("any changed input or output makes a full run", arguments: changes)
    func changeInvalidates(change: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let templates = workspace.root.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let bundledHeader = CLI.packageRoot.appendingPathComponent("Templates/Swift/file-header.mustache")
        try FileManager.default.copyItem(at: bundledHeader, to: templates.appendingPathComponent("file-header.mustache"))
        var options = ["--templates", templates.path]
        _ = try workspace.generate(options)
        _ = try workspace.generate(options)  // stamped re-run
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
        case "stamp corrupted":
            try Data("{".utf8).write(to: workspace.stamp)
            try Data("// edited by hand\n".utf8).write(to: machineFile)
        default:
            Issue.record("unknown change \(change)")
        }
        let afterChange = try workspace.generate(options)
        #expect(!afterChange.stdout.hasPrefix("0 written, 3 unchanged, 0 deleted, 2 human files kept") || change == "generated file touched",
                "\(change): the run stopped early: \(afterChange.stdout)")
        let incremental = workspace.output

        // The same inputs from scratch.
        let fresh = try CLI.temporaryDirectory("fresh")
        defer { try? FileManager.default.removeItem(at: fresh) }
        let freshRun = try CLI.run(
            ["generate", workspace.bundle.path, "--output", fresh.appendingPathComponent("Generated").path,
             "--human-output", fresh.appendingPathComponent("Model").path] + options)
        #expect(freshRun.status == 0)
        var expected = ConcurrencyDeterminismCLITests.files(fresh.appendingPathComponent("Generated")).filter { !$0.key.hasPrefix(".managed-codegen-stamp") }
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
