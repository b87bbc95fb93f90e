import Foundation
import ManagedCodegenTemplates
import ManagedModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a successful run leaves in the machine folder (`.managed-codegen-stamp`) so that the next run with the
/// same inputs, finding its output exactly as it was left, can stop before reading the model.
///
/// A build runs the generator on every build; with a 1,000-entity model a full run costs seconds even when it
/// writes nothing. The stamp holds a fingerprint of every input (the bytes of every file under the model path,
/// the configuration, the templates, the generator binary, the destinations, the flags) and the identity (size,
/// modification time, inode) of every file the run wrote or kept, and the names of the Swift files in the machine
/// and tests folders. Any difference, or any doubt (no stamp, unreadable stamp), means a full run. The
/// configuration is fingerprinted through its reflection, so settings added to it later are covered.
public struct GenerationStamp: Sendable {
    public static let fileName = ".managed-codegen-stamp"
    static let formatVersion = 1

    /// What the stamped run printed and reported, for a run that stops early to print again.
    public struct Replay: Sendable {
        /// The diagnostics it printed (warnings and notes), one line each.
        public var diagnostics: [String]
        /// Every file unchanged or kept, as a full run over untouched output reports them.
        public var report: WriteReport
    }

    let fingerprint: String
    let destinations: OutputWriter.Destinations

    private var stampPath: String {
        (OutputWriter.standardized(destinations.machineDirectory) as NSString).appendingPathComponent(Self.fileName)
    }

    /// - Parameters:
    ///   - modelPath: the model as given (bundle, version folder or `contents` file); every file under it counts.
    ///   - flags: anything else that changes what is printed or written (e.g. `--warnings-as-errors`).
    public init(modelPath: String, configuration: GeneratorConfiguration, destinations: OutputWriter.Destinations, flags: [String] = []) {
        var hasher = StableHasher()
        hasher.combine("managed-codegen stamp \(Self.formatVersion)")
        hasher.combine(Self.executableIdentity())
        hasher.combine(String(reflecting: configuration))
        hasher.combine(String(reflecting: destinations))
        hasher.combine(FileManager.default.currentDirectoryPath)
        for flag in flags { hasher.combine(flag) }
        hasher.combineTree(at: modelPath)
        if let bundled = BundledTemplates.directory?.path { hasher.combineTree(at: bundled) }
        if let templates = configuration.templatesDirectory { hasher.combineTree(at: templates) }
        fingerprint = hasher.hexDigest
        self.destinations = destinations
    }

    // MARK: Checking

    /// The stamped run's report when its inputs are these and every file it left is untouched; nil otherwise.
    public func replay() -> Replay? {
        guard let data = FileManager.default.contents(atPath: stampPath),
            let record = try? JSONDecoder().decode(Record.self, from: data),
            record.formatVersion == Self.formatVersion, record.fingerprint == fingerprint
        else { return nil }
        for file in record.machineFiles + record.humanFiles where FileIdentity(path: file.path) != file.identity {
            return nil
        }
        guard swiftFileListing() == record.swiftFileListing else { return nil }
        var report = WriteReport()
        report.unchanged = record.machineFiles.map(\.path)
        report.preservedHumanFiles = record.humanFiles.map(\.path)
        return Replay(diagnostics: record.diagnostics, report: report)
    }

    // MARK: Recording

    /// Before writing: a run that fails halfway must not leave a stamp that still matches.
    public func invalidate() {
        unlink(stampPath)
    }

    /// After a successful write: remembers `report`'s files and the printed `diagnostics`. Best effort: a stamp
    /// that cannot be written only makes the next run a full one.
    public func record(_ report: WriteReport, diagnostics: [String]) {
        let humanFolder = OutputWriter.standardized(destinations.humanDirectory)
        let isHuman = { (path: String) in (path as NSString).deletingLastPathComponent == humanFolder }
        let produced = (report.written + report.unchanged).filter { !isHuman($0) }
        let human = report.written.filter(isHuman) + report.preservedHumanFiles
        var entries: [Record.Entry] = []
        for path in produced + human {
            guard let identity = FileIdentity(path: path) else { return }
            entries.append(Record.Entry(path: path, identity: identity))
        }
        let record = Record(
            formatVersion: Self.formatVersion, fingerprint: fingerprint, diagnostics: diagnostics,
            machineFiles: Array(entries.prefix(produced.count)).sorted { $0.path < $1.path },
            humanFiles: Array(entries.dropFirst(produced.count)).sorted { $0.path < $1.path },
            swiftFileListing: swiftFileListing())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(record) else { return }
        let temporary = stampPath + ".\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, stampPath) != 0 { unlink(temporary) }
    }

