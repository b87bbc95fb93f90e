import CodeGeneration
import Foundation
import ModelReader
import Testing

@testable import managed_codegen

/// The file tables of README, `generate --help` and Templates/README.md list the manifest's rules
/// (`FileSpec.Rule`): a kind of file added to the manifest and not documented fails here.
@Suite struct OutputManifestDocsTests {
    func text(_ path: String) throws -> String {
        try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func everyRuleIsInTheFileTables() throws {
        let readme = try text("README.md")
        let table = try #require(readme.range(of: "### What `generate` writes")).upperBound
        let readmeRows = readme[table...].split(separator: "\n").drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        let help = ManagedCodegenCommand.helpMessage(for: Generate.self, columns: 200)
        let templatesReadme = try text("Templates/README.md")
        for rule in FileSpec.Rule.allCases {
            #expect(readmeRows.contains { $0.hasPrefix("| `\(rule.documentedName)`") }, "README's table lacks \(rule.documentedName)")
            #expect(help.contains("/\(rule.documentedName): "), "generate --help lacks \(rule.documentedName)")
            for template in rule.templateNames {
                #expect(templatesReadme.contains("\n| `\(template)` | "), "Templates/README.md's table lacks \(template)")
            }
        }
        // Nothing in README's table that the manifest does not write.
        #expect(readmeRows.count - 2 == FileSpec.Rule.allCases.count)
    }

    /// The fixtures between them produce a file of every rule, with paths as README names them.
    @Test func theFixturesProduceEveryRule() throws {
        var produced: Set<String> = []
        for name in ["Inventory", "TypedExtras", "RuntimeSafety", "EditorLeftovers", "Staff", "ValidationGuide", "Vocabulary"] {
            let loaded = try ModelLoader.load(TestSupport.packageRoot.appendingPathComponent("Fixtures/Models/\(name).xcdatamodeld").path)
            let prepared = try GenerationPipeline(options: .init(generatesTests: true)).prepare(loaded.schema)
            for spec in prepared.manifest {
                #expect(spec.kind == spec.rule.kind)
                produced.insert("\(spec.rule)")
            }
        }
        #expect(produced == Set(FileSpec.Rule.allCases.map { "\($0)" }))
    }
}
