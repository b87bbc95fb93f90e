import Foundation
import GenerationPlanning
import ManagedModel
import ModelHistory
import ModelLock
import ModelReader
import TestSupport
import Testing

/// The owner of a model's history, on `Fixtures/MigrationPlan/Journal` (five versions, all locked) and copies of it
/// edited per test: each version read once, the lock read once, and each answer `generate`, `lock` and
/// `migration-check` print.
@Suite struct ModelHistoryTests {
    static let fixtureFolder = TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationPlan")
    static let journalNames = ["Journal", "Journal 2", "Journal 3", "Journal 4", "Journal 5"]

    /// A copy of the Journal bundle and its lock in a fresh folder; its history.
    static func journalCopy(_ name: String = #function) throws -> (folder: URL, history: ModelHistory) {
        let folder = try TestSupport.temporaryDirectory("ModelHistory-\(name)")
        for file in ["Journal.xcdatamodeld", "Journal.managed-codegen.lock"] {
            try FileManager.default.copyItem(at: fixtureFolder.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        return (folder, try ModelHistory(locating: folder.appendingPathComponent("Journal.xcdatamodeld").path))
    }

    static func removeLockedBlock(_ version: String, in folder: URL) throws {
        let url = folder.appendingPathComponent("Journal.managed-codegen.lock")
        let blocks = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n\n")
        try blocks.filter { !$0.hasPrefix("version \"\(version)\" ") }.joined(separator: "\n\n").write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func eachVersionIsReadOnceAcrossEveryQuestion() throws {
        let history = try ModelHistory(locating: Self.fixtureFolder.appendingPathComponent("Journal.xcdatamodeld").path)
        let current = try history.loadedVersion().schema
        for _ in 0..<2 {
            _ = try history.lockCheck()
            _ = try history.migrationDiagnostics(to: current, hooks: .none, cloudKit: nil)
            _ = try history.cloudKitFindings(fallback: "Journal 4", destination: current, setting: true)
            _ = try history.migrationPlanInput(current: current, oldest: nil)
            _ = try history.hookedHops(from: "Journal", to: current)
        }
        #expect(history.versionsRead.count == Set(history.versionsRead).count, "read twice: \(history.versionsRead)")
        #expect(Set(history.versionsRead) == Set(Self.journalNames))
    }

    @Test func theLockIsReadOnce() throws {
        let (folder, history) = try Self.journalCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lock = try #require(try history.lock())
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Journal.managed-codegen.lock"))
        #expect(try history.lock() == lock)
        let input = try history.migrationPlanInput(current: try history.loadedVersion().schema, oldest: nil)
        #expect(input.lockedVersionNames == Self.journalNames, "the plan still has the lock it read")
    }

    @Test func anUnchangedVersionIsNotReadByTheCheck() throws {
        let (_, history) = try Self.journalCopy()
        #expect(try history.lockCheck().all.isEmpty)
        #expect(history.versionsRead.isEmpty, "every locked version's contents digest holds")
    }

    @Test func theCheckReportsAChangedAndAMissingLockedVersion() throws {
        let (folder, history) = try Self.journalCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Journal.xcdatamodeld")
        try FileManager.default.removeItem(at: bundle.appendingPathComponent("Journal 3.xcdatamodel"))
        // Another history: the bundle is listed once, when the history is made.
        let edited = try ModelHistory(locating: bundle.path)
        let contents = bundle.appendingPathComponent("Journal 2.xcdatamodel/contents")
        let text = try String(contentsOf: contents, encoding: .utf8)
        let attribute = try #require(text.range(of: "<attribute name=\"mood\" optional=\"YES\""))
        try text.replacingCharacters(in: attribute, with: "<attribute name=\"mood\"").write(to: contents, atomically: true, encoding: .utf8)
        let diagnostics = try edited.lockCheck().all
        #expect(diagnostics.contains { $0.ruleID == HistoryRules.lockedVersionGone.id && $0.message.contains("'Journal 3'") })
        #expect(diagnostics.contains { $0.ruleID == LockFacts.attribute.id && $0.message.contains("Entry.mood") })
        #expect(edited.versionsRead == ["Journal 2"])
        _ = history
    }

    @Test func migrationFindingsToAnUnlockedCurrentVersion() throws {
        let (folder, history) = try Self.journalCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Shipped up to 'Journal 3': the way to 'Journal 5' makes a value required ('Journal 4'), without its hook.
        try Self.removeLockedBlock("Journal 4", in: folder)
        try Self.removeLockedBlock("Journal 5", in: folder)
        let current = try history.loadedVersion().schema
        let findings = MigrationCheck.findings(from: try history.schema(of: "Journal 3"), to: current)
        let diagnostics = try history.migrationDiagnostics(to: current, hooks: .none, cloudKit: nil)
        #expect(findings.contains { $0.kind == .mayFail })
        #expect(diagnostics.all == MigrationCheck.diagnostics(findings, from: "Journal 3", to: "Journal 5", asWarnings: true).all)
        #expect(try history.hookedHops(from: "Journal 3", to: current)?.isEmpty == false, "the hop making it required needs a hook")
        // A locked current version has shipped: nothing to report about the way to it.
        let locked = try ModelHistory(locating: Self.fixtureFolder.appendingPathComponent("Journal.xcdatamodeld").path)
        #expect(try locked.migrationDiagnostics(to: try locked.loadedVersion().schema, hooks: .none, cloudKit: nil).all.isEmpty)
    }

    @Test func migrationCheckSourceIsTheLockedVersionBefore() throws {
        let history = try ModelHistory(locating: Self.fixtureFolder.appendingPathComponent("Journal.xcdatamodeld").path)
        #expect(try history.migrationSource(to: try history.loadedVersion(), requested: nil) == "Journal 4")
        #expect(try history.migrationSource(to: try history.loadedVersion(named: "Journal 3"), requested: nil) == "Journal 2")
        #expect(try history.migrationSource(to: try history.loadedVersion(), requested: "Journal 2.xcdatamodel") == "Journal 2")
        // The first version has none before it: an error of its own row, not "nothing to migrate".
        let error = try #require(throws: DiagnosticsError.self) { try history.migrationSource(to: try history.loadedVersion(named: "Journal"), requested: nil) }
        #expect(error.diagnostics.all.contains { $0.ruleID == HistoryRules.noEarlierVersion.id })
    }

    @Test func thePlanInputIsTheLockedVersionsInTheLocksOrder() throws {
        let history = try ModelHistory(locating: Self.fixtureFolder.appendingPathComponent("Journal.xcdatamodeld").path)
        let current = try history.loadedVersion().schema
        let input = try history.migrationPlanInput(current: current, oldest: "Journal 3")
        #expect(input.lockedVersionNames == ["Journal 3", "Journal 4", "Journal 5"])
        #expect(input.leftOutVersionNames == ["Journal", "Journal 2"])
        #expect(input.lockedFingerprints.map(\.versionName) == ["Journal 3", "Journal 4", "Journal 5"])
        #expect(input.lockFileName == "Journal.managed-codegen.lock")
        #expect(input.unlockedVersions.isEmpty)
        #expect(history.versionsRead == ["Journal 5"], "the input reads no locked version: the plan reads what it needs")
        #expect(try input.lockedVersions().map(\.versionName) == ["Journal 3", "Journal 4", "Journal 5"])
        #expect(history.versionsRead == ["Journal 5", "Journal 3", "Journal 4"], "the left-out versions are not read")
        let error = try #require(throws: DiagnosticsError.self) { try history.migrationPlanInput(current: current, oldest: "Journal 9") }
        #expect(error.diagnostics.all.map(\.ruleID) == [HistoryRules.oldestVersionNotLocked.id])
    }

    @Test func thePlanNeedsALock() throws {
        let (folder, history) = try Self.journalCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Journal.managed-codegen.lock"))
        let error = try #require(throws: DiagnosticsError.self) {
            try history.migrationPlanInput(current: try history.loadedVersion().schema, oldest: nil)
        }
        #expect(error.diagnostics.all.map(\.ruleID) == [HistoryRules.migrationPlanWithoutLock.id])
        #expect(try history.lockCheck().all.isEmpty, "no lock, nothing to check")
    }

    @Test func relockingAppendsANewVersionAndWritesOnlyAChange() throws {
        let (folder, history) = try Self.journalCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lockFile = folder.appendingPathComponent("Journal.managed-codegen.lock")
        // The fixture's lock predates the verdict records (`straight-hops=`): the first `lock` adds them, nothing else.
        let upgrade = try history.relocked(versionNamed: nil, force: false)
        #expect(upgrade.added.isEmpty && upgrade.relocked.isEmpty && upgrade.refreshed.isEmpty)
        #expect(upgrade.lock.versions.dropFirst().allSatisfy { $0.straightHops != nil })
        #expect(try history.write(upgrade.lock))
        let upgraded = try String(contentsOf: lockFile, encoding: .utf8)

        try Self.removeLockedBlock("Journal 5", in: folder)
        let appending = try ModelHistory(locating: folder.appendingPathComponent("Journal.xcdatamodeld").path)
        let relocking = try appending.relocked(versionNamed: nil, force: false)
        #expect(relocking.added == ["Journal 5"])
        #expect(relocking.relocked.isEmpty && relocking.dropped.isEmpty && relocking.refreshed.isEmpty)
        #expect(relocking.lock.versions.map(\.versionName) == Self.journalNames)
        #expect(appending.versionsRead.first == "Journal 5" && !appending.versionsRead.contains("Journal"),
            "the locked versions' digests hold: only the versions the new record's hops need are read")
        #expect(try appending.write(relocking.lock))
        #expect(try String(contentsOf: lockFile, encoding: .utf8) == upgraded)
        let again = try ModelHistory(locating: folder.appendingPathComponent("Journal.xcdatamodeld").path)
        #expect(try !again.write(try again.relocked(versionNamed: nil, force: false).lock), "up to date: nothing written")
        #expect(again.versionsRead.isEmpty, "nothing changed: nothing read")
    }

    /// After `lock` records the hops (`straight-hops=`, `hop-findings=`), `generate --migration-plan`'s path reads only
    /// the current version: the custom stage's reason and the missing hook's warning (message, `path:line`) come from
    /// the lock, the same as from the versions read.
    @Test func aRecordedLockAnswersThePlanWithoutReadingItsVersions() throws {
        let (folder, history) = try Self.journalCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let current = try history.loadedVersion().schema
        let fromVersions = MigrationPlanner.plan(try history.migrationPlanInput(current: current, oldest: nil), current: current, hooks: .none)
        #expect(fromVersions.1.all.contains { $0.ruleID == MigrationPlanRules.missingHook.id })
        #expect(try history.write(try history.relocked(versionNamed: nil, force: false).lock))

        let recorded = try ModelHistory(locating: folder.appendingPathComponent("Journal.xcdatamodeld").path)
        let recordedCurrent = try recorded.loadedVersion().schema
        let input = try recorded.migrationPlanInput(current: recordedCurrent, oldest: nil)
        let fromRecords = MigrationPlanner.plan(input, current: recordedCurrent, hooks: .none)
        #expect(fromRecords.0 == fromVersions.0)
        #expect(fromRecords.1.all == fromVersions.1.all)
        #expect(recorded.versionsRead == ["Journal 5"], "only the current version")
    }

    @Test func relockingAVersionGoneNeedsForce() throws {
        let (folder, _) = try Self.journalCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Journal.xcdatamodeld")
        try FileManager.default.removeItem(at: bundle.appendingPathComponent("Journal 3.xcdatamodel"))
        let history = try ModelHistory(locating: bundle.path)
        let refused = try history.relocked(versionNamed: nil, force: false)
        #expect(refused.diagnostics.all.map(\.ruleID) == [HistoryRules.lockedVersionGone.id])
        let forced = try history.relocked(versionNamed: nil, force: true)
        #expect(forced.dropped == ["Journal 3"] && !forced.diagnostics.hasErrors)
        #expect(forced.lock.versions.map(\.versionName) == ["Journal", "Journal 2", "Journal 4", "Journal 5"])
    }
}
