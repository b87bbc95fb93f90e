import ManagedModel
@testable import ModelLock
import Testing

@testable import GenerationPlanning

/// The app's migration hooks for the plan's hops (issue 44): a may-fail finding is accepted only when every hop that
/// makes a value required has its hook; the hook of another type, or with other parameters, does not count.
@Suite struct MigrationHookLookupTests {
    static let finding = MigrationCheck.Finding(
        kind: .mayFail, message: "attribute Entry.mood became non-optional without a default value", location: SourceLocation(path: "m", line: 5))

    static func lookup(_ source: String) -> MigrationHookLookup {
        MigrationHookLookup(modelName: "Journal", hooks: ValidationHookScan.scanning([(path: "App/Hooks.swift", text: source)]))
    }

    @Test func everyHopNeedsItsHook() throws {
        let both = Self.lookup("""
            extension JournalMigrationPlan {
                nonisolated static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext) throws {}
                nonisolated static func willMigrateJournal4ToJournal5(_ context: NSManagedObjectContext) throws {}
            }
            """)
        let hops = [(from: "Journal 2", to: "Journal 4"), (from: "Journal 4", to: "Journal 5")]
        let handled = try #require(both.handledDiagnostics([Self.finding], from: "Journal", to: "Journal 5", hops: hops))
        #expect(handled.all.map(\.ruleID) == [MigrationVerdicts.handledByHook.id])
        #expect(handled.all.first?.severity == .note)
        #expect(handled.all.first?.message.contains(
            "handled by the app's hook willMigrateJournal2ToJournal4 (App/Hooks.swift:2), willMigrateJournal4ToJournal5 (App/Hooks.swift:3)") == true)
        #expect(both.missingHookNotes(hops).all.isEmpty)

        let one = Self.lookup("extension JournalMigrationPlan {\n    nonisolated static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext) throws {}\n}")
        #expect(one.handledDiagnostics([Self.finding], from: "Journal", to: "Journal 5", hops: hops) == nil)
        #expect(one.missingHookNotes(hops).all.map(\.message).count == 1)
        // Nothing to accept without a hop, or without a may-fail finding.
        #expect(both.handledDiagnostics([Self.finding], from: "Journal", to: "Journal 5", hops: []) == nil)
        #expect(both.handledDiagnostics([], from: "Journal", to: "Journal 5", hops: hops) == nil)
    }

    @Test func onlyThePlansHookAsTheStageCallsItCounts() {
        let otherType = Self.lookup("extension Entry { nonisolated static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext) throws {} }")
        #expect(otherType.hook(from: "Journal 2", to: "Journal 4") == .missing(nearMiss: nil))
        let otherParameters = Self.lookup(
            "extension JournalMigrationPlan { nonisolated static func willMigrateJournal2ToJournal4(_ c: NSManagedObjectContext, _ x: Int) throws {} }")
        guard case .otherSignature = otherParameters.hook(from: "Journal 2", to: "Journal 4") else {
            Issue.record("a hook with other parameters is found as such")
            return
        }
    }
}
