import ManagedModel

/// The stages of a staged migration (`NSStagedMigrationManager`, macOS 14 / iOS 17) through the locked versions,
/// in the lock's order: the decisions of the migration plan (issue 36), made here in Swift so that a template only
/// writes them out. What it respects is in `docs/core-data-runtime.md`, "Staged migration":
/// - one checksum per store schema: a version whose lock hash equals an earlier one's has that version's
///   checksum at run time (`versionChecksum` is the model's version hash), so it is not listed again ("Duplicate
///   version checksums across stages detected");
/// - a version a lightweight stage lists in no other stage: a custom stage's source version is left out of the
///   lightweight stage before it, and its destination out of the one after (consecutive custom stages may share
///   a version: `custom[1->2]->custom[2->3]` migrates, thread 804902);
/// - a lightweight stage migrates a store at any version it lists *straight* to the next stage's source model
///   (or the current model), not hop by hop (measured, Apple Developer Forums thread 804902): a version joins the
///   run only when every store entering the run migrates to it directly, else the step is forced by a custom stage;
/// - a hop lightweight migration infers but validates (a value made required without a default) is a custom stage
///   whose `willMigrateHandler` runs the app's hook; a hop it cannot infer blocks the plan.
public struct MigrationPlanStages: Hashable, Sendable {
    public enum Stage: Hashable, Sendable {
        /// Versions lightweight migration takes straight to the next stage's source (or the current model).
        case lightweight([String])
        /// One hop; `needsHook`: a required value may be missing in stores of `from`, the app's hook fills it.
        case custom(from: String, to: String, needsHook: Bool)
    }

    /// A hop lightweight migration cannot infer: the plan cannot be made until the user adds a mapping model,
    /// splits the change over two versions, or declares an older version no longer migrated from.
    public struct BlockedHop: Hashable, Sendable {
        public var from: String
        public var to: String
        public var findings: [MigrationCheck.Finding]
    }

    public var stages: [Stage]
    /// A version whose store schema equals an earlier locked version's -> that version: it shares its checksum.
    public var sharedChecksums: [String: String]
    public var blockedHops: [BlockedHop]
}

public enum MigrationPlanning {
    /// The stages through `versions` (the lock's, in its order). `findings(from, to)` is `migration-check`'s
    /// verdict on migrating a store of version `from` straight to version `to` (``MigrationCheck/findings(from:to:)``);
    /// it is asked for consecutive versions and, within a lightweight run, from each version entering the run to
    /// the next one: over a long history pass a ``MigrationCheck/VerdictCache``'s `findings(from:to:)`, which gives
    /// the same verdicts without checking again the entities versions share.
    ///
    /// A data-loss verdict on a straight migration does not end a run (yet): it may be data the hops lose too (an
    /// attribute one hop removes, "dropped" once a later version adds one of its type: 117-version history, `Model
    /// 88` -> `Model 89`) or data only the straight migration loses (a rename chained over two versions, each hop with
    /// its renaming identifier); telling them apart needs each element's lineage across the hops.
    /// ``stages(of:findings:)`` with `migration-check`'s verdicts between the versions `schema(version)` reads
    /// (each once, when first needed), through a ``MigrationCheck/VerdictCache``.
    public static func stages(of versions: [StoreFingerprint], schema: @escaping (String) throws -> Schema) throws -> MigrationPlanStages {
        let verdicts = MigrationCheck.VerdictCache(schema: schema)
        return try stages(of: versions, findings: verdicts.findings)
    }

    public static func stages(
        of versions: [StoreFingerprint], findings: (String, String) throws -> [MigrationCheck.Finding]
    ) rethrows -> MigrationPlanStages {
        var sharedChecksums: [String: String] = [:]
        var distinct: [String] = []
        var firstWithHash: [String: String] = [:]
        for version in versions {
            if let earlier = firstWithHash[version.hash] {
                sharedChecksums[version.versionName] = earlier
            } else {
                firstWithHash[version.hash] = version.versionName
                distinct.append(version.versionName)
            }
        }
        var stages: [MigrationPlanStages.Stage] = []
        var blocked: [MigrationPlanStages.BlockedHop] = []
        guard let first = distinct.first else { return MigrationPlanStages(stages: [], sharedChecksums: sharedChecksums, blockedHops: []) }
        // The current lightweight run: the versions it lists, and every version whose stores enter it (a custom
        // stage's destination enters the run after it without being listed).
        var listed = [first]
        var entering = [first]
        for (previous, next) in zip(distinct, distinct.dropFirst()) {
            let hop = try findings(previous, next)
            let refused = hop.filter { $0.kind == .notInferable }
            if !refused.isEmpty { blocked.append(.init(from: previous, to: next, findings: refused)) }
            let needsHook = hop.contains { $0.kind == .mayFail }
            let direct = try refused.isEmpty && !needsHook
                && entering.filter { $0 != previous }.allSatisfy { try !findings($0, next).contains { $0.kind != .dataLoss } }
            if direct {
                listed.append(next)
                entering.append(next)
                continue
            }
            listed.removeAll { $0 == previous }
            if !listed.isEmpty {
                stages.append(.lightweight(listed))
            } else if let arrived = entering.first, arrived != previous {
                // Only the last custom stage's destination entered this run: with no version left to list, its
                // hop to `previous` is forced by a custom stage too (consecutive custom stages migrate: thread 804902).
                stages.append(.custom(from: arrived, to: previous, needsHook: false))
            }
            stages.append(.custom(from: previous, to: next, needsHook: needsHook))
            listed = []
            entering = [next]
        }
        if !listed.isEmpty { stages.append(.lightweight(listed)) }
        return MigrationPlanStages(stages: stages, sharedChecksums: sharedChecksums, blockedHops: blocked)
    }
}
