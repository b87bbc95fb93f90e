import ManagedModel
import ModelLock

extension ModelHistory {
    /// The errors for every locked version that changed or disappeared (`LockCheck`); none without a lock. A version
    /// whose `contents` file has the bytes it had when locked is not read.
    package func lockCheck() throws -> Diagnostics {
        var diagnostics = Diagnostics()
        guard let lock = try lock() else { return diagnostics }
        for locked in lock.versions {
            guard let location = bundle.versions.first(where: { $0.name == locked.versionName }) else {
                diagnostics.append(HistoryRules.lockedVersionGone.diagnostic(
                    "locked model version '\(locked.versionName)' is no longer in the model: apps that shipped it cannot "
                        + "migrate their stores; restore it, or, if it never shipped, re-lock: managed-codegen lock \(modelPath) --force",
                    at: locked.location ?? SourceLocation(path: lockPath, line: 0)))
                continue
            }
            if let digest = locked.contentsDigest, digest == contentsDigest(of: location) { continue }
            let changes = Self.changes(from: locked, to: try schema(of: locked.versionName))
            diagnostics.append(contentsOf: LockCheck.diagnostics(for: changes, versionName: locked.versionName, modelPath: modelPath))
        }
        return diagnostics
    }

    /// What changed from the locked entry to `schema`'s store schema. An entry locked before issue 44 records derived
    /// attributes otherwise (``StoreFingerprint/hasLegacyDerivedAttributes``): it is unchanged when it matches either
    /// fingerprint, so that an existing lock does not report its shipped versions as edited.
    static func changes(from locked: StoreFingerprint, to schema: Schema) -> [FingerprintChange] {
        let changes = LockCheck.changes(from: locked, to: StoreFingerprint(schema), contentsPath: schema.contentsPath)
        guard !changes.isEmpty, locked.hasLegacyDerivedAttributes,
            LockCheck.changes(from: locked, to: StoreFingerprint(schema, legacyDerivedAttributes: true), contentsPath: schema.contentsPath).isEmpty
        else { return changes }
        return []
    }
}
