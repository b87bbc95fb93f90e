import ArgumentParser
import Foundation
import ManagedModel
import ModelLock
import ModelReader

struct Lock: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record the store schema of the model's versions in a lock file, to commit when you ship.",
        discussion: """
            Writes <Model>.managed-codegen.lock beside the model bundle: per version, its entities' Core Data \
            version hashes and what they are made of (each distinct entity written once; not transient or fetched \
            properties, default values, validation rules, user info, class names or delete rules), and a digest of \
            the version's contents file, so that an unchanged version is not read again. From then on `generate` fails when a locked version changes in a way that makes \
            Core Data refuse the stores it created, and warns about changes from the newest locked version to the \
            current one that lightweight migration cannot infer.

            The lock lists versions in the order they shipped: a newly locked version is appended. The first \
            lock of a model with several versions assumes the natural order of their names (numbers compared as \
            numbers, spaces and punctuation ignored: Model V 23 after Model V22) with the current version last, \
            prints that order one version a line, and warns where a hop of it removes an entity or property that \
            a later version has again; correct it by moving version blocks in the lock file. migration-check and \
            the migration plan follow that order.

            Locks every version of the bundle (or only --model-version). A version already locked that has \
            changed is refused unless --force re-locks it (only for versions that never shipped); --force also \
            drops locked versions that are no longer in the bundle, and replaces a lock file of an earlier \
            managed-codegen. Nothing is written on error.
            """
    )

    @OptionGroup var model: ModelOptions

    @Flag(help: "Re-lock versions whose store schema changed, and drop locked versions the bundle no longer has.")
    var force = false

    func run() throws {
        var diagnostics = Diagnostics()
        let bundle = try ModelBundle.locate(model.model, diagnostics: &diagnostics)
        let lockPath = LockSupport.lockPath(modelPath: model.model, modelName: bundle.modelName)
        let existing = try LockSupport.load(path: lockPath, modelPath: model.model, replacingOutdated: force) ?? ModelLock(versions: [])

        let wanted = try model.modelVersion.map { [try bundle.version(named: $0)] } ?? bundle.versions
        var fingerprints: [String: StoreFingerprint] = [:]
        for version in existing.versions { fingerprints[version.versionName] = version }
        var added: [String] = []
        var relocked: [String] = []
        var refreshed: [String] = []
        var loadFailures = Diagnostics()
        for location in wanted {
            // A locked version whose `contents` has the bytes it had when locked is not read again.
            let digest = LockSupport.contentsDigest(location.contentsPath)
            let locked = existing.version(named: location.name)
            // An entry recording derived attributes as before issue 44 is read again, to be rewritten.
            if let locked, locked.contentsDigest != nil, locked.contentsDigest == digest, !locked.hasLegacyDerivedAttributes { continue }
            guard let loaded = try loadFailures.collecting({ try ModelLoader.load(model.model, version: location.name) }) else { continue }
            for diagnostic in loaded.diagnostics.all where !diagnostics.all.contains(diagnostic) { diagnostics.append(diagnostic) }
            var fingerprint = StoreFingerprint(loaded.schema)
            fingerprint.contentsDigest = digest
            if let locked {
                let changes = LockSupport.changes(from: locked, to: loaded.schema)
                if !changes.isEmpty {
                    if !force {
                        diagnostics.append(contentsOf: LockCheck.diagnostics(
                            for: changes, versionName: fingerprint.versionName, modelPath: model.model))
                        continue
                    }
                    relocked.append(fingerprint.versionName)
                } else {
                    // The same store schema in other bytes: the new digest spares the next runs reading it.
                    refreshed.append(fingerprint.versionName)
                }
            } else {
                added.append(fingerprint.versionName)
            }
            fingerprints[fingerprint.versionName] = fingerprint
        }
        if loadFailures.hasErrors { throw DiagnosticsError(loadFailures) }
        var dropped: [String] = []
        for version in existing.versions where !bundle.versions.contains(where: { $0.name == version.versionName }) {
            if force {
                fingerprints[version.versionName] = nil
                dropped.append(version.versionName)
            } else {
                diagnostics.error(
                    "locked model version '\(version.versionName)' is no longer in the model; restore it, or drop it from the lock with --force",
                    at: version.location ?? SourceLocation(path: lockPath, line: 0))
            }
        }
        try DiagnosticPrinter.report(diagnostics, warningsAsErrors: model.warningsAsErrors ?? false)

        let assumed = ModelLock.assumedShippingOrder(naturallyOrdered: bundle.versions.map(\.name), current: bundle.currentVersionName)
        let ordered = existing.shippingOrder(of: Set(fingerprints.keys), assumedOrder: assumed).compactMap { fingerprints[$0] }
        // With the verdicts the migration plan asks about the hops into each version (`straight-hops=`, issue 46).
        let lock = ModelLock(versions: ordered).recordingStraightHops { try ModelLoader.load(version: $0, of: bundle).schema }
        let text = lock.text(modelName: bundle.modelName)
        let old = FileManager.default.contents(atPath: lockPath).flatMap { String(data: $0, encoding: .utf8) }
        let quoted = { (names: [String]) in NameList.quoted(names, noun: "versions") }
        if old == text {
            print("\(lockPath): up to date (\(lock.versions.count) locked \(lock.versions.count == 1 ? "version" : "versions"))")
            return
        }
        try LockSupport.write(text, to: lockPath)
        var parts: [String] = []
        if !added.isEmpty { parts.append("locked \(quoted(added))") }
        if !relocked.isEmpty { parts.append("re-locked \(quoted(relocked))") }
        if !dropped.isEmpty { parts.append("dropped \(quoted(dropped))") }
        if !refreshed.isEmpty { parts.append("store schema unchanged, contents digest updated for \(quoted(refreshed))") }
        if parts.isEmpty { parts.append("rewritten") }
        print("\(lockPath): \(parts.joined(separator: "; ")) (\(lock.versions.count) locked \(lock.versions.count == 1 ? "version" : "versions"))")
        if added.count > 1 {
            // Several versions locked at once (the first lock of an existing history): their order is a guess from
            // the names; say so, once, one version a line, and where a hop of it removes what a later version has
            // again (a sign the names misled).
            let appended = lock.versions.map(\.versionName).filter(added.contains)
            print(
                "\(lockPath): assumed these versions shipped in this order"
                    + (existing.versions.isEmpty ? " " : ", after the versions locked before ") + "(natural order of their names, numbers compared as numbers, "
                    + "spaces and punctuation ignored, the current version last); if they shipped in another order, move their "
                    + "version blocks in the lock file (migration-check and the migration plan follow it):")
            for name in appended { print("  \(name)") }
            DiagnosticPrinter.print(LockOrderCheck.diagnostics(LockOrderCheck.findings(lock.versions), lockPath: lockPath))
        }
    }
}
