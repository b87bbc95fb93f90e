import Foundation
import Testing

/// `generate --migration-plan` through the binary: the plan file beside the machine files, the config key, the
/// missing-hook warning, and, for a hop that does not plan, or a model without a lock, exit 1 with nothing written.
@Suite struct MigrationPlanCLITests {
    /// `Fixtures/MigrationPlan/<model>.xcdatamodeld` and its lock copied into a fresh folder (paths in diagnostics relative).
    static func workspace(_ model: String, name: String = #function) throws -> URL {
        let folder = try TestSupport.temporaryDirectory(name)
        let fixtures = TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationPlan")
        for item in ["\(model).xcdatamodeld", "\(model).managed-codegen.lock"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(item), to: folder.appendingPathComponent(item))
        }
        return folder
    }

    @Test func theFlagWritesThePlanAndCallsTheHookFound() throws {
        let folder = try Self.workspace("Journal")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestSupport.packageRoot.appendingPathComponent("Fixtures/Hooks/Journal/JournalMigration.swift"),
            to: folder.appendingPathComponent("App/JournalMigration.swift"))
        let run = try CLI.run(
            ["generate", "Journal.xcdatamodeld", "--output", "Generated", "--no-human-files", "--migration-plan", "--hook-sources", "App"],
            in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let plan = try String(contentsOf: folder.appendingPathComponent("Generated/JournalMigrationPlan.swift"), encoding: .utf8)
        #expect(plan.contains("try willMigrateJournal2ToJournal4(context)"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated/JournalMigrationPlanTests.swift").path))
    }

    /// With `--tests-output`, the tests that a store of every locked version opens through the plan go beside the
    /// model tests: one test per version of the lock, in its order.
    @Test func withTestsOutputEveryShippedVersionGetsATest() throws {
        let folder = try Self.workspace("Journal")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(
            ["generate", "Journal.xcdatamodeld", "--output", "Generated", "--no-human-files", "--migration-plan", "--tests-output", "Tests"],
            in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let tests = try String(contentsOf: folder.appendingPathComponent("Tests/JournalMigrationPlanTests.swift"), encoding: .utf8)
        let versions = ["Journal", "Journal 2", "Journal 3", "Journal 4", "Journal 5"]
        let created = tests.components(separatedBy: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "JournalShippedStore(version: \"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(created == versions)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Tests/JournalModelTests.swift").path))
    }

    @Test func theConfigKeyWritesThePlanAndTheMissingHookIsAWarning() throws {
        let folder = try Self.workspace("Journal")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "output: Generated\nhuman-files: none\nmigration-plan: true\n".write(
            to: folder.appendingPathComponent("managed-codegen.yml"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["generate", "Journal.xcdatamodeld"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix("Journal.xcdatamodeld/Journal 4.xcdatamodel/contents:5: warning: the hop 'Journal 2' → 'Journal 4'"))
        #expect(run.stderr.contains("nonisolated static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext) throws"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated/JournalMigrationPlan.swift").path))
        // --warnings-as-errors: the warning fails the run, and nothing is written.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Generated"))
        let strict = try CLI.run(["generate", "Journal.xcdatamodeld", "--warnings-as-errors"], in: folder)
        #expect(strict.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
    }

    @Test func aBlockedHopFailsAndWritesNothing() throws {
        let folder = try Self.workspace("Counters")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["generate", "Counters.xcdatamodeld", "--output", "Generated", "--no-human-files", "--migration-plan"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderrLines.first?.hasPrefix("Counters.xcdatamodeld/Counters 2.xcdatamodel/contents:4: error: no migration plan: ") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
        // Without the flag the same model generates.
        let without = try CLI.run(["generate", "Counters.xcdatamodeld", "--output", "Generated", "--no-human-files"], in: folder)
        #expect(without.status == 0, "\(without.stderr)")
    }

    /// The third way out of a blocked hop: the plan starts at the declared version; an unknown one is an error.
    @Test func theOldestVersionStepsOverTheBlockedHop() throws {
        let folder = try Self.workspace("Counters")
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["generate", "Counters.xcdatamodeld", "--output", "Generated", "--no-human-files", "--migration-plan"]
        let unknown = try CLI.run(arguments + ["--migration-plan-oldest-version", "Counters 3"], in: folder)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("Counters.managed-codegen.lock: error: the migration plan's oldest version 'Counters 3' is not a locked version"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
        let run = try CLI.run(arguments + ["--migration-plan-oldest-version", "Counters 2"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let plan = try String(contentsOf: folder.appendingPathComponent("Generated/CountersMigrationPlan.swift"), encoding: .utf8)
        #expect(plan.contains("static let shippedVersionNames = [\"Counters 2\"]"))
        #expect(plan.contains("Stores of 'Counters' are left out"))
    }

    /// A version in the bundle that is neither locked nor current: its stores would fail with 134504, so the plan
    /// is an error naming it (issue 44, item 9), and nothing is written.
    @Test func aVersionNeitherLockedNorCurrentFailsThePlan() throws {
        let folder = try Self.workspace("Journal")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Journal.xcdatamodeld")
        try FileManager.default.copyItem(
            at: bundle.appendingPathComponent("Journal 5.xcdatamodel"), to: bundle.appendingPathComponent("Journal 4b.xcdatamodel"))
        let run = try CLI.run(["generate", "Journal.xcdatamodeld", "--output", "Generated", "--no-human-files", "--migration-plan"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains(
            "Journal.xcdatamodeld/Journal 4b.xcdatamodel/contents: error: no migration plan: the model version 'Journal 4b' is neither locked"),
            "\(run.stderr)")
        #expect(run.stderr.contains("if it shipped, lock it (managed-codegen lock); if it never shipped, remove it from the model"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
    }

    @Test func withoutALockTheFlagNamesTheLockCommand() throws {
        let folder = try Self.workspace("Journal")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Journal.managed-codegen.lock"))
        let run = try CLI.run(["generate", "Journal.xcdatamodeld", "--output", "Generated", "--no-human-files", "--migration-plan"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: --migration-plan needs the model's lock"))
        #expect(run.stderr.contains("run managed-codegen lock Journal.xcdatamodeld"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
    }
}
