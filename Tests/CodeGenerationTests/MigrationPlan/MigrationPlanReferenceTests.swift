import Foundation
import ManagedModel
import ModelHistory
import ModelLock
import ModelReader
import Testing

@testable import CodeGeneration

/// The migration plan's file of `Fixtures/MigrationPlan/<Model>` compared with
/// `Fixtures/Expected/Generated/MigrationPlan/<case>/` (the plan file and the run's diagnostics).
/// `UPDATE_REFERENCES=1 swift test --filter MigrationPlanReferenceTests` rewrites them (then read every diff).
@Suite struct MigrationPlanReferenceTests {
    /// `Fixtures/MigrationPlan/<name>.xcdatamodeld` (current version) and its lock's versions, as `generate` reads them
    /// (through the model's history).
    static func fixture(_ name: String) throws -> (current: Schema, input: MigrationPlanInput) {
        let bundle = TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationPlan/\(name).xcdatamodeld").path
        let history = try ModelHistory(locating: bundle)
        let current = try history.loadedVersion().schema
        return (current, try history.migrationPlanInput(current: current, oldest: nil))
    }

    /// The fixture's current version, its lock file as written (no `straight-hops=`), and its bundle.
    static func locked(_ name: String) throws -> (current: Schema, lock: ModelLock, lockPath: String, bundle: ModelBundle) {
        let folder = TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationPlan")
        let lockPath = folder.appendingPathComponent(ModelLock.fileName(modelName: name)).path
        let lock = try ModelLock.parse(String(contentsOfFile: lockPath, encoding: .utf8), path: lockPath)
        let loaded = try ModelLoader.load(folder.appendingPathComponent("\(name).xcdatamodeld").path)
        return (loaded.schema, lock, lockPath, loaded.bundle)
    }

    /// The plan from the verdicts the next `lock` records (`straight-hops=`) is the plan from every version read (the
    /// fixtures' locks, written before issue 46, as the goldens use them), file and diagnostics alike, with and
    /// without the hooks.
    @Test(arguments: ["Journal", "Counters"]) func recordedVerdictsPlanAsReadVersions(_ name: String) throws {
        let (current, read) = try Self.fixture(name)
        let (_, lock, lockPath, bundle) = try Self.locked(name)
        let history = ModelHistory(modelPath: bundle.inputPath, bundle: bundle)
        let recorded = try MigrationPlanInput.fromLock(
            lock.recordingStraightHops { try history.schema(of: $0) }, lockPath: lockPath,
            versions: bundle.versions.map { ($0.name, $0.contentsPath, $0.contentsPath) }, current: current,
            oldest: nil, schema: { try history.schema(of: $0) },
            contentsDigest: { history.contentsDigest(ofVersion: $0) })
        #expect(recorded.recordedHops.count == lock.versions.count - 1)
        #expect(read.recordedHops.isEmpty, "the fixture's lock has no records")
        for hooks in [ValidationHookScan.none, Self.hooks("Journal")] {
            let fromRecords = MigrationPlanner.plan(recorded, current: current, hooks: hooks)
            let fromVersions = MigrationPlanner.plan(read, current: current, hooks: hooks)
            #expect(fromRecords.0 == fromVersions.0)
            #expect(fromRecords.1.all == fromVersions.1.all)
        }
    }

    /// The plan's input from `lock` through a fresh history of the fixture (whose reads it counts).
    static func input(_ lock: ModelLock, _ name: String) throws -> (MigrationPlanInput, ModelHistory) {
        let (current, _, lockPath, bundle) = try Self.locked(name)
        let history = ModelHistory(modelPath: bundle.inputPath, bundle: bundle)
        let input = try MigrationPlanInput.fromLock(
            lock, lockPath: lockPath, versions: bundle.versions.map { ($0.name, $0.contentsPath, $0.contentsPath) }, current: current,
            oldest: nil, schema: { try history.schema(of: $0) }, contentsDigest: { history.contentsDigest(ofVersion: $0) })
        return (input, history)
    }

