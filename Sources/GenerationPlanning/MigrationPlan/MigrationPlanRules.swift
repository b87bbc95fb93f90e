import ManagedModel

/// What `generate --migration-plan` reports about the plan it writes (``MigrationPlanner``): one row per kind of
/// finding. The table of WarningsAndErrors.md, "Migration plan", is rendered from ``all``.
package enum MigrationPlanRules {
    package static let blockedHop = Rule(
        "migration-plan.blocked-hop", .error,
        summary: "two consecutive locked versions between which lightweight migration cannot infer the change",
        documentation: "no staged migration can take a store across it, so no plan is written: while the later version has "
            + "not shipped (is not locked), split the change over two versions with a custom stage between them (Apple's *Staged "
            + "migrations*); or migrate the older stores with a "
            + "mapping model of the two versions yourself and start the plan at the destination; or declare the destination "
            + "the oldest version the app migrates from (`migration-plan-oldest-version`: older stores then fail to open "
            + "with error 134504)")
    package static let missingHook = Rule(
        "migration-plan.missing-hook", .warning,
        summary: "a hop that makes a value required without a default, whose hook is not in the app's sources",
        documentation: "the plan's custom stage runs no code, so the migration fails for a store holding a row without "
            + "the value: write the hook the message names (`nonisolated static func willMigrate<From>To<To>(_ context: "
            + "NSManagedObjectContext) throws` in an extension of the plan type) where `generate` scans for hooks")

    package static let unlockedVersion = Rule(
        "migration-plan.unlocked-version", .error,
        summary: "a model version that is neither locked nor the current version",
        documentation: "the plan cannot know where its stores stand (before or after which locked version), and a store of "
            + "a version no stage names fails to open with Core Data's error 134504, so no plan is written: lock it if it "
            + "shipped (`managed-codegen lock`), remove it from the model if it never did")

    package static let hookIsolation = Rule(
        "migration-plan.hook-isolation", .warning,
        summary: "a migration hook declared without `nonisolated` (on the function, or on its extension)",
        documentation: "in a target whose default isolation is MainActor (Xcode 26's new app targets) the hook is then "
            + "MainActor-isolated, and the generated plan, which is `nonisolated` and calls it on the migration's background "
            + "context, does not compile: declare it `nonisolated static func willMigrate<From>To<To>(_ context: "
            + "NSManagedObjectContext) throws`")

    package static let all: [Rule] = [blockedHop, missingHook, unlockedVersion, hookIsolation]

    /// The table of WarningsAndErrors.md, "Migration plan".
    package static func markdownTable() -> String {
        Rule.markdownTable(all, header: ["Found", "Severity", "Why, and what to change", "ID"]) {
            [$0.summary, $0.severity.documented, $0.documentation, "`\($0.id)`"]
        }
    }
}
