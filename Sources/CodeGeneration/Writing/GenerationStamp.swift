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

/// What a successful run leaves in the machine folder (`.managed-codegen-stamp.<Model>`, one per model: several
/// models may share the folder) so that the next run with the same inputs, finding its output exactly as it was
/// left, can stop before reading the model.
///
/// A build runs the generator on every build; with a 1,000-entity model a full run costs seconds even when it
/// writes nothing. The stamp holds a fingerprint of every input (the bytes of every file under the model path,
/// the configuration, the templates, the generator binary, the destinations, the flags, the validation hooks found
/// in the user's files) and the identity (size, modification time, inode) of every file the run wrote or kept, and
/// the names of the Swift files in the machine and tests folders. Any difference, or any doubt (no stamp, unreadable stamp), means a full run. The
/// configuration is fingerprinted through its reflection, so settings added to it later are covered.
public struct GenerationStamp: Sendable {
    /// Followed by `.` and the model's name.
    public static let fileNamePrefix = ".managed-codegen-stamp"
    static let formatVersion = 2

    /// What the stamped run printed and reported, for a run that stops early to print again.
    public struct Replay: Sendable {
        /// The diagnostics it printed (warnings and notes), one line each.
        public var diagnostics: [String]
        /// Every file unchanged or kept, as a full run over untouched output reports them.
        public var report: WriteReport
    }

    let fingerprint: String
    let destinations: OutputWriter.Destinations
    let stampPath: String

    /// - Parameters:
    ///   - modelPath: the model as given (bundle, version folder or `contents` file); every file under it counts.
    ///   - modelName: names the stamp file.
    ///   - flags: anything else that changes what is printed or written (e.g. `--warnings-as-errors`).
    ///   - hooks: the validation hooks found in the user's files (names, signatures, lines): a hook added,
    ///     removed or moved changes the output or the diagnostics, any other edit of those files does not.
    public init(
        modelPath: String, modelName: String, configuration: GeneratorConfiguration, destinations: OutputWriter.Destinations,
        flags: [String] = [], hooks: ValidationHookScan = .none
    ) {
        var hasher = StableHasher()
        hasher.combine("managed-codegen stamp \(Self.formatVersion)")
        hasher.combine(Self.executableIdentity())
        hasher.combine(String(reflecting: configuration))
        hasher.combine(String(reflecting: destinations))
        hasher.combine(FileManager.default.currentDirectoryPath)
        for flag in flags { hasher.combine(flag) }
        hasher.combine(String(reflecting: hooks))
        hasher.combineTree(at: modelPath)
        if let bundled = BundledTemplates.directory?.path { hasher.combineTree(at: bundled) }
        if let templates = configuration.templatesDirectory { hasher.combineTree(at: templates) }
        fingerprint = hasher.hexDigest
        self.destinations = destinations
        stampPath = (OutputWriter.standardized(destinations.machineDirectory) as NSString)
            .appendingPathComponent(Self.fileNamePrefix + "." + modelName)
    }

    // MARK: Checking

    /// The stamped run's report when its inputs are these and every file it left is untouched; nil otherwise.
    public func replay() -> Replay? {
        guard let data = FileManager.default.contents(atPath: stampPath),
            let record = Record(text: String(decoding: data, as: UTF8.self)),
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
        let writtenHuman = Set(report.writtenHumanFiles)
        let produced = report.written.filter { !writtenHuman.contains($0) } + report.unchanged
        let human = report.writtenHumanFiles + report.preservedHumanFiles
        // One `stat` per file, on every core: thousands of them, and nothing else is left to do.
        let identities = (produced + human).concurrentMap { path in FileIdentity(path: path).map { Record.Entry(path: path, identity: $0) } }
        var entries: [Record.Entry] = []
        entries.reserveCapacity(identities.count)
        for entry in identities {
            guard let entry else { return }
            entries.append(entry)
        }
        let record = Record(
            formatVersion: Self.formatVersion, fingerprint: fingerprint, diagnostics: diagnostics,
            machineFiles: Array(entries.prefix(produced.count)).sorted { $0.path < $1.path },
            humanFiles: Array(entries.dropFirst(produced.count)).sorted { $0.path < $1.path },
            swiftFileListing: swiftFileListing())
        let data = Data(record.text.utf8)
        let temporary = stampPath + ".\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, stampPath) != 0 { unlink(temporary) }
    }

