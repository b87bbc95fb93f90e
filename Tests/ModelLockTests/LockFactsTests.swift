import Foundation
import ManagedModel
import ModelLock
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
    }
}

@Suite struct MigrationVerdictsTests {
    /// Each kind of finding is one row, and the row's identity names the kind the message starts with.
    @Test func eachKindOfFindingIsItsOwnRow() {
        let kinds: [MigrationCheck.Finding.Kind] = [.notInferable, .mayFail, .dataLoss]
        #expect(Set(kinds.map(\.rule)) == Set(MigrationVerdicts.all))
        for kind in kinds {
            #expect(kind.rule.id == "migration." + kind.rawValue.replacingOccurrences(of: " ", with: "-"))
        }
    }
}
