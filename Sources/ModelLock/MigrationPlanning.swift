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
package struct MigrationPlanStages: Hashable, Sendable {
    package enum Stage: Hashable, Sendable {
        /// Versions lightweight migration takes straight to the next stage's source (or the current model).
        case lightweight([String])
        /// One hop; `needsHook`: a required value may be missing in stores of `from`, the app's hook fills it.
        case custom(from: String, to: String, needsHook: Bool)
    }

    /// A hop lightweight migration cannot infer: the plan cannot be made until the user adds a mapping model,
    /// splits the change over two versions, or declares an older version no longer migrated from.
    package struct BlockedHop: Hashable, Sendable {
        package var from: String
        package var to: String
        package var findings: [MigrationCheck.Finding]
    }

    /// Why a custom stage is there: each custom stage's hop has one.
    package enum CustomStageReason: Hashable, Sendable {
        /// A value becomes required without a default: a store holding a row without it fails unless the app's hook
        /// gives it one. `finding`: what changes (``MigrationCheck/Finding/change``).
        case valueBecomesRequired(finding: String)
        /// Stores of `straightFrom` must stop at the hop's source first: lightweight migration refuses to take them
        /// straight to the hop's destination (`finding`: what changes, ``MigrationCheck/Finding/change``), and a
        /// lightweight stage takes a store straight on.
        case stopsStraightMigration(straightFrom: String, finding: String)
        /// The hop's source is the previous custom stage's destination: such a store starts at the next stage, and no
        /// lightweight stage can take it to the next custom stage's source alone.
        case joinsCustomStages
    }

    package struct Hop: Hashable, Sendable {
        package var from: String
        package var to: String

        package init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    package var stages: [Stage]
    /// A version whose store schema equals another locked version's -> that version: it shares its checksum. An
    /// earlier version with the current model's schema (a revert) -> the current version: its stores open as they are.
    package var sharedChecksums: [String: String]
    package var blockedHops: [BlockedHop]
    /// Why each custom stage is there.
    package var reasons: [Hop: CustomStageReason] = [:]
    /// The versions with the current model's store schema besides the current one (a revert: the current schema
    /// equals an earlier locked version's), in the lock's order: no stage lists them, their stores open as they are.
    package var openAsCurrent: [String] = []
}

package enum MigrationPlanning {
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
    package static func stages(
        of versions: [StoreFingerprint], current: String? = nil, schema: @escaping (String) throws -> Schema
    ) throws -> MigrationPlanStages {
        let verdicts = MigrationCheck.VerdictCache(schema: schema)
        return try stages(of: versions, current: current, findings: verdicts.findings)
    }

    /// `current`: the version the app's container opens with (its model's checksum is the coordinator's). It is
    /// planned last, and the other versions with its store schema (a revert) are planned nowhere: their stores open
    /// as they are, and a stage listing the current checksum before another version's would make that version's
    /// stores fail with 134506 ("cannot be migrated backwards", docs/core-data-runtime.md, "Staged migration").
    package static func stages(
        of versions: [StoreFingerprint], current: String? = nil, findings: (String, String) throws -> [MigrationCheck.Finding]
    ) rethrows -> MigrationPlanStages {
        let schemas = StoreSchemaSequence(versions, current: current)
        let distinct = schemas.distinct
        let sharedChecksums = schemas.sharedChecksums
        let openAsCurrent = schemas.openAsCurrent
        var stages: [MigrationPlanStages.Stage] = []
        var blocked: [MigrationPlanStages.BlockedHop] = []
        var reasons: [MigrationPlanStages.Hop: MigrationPlanStages.CustomStageReason] = [:]
        guard let first = distinct.first else {
            return MigrationPlanStages(stages: [], sharedChecksums: sharedChecksums, blockedHops: [], openAsCurrent: openAsCurrent)
        }
        // The current lightweight run: the versions it lists, and every version whose stores enter it (a custom
        // stage's destination enters the run after it without being listed).
        var listed = [first]
        var entering = [first]
        for (previous, next) in zip(distinct, distinct.dropFirst()) {
            let hop = try findings(previous, next)
            let refused = hop.filter { $0.kind == .notInferable }
            if !refused.isEmpty { blocked.append(.init(from: previous, to: next, findings: refused)) }
            let required = hop.first { $0.kind == .mayFail }
            let needsHook = required != nil
            var straight: (from: String, finding: MigrationCheck.Finding)?
            if refused.isEmpty && !needsHook {
                for version in entering where version != previous {
                    if let finding = try findings(version, next).first(where: { $0.kind != .dataLoss }) {
                        straight = (version, finding)
                        break
                    }
                }
            }
            let direct = refused.isEmpty && !needsHook && straight == nil
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
                reasons[.init(from: arrived, to: previous)] = .joinsCustomStages
            }
            stages.append(.custom(from: previous, to: next, needsHook: needsHook))
            if let required {
                reasons[.init(from: previous, to: next)] = .valueBecomesRequired(finding: required.change)
            } else if let straight {
                reasons[.init(from: previous, to: next)] = .stopsStraightMigration(straightFrom: straight.from, finding: straight.finding.change)
            }
            listed = []
            entering = [next]
        }
        if !listed.isEmpty { stages.append(.lightweight(listed)) }
        return MigrationPlanStages(
            stages: stages, sharedChecksums: sharedChecksums, blockedHops: blocked, reasons: reasons, openAsCurrent: openAsCurrent)
    }
}

/// The store schemas the migration plan walks, in its order: the lock's versions, each store schema once (a version
/// whose hash equals an earlier one's is that one: it shares its checksum), and the current version last, the other
/// versions with its schema (a revert) planned nowhere. ``MigrationPlanning/stages(of:current:findings:)`` stages
/// these; `migration-check` and `generate` find the hops a store crosses, and so the hooks it needs, on the same ones.
package struct StoreSchemaSequence: Sendable {
    /// One version per store schema, in the order the plan walks them.
    package private(set) var distinct: [String] = []
    /// A version not in ``distinct`` -> the version in it with its store schema.
    package private(set) var sharedChecksums: [String: String] = [:]
    /// The versions with the current model's store schema besides the current one, in the lock's order.
    package private(set) var openAsCurrent: [String] = []

    /// `versions`: the lock's, in its order (then the current one when it is not locked); `current`: the version the
    /// app's container opens with.
    package init(_ versions: [StoreFingerprint], current: String?) {
        // Each hash once: it is computed from every entity's (a tenth of a plan's instructions over 117 versions when
        // asked per comparison).
        var sequence = versions.map { (name: $0.versionName, hash: $0.hash) }
        if let current, let currentVersion = sequence.first(where: { $0.name == current }) {
            for version in sequence where version.name != current && version.hash == currentVersion.hash {
                sharedChecksums[version.name] = current
                openAsCurrent.append(version.name)
            }
            sequence = sequence.filter { $0.hash != currentVersion.hash } + [currentVersion]
        }
        var firstWithHash: [String: String] = [:]
        for version in sequence {
            if let earlier = firstWithHash[version.hash] {
                sharedChecksums[version.name] = earlier
            } else {
                firstWithHash[version.hash] = version.name
                distinct.append(version.name)
            }
        }
    }

    /// Where a store of `version` stands in ``distinct``; nil for a version not in the sequence.
    package func position(of version: String) -> Int? {
        distinct.firstIndex(of: sharedChecksums[version] ?? version)
    }
}
