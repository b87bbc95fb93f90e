import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ManagedCodegenConfig
import ManagedModel
import ModelLock
import ModelReader

/// Where the lock file of a model is, and the checks `generate`, `lock` and `migration-check` share.
enum LockSupport {
    /// `<Model>.managed-codegen.lock` in the folder holding the bundle, written relative to the current folder
    /// when it is below it (diagnostics read like the model's own paths).
    static func lockPath(modelPath: String, modelName: String) -> String {
        let absolute = (ConfigFile.directory(besideModel: modelPath) as NSString)
            .appendingPathComponent(ModelLock.fileName(modelName: modelName))
        let current = ConfigFile.absolutePath(FileManager.default.currentDirectoryPath)
        if absolute.hasPrefix(current + "/") { return String(absolute.dropFirst(current.count + 1)) }
        return absolute
    }

    /// The lock, or nil when the model has no lock file. A lock file in an earlier format is one error telling how
    /// to re-create it, or, for `lock --force` (`replacingOutdated`), an empty lock.
    static func load(path: String, modelPath: String, replacingOutdated: Bool = false) throws -> ModelLock? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw DiagnosticsError(.error("cannot read the lock file", at: SourceLocation(path: path, line: 0)))
        }
        if replacingOutdated, ModelLock.isOutdatedFormat(text) { return ModelLock(versions: []) }
        return try ModelLock.parse(text, path: path, relock: "managed-codegen lock \(modelPath) --force")
    }

    /// The digest of a version's `contents` file (`FingerprintHash`), nil when it cannot be read.
    static func contentsDigest(_ path: String) -> String? {
        MigrationVerdictRecord.contentsDigest(ofFile: path)
    }

    /// The errors for every locked version that changed or disappeared; `versions` are the bundle's, loaded on
    /// demand: a version whose `contents` file has the bytes it had when locked is not read.
    static func check(
        _ lock: ModelLock, lockPath: String, modelPath: String, bundle: ModelBundle,
        schema: (String) throws -> Schema
    ) rethrows -> Diagnostics {
        var diagnostics = Diagnostics()
        for locked in lock.versions {
            guard let location = bundle.versions.first(where: { $0.name == locked.versionName }) else {
                diagnostics.error(
                    "locked model version '\(locked.versionName)' is no longer in the model: apps that shipped it cannot "
                        + "migrate their stores; restore it, or, if it never shipped, re-lock: managed-codegen lock \(modelPath) --force",
                    at: locked.location ?? SourceLocation(path: lockPath, line: 0))
                continue
            }
            if let digest = locked.contentsDigest, digest == contentsDigest(location.contentsPath) { continue }
            let current = try schema(locked.versionName)
            let changes = changes(from: locked, to: current)
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

    /// The locked version shipped just before `destination`, in the lock's order (a version not locked yet comes
    /// after every locked one); nil when there is none.
    static func newestLockedVersion(before destination: String, lock: ModelLock) -> String? {
        lock.versionShipped(before: destination)?.versionName
    }

    /// The hops of the migration plan a store of `source` crosses to `destination` that make a value required (each
    /// needs the app's hook), in the plan's names: the store schemas the plan walks (``StoreSchemaSequence``: the
    /// lock's versions in its order, each store schema once, `destination` last, a revert's earlier versions opening
    /// as it). Nil when the plan does not take a store of `source` to `destination`.
    static func hookedHops(
        _ lock: ModelLock, from source: String, to destination: Schema, schema load: @escaping (String) throws -> Schema
    ) throws -> [(from: String, to: String)]? {
        // The plan as the app opening `destination` has it: the versions shipped up to it, then it.
        var versions = Array(lock.versions.prefix { $0.versionName != destination.versionName })
        versions.append(lock.version(named: destination.versionName) ?? StoreFingerprint(destination))
        let sequence = StoreSchemaSequence(versions, current: destination.versionName)
        let distinct = sequence.distinct
        guard let from = sequence.position(of: source), let to = sequence.position(of: destination.versionName), from < to
        else { return nil }
        let verdicts = MigrationCheck.VerdictCache(schema: { $0 == destination.versionName ? destination : try load($0) })
        var hops: [(from: String, to: String)] = []
        for index in from..<to where try verdicts.findings(from: distinct[index], to: distinct[index + 1]).contains(where: { $0.kind == .mayFail }) {
            hops.append((distinct[index], distinct[index + 1]))
        }
        return hops
    }

    /// What CloudKit's production schema refuses in `destination` (`CloudKitAppendOnly`). The production schema is the
    /// versions the lock lists before `destination`, in the lock's order (the order they shipped); without a lock, or
    /// when it lists none before `destination`, it is `fallback` (`migration-check`'s source). `generate` and
    /// `migration-check` both ask here, so they give the same findings for the same edit. The earlier versions are read
    /// only when the newest one syncs.
    static func cloudKitFindings(
        lock: ModelLock?, fallback: String?, destination: Schema, bundle: ModelBundle, setting: Bool?,
        schema load: (String) throws -> Schema
    ) rethrows -> [CloudKitAppendOnly.Finding] {
        var names: [String] = []
        if let lock {
            let inBundle = Set(bundle.versions.map(\.name))
            let shipped = lock.versions.map(\.versionName).filter { inBundle.contains($0) }
            names = Array(shipped[..<(shipped.firstIndex(of: destination.versionName) ?? shipped.count)])
        }
        if names.isEmpty, let fallback, fallback != destination.versionName { names = [fallback] }
        guard let newestName = names.last else { return [] }
        let newest = try load(newestName)
        guard !CloudKitScope(newest, setting: setting).isEmpty else { return [] }
        let deployed = try names.dropLast().map(load) + [newest]
        return CloudKitAppendOnly.findings(deployed: deployed, current: destination, setting: setting)
    }

    /// Writes `text` to `path` through a temporary file and a rename (``StagedFile``): the old lock stays whole
    /// until the new one is.
    static func write(_ text: String, to path: String) throws {
        do {
            try StagedFile.write(Array(text.utf8), to: path)
        } catch let error as FileWriteError {
            throw DiagnosticsError(.error("cannot write the lock file: \(error.reason)", at: SourceLocation(path: path, line: 0)))
        }
    }
}
