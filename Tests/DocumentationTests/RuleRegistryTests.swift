import CodeGeneration
import Foundation
import ManagedModel
import ModelHistory
import ModelLock
import ModelReader
import SourceAudit
import Testing

@testable import managed_codegen

/// Every registry of rows (``Rule``): identities unique across all of them, each of its area, each row documented;
/// WarningsAndErrors.md's tables rendered from the reader's and the planner's rows.
@Suite struct RuleRegistryTests {
    /// The CLI's list (`explain` looks ids up in it): a registry missing there is missing here too.
    static let registries: [(area: [String], rules: [Rule])] = RuleRegistry.registries.map { ($0.areas, $0.rules) }
    static let article = TestSupport.packageRoot
        .appendingPathComponent("Sources/managed-codegen/Documentation.docc/WarningsAndErrors.md")

    @Test func identitiesAreUniqueAcrossRegistries() {
        let ids = Self.registries.flatMap { $0.rules.map(\.id) }
        let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "rule ids used twice: \(repeated)")
    }

    @Test func everyRowIsOfItsAreaAndDocumented() {
        for (areas, rules) in Self.registries {
            for rule in rules {
                let area = areas.first { rule.id.hasPrefix($0) }
                #expect(area != nil, "\(rule.id) is not of the area \(areas)")
                let name = rule.id.dropFirst(area?.count ?? 0)
                #expect(!name.isEmpty && name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(rule.id) is not kebab-case")
                #expect(!rule.summary.trimmingCharacters(in: .whitespaces).isEmpty, "\(rule.id) has no summary")
                #expect(!rule.documentation.trimmingCharacters(in: .whitespaces).isEmpty, "\(rule.id) has no documentation line")
            }
        }
    }

    /// `UPDATE_REFERENCES=1 swift test --disable-xctest --filter RuleRegistryTests` rewrites the sections.
    @Test func warningsAndErrorsTablesAreTheRegistries() throws {
        try assertGeneratedSection("model-warnings", of: Self.article, is: ModelRules.warningsTable())
        try assertGeneratedSection("model-errors", of: Self.article, is: ModelRules.errorsTable())
        try assertGeneratedSection("generation-rules", of: Self.article, is: GenerationRules.markdownTable())
        try assertGeneratedSection("output-rules", of: Self.article, is: OutputRules.markdownTable())
        try assertGeneratedSection("cloudkit-rules", of: Self.article, is: CloudKitRules.markdownTable())
        try assertGeneratedSection("migration-plan-rules", of: Self.article, is: MigrationPlanRules.markdownTable())
        try assertGeneratedSection("history-rules", of: Self.article, is: HistoryRules.markdownTable())
        try assertGeneratedSection(
            "cloudkit-production", of: Self.article.deletingLastPathComponent().appendingPathComponent("SyncingWithCloudKit.md"),
            is: CloudKitAppendOnly.markdownTable())
    }

    /// The one constructor: a diagnostic made from a row has the row's identity and severity.
    @Test func aDiagnosticFromARowCarriesItsIdentity() {
        let location = SourceLocation(path: "m", line: 1)
        let warning = Diagnostic(ModelRules.inverse, "m", at: location)
        #expect(warning.ruleID == "model.inverse" && warning.severity == .warning)
        #expect(Diagnostic(ModelRules.keywordName, "m").severity == .note)
        #expect(Diagnostic(AuditRules.missingClass, "m", strict: true).severity == .error)
        #expect(Diagnostic.warning("m").ruleID == nil)
        #expect(warning.description == "m:1: warning: m", "the identity is not printed")
    }
}