    /// With the records of the next `lock`, the plan reads no locked version, custom stages included (their reasons and
    /// a missing hook's finding come from `hop-findings=`), and makes the file and diagnostics it makes from the
    /// versions, with the app's hooks and without. A record whose findings were edited is not trusted (its digest covers
    /// them): its hops are checked, the same plan again.
    @Test(arguments: ["Journal", "Counters"]) func recordedHopsPlanWithoutReadingTheirVersions(_ name: String) throws {
        let (current, read) = try Self.fixture(name)
        let (_, lock, _, bundle) = try Self.locked(name)
        let recorder = ModelHistory(modelPath: bundle.inputPath, bundle: bundle)
        let recordedLock = lock.recordingStraightHops { try recorder.schema(of: $0) }
        #expect(recordedLock.versions.contains { $0.straightHops?.findings.isEmpty == false }, "the fixture has hops with findings the plan acts on")
        var blocked = false
        for hooks in [ValidationHookScan.none, Self.hooks("Journal")] {
            let fromVersions = MigrationPlanner.plan(read, current: current, hooks: hooks)
            let (input, history) = try Self.input(recordedLock, name)
            let fromRecords = MigrationPlanner.plan(input, current: current, hooks: hooks)
            #expect(fromRecords.0 == fromVersions.0)
            #expect(fromRecords.1.all == fromVersions.1.all)
            // A hop lightweight migration cannot migrate (Counters) is an error quoting its findings in both versions.
            blocked = fromVersions.1.all.contains { $0.ruleID == MigrationPlanRules.blockedHop.id }
            #expect(blocked ? history.versionsRead.count <= 2 : history.versionsRead.isEmpty, "read \(history.versionsRead)")
        }

        // A record whose findings were edited by hand: its hops are checked again (their versions read).
        let hooks = Self.hooks("Journal")
        var tampered = recordedLock
        let index = try #require(tampered.versions.lastIndex { $0.straightHops?.findings.isEmpty == false })
        let above = try #require(tampered.versions[index].straightHops?.findings.keys.min())
        tampered.versions[index].straightHops?.findings[above]?[0].message += " (edited)"
        let reparsed = try ModelLock.parse(tampered.text(modelName: name), path: "\(name).managed-codegen.lock")
        let (checked, checkedHistory) = try Self.input(reparsed, name)
        #expect(checked.recordedHops[tampered.versions[index].versionName] == nil)
        let fromChecked = MigrationPlanner.plan(checked, current: current, hooks: hooks)
        let fromVersions = MigrationPlanner.plan(read, current: current, hooks: hooks)
        #expect(fromChecked.0 == fromVersions.0 && fromChecked.1.all == fromVersions.1.all)
        if !blocked { #expect(checkedHistory.versionsRead.contains(tampered.versions[index].versionName)) }
    }

    static func hooks(_ folder: String) -> ValidationHookScan {
        ValidationHookScan.scanning(
            folders: [TestSupport.packageRoot.appendingPathComponent("Fixtures/Hooks/\(folder)").path], skippingPrefix: CodeGenerator.bannerPrefix)
    }

    /// Every kind of hop that plans, the app's hook found: the custom stage's handler calls it.
    @Test func journalWithItsHook() throws {
        let (current, input) = try Self.fixture("Journal")
        let result = try CodeGenerator.generate(schema: current, options: .init(), hooks: Self.hooks("Journal"), migration: input)
        try compare(result, to: "Journal")
        let plan = try #require(result.files.first { $0.relativePath == "JournalMigrationPlan.swift" })
        #expect(plan.kind == .support)
        #expect(plan.contents.contains("try willMigrateJournal2ToJournal4(context)"))
    }

    /// No hook in the sources: the custom stage runs no handler, and the warning names the hook to write.
    @Test func journalWithoutItsHook() throws {
        let (current, input) = try Self.fixture("Journal")
        let result = try CodeGenerator.generate(schema: current, options: .init(), migration: input)
        try compare(result, to: "JournalWithoutHook")
        let warnings = result.diagnostics.all.filter { $0.ruleID == MigrationPlanRules.missingHook.id }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("nonisolated static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext) throws") == true)
        #expect(warnings.first?.location?.path.hasSuffix("Journal 4.xcdatamodel/contents") == true)
        let plan = try #require(result.files.first { $0.relativePath == "JournalMigrationPlan.swift" })
        #expect(plan.contents.contains("        plan.custom(from: journal2, to: journal4)\n"))
        #expect(plan.contents.contains("the app's hook willMigrateJournal2ToJournal4 is not\n        // written yet"))
    }