    // MARK: Storage

    /// One line per fact, fields separated by spaces, text fields last and escaped (`\\`, `\n`, `\r`): written and
    /// read in a few milliseconds for thousands of files (JSON coding was 5% of a 1,000-entity run).
    struct Record: Equatable {
        struct Entry: Equatable, Sendable {
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

        init(
            formatVersion: Int, fingerprint: String, diagnostics: [String], machineFiles: [Entry], humanFiles: [Entry],
            swiftFileListing: [String]
        ) {
            self.formatVersion = formatVersion
            self.fingerprint = fingerprint
            self.diagnostics = diagnostics
            self.machineFiles = machineFiles
            self.humanFiles = humanFiles
            self.swiftFileListing = swiftFileListing
        }

        var text: String {
            // Appended piece by piece into one string: interpolating a line per file cost more than the stats.
            var text = "managed-codegen-stamp \(formatVersion)\nfingerprint \(Self.escaped(fingerprint))\n"
            text.reserveCapacity(text.utf8.count + (machineFiles.count + humanFiles.count + swiftFileListing.count) * 128)
            func append(_ kind: String, _ value: String) {
                text += kind
                text += " "
                text += Self.escaped(value)
                text += "\n"
            }
            for diagnostic in diagnostics { append("diagnostic", diagnostic) }
            for (kind, entries) in [("machine", machineFiles), ("human", humanFiles)] {
                for entry in entries {
                    let identity = entry.identity
                    text += kind
                    for number in [identity.size, identity.modifiedSeconds, identity.modifiedNanoseconds] {
                        text += " "
                        text += String(number)
                    }
                    append(" " + String(identity.inode), entry.path)
                }
            }
            for file in swiftFileListing { append("listing", file) }
            return text
        }

        /// nil for anything but a complete record of this format.
        init?(text: String) {
            // By byte: a `\r` before a line break would make one Character of the two.
            var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
            guard lines.last == "" else { return nil }
            lines.removeLast()
            guard lines.count >= 2, lines[0] == "managed-codegen-stamp \(GenerationStamp.formatVersion)",
                lines[1].hasPrefix("fingerprint "), let fingerprint = Self.unescaped(lines[1].dropFirst("fingerprint ".count))
            else { return nil }
            self.init(
                formatVersion: GenerationStamp.formatVersion, fingerprint: fingerprint, diagnostics: [], machineFiles: [],
                humanFiles: [], swiftFileListing: [])
            for line in lines.dropFirst(2) {
                let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
                switch fields.first {
                case "diagnostic", "listing":
                    guard let text = Self.unescaped(line.dropFirst(fields[0].count + 1)) else { return nil }
                    if fields[0] == "diagnostic" { diagnostics.append(text) } else { swiftFileListing.append(text) }
                case "machine", "human":
                    guard fields.count == 6, let size = Int64(fields[1]), let seconds = Int64(fields[2]),
                        let nanoseconds = Int64(fields[3]), let inode = UInt64(fields[4]), let path = Self.unescaped(fields[5])
                    else { return nil }
                    let entry = Entry(
                        path: path,
                        identity: FileIdentity(size: size, modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds, inode: inode))
                    if fields[0] == "machine" { machineFiles.append(entry) } else { humanFiles.append(entry) }
                default:
                    return nil
                }
            }
        }

        static func escaped(_ text: String) -> String {
            let needsEscaping = text.utf8.contains { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
            guard needsEscaping else { return text }
            var bytes: [UInt8] = []
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): bytes += Array("\\\\".utf8)
                case UInt8(ascii: "\n"): bytes += Array("\\n".utf8)
                case UInt8(ascii: "\r"): bytes += Array("\\r".utf8)
                default: bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        static func unescaped(_ text: Substring) -> String? {
            guard text.utf8.contains(UInt8(ascii: "\\")) else { return String(text) }
            var result = ""
            var iterator = text.makeIterator()
            while let character = iterator.next() {
                guard character == "\\" else {
                    result.append(character)
                    continue
                }
                switch iterator.next() {
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "r": result.append("\r")
                default: return nil
                }
            }
            return result
        }
    }

