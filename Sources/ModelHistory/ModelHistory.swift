import Foundation
import ManagedCodegenConfig
import ManagedModel
import ModelLock
import ModelReader

/// A model's shipped history: its bundle and versions, and the lock of the versions that shipped
/// (`<Model>.managed-codegen.lock` beside the bundle). `generate`, `lock` and `migration-check` ask it every question
/// about the versions before the one they work on: the lock check, the migration findings to that version, the
/// CloudKit production findings, the migration plan's input, re-locking.
///
/// One per run: the lock is read and parsed once, when first asked for; each version is read once, when a question
/// first needs it, and kept (a `generate --migration-plan` run over 117 versions asks for most of them several times).
/// `@unchecked Sendable`: the migration plan's input reads versions through it (a `@Sendable` reader), and every
/// access to what it keeps holds ``state`` (no `Mutex` before macOS 15).
package final class ModelHistory: @unchecked Sendable {
    /// The model as the user named it (in messages and in the commands they advise).
    package let modelPath: String
    package let bundle: ModelBundle
    /// What was noticed finding the bundle (a guessed current version); first in each version's diagnostics.
    package let bundleDiagnostics: Diagnostics
    /// `<Model>.managed-codegen.lock` beside the bundle, relative to the current folder when below it.
    package let lockPath: String
    /// `lock --force`: a lock file of an earlier format reads as an empty lock instead of an error.
    private let replacingOutdatedLock: Bool

    /// Held by every method reading or changing what is kept below; recursive, as one may call another.
    private let state = NSRecursiveLock()
    private var lockState: LockState = .unread
    private var loadedVersions: [String: LoadedModel] = [:]
    private var digests: [String: String?] = [:]
    /// The versions read from their `contents` files, in the order they were read (each at most once).
    package var versionsRead: [String] {
        state.lock()
        defer { state.unlock() }
        return read
    }
    private var read: [String] = []

    private enum LockState {
        case unread
        case read(ModelLock?, text: String?)
    }

    /// The history of `bundle`, found at `modelPath`.
    package init(modelPath: String, bundle: ModelBundle, bundleDiagnostics: Diagnostics = Diagnostics(), replacingOutdatedLock: Bool = false) {
        self.modelPath = modelPath
        self.bundle = bundle
        self.bundleDiagnostics = bundleDiagnostics
        self.replacingOutdatedLock = replacingOutdatedLock
        lockPath = Self.lockPath(modelPath: modelPath, modelName: bundle.modelName)
    }

    /// The history of the bundle at `modelPath` (``ModelLoader/locateBundle(_:)``).
    package convenience init(locating modelPath: String) throws {
        let (bundle, diagnostics) = try ModelLoader.locateBundle(modelPath)
        self.init(modelPath: modelPath, bundle: bundle, bundleDiagnostics: diagnostics)
    }

    /// `<Model>.managed-codegen.lock` in the folder holding the bundle, written relative to the current folder
    /// when it is below it (diagnostics read like the model's own paths).
    package static func lockPath(modelPath: String, modelName: String) -> String {
        let absolute = (ConfigFile.directory(besideModel: modelPath) as NSString)
            .appendingPathComponent(ModelLock.fileName(modelName: modelName))
        let current = ConfigFile.absolutePath(FileManager.default.currentDirectoryPath)
        if absolute.hasPrefix(current + "/") { return String(absolute.dropFirst(current.count + 1)) }
        return absolute
    }

    // MARK: The lock

    /// The lock, or nil when the model has no lock file; read and parsed on the first call only. A lock file in an
    /// earlier format is one error telling how to re-create it, or, when ``replacingOutdatedLock``, an empty lock.
    package func lock() throws -> ModelLock? {
        state.lock()
        defer { state.unlock() }
        if case .read(let lock, _) = lockState { return lock }
        guard FileManager.default.fileExists(atPath: lockPath) else {
            lockState = .read(nil, text: nil)
            return nil
        }
        guard let data = FileManager.default.contents(atPath: lockPath), let text = String(data: data, encoding: .utf8) else {
            throw DiagnosticsError(HistoryRules.unreadableLock.diagnostic("cannot read the lock file", at: SourceLocation(path: lockPath, line: 0)))
        }
        let lock =
            replacingOutdatedLock && ModelLock.isOutdatedFormat(text)
            ? ModelLock(versions: [])
            : try ModelLock.parse(text, path: lockPath, relock: "managed-codegen lock \(modelPath) --force")
        lockState = .read(lock, text: text)
        return lock
    }

    /// The lock file's text as read (nil without one): `lock` compares the text it would write with it.
    package func lockText() throws -> String? {
        state.lock()
        defer { state.unlock() }
        _ = try lock()
        guard case .read(_, let text) = lockState else { return nil }
        return text
    }

    // MARK: Versions

    /// The version called `name` (nil: the current version), read on the first call only.
    /// - Throws: `DiagnosticsError` for an unknown version, or one with errors (carrying ``bundleDiagnostics``).
    package func loadedVersion(named name: String? = nil) throws -> LoadedModel {
        state.lock()
        defer { state.unlock() }
        let location = try bundle.version(named: name)
        if let loaded = loadedVersions[location.name] { return loaded }
        read.append(location.name)
        let loaded = try ModelLoader.load(location, of: bundle, diagnostics: bundleDiagnostics)
        loadedVersions[location.name] = loaded
        return loaded
    }

    /// The schema of the version called `name`, read on the first call only.
    package func schema(of name: String) throws -> Schema {
        try loadedVersion(named: name).schema
    }

    /// Whether the bundle has a version called `name`.
    package func hasVersion(_ name: String) -> Bool {
        bundle.versions.contains { $0.name == name }
    }

    /// ``contentsDigest(of:)`` of the bundle's version called `name`; nil when it has none or its file cannot be read.
    package func contentsDigest(ofVersion name: String) -> String? {
        bundle.versions.first { $0.name == name }.flatMap(contentsDigest(of:))
    }

    /// The digest of the version's `contents` file (`FingerprintHash`), nil when it cannot be read; computed once. The
    /// bytes are not kept: a version whose digest holds is not read (its lock entry and records answer for it), so
    /// keeping them would hold every locked version's bytes (8 MB over 117 versions) for the few read again.
    func contentsDigest(of location: ModelVersionLocation) -> String? {
        state.lock()
        defer { state.unlock() }
        if let digest = digests[location.name] { return digest }
        let digest = FileManager.default.contents(atPath: location.contentsPath).map { FingerprintHash.digest([UInt8]($0)) }
        digests[location.name] = digest
        return digest
    }
}