    /// A hop lightweight migration cannot infer: an error naming both versions and the ways out, nothing rendered.
    @Test func countersBlocksThePlan() throws {
        let (current, input) = try Self.fixture("Counters")
        let files = GeneratedFiles()
        let error = try #require(throws: DiagnosticsError.self) {
            try GenerationPipeline(options: .init(), migration: input).run(current, into: files)
        }
        #expect(files.files.isEmpty)
        let blocked = error.diagnostics.all.filter { $0.ruleID == MigrationPlanRules.blockedHop.id }
        #expect(blocked.count == 1)
        let message = try #require(blocked.first?.message)
        for part in ["'Counters'", "'Counters 2'", "mapping model", "migration-plan-oldest-version"] {
            #expect(message.contains(part), "\(part) missing from: \(message)")
        }
        // 'Counters 2' is locked (it shipped): no version can go between the two any more (issue 44, item 10).
        #expect(!message.contains("split the change"))
        #expect(blocked.first?.location?.path.hasSuffix("Counters 2.xcdatamodel/contents") == true)
    }

    /// The same hop into the current version not locked yet: splitting the change over two versions is offered.
    @Test func aBlockedHopIntoAnUnlockedVersionOffersToSplitIt() throws {
        var (current, input) = try Self.fixture("Counters")
        input.lockedVersionNames.removeLast()
        let error = try #require(throws: DiagnosticsError.self) {
            try GenerationPipeline(options: .init(), migration: input).run(current, into: GeneratedFiles())
        }
        let message = try #require(error.diagnostics.all.first { $0.ruleID == MigrationPlanRules.blockedHop.id }?.message)
        #expect(message.contains("split the change over two versions with a custom stage between them (Apple's \"Staged migrations\")"))
    }

    /// The oldest version the app migrates from declared past the blocked hop: the plan starts there, and its
    /// documentation names the versions left out.
    @Test func countersFromItsSecondVersion() throws {
        let (current, input) = try Self.fixture("Counters")
        var fromSecond = input
        fromSecond.leftOutVersionNames = [input.lockedVersionNames[0]]
        fromSecond.lockedVersionNames.removeFirst()
        let result = try CodeGenerator.generate(schema: current, options: .init(), migration: fromSecond)
        try compare(result, to: "CountersFromItsSecondVersion")
        #expect(result.migrationPlanContents?.contains("Stores of 'Counters' are left out") == true)
    }

    /// The plan file and the diagnostics must match the reference files.
    private func compare(_ result: GenerationResult, to reference: String) throws {
        let directory = TestSupport.expectedGenerated.appendingPathComponent("MigrationPlan/\(reference)")
        let plan = try #require(result.files.first { $0.relativePath.hasSuffix("MigrationPlan.swift") })
        #expect(result.migrationPlanContents == plan.contents)
        assertMatchesReference(plan.contents, reference: directory.appendingPathComponent(plan.relativePath))
        let diagnostics = TestSupport.relative(result.diagnostics.all.map(\.description).joined(separator: "\n"))
        assertMatchesReference(diagnostics.isEmpty ? "" : diagnostics + "\n", reference: directory.appendingPathComponent("diagnostics.txt"))
    }
}

extension GenerationResult {
    /// The text of the run's `<Model>MigrationPlan.swift`, nil when there is none.
    var migrationPlanContents: String? { files.first { $0.relativePath.hasSuffix("MigrationPlan.swift") }?.contents }
}
