import Foundation
import ManagedModel

/// `migration-check`'s verdicts, one row per kind of finding (``MigrationCheck/Finding/Kind``). Their severity is
/// the one `migration-check` reports; during `generate` each is a warning (an error with `--warnings-as-errors`).
package enum MigrationVerdicts {
    package static let notInferable = Rule(
        "migration.not-inferable", .error,
        summary: "a change lightweight migration cannot infer",
        documentation: "the store does not open with the new version: Core Data's migration fails")
    package static let mayFail = Rule(
        "migration.may-fail", .error,
        summary: "a change inferred, but validated when the migration runs (a value made required without a default)",
        documentation: "the migration fails when existing rows have no value")
    package static let dataLoss = Rule(
        "migration.data-loss", .error,
        summary: "an element removed while one of its kind and type was added without a renaming identifier",
        documentation: "migration removes and adds: the old values are dropped")

    /// Not a kind of finding: a may-fail finding whose hops the app's migration hooks handle (`MigrationHookLookup`).
    package static let handledByHook = Rule(
        "migration.handled-by-hook", .none,
        summary: "a value made required without a default, on a hop whose hook (`willMigrate<From>To<To>`) the app has written",
        documentation: "a note, and the hop is accepted (also by `generate --warnings-as-errors`): the migration plan's custom "
            + "stage calls the hook, which gives the rows without the value one. Before iOS 17 and macOS 14 there is no staged "
            + "migration and no hook runs: a store holding such a row still fails to migrate there")

    package static let all: [Rule] = [notInferable, mayFail, dataLoss, handledByHook]

    /// The verdict as `migration-check` prints it: `data loss` for `migration.data-loss`.
    static func verdict(of rule: Rule) -> String {
        rule.id.dropFirst("migration.".count).replacingOccurrences(of: "-", with: " ")
    }

    /// The table of ModelLock.md, "Migrations" (the verdicts the table of changes above it names).
    package static func markdownTable() -> String {
        Rule.markdownTable(all, header: ["Verdict", "Found", "`migration-check`", "What it means", "ID"]) {
            ["**\(verdict(of: $0))**", $0.summary, $0.severity.documented, $0.documentation, "`\($0.id)`"]
        }
    }
}

extension MigrationCheck.Finding.Kind {
    /// The row of ``MigrationVerdicts`` this kind of finding is.
    package var rule: Rule {
        switch self {
        case .notInferable: MigrationVerdicts.notInferable
        case .mayFail: MigrationVerdicts.mayFail
        case .dataLoss: MigrationVerdicts.dataLoss
        }
    }
}
