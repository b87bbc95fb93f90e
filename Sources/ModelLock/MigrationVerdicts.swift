import ManagedModel

/// `migration-check`'s verdicts, one row per kind of finding (``MigrationCheck/Finding/Kind``). Their severity is
/// the one `migration-check` reports; during `generate` each is a warning (an error with `--warnings-as-errors`).
public enum MigrationVerdicts {
    public static let notInferable = Rule(
        "migration.not-inferable", .error,
        summary: "a change lightweight migration cannot infer",
        documentation: "the store does not open with the new version: Core Data's migration fails")
    public static let mayFail = Rule(
        "migration.may-fail", .error,
        summary: "a change inferred, but validated when the migration runs (a value made required without a default)",
        documentation: "the migration fails when existing rows have no value")
    public static let dataLoss = Rule(
        "migration.data-loss", .error,
        summary: "an element removed while one of its kind and type was added without a renaming identifier",
        documentation: "migration removes and adds: the old values are dropped")

    public static let all: [Rule] = [notInferable, mayFail, dataLoss]
}

extension MigrationCheck.Finding.Kind {
    /// The row of ``MigrationVerdicts`` this kind of finding is.
    public var rule: Rule {
        switch self {
        case .notInferable: MigrationVerdicts.notInferable
        case .mayFail: MigrationVerdicts.mayFail
        case .dataLoss: MigrationVerdicts.dataLoss
        }
    }
}
