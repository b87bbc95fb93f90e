import Adoption
import CodeGeneration
import Foundation
import ManagedCodegenConfig
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

    /// Every row declared in Sources is in the registry, so every id a command can report is one `explain` finds and
    /// the documentation lists: errors and warnings are made only from rows (`Diagnostic`'s severity initializer is
    /// private; the compiler holds that), and a row is a `Rule("area.name", …)` with its id written out, which this
    /// scan reads. A row whose id is not a literal would escape it, so that fails too.
    @Test func everyDeclaredRowIsInTheRegistry() throws {
        let registered = Set(RuleRegistry.all.map(\.id))
        let base = TestSupport.packageRoot.appendingPathComponent("Sources")
        var declared: [String: String] = [:]
        var notLiteral: [String] = []
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /(?:^|[^A-Za-z0-9_.])Rule\(\s*(?:"([^"\\]*)")?/) {
                if let id = match.output.1 { declared[String(id)] = file } else { notLiteral.append(file) }
            }
        }
        #expect(notLiteral.isEmpty, "rows whose id is not a string literal: \(notLiteral)")
        let missing = declared.filter { !registered.contains($0.key) }.map { "\($0.key) (\($0.value))" }.sorted()
        #expect(missing.isEmpty, "rows no registry of RuleRegistry.registries lists: \(missing)")
        let undeclared = registered.subtracting(declared.keys).sorted()
        #expect(undeclared.isEmpty, "registered ids the scan did not find declared: \(undeclared)")
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
        try assertGeneratedSection("config-rules", of: Self.article, is: ConfigRules.markdownTable())
        try assertGeneratedSection("input-rules", of: Self.article, is: InputRules.markdownTable())
        try assertGeneratedSection("template-rules", of: Self.article, is: TemplateRules.markdownTable())
        try assertGeneratedSection("adopt-rules", of: Self.article, is: AdoptRules.markdownTable())
        try assertGeneratedSection("internal-rules", of: Self.article, is: InternalRules.markdownTable())
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
        #expect(Diagnostic.note("m").ruleID == nil, "a note belongs to the finding before it")
        #expect(warning.description == "m:1: warning: m", "the identity is not printed")
    }
}
