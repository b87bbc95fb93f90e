import Foundation
import Testing

/// A new user's first runs on a real app: a typo costs no file, a narrowed selection says what it leaves dangling.
@Suite struct FirstDayCLITests {
    struct Workspace {
        let root: URL
        let bundle: URL
        var output: URL { root.appendingPathComponent("Generated") }
        var human: URL { root.appendingPathComponent("Model") }
        var tests: URL { root.appendingPathComponent("Tests") }

        init(_ name: String = #function) throws {
            root = try TestSupport.temporaryDirectory(name)
            bundle = root.appendingPathComponent("Inventory.xcdatamodeld")
            try FileManager.default.copyItem(at: TestSupport.fixtureModels.appendingPathComponent("Inventory.xcdatamodeld"), to: bundle)
        }

        func generate(_ extra: [String] = [], in directory: URL? = nil) throws -> CLI.Run {
            try CLI.run(
                ["generate", bundle.path, "--output", output.path, "--human-output", human.path, "--tests-output", tests.path]
                    + extra,
                in: directory)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    // MARK: A typo in the entity selection

    @Test(arguments: [["--include", "Itme"], ["--exclude", "Tga"], ["--include", "Item", "--include", "Persn"]])
    func misspeltEntityFlagIsAnErrorAndTouchesNothing(_ flags: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let first = try workspace.generate()
        try #require(first.status == 0, "\(first.stderr)")
        let before = CLI.Snapshot(workspace.root)
        let run = try workspace.generate(flags)
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        let misspelt = flags.last!
        let meant = ["Itme": "Item", "Tga": "Tag", "Persn": "Person"][misspelt]!
        #expect(run.stderr.contains("no entity named '\(misspelt)'"), "\(run.stderr)")
        #expect(run.stderr.contains("did you mean '\(meant)'?"), "\(run.stderr)")
        // Xcode's form for a diagnostic about a whole file: `path: error: …`.
        #expect(run.stderrLines == [run.stderrLines.first { $0.hasPrefix(CLI.contentsPath(of: workspace.bundle) + ": error: ") }], "\(run.stderr)")
        #expect(CLI.Snapshot(workspace.root) == before, "a typo changed files")
    }

    @Test func misspeltEntityInTheConfigFileIsAnErrorAndTouchesNothing() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let config = workspace.root.appendingPathComponent("managed-codegen.yml")
        try Data("output: Generated\nhuman-output: Model\n".utf8).write(to: config)
        let first = try CLI.run(["generate", workspace.bundle.path])
        try #require(first.status == 0, "\(first.stderr)")
        let before = CLI.Snapshot(workspace.root)
        try Data("output: Generated\nhuman-output: Model\nexclude: [person]\n".utf8).write(to: config)
        let snapshotWithConfig = CLI.Snapshot(workspace.root)
        let run = try CLI.run(["generate", workspace.bundle.path])
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.contains("no entity named 'person'") && run.stderr.contains("did you mean 'Person'?"), "\(run.stderr)")
        #expect(CLI.Snapshot(workspace.root) == snapshotWithConfig, "a typo changed files")
        #expect(before?.entries.keys.sorted() == snapshotWithConfig?.entries.keys.sorted())
    }

