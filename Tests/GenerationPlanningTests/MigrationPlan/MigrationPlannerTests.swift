import Foundation
import ManagedModel
import ModelLock
import ModelReader
import Testing

@testable import GenerationPlanning

/// The migration plan's decisions (``MigrationPlanner``) on `Fixtures/MigrationPlan/Journal`: the versions the
/// generated code loads, their names, the stages and which hooks it calls.
@Suite struct MigrationPlannerTests {
    static let journal = TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationPlan/Journal.xcdatamodeld").path

    /// The versions in the lock's order (the fixture's lock lists them so), and the current one.
    static func journal(locking names: [String]) throws -> (current: Schema, input: MigrationPlanInput) {
        let schemas = try names.map { try ModelLoader.load(journal, version: $0).schema }
        let current = try ModelLoader.load(journal).schema
        return (current, MigrationPlanInput(lockedVersions: schemas, lockFileName: "Journal.managed-codegen.lock"))
    }

    static let allVersions = ["Journal", "Journal 2", "Journal 3", "Journal 4", "Journal 5"]

    static func hook(_ source: String) -> ValidationHookScan {
        ValidationHookScan.scanning([(path: "App/JournalMigration.swift", text: source)])
    }

    @Test func journalLoadsOneVersionPerStoreSchemaAndCallsTheHookFound() throws {
        let (current, input) = try Self.journal(locking: Self.allVersions)
        let hooks = Self.hook("extension JournalMigrationPlan { nonisolated static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext) throws {} }")
        let (file, diagnostics) = MigrationPlanner.plan(input, current: current, hooks: hooks)
        let plan = try #require(file)
        #expect(diagnostics.all.isEmpty)
        #expect(plan.typeName == "JournalMigrationPlan" && plan.fileName == "JournalMigrationPlan.swift")
        #expect(plan.modelName == "Journal")
        #expect(plan.shippedVersionNames == Self.allVersions)
        #expect(plan.loadedVersions.map(\.versionName) == ["Journal", "Journal 2", "Journal 4", "Journal 5"])
        #expect(plan.loadedVersions.map(\.variableName) == ["journal", "journal2", "journal4", "journal5"])
        #expect(plan.loadedVersions.map(\.sharedBy) == [[], ["Journal 3"], [], []])
        #expect(plan.stages.count == 3)
        #expect(plan.stages.first == .lightweight(["Journal"]) && plan.stages.last == .lightweight(["Journal 5"]))
        guard case .custom("Journal 2", "Journal 4", true, "willMigrateJournal2ToJournal4", let why) = plan.stages[1] else {
            Issue.record("\(plan.stages[1])")
            return
        }
        // The generated comment says why the stage is there (issue 44, item 10).
        #expect(why.hasPrefix("a value becomes required without a default (") && why.hasSuffix("the app's hook gives it to the rows without one"))
        #expect(plan.callsHooks)
    }

    /// The store hashes come from the lock's entries when given (`generate` passes them, having checked them against
    /// the model files): a lock entry of Journal 3 with another hash than Journal 2's makes Journal 3 a version of
    /// its own, which fingerprinting the schemas would not.
    @Test func theLocksHashesDecideWhichVersionsShareAChecksum() throws {
        var (current, input) = try Self.journal(locking: Self.allVersions)
        input.lockedFingerprints = [StoreFingerprint(versionName: "Journal 3", entities: [])]
        let (file, _) = MigrationPlanner.plan(input, current: current, hooks: .none)
        let plan = try #require(file)
        #expect(plan.loadedVersions.map(\.versionName).contains("Journal 3"))
        #expect(plan.loadedVersions.allSatisfy { $0.sharedBy.isEmpty })
    }

