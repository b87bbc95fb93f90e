import ArgumentParser
import Foundation
import ManagedModel
import ModelLock
import ModelReader

struct Lock: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record the store schema of the model's versions in a lock file, to commit when you ship.",
        discussion: """
            Writes <Model>.managed-codegen.lock beside the model bundle: per version, per entity and property, \
            the values Core Data's version hashes are made of (not default values, validation rules, user info \
            or class names). From then on `generate` fails when a locked version changes in a way that makes \
            Core Data refuse the stores it created, and warns about changes from the newest locked version to the \
            current one that lightweight migration cannot infer.

            Locks every version of the bundle (or only --model-version). A version already locked that has \
            changed is refused unless --force re-locks it (only for versions that never shipped); --force also \
            drops locked versions that are no longer in the bundle. Nothing is written on error.
            """
    )

    @OptionGroup var model: ModelOptions

    @Flag(help: "Re-lock versions whose store schema changed, and drop locked versions the bundle no longer has.")
    var force = false

    func run() throws {
        let loaded = try ModelLoader.loadAllVersions(model.model)
        guard let bundle = loaded.first?.bundle else { return }
        var diagnostics = Diagnostics()
        for version in loaded { diagnostics.append(contentsOf: version.diagnostics) }
        let lockPath = LockSupport.lockPath(modelPath: model.model, modelName: bundle.modelName)
        let existing = try LockSupport.load(path: lockPath) ?? ModelLock(versions: [])

        let wanted: [LoadedModel]
        if let name = model.modelVersion {
            let location = try bundle.version(named: name)
            wanted = loaded.filter { $0.schema.versionName == location.name }
        } else {
            wanted = loaded
        }
        var fingerprints: [String: StoreFingerprint] = [:]
        for version in existing.versions { fingerprints[version.versionName] = version }
        var added: [String] = []
        var relocked: [String] = []
        for version in wanted {
            let fingerprint = StoreFingerprint(version.schema)
            if let locked = existing.version(named: fingerprint.versionName) {
                let changes = LockCheck.changes(from: locked, to: fingerprint, contentsPath: version.schema.contentsPath)
                guard !changes.isEmpty else { continue }
                if !force {
                    diagnostics.append(contentsOf: LockCheck.diagnostics(
                        for: changes, versionName: fingerprint.versionName, modelPath: model.model))
                    continue
                }
                relocked.append(fingerprint.versionName)
            } else {
                added.append(fingerprint.versionName)
            }
            fingerprints[fingerprint.versionName] = fingerprint
        }
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

        let ordered = bundle.versions.compactMap { fingerprints[$0.name] }
        let lock = ModelLock(versions: ordered)
        let text = lock.text(modelName: bundle.modelName)
        let old = FileManager.default.contents(atPath: lockPath).flatMap { String(data: $0, encoding: .utf8) }
        let quoted = { (names: [String]) in names.map { "'\($0)'" }.joined(separator: ", ") }
        if old == text {
            print("\(lockPath): up to date (\(lock.versions.count) locked \(lock.versions.count == 1 ? "version" : "versions"))")
            return
        }
        try LockSupport.write(text, to: lockPath)
        var parts: [String] = []
        if !added.isEmpty { parts.append("locked \(quoted(added))") }
        if !relocked.isEmpty { parts.append("re-locked \(quoted(relocked))") }
        if !dropped.isEmpty { parts.append("dropped \(quoted(dropped))") }
        if parts.isEmpty { parts.append("rewritten") }
        print("\(lockPath): \(parts.joined(separator: "; ")) (\(lock.versions.count) locked \(lock.versions.count == 1 ? "version" : "versions"))")
    }
}
