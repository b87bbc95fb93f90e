import ManagedModel
import ModelLock
import ModelReader

/// The lock `lock` would write, and what changed from the lock file it read (``ModelHistory/relocked(versionNamed:force:)``).
package struct Relocking: Sendable {
    /// The new lock, in the order the versions shipped.
    package var lock: ModelLock
    /// Versions locked for the first time, in the bundle's order.
    package var added: [String] = []
    /// Locked versions whose store schema changed, re-locked with `--force`.
    package var relocked: [String] = []
    /// Locked versions with the same store schema in other bytes: their contents digest is new.
    package var refreshed: [String] = []
    /// Locked versions no longer in the bundle, dropped with `--force`.
    package var dropped: [String] = []
    /// The bundle's and the read versions' warnings; without `--force`, an error per change to a locked version and
    /// per locked version gone. `lock` writes nothing when there is an error among them.
    package var diagnostics: Diagnostics
}

extension ModelHistory {
    /// The lock with every version of the bundle (or only `versionName`) locked: a new version appended in the order
    /// the versions shipped (``ModelLock/shippingOrder(of:assumedOrder:)``), a locked version whose `contents` has the
    /// bytes it had when locked kept unread. A locked version that changed, or that the bundle no longer has, is an
    /// error unless `force` re-locks or drops it.
    /// - Throws: `DiagnosticsError` when a version cannot be read (the errors of every such version).
    package func relocked(versionNamed versionName: String?, force: Bool) throws -> Relocking {
        var diagnostics = bundleDiagnostics
        let existing = try lock() ?? ModelLock(versions: [])
        let wanted = try versionName.map { [try bundle.version(named: $0)] } ?? bundle.versions
        var fingerprints: [String: StoreFingerprint] = [:]
        for version in existing.versions { fingerprints[version.versionName] = version }
        var result = Relocking(lock: existing, diagnostics: Diagnostics())
        var loadFailures = Diagnostics()
        for location in wanted {
            let digest = contentsDigest(of: location)
            let locked = existing.version(named: location.name)
            // An entry recording derived attributes as before issue 44 is read again, to be rewritten.
            if let locked, locked.contentsDigest != nil, locked.contentsDigest == digest, !locked.hasLegacyDerivedAttributes { continue }
            guard let loaded = try loadFailures.collecting({ try loadedVersion(named: location.name) }) else { continue }
            for diagnostic in loaded.diagnostics.all where !diagnostics.all.contains(diagnostic) { diagnostics.append(diagnostic) }
            var fingerprint = StoreFingerprint(loaded.schema)
            fingerprint.contentsDigest = digest
            if let locked {
                let changes = Self.changes(from: locked, to: loaded.schema)
                if !changes.isEmpty {
                    if !force {
                        diagnostics.append(contentsOf: LockCheck.diagnostics(
                            for: changes, versionName: fingerprint.versionName, modelPath: modelPath))
                        continue
                    }
                    result.relocked.append(fingerprint.versionName)
                } else {
                    // The same store schema in other bytes: the new digest spares the next runs reading it.
                    result.refreshed.append(fingerprint.versionName)
                }
            } else {
                result.added.append(fingerprint.versionName)
            }
            fingerprints[fingerprint.versionName] = fingerprint
        }
        if loadFailures.hasErrors { throw DiagnosticsError(loadFailures) }
        for version in existing.versions where !hasVersion(version.versionName) {
            if force {
                fingerprints[version.versionName] = nil
                result.dropped.append(version.versionName)
            } else {
                diagnostics.append(HistoryRules.lockedVersionGone.diagnostic(
                    "locked model version '\(version.versionName)' is no longer in the model; restore it, or drop it from the lock with --force",
                    at: version.location ?? SourceLocation(path: lockPath, line: 0)))
            }
        }
        let assumed = ModelLock.assumedShippingOrder(naturallyOrdered: bundle.versions.map(\.name), current: bundle.currentVersionName)
        // With the verdicts the migration plan asks about the hops into each version (`straight-hops=`, issue 46).
        result.lock = ModelLock(versions: existing.shippingOrder(of: Set(fingerprints.keys), assumedOrder: assumed).compactMap { fingerprints[$0] })
            .recordingStraightHops { [self] in try schema(of: $0) }
        result.diagnostics = diagnostics
        return result
    }

    /// Writes `lock` over the lock file through a temporary file and a rename (``StagedFile``): the old lock stays
    /// whole until the new one is. False, writing nothing, when the file already has its text.
    package func write(_ lock: ModelLock) throws -> Bool {
        let text = lock.text(modelName: bundle.modelName)
        if try lockText() == text { return false }
        do {
            try StagedFile.write(Array(text.utf8), to: lockPath)
        } catch let error as FileWriteError {
            throw DiagnosticsError(HistoryRules.unwritableLock.diagnostic(
                "cannot write the lock file: \(error.reason)", at: SourceLocation(path: lockPath, line: 0)))
        }
        return true
    }
}
