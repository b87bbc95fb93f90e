import CodeGeneration
import Foundation
import ModelReader
import Testing

@testable import managed_codegen

/// The file tables of the catalog's GeneratedFiles.md, `generate --help` and Templates/README.md list the
/// manifest's rules (`FileSpec.Rule`): a kind of file added to the manifest and not documented fails here.
@Suite struct OutputManifestDocsTests {
    func text(_ path: String) throws -> String {
        try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func everyRuleIsInTheFileTables() throws {
        let article = try text("Sources/managed-codegen/Documentation.docc/GeneratedFiles.md")
        let table = try #require(article.range(of: "\n| File | Where | Rewritten? |\n")).lowerBound
        let articleRows = article[table...].split(separator: "\n").prefix { $0.hasPrefix("|") }
        let help = ManagedCodegenCommand.helpMessage(for: Generate.self, columns: 200)
        let templatesReadme = try text("Templates/README.md")
        for rule in FileSpec.Rule.allCases {
            #expect(articleRows.contains { $0.hasPrefix("| `\(rule.documentedName)`") }, "GeneratedFiles.md's table lacks \(rule.documentedName)")
            #expect(help.contains("/\(rule.documentedName): "), "generate --help lacks \(rule.documentedName)")
            for template in rule.templateNames {
                #expect(templatesReadme.contains("\n| `\(template)` | "), "Templates/README.md's table lacks \(template)")
            }
        }
        // Nothing in the article's table that the manifest does not write.
        #expect(articleRows.count - 2 == FileSpec.Rule.allCases.count)
    }

    /// The fixtures between them produce a file of every rule, with paths as GeneratedFiles.md names them.
    @Test func theFixturesProduceEveryRule() throws {
        var produced: Set<String> = []
        for name in ["Inventory", "TypedExtras", "RuntimeSafety", "EditorLeftovers", "Staff", "ValidationGuide", "Vocabulary"] {
            let loaded = try ModelLoader.load(TestSupport.packageRoot.appendingPathComponent("Fixtures/Models/\(name).xcdatamodeld").path)
            let prepared = try GenerationPipeline(options: .init(generatesTests: true, generatesPreviewData: name == "Inventory"))
                .prepare(loaded.schema)
            for spec in prepared.manifest {
                #expect(spec.kind == spec.rule.kind)
                produced.insert("\(spec.rule)")
            }
        }
        // The migration plan's file and its tests, from the Journal fixture and its lock (Fixtures/MigrationPlan).
        let journal = TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationPlan/Journal.xcdatamodeld").path
        let input = MigrationPlanInput(
            lockedVersions: try ["Journal", "Journal 2"].map { try ModelLoader.load(journal, version: $0).schema },
            lockFileName: "Journal.managed-codegen.lock")
        let prepared = try GenerationPipeline(options: .init(generatesTests: true), migration: input)
            .prepare(ModelLoader.load(journal).schema)
        let expectedPaths: [FileSpec.Rule: String] = [
            .migrationPlan: "JournalMigrationPlan.swift", .migrationPlanTests: "JournalMigrationPlanTests.swift",
        ]
        #expect(produced.contains("previewData"), "Inventory with --preview-data writes InventoryPreviewData.swift")
        for spec in prepared.manifest {
            guard let path = expectedPaths[spec.rule] else { continue }
            #expect(spec.kind == spec.rule.kind)
            #expect(spec.relativePath == path)
            produced.insert("\(spec.rule)")
        }
        #expect(produced == Set(FileSpec.Rule.allCases.map { "\($0)" }))
    }
}