    struct FileIdentity: Equatable, Sendable {
        var size: Int64
        var modifiedSeconds: Int64
        var modifiedNanoseconds: Int64
        var inode: UInt64

        init(size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, inode: UInt64) {
            self.size = size
            self.modifiedSeconds = modifiedSeconds
            self.modifiedNanoseconds = modifiedNanoseconds
            self.inode = inode
        }

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
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.utf8.reversed().starts(with: "tfiws.".utf8) }
                .sorted().map { folder == "/" ? "/" + $0 : folder + "/" + $0 }
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

/// FNV-style multiply-xorshift over two 64-bit lanes with different offsets, eight bytes a step: stable across
/// processes (unlike `Hasher`), about a millisecond for a few MB of model; a change detector, not a defence
/// against crafted collisions.
struct StableHasher {
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x6c62_272e_07bb_0142
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        let words = combineWords(bytes)
        combineTail(UnsafeRawBufferPointer(rebasing: bytes[words...]))
        combineLength(bytes.count)
    }

    mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    /// The whole eight-byte words of `bytes`; returns how many bytes that was.
    private mutating func combineWords(_ bytes: UnsafeRawBufferPointer) -> Int {
        var first = self.first
        var second = self.second
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            first = (first ^ word) &* Self.prime
            first ^= first >> 32
            second = (second ^ word.byteSwapped) &* Self.prime
            second ^= second >> 29
            offset += 8
        }
        self.first = first
        self.second = second
        return offset
    }

    /// The last bytes (fewer than eight), one by one.
    private mutating func combineTail(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes {
            first = (first ^ UInt64(byte)) &* Self.prime
            second = (second ^ UInt64(byte)) &* Self.prime
            second ^= second >> 29
        }
    }

    private mutating func combineLength(_ count: Int) {
        withUnsafeBytes(of: UInt64(count).littleEndian) { bytes in
            for byte in bytes {
                first = (first ^ UInt64(byte)) &* Self.prime
                second = (second ^ UInt64(byte)) &* Self.prime
            }
        }
    }

    /// The file's bytes as `combine` takes them (the same digest as combining them all at once), read a piece
    /// at a time into `buffer` with plain `read`: no buffer the size of the file to allocate and fault in, no
    /// mapping that a file truncated meanwhile would turn into a crash. False (nothing combined) when the file
    /// cannot be opened or read, e.g. a folder. `buffer` holds at least eight bytes.
    mutating func combineFile(at path: String, buffer: UnsafeMutableRawBufferPointer) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let saved = self
        var total = 0
        // Bytes at the front of `buffer` not yet combined: fewer than eight, left over from the last piece.
        var carried = 0
        while true {
            let count = read(descriptor, buffer.baseAddress! + carried, buffer.count - carried)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                self = saved
                return false
            }
            if count == 0 { break }
            total += count
            let filled = UnsafeRawBufferPointer(rebasing: buffer[..<(carried + count)])
            let combined = combineWords(filled)
            carried = filled.count - combined
            if carried > 0 { buffer.baseAddress!.copyMemory(from: filled.baseAddress! + combined, byteCount: carried) }
        }
        combineTail(UnsafeRawBufferPointer(rebasing: buffer[..<carried]))
        combineLength(total)
        return true
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
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize, alignment: 8)
        defer { buffer.deallocate() }
        for relative in files {
            let file = relative.isEmpty ? path : (path as NSString).appendingPathComponent(relative)
            combine(relative)
            if !combineFile(at: file, buffer: buffer) { combine("folder or unreadable") }
        }
    }

    /// Large enough that a few MB take few system calls, small enough to stay in the cache while hashed.
    private static let readSize = 128 * 1024

    var hexDigest: String {
        String(first, radix: 16) + "-" + String(second, radix: 16)
    }
}