    // MARK: Storage

    struct Record: Codable {
        struct Entry: Codable {
            var path: String
            var identity: FileIdentity
        }

        var formatVersion: Int
        var fingerprint: String
        var diagnostics: [String]
        var machineFiles: [Entry]
        var humanFiles: [Entry]
        /// Swift files in the machine and tests folders: a new one (a stale banner file to delete) means a full run.
        var swiftFileListing: [String]
    }

    struct FileIdentity: Codable, Equatable {
        var size: Int64
        var modifiedSeconds: Int64
        var modifiedNanoseconds: Int64
        var inode: UInt64

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
            size = Int64(status.st_size)
            #if canImport(Darwin)
            modifiedSeconds = Int64(status.st_mtimespec.tv_sec)
            modifiedNanoseconds = Int64(status.st_mtimespec.tv_nsec)
            #else
            modifiedSeconds = Int64(status.st_mtim.tv_sec)
            modifiedNanoseconds = Int64(status.st_mtim.tv_nsec)
            #endif
            inode = UInt64(status.st_ino)
        }
    }

    private func swiftFileListing() -> [String] {
        let folders = [destinations.machineDirectory, destinations.testsDirectory].compactMap { $0 }.map(OutputWriter.standardized)
        return Set(folders).sorted().flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
                .map { (folder as NSString).appendingPathComponent($0) }
        }
    }

    /// The running binary's path, size, modification time and inode: a rebuilt generator never trusts old output.
    private static func executableIdentity() -> String {
        guard let path = Bundle.main.executableURL?.resolvingSymlinksInPath().path, let identity = FileIdentity(path: path) else {
            return "unknown executable \(UUID().uuidString)"  // never matches: always a full run
        }
        return "\(path) \(identity.size) \(identity.modifiedSeconds).\(identity.modifiedNanoseconds) \(identity.inode)"
    }
}

/// FNV-1a over two 64-bit lanes with different offsets: stable across processes (unlike `Hasher`), fast enough
/// to read a few MB of model in milliseconds; a change detector, not a defence against crafted collisions.
struct StableHasher {
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x6c62_272e_07bb_0142
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var first = self.first
        var second = self.second
        for byte in bytes {
            first = (first ^ UInt64(byte)) &* Self.prime
            second = (second ^ UInt64(byte)) &* Self.prime
            second ^= second >> 29
        }
        self.first = first
        self.second = second
        combineLength(bytes.count)
    }

    mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    private mutating func combineLength(_ count: Int) {
        withUnsafeBytes(of: UInt64(count).littleEndian) { bytes in
            for byte in bytes {
                first = (first ^ UInt64(byte)) &* Self.prime
                second = (second ^ UInt64(byte)) &* Self.prime
            }
        }
    }

    /// Every regular file under `path` (or the file itself), by sorted relative path, with its bytes.
    mutating func combineTree(at path: String) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            combine("missing \(path)")
            return
        }
        let files: [String]
        if isDirectory.boolValue {
            let enumerator = FileManager.default.enumerator(atPath: path)
            var found: [String] = []
            while let relative = enumerator?.nextObject() as? String { found.append(relative) }
            files = found.sorted()
        } else {
            files = [""]
        }
        for relative in files {
            let file = relative.isEmpty ? path : (path as NSString).appendingPathComponent(relative)
            combine(relative)
            guard let data = FileManager.default.contents(atPath: file) else {
                combine("folder or unreadable")
                continue
            }
            data.withUnsafeBytes { combine($0) }
        }
    }

    var hexDigest: String {
        String(first, radix: 16) + "-" + String(second, radix: 16)
    }
}
