import ManagedModel
import ModelLock

/// What ``ModelHistory`` reports about the history itself (the lock file and the versions it names), in `generate`,
/// `lock` and `migration-check`: one row per kind of finding. A change to a locked version is a `LockFacts` row, a
/// migration finding a `MigrationVerdicts` row. The table of WarningsAndErrors.md, "The model's history", is rendered
/// from ``all``.
package enum HistoryRules {
    package static let lockedVersionGone = Rule(
        "history.locked-version-gone", .error,
        summary: "a version the lock names that the model no longer has",
        documentation: "apps that shipped it cannot migrate their stores: restore the version; if it never shipped, drop it "
            + "from the lock with `managed-codegen lock --force`")
    package static let migrationPlanWithoutLock = Rule(
        "history.migration-plan-without-lock", .error,
        summary: "`--migration-plan` (`migration-plan: true`) for a model without a lock file",
        documentation: "the plan's stages are the versions that shipped, which only the lock records: lock them "
            + "(`managed-codegen lock`) and commit the lock file")
    package static let oldestVersionNotLocked = Rule(
        "history.oldest-version-not-locked", .error,
        summary: "`--migration-plan-oldest-version` (`migration-plan-oldest-version`) naming no locked version of the model",
        documentation: "the plan starts at a version that shipped: name one the lock lists (the message lists them)")
    package static let noEarlierVersion = Rule(
        "history.no-earlier-version", .error,
        summary: "`migration-check` without `--from` on a version that comes first by name, with no locked version before it",
        documentation: "there is no version to compare it with, and passing would check nothing: pass `--from VERSION` (the "
            + "version the stores were created with), or lock the versions in the order they shipped")
    package static let unreadableLock = Rule(
        "history.unreadable-lock", .error,
        summary: "a lock file that cannot be read, or is not UTF-8 text",
        documentation: "the shipped versions cannot be checked: restore the file from version control")
    package static let unwritableLock = Rule(
        "history.unwritable-lock", .error,
        summary: "`lock` cannot write the lock file",
        documentation: "the old lock file is left whole (the new one is written beside it and renamed): make its folder writable")

    /// Reading the lock file's text adds its own rows (``LockFileRules``, declared where the text is read).
    package static let all: [Rule] = [
        lockedVersionGone, migrationPlanWithoutLock, oldestVersionNotLocked, noEarlierVersion, unreadableLock, unwritableLock,
    ] + LockFileRules.all

    /// The table of WarningsAndErrors.md, "The model's history".
    package static func markdownTable() -> String {
        Rule.markdownTable(all, header: ["Found", "Severity", "Why, and what to change", "ID"]) {
            [$0.summary, $0.severity.documented, $0.documentation, "`\($0.id)`"]
        }
    }
}