    /// `--include Item`: Item's relationships name Person and Tag, which are not generated.
    @Test func includeLeavingAReferenceWarnsNamingBothClasses() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let run = try workspace.generate(["--include", "Item"])
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stderrLines.filter { $0.contains("warning:") }
        #expect(warnings.contains { $0.contains("'Item.owner'") && $0.contains("Person") }, "\(run.stderr)")
        #expect(warnings.contains { $0.contains("'Item.tags'") && $0.contains("Tag") }, "\(run.stderr)")
        let all = try workspace.generate()
        #expect(!all.stderr.contains("is not generated (left out"), "\(all.stderr)")
    }

    // MARK: Human files the user controls

    @Test(arguments: [["--no-human-files"], ["--human-files", "none"]])
    func noHumanFilesNeedsNoHumanFolderAndChecksClean(_ flags: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let base = ["generate", workspace.bundle.path, "--output", workspace.output.path, "--tests-output", workspace.tests.path]
        let run = try CLI.run(base + flags)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.human.path))
        #expect(FileManager.default.fileExists(atPath: workspace.output.appendingPathComponent("Item+Generated.swift").path))
        #expect(FileManager.default.fileExists(atPath: workspace.tests.appendingPathComponent("InventoryModelTests.swift").path))
        let check = try CLI.run(base + flags + ["--check"])
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")
    }

    @Test func humanFilesNoneInTheConfigFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("output: Generated\nhuman-files: none\n".utf8).write(to: workspace.root.appendingPathComponent("managed-codegen.yml"))
        let run = try CLI.run(["generate", workspace.bundle.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.human.path))
        let check = try CLI.run(["generate", workspace.bundle.path, "--check"])
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// A human file the user deleted is not a "generated file", and --check names it as what it is.
    @Test func checkDoesNotCallADeletedHumanFileGenerated() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try #require(try workspace.generate().status == 0)
        try FileManager.default.removeItem(at: workspace.human.appendingPathComponent("Tag.swift"))
        let check = try workspace.generate(["--check"], in: workspace.root)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(!check.stderr.contains("generated file"), "\(check.stderr)")
        #expect(check.stderr.contains("Tag.swift: warning: human file is absent"), "\(check.stderr)")
    }

    /// --check names files as the other diagnostics do (relative to the current folder) and gives the command.
    @Test func checkPrintsRelativePathsAndTheCommandThatFixesThem() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let arguments = ["generate", "Inventory.xcdatamodeld", "--output", "Generated", "--human-output", "Model"]
        try #require(try CLI.run(arguments, in: workspace.root).status == 0)
        let item = workspace.output.appendingPathComponent("Item+Generated.swift")
        try Data((try String(contentsOf: item, encoding: .utf8) + "// edited\n").utf8).write(to: item)
        let check = try CLI.run(arguments + ["--check"], in: workspace.root)
        #expect(check.status == 1)
        #expect(check.stderrLines.first == "Generated/Item+Generated.swift: error: generated file is out of date", "\(check.stderr)")
        #expect(check.stderr.contains("note: to update them, run: managed-codegen " + arguments.joined(separator: " ") + "\n"), "\(check.stderr)")
    }

    /// An entity removed from the model: its machine file goes, its human file stays and is named.
    @Test func humanFileOfARemovedEntityIsKeptWithAWarning() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try #require(try workspace.generate().status == 0)
        let contents = workspace.bundle.appendingPathComponent("Inventory.xcdatamodel/contents")
        var model = try String(contentsOf: contents, encoding: .utf8)
        let tag = try #require(model.range(of: #"<entity name="Tag""#))
        let end = try #require(model.range(of: "</entity>", range: tag.upperBound..<model.endIndex))
        model.removeSubrange(tag.lowerBound..<end.upperBound)
        model = model.replacingOccurrences(of: #"<relationship name="tags"[^>]*/>"#, with: "", options: .regularExpression)
        try Data(model.utf8).write(to: contents)
        let run = try workspace.generate()
        #expect(run.status == 0, "\(run.stderr)")
        let tagFile = workspace.human.appendingPathComponent("Tag.swift")
        #expect(FileManager.default.fileExists(atPath: tagFile.path))
        #expect(!FileManager.default.fileExists(atPath: workspace.output.appendingPathComponent("Tag+Generated.swift").path))
        #expect(run.stderrLines.contains { $0.hasSuffix("Tag.swift: warning: human file of a class Inventory.xcdatamodeld no longer generates: it is yours and is kept; delete it, or move what you still need") }, "\(run.stderr)")
        #expect(!run.stderr.contains("Item.swift:"), "\(run.stderr)")
    }

    /// `Item+Model.swift`: no clash with another `Item.swift` of the target (SwiftPM's "multiple producers").
    @Test func humanFileSuffixNamesTheHumanFiles() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let run = try workspace.generate(["--human-file-suffix", "+Model"])
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: workspace.human.path).sorted()
        #expect(names == ["Item+Model.swift", "Person+Model.swift", "Tag+Model.swift"])
        let item = try String(contentsOf: workspace.human.appendingPathComponent("Item+Model.swift"), encoding: .utf8)
        #expect(item.hasPrefix("// Item+Model.swift: written once by managed-codegen for Inventory.xcdatamodeld"))
        let again = try workspace.generate(["--human-file-suffix", "+Model"])
        #expect(again.stderr.isEmpty, "\(again.stderr)")
    }
}
