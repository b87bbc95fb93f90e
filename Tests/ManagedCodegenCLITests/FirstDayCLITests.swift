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
            root = try CLI.temporaryDirectory(name)
            bundle = root.appendingPathComponent("Inventory.xcdatamodeld")
            try FileManager.default.copyItem(at: CLI.fixtureModels.appendingPathComponent("Inventory.xcdatamodeld"), to: bundle)
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
}