    /// A declaration of the hook's name with other parameters is not called (the generated call would not compile),
    /// and the warning says why.
    @Test func aHookWithOtherParametersIsNotCalled() throws {
        let (current, input) = try Self.journal(locking: Self.allVersions)
        let hooks = Self.hook("extension JournalMigrationPlan {\n    static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext, _ more: Int) throws {}\n}")
        let (file, diagnostics) = MigrationPlanner.plan(input, current: current, hooks: hooks)
        #expect(file?.callsHooks == false)
        let warning = try #require(diagnostics.all.first { $0.ruleID == MigrationPlanRules.missingHook.id })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("App/JournalMigration.swift:2 declares willMigrateJournal2ToJournal4 with other parameters"))
    }

    /// Issue 44: a hook named nearly like the one the plan calls (the version the user thinks of, where the plan lists
    /// Journal 3's store schema as Journal 2's) is not called, and the warning asks "did you mean".
    @Test func aHookNamedNearlyLikeTheOneNeededGetsDidYouMean() throws {
        let (current, input) = try Self.journal(locking: Self.allVersions)
        let hooks = Self.hook("extension JournalMigrationPlan {\n    nonisolated static func willMigrateJournal3ToJournal4(_ context: NSManagedObjectContext) throws {}\n}")
        let (file, diagnostics) = MigrationPlanner.plan(input, current: current, hooks: hooks)
        #expect(file?.callsHooks == false)
        let warning = try #require(diagnostics.all.first { $0.ruleID == MigrationPlanRules.missingHook.id })
        #expect(warning.message.contains(
            "(App/JournalMigration.swift:2 declares willMigrateJournal3ToJournal4, which no hop of the plan calls; did you mean 'willMigrateJournal2ToJournal4'?)"))
        // Nothing near: no suggestion.
        let far = Self.hook("extension JournalMigrationPlan { nonisolated static func willMigrateSomethingElse(_ context: NSManagedObjectContext) throws {} }")
        let message = MigrationPlanner.plan(input, current: current, hooks: far).1.all.first?.message ?? ""
        #expect(!message.contains("did you mean"))
    }

    /// A hook without `nonisolated` is called, and reported: in a MainActor-default target the plan could not call it.
    /// `nonisolated` on the function or on its extension is enough.
    @Test func aHookWithoutNonisolatedIsAWarning() throws {
        let (current, input) = try Self.journal(locking: Self.allVersions)
        let isolated = Self.hook("extension JournalMigrationPlan {\n    static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext) throws {}\n}")
        let (file, diagnostics) = MigrationPlanner.plan(input, current: current, hooks: isolated)
        #expect(file?.callsHooks == true)
        #expect(diagnostics.all.map(\.ruleID) == [MigrationPlanRules.hookIsolation.id])
        #expect(diagnostics.all.first?.description.hasPrefix(
            "App/JournalMigration.swift:2: warning: willMigrateJournal2ToJournal4 is not declared nonisolated") == true)
        for source in [
            "extension JournalMigrationPlan {\n    public nonisolated static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext) throws {}\n}",
            "nonisolated extension JournalMigrationPlan {\n    static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext) throws {}\n}",
        ] {
            #expect(MigrationPlanner.plan(input, current: current, hooks: Self.hook(source)).1.all.isEmpty, "\(source)")
        }
    }

    /// A hook in an extension of another type is not the plan's.
    @Test func aHookOfAnotherTypeIsNotCalled() throws {
        let (current, input) = try Self.journal(locking: Self.allVersions)
        let hooks = Self.hook("extension Entry { static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext) throws {} }")
        let (file, diagnostics) = MigrationPlanner.plan(input, current: current, hooks: hooks)
        #expect(file?.callsHooks == false)
        #expect(diagnostics.all.map(\.ruleID) == [MigrationPlanRules.missingHook.id])
    }

    /// The current version, not locked yet, is planned after the locked ones, and is not among the shipped names.
    @Test func theCurrentVersionNotLockedYetIsPlannedLast() throws {
        let (current, input) = try Self.journal(locking: Array(Self.allVersions.dropLast()))
        let (file, _) = MigrationPlanner.plan(input, current: current, hooks: .none)
        let plan = try #require(file)
        #expect(plan.shippedVersionNames == Array(Self.allVersions.dropLast()))
        #expect(plan.loadedVersions.last?.versionName == "Journal 5")
        #expect(plan.stages.last == .lightweight(["Journal 5"]))
    }

    /// A revert: the current version has the store schema of 'Journal 2' (and 'Journal 3'). Those versions are loaded
    /// by no stage (their stores open as they are), the file says so, and the current version is planned last.
    @Test func aRevertLeavesTheVersionsWithTheCurrentSchemaOut() throws {
        let (_, input) = try Self.journal(locking: Self.allVersions)
        var current = try ModelLoader.load(Self.journal, version: "Journal 2").schema
        current.versionName = "Journal 6"
        let (file, diagnostics) = MigrationPlanner.plan(input, current: current, hooks: .none)
        let plan = try #require(file, "\(diagnostics.all)")
        #expect(plan.openAsCurrentVersionNames == ["Journal 2", "Journal 3"])
        #expect(!plan.loadedVersions.contains { ["Journal 2", "Journal 3"].contains($0.versionName) })
        #expect(plan.loadedVersions.last?.versionName == "Journal 6")
        var named: [String] = []
        for stage in plan.stages {
            switch stage {
            case .lightweight(let versions): named += versions
            case .custom(let from, let to, _, _, _): named += [from, to]
            }
        }
        #expect(named.last == "Journal 6")
    }

    /// A revert whose hop into the reverted schema cannot be inferred: the plan is refused with an error naming both
    /// versions, and a note names the versions whose stores open as they are. The current version is not locked, so
    /// splitting the change is offered.
    @Test func aRevertThatCannotBeStagedIsRefusedNamingTheVersions() throws {
        let counters = TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationPlan/Counters.xcdatamodeld").path
        let locked = try ["Counters", "Counters 2"].map { try ModelLoader.load(counters, version: $0).schema }
        var current = try ModelLoader.load(counters, version: "Counters").schema
        current.versionName = "Counters 3"
        let input = MigrationPlanInput(lockedVersions: locked, lockFileName: "Counters.managed-codegen.lock")
        let (file, diagnostics) = MigrationPlanner.plan(input, current: current, hooks: .none)
        #expect(file == nil)
        let error = try #require(diagnostics.all.first { $0.ruleID == MigrationPlanRules.blockedHop.id })
        #expect(error.message.contains("'Counters 2' to 'Counters 3'") && error.message.contains("split the change"))
        #expect(diagnostics.all.contains { $0.message.contains("has the store schema of 'Counters' (a revert)") })
    }

    /// A version neither locked nor current: no plan, an error naming it and what to do (issue 44, item 9).
    @Test func aVersionNeitherLockedNorCurrentIsAnError() throws {
        var (current, input) = try Self.journal(locking: Self.allVersions)
        input.unlockedVersions = [(name: "Journal 4b", location: SourceLocation(path: "Journal.xcdatamodeld/Journal 4b.xcdatamodel/contents", line: 0))]
        let (file, diagnostics) = MigrationPlanner.plan(input, current: current, hooks: .none)
        #expect(file == nil)
        let error = try #require(diagnostics.all.first { $0.ruleID == MigrationPlanRules.unlockedVersion.id })
        #expect(error.severity == .error)
        #expect(error.message.contains("'Journal 4b' is neither locked") && error.message.contains("lock it") && error.message.contains("remove it"))
        #expect(error.location?.path == "Journal.xcdatamodeld/Journal 4b.xcdatamodel/contents")
    }

    @Test func namesOfHooksAndLocals() {
        #expect(MigrationPlanFile.hookName(from: "Journal 2", to: "Journal 4") == "willMigrateJournal2ToJournal4")
        #expect(MigrationPlanFile.hookName(from: "V 23", to: "V-24.1") == "willMigrateV23ToV241")
        #expect(MigrationPlanner.variableName("Journal 2") == "journal2")
        #expect(MigrationPlanner.variableName("2.0") == "version20")
        #expect(MigrationPlanner.variableName("Class") == "class_")
    }
}
