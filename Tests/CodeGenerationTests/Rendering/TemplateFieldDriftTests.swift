import Foundation
import ManagedModel
import ModelReader
import Testing

@testable import CodeGeneration

/// A template that names a field its context lacks renders nothing there, silently (Mustache's rule for an absent
/// name): these tests make such a name fail instead, whether it is misspelt in a template or gone from a context.
@Suite struct TemplateFieldDriftTests {
    /// Statically, reached by a render or not: every name a bundled template looks up is a field of some context
    /// type (`TemplateFieldsDocsTests.sections` lists them all, as Templates/README.md documents them).
    @Test func everyNameATemplateUsesIsAContextField() throws {
        let templates = try TemplateSet(overrideDirectory: nil)
        let fields = Set(TemplateFieldsDocsTests.sections.flatMap(\.fields))
        let unknown = templates.referencedNames.subtracting(fields).sorted()
        #expect(unknown.isEmpty, "names no context type has a field of: \(unknown)")
    }

    /// Rendering every file of every fixture model (and of a migration plan with its shipped-store tests), each name
    /// is looked up in contexts of which one has that field: a name found in some other context type, but not in
    /// the ones on the stack where the template uses it, fails here.
    @Test(arguments: TestSupport.fixtureNames)
    func everyNameIsAFieldWhereItIsUsed(_ name: String) throws {
        let loaded = try ModelLoader.load(TestSupport.fixtureModels.appendingPathComponent("\(name).xcdatamodeld").path)
        let hooks = ValidationHookScan.scanning(
            folders: [TestSupport.packageRoot.appendingPathComponent("Fixtures/Hooks/\(name)").path], skippingPrefix: CodeGenerator.bannerPrefix)
        let prepared = try GenerationPipeline(options: .init(generatesTests: true, generatesPreviewData: true), hooks: hooks)
            .prepare(loaded.schema)
        #expect(prepared.manifest.contains { $0.rule == .previewData })
        try expectOnlyFields(prepared)
    }

    @Test func everyNameOfTheMigrationPlanIsAFieldWhereItIsUsed() throws {
        let (current, input) = try MigrationPlanReferenceTests.fixture("Journal")
        let prepared = try GenerationPipeline(
            options: .init(generatesTests: true), hooks: MigrationPlanReferenceTests.hooks("Journal"), migration: input
        ).prepare(current)
        #expect(prepared.manifest.contains { $0.rule == .migrationPlan })
        #expect(prepared.manifest.contains { $0.rule == .migrationPlanTests })
        try expectOnlyFields(prepared)
    }

    private func expectOnlyFields(_ prepared: PreparedGeneration, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        for spec in prepared.manifest {
            for template in spec.templates {
                let unknown = try prepared.templates.unknownNames(spec.context(), with: template)
                #expect(
                    unknown.isEmpty, "\(spec.relativePath): \(Set(unknown.map { "\($0.template): \($0.name)" }).sorted())",
                    sourceLocation: sourceLocation)
            }
        }
    }
}
