import Foundation
import Testing

/// Issue 44 item 8, through the binary: once the app's migration hook of a hop that makes a value required exists,
/// `migration-check` and `generate --warnings-as-errors` accept the hop with a note (the hook handles it; before iOS 17
/// no hook runs); a hook named nearly like the one needed gets "did you mean"; a hook without `nonisolated` is a
/// warning of `generate`; paths in these messages are relative.
@Suite struct MigrationHookCLITests {
    /// The Journal fixture with `hook` (the body of an extension of JournalMigrationPlan) in `App/JournalMigration.swift`.
    static func workspace(hook: String?, name: String = #function) throws -> URL {
        let folder = try MigrationPlanCLITests.workspace("Journal", name: name)
        if let hook {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("App"), withIntermediateDirectories: true)
            try "import CoreData\n\nextension JournalMigrationPlan {\n\(hook)\n}\n".write(
                to: folder.appendingPathComponent("App/JournalMigration.swift"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    static func hook(_ declaration: String) -> String {
        "    \(declaration)(_ context: NSManagedObjectContext) throws {\n        _ = context\n    }"
    }

    /// Journal 3 → Journal 4 makes Entry.mood required; the plan's hop is 'Journal 2' → 'Journal 4' (Journal 3 has
    /// Journal 2's store schema), whose hook the fixture's app declares.
    @Test func migrationCheckAcceptsAHopWhoseHookExists() throws {
        let folder = try Self.workspace(hook: Self.hook("nonisolated static func willMigrateJournal2ToJournal4"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["migration-check", "Journal.xcdatamodeld", "--from", "Journal 3", "--model-version", "Journal 4"]
        let without = try CLI.run(arguments, in: folder)
        #expect(without.status == 1)
        #expect(without.stderr.contains("error: may fail migrating 'Journal 3' to 'Journal 4'"), "\(without.stderr)")
        #expect(without.stderr.contains(
            "note: the migration plan's hook of 'Journal 2' → 'Journal 4' would handle it: write `nonisolated static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext) throws`"),
            "\(without.stderr)")

        let with = try CLI.run(arguments + ["--hook-sources", folder.appendingPathComponent("App").path], in: folder)
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stderr.contains(
            "Journal.xcdatamodeld/Journal 4.xcdatamodel/contents:5: note: may fail migrating 'Journal 3' to 'Journal 4', handled by the app's hook willMigrateJournal2ToJournal4 (App/JournalMigration.swift:4)"),
            "\(with.stderr)")
        #expect(with.stderr.contains("Before iOS 17 and macOS 14 no hook runs"))
        #expect(!with.stderr.contains(folder.path), "paths are relative: \(with.stderr)")
        #expect(with.stdout.contains("1 values made required are given by the app's migration hooks"), "\(with.stdout)")
    }

    /// `willMigrateJournal3ToJournal4` names the version the user thinks of; the plan lists Journal 3's schema as Journal 2.
    @Test func aHookNamedNearlyLikeTheOneNeededGetsDidYouMean() throws {
        let folder = try Self.workspace(hook: Self.hook("nonisolated static func willMigrateJournal3ToJournal4"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let check = try CLI.run(
            ["migration-check", "Journal.xcdatamodeld", "--from", "Journal 3", "--model-version", "Journal 4", "--hook-sources", "App"], in: folder)
        #expect(check.status == 1)
        #expect(check.stderr.contains(
            "(App/JournalMigration.swift:4 declares willMigrateJournal3ToJournal4, which no hop of the plan calls; did you mean 'willMigrateJournal2ToJournal4'?)"),
            "\(check.stderr)")
        let generate = try CLI.run(
            ["generate", "Journal.xcdatamodeld", "--output", "Generated", "--no-human-files", "--migration-plan", "--hook-sources", "App"], in: folder)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stderr.contains("warning: the hop 'Journal 2' → 'Journal 4' needs the app's hook"), "\(generate.stderr)")
        #expect(generate.stderr.contains("did you mean 'willMigrateJournal2ToJournal4'?"), "\(generate.stderr)")
    }

    /// The current version not locked yet makes a value required: `generate` checks the hop from the newest locked
    /// version, and with the hook written `--warnings-as-errors` passes; without `nonisolated` the hook is a warning.
    @Test func generateWithWarningsAsErrorsAcceptsAHopWhoseHookExists() throws {
        let folder = try Self.workspace(hook: Self.hook("nonisolated static func willMigrateJournal2ToJournal5"))
        defer { try? FileManager.default.removeItem(at: folder) }
        // A lock of the first three versions only: Journal 5, the current one, ships next (Journal 4 never shipped).
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Journal.managed-codegen.lock"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Journal.xcdatamodeld/Journal 4.xcdatamodel"))
        for version in ["Journal", "Journal 2", "Journal 3"] {
            let lock = try CLI.run(["lock", "Journal.xcdatamodeld", "--model-version", version], in: folder)
            #expect(lock.status == 0, "\(lock.stderr)")
        }
        let arguments = [
            "generate", "Journal.xcdatamodeld", "--output", "Generated", "--no-human-files", "--migration-plan", "--warnings-as-errors",
            "--hook-sources", folder.appendingPathComponent("App").path,
        ]
        let run = try CLI.run(arguments, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains(
            "note: may fail migrating 'Journal 3' to 'Journal 5', handled by the app's hook willMigrateJournal2ToJournal5 (App/JournalMigration.swift:4)"),
            "\(run.stderr)")
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")
        #expect(!run.stderr.contains(folder.path), "paths are relative: \(run.stderr)")

        // The same hook without `nonisolated`: in a MainActor-default target the plan could not call it.
        try "import CoreData\n\nextension JournalMigrationPlan {\n\(Self.hook("static func willMigrateJournal2ToJournal5"))\n}\n".write(
            to: folder.appendingPathComponent("App/JournalMigration.swift"), atomically: true, encoding: .utf8)
        let isolated = try CLI.run(arguments, in: folder)
        #expect(isolated.status == 1)
        #expect(isolated.stderr.contains(
            "App/JournalMigration.swift:4: error: willMigrateJournal2ToJournal5 is not declared nonisolated"), "\(isolated.stderr)")
        // `nonisolated extension` makes its members nonisolated.
        try "import CoreData\n\nnonisolated extension JournalMigrationPlan {\n\(Self.hook("static func willMigrateJournal2ToJournal5"))\n}\n".write(
            to: folder.appendingPathComponent("App/JournalMigration.swift"), atomically: true, encoding: .utf8)
        let extended = try CLI.run(arguments, in: folder)
        #expect(extended.status == 0, "\(extended.stderr)")
    }
}
