import Foundation
import ManagedModel
@testable import ModelLock
import Testing
import TestSupport

/// The rows of the lock's facts: unique identities, and ModelLock.md's table rendered from them.
@Suite struct LockFactsTests {
    static let article = TestSupport.packageRoot.appendingPathComponent("Sources/managed-codegen/Documentation.docc/ModelLock.md")

    @Test func identitiesAreUniqueAndOfTheLockArea() {
        let ids = LockFacts.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.hasPrefix("lock.") })
    }

    /// `UPDATE_REFERENCES=1 swift test --disable-xctest --filter LockFactsTests` rewrites the section.
    @Test func theArticlesTableIsTheRegistry() throws {
        try assertGeneratedSection("lock-facts", of: Self.article, is: LockFacts.markdownTable())
        try assertGeneratedSection("lock-order-rules", of: Self.article, is: LockOrderRules.markdownTable())
        try assertGeneratedSection("lock-facet-keys", of: Self.article, is: LockFacet.markdownTable())
    }

    /// The list of facets is what the lines are made of: every key a fingerprint records is in it, in its order.
    @Test func everyRecordedKeyIsAListedFacet() {
        let schema = ModelLockTests.schema()
        let fingerprint = StoreFingerprint(schema)
        for entity in fingerprint.entities {
            #expect(entity.facets.map(\.key) == LockFacet.all.filter { $0.element == .entity }.map(\.key))
            for property in entity.properties {
                let element: LockFacet.Element = property.kind == .attribute ? .attribute : .relationship
                #expect(property.facets.map(\.key) == LockFacet.all.filter { $0.element == element }.map(\.key))
            }
        }
        // One wording per key, whatever the element.
        for facet in LockFacet.all {
            #expect(LockFacet.named(facet.key)?.name == facet.name && LockFacet.named(facet.key)?.flagWording?.on == facet.flagWording?.on)
        }
        #expect(LockCheck.words(key: "optional", was: "YES", now: "NO") == "became non-optional")
        #expect(LockCheck.words(key: "min", was: "0", now: "2") == "changed its minimum count from 0 to 2")
    }
}

@Suite struct MigrationVerdictsTests {
    /// Each kind of finding is one row, and the row's identity names the kind the message starts with.
    @Test func eachKindOfFindingIsItsOwnRow() {
        let kinds: [MigrationCheck.Finding.Kind] = [.notInferable, .mayFail, .dataLoss]
        #expect(Set(kinds.map(\.rule)) == Set(MigrationVerdicts.all).subtracting([MigrationVerdicts.handledByHook]))
        for kind in kinds {
            #expect(kind.rule.id == "migration." + kind.rawValue.replacingOccurrences(of: " ", with: "-"))
        }
    }

    /// `UPDATE_REFERENCES=1 swift test --disable-xctest --filter MigrationVerdictsTests` rewrites the section.
    @Test func theArticlesVerdictTableIsTheRegistry() throws {
        try assertGeneratedSection("migration-verdicts", of: LockFactsTests.article, is: MigrationVerdicts.markdownTable())
    }

    /// `migration-check` reports the row's severity; `generate` the same finding as a warning; both carry the row.
    @Test func findingsBecomeDiagnosticsThroughTheirRow() {
        let finding = MigrationCheck.Finding(
            kind: .dataLoss, message: "m", location: SourceLocation(path: "c", line: 3), sourceLocation: nil)
        let checked = MigrationCheck.diagnostics([finding], from: "A", to: "B", asWarnings: false).all
        let generated = MigrationCheck.diagnostics([finding], from: "A", to: "B", asWarnings: true).all
        #expect(checked.map(\.severity) == [.error] && generated.map(\.severity) == [.warning])
        #expect(checked.first?.ruleID == "migration.data-loss" && generated.first?.ruleID == "migration.data-loss")
        #expect(checked.first?.description == "c:3: error: data loss migrating 'A' to 'B': m")
    }
}
