import ManagedModel
import ModelLock

/// What the migration plan is made from, besides the current schema: the model's locked versions, read only where
/// the plan needs them (issue 46: the lock's fingerprints and recorded verdicts answer the rest).
package struct MigrationPlanInput: Sendable {
    /// The locked versions present in the bundle, in the lock's order (the order they shipped).
    package var lockedVersionNames: [String]
    /// Reads a locked version (or the current one); the planner asks only for the versions of the hops the lock's
    /// records do not answer, the shipped-store tests for every locked version.
    package var schema: @Sendable (String) throws -> Schema
    /// `Journal.managed-codegen.lock`, named in the generated file's documentation.
    package var lockFileName: String
    /// The locked versions before the oldest one the app still migrates from (`migration-plan-oldest-version`), in
    /// the lock's order: not in the plan, named in its documentation.
    package var leftOutVersionNames: [String]
    /// The lock's entries of those versions: the planner takes their store hashes from here instead of fingerprinting
    /// each schema again (1.0 s of CPU over a 117-version history). `generate` has checked them against the model
    /// files first. A version without one is fingerprinted from its schema.
    package var lockedFingerprints: [StoreFingerprint]
    /// Per version, the versions whose hop into it the lock records, each with the findings the plan needs of the hop
    /// (``RecordedFinding``: the first may-fail and not-inferable ones, at their places; empty: it migrates straight
    /// with nothing the plan acts on; ``ModelLock/recordedHops(unchanged:)``): the planner does not check those hops
    /// again, nor read their versions.
    package var recordedHops: [String: [String: [MigrationCheck.Finding]]]
    /// The model's versions that are neither locked nor current, each with where it is (its `contents` file): the plan
    /// cannot know where their stores stand, so it is not written (``MigrationPlanRules/unlockedVersion``).
    package var unlockedVersions: [(name: String, location: SourceLocation)]

    /// The plan through `lockedVersions`, every one already read (tests, and callers without a lock file).
    package init(
        lockedVersions: [Schema], lockFileName: String, leftOutVersionNames: [String] = [], lockedFingerprints: [StoreFingerprint] = [],
        unlockedVersions: [(name: String, location: SourceLocation)] = []
    ) {
        let byName = Dictionary(lockedVersions.map { ($0.versionName, $0) }, uniquingKeysWith: { first, _ in first })
        self.init(
            lockedVersionNames: lockedVersions.map(\.versionName),
            schema: { name in
                guard let schema = byName[name] else {
                    throw DiagnosticsError(Diagnostic(
                        InternalRules.failure, "model version '\(name)' is not among the locked versions given to the plan"))
                }
                return schema
            },
            lockFileName: lockFileName, leftOutVersionNames: leftOutVersionNames, lockedFingerprints: lockedFingerprints,
            unlockedVersions: unlockedVersions)
    }

    package init(
        lockedVersionNames: [String], schema: @escaping @Sendable (String) throws -> Schema, lockFileName: String,
        leftOutVersionNames: [String] = [], lockedFingerprints: [StoreFingerprint] = [], recordedHops: [String: [String: [MigrationCheck.Finding]]] = [:],
        unlockedVersions: [(name: String, location: SourceLocation)] = []
    ) {
        self.lockedVersionNames = lockedVersionNames
        self.schema = schema
        self.lockFileName = lockFileName
        self.leftOutVersionNames = leftOutVersionNames
        self.lockedFingerprints = lockedFingerprints
        self.recordedHops = recordedHops
        self.unlockedVersions = unlockedVersions
    }

    /// The schema of every locked version in ``lockedVersionNames``, in the lock's order (each read now).
    package func lockedVersions() throws -> [Schema] {
        try lockedVersionNames.map(schema)
    }
}

extension MigrationPlanInput {
    /// What `generate --migration-plan` plans through: the locked versions in the bundle, in the lock's order from
    /// `oldest` on (all of them when nil), with the lock's fingerprints and the verdicts it records for the versions
    /// whose `contents` files still have the lock's digests. Nothing is read here but those files' bytes; a locked
    /// version is read (`schema`) when the plan needs it. Locked versions missing from the bundle are the lock check's
    /// errors.
    /// - Parameters:
    ///   - lock: the model's lock (`ModelHistory` reports a model without one).
    ///   - lockPath: where the lock file is, as messages name it.
    ///   - versions: the bundle's versions, each with its `contents` file's path, and that path as messages name it.
    ///   - current: the version the app opens with.
    ///   - schema: reads a version of the bundle.
    ///   - contentsDigest: the digest of a version's `contents` file (nil when it cannot be read), by version name.
    /// - Throws: ``OldestVersionNotLocked`` when `oldest` is not a locked version in the bundle.
    package static func fromLock(
        _ lock: ModelLock, lockPath: String, versions: [(name: String, contentsPath: String, shownAs: String)],
        current: Schema, oldest: String?, schema: @escaping @Sendable (String) throws -> Schema, contentsDigest: (String) -> String?
    ) throws -> MigrationPlanInput {
        let contentsPaths = Dictionary(versions.map { ($0.name, $0.contentsPath) }, uniquingKeysWith: { first, _ in first })
        let lockedByName = Dictionary(lock.versions.map { ($0.versionName, $0) }, uniquingKeysWith: { first, _ in first })
        var names = lock.versions.map(\.versionName).filter { contentsPaths[$0] != nil }
        var leftOut: [String] = []
        if let oldest {
            guard let start = names.firstIndex(of: oldest) else { throw OldestVersionNotLocked(name: oldest, locked: names) }
            leftOut = Array(names[..<start])
            names.removeFirst(start)
        }
        // A version neither locked nor current: the plan cannot place its stores (issue 44, item 9).
        let unlocked = versions.filter { lockedByName[$0.name] == nil && $0.name != current.versionName }.map {
            (name: $0.name, location: SourceLocation(path: $0.shownAs, line: 0))
        }
        // A record holds while its versions' bytes do: each file is digested once.
        var unchanged: [String: Bool] = [:]
        let recorded = lock.recordedHops { name in
            if let known = unchanged[name] { return known }
            let digest = lockedByName[name]?.contentsDigest
            let holds = digest != nil && contentsPaths[name] != nil && contentsDigest(name) == digest
            unchanged[name] = holds
            return holds
        }
        // A recorded finding's place is in the hop's destination (a version whose digest holds: it is in the bundle).
        var recordedHops: [String: [String: [MigrationCheck.Finding]]] = [:]
        for (version, hops) in recorded {
            guard let destination = contentsPaths[version] else { continue }
            recordedHops[version] = hops.mapValues { $0.map { $0.finding(destination: destination) } }
        }
        let currentSchema = current
        return MigrationPlanInput(
            lockedVersionNames: names,
            schema: { name in name == currentSchema.versionName ? currentSchema : try schema(name) },
            lockFileName: lockPath.split(separator: "/").last.map(String.init) ?? lockPath, leftOutVersionNames: leftOut,
            lockedFingerprints: names.compactMap { lockedByName[$0] },
            recordedHops: recordedHops,
            unlockedVersions: unlocked)
    }

    /// `migration-plan-oldest-version` names no locked version of the bundle.
    package struct OldestVersionNotLocked: Error {
        package var name: String
        /// The locked versions in the bundle, in the lock's order.
        package var locked: [String]
    }
}
