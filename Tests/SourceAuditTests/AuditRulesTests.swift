import Foundation
import ManagedModel
import SourceAudit
import Testing

/// The rows of `audit`: identities stay unique and readable, and the documentation's table is rendered from them.
@Suite struct AuditRulesTests {
    static let article = TestSupport.packageRoot
        .appendingPathComponent("Sources/managed-codegen/Documentation.docc/AuditingHandWrittenClasses.md")

    @Test func identitiesAreUniqueKebabCaseAndOfTheAuditArea() {
        let ids = AuditRules.all.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate rule ids: \(ids)")
        for id in ids {
            #expect(id.hasPrefix("audit."), "\(id) is not of the audit area")
            #expect(id.dropFirst("audit.".count).allSatisfy { $0.isLowercase || $0 == "-" }, "\(id) is not kebab-case")
        }
    }

    /// `UPDATE_REFERENCES=1 swift test --disable-xctest --filter AuditRulesTests` rewrites the section.
    @Test func theArticlesTableIsTheRegistry() throws {
        try assertGeneratedSection("audit-rules", of: Self.article, is: AuditRules.markdownTable())
    }

    @Test func aFindingHasItsRowsSeverity() {
        let location = ManagedModel.SourceLocation(path: "A.swift", line: 3)
        #expect(AuditRules.unknownProperty.diagnostic("m", at: location).severity == .error)
        #expect(AuditRules.optionalOverRequired.diagnostic("m", at: location).severity == .warning)
        #expect(AuditRules.missingDeclaration.diagnostic("m", at: location).severity == .warning)
        #expect(AuditRules.missingDeclaration.diagnostic("m", at: location, strict: true).severity == .error)
    }
}
