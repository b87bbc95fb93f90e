import Foundation
import ManagedModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes generated files where they belong, touching only what changed.
///
/// - Machine and support files go to `machineDirectory` and are replaced when their content changed;
///   files there that carry our banner but were not generated this run (removed entities) are deleted.
/// - Human files go to `humanDirectory` and are written only when absent: never overwritten, never deleted.
/// - Test files go to `testsDirectory`, handled like machine files.
///
/// Everything is checked before anything is written: with any error, nothing is written.
/// Each file is written to a temporary file in its folder and renamed into place, so readers never
/// see half a file.
public struct OutputWriter: Sendable {
    public struct Destinations: Hashable, Sendable {
        public var machineDirectory: String
        public var humanDirectory: String
        public var testsDirectory: String?
        /// The model bundle (`.xcdatamodeld` or `.xcdatamodel`): no output folder may be inside it.
        public var modelBundlePath: String?

        public init(machineDirectory: String, humanDirectory: String, testsDirectory: String? = nil, modelBundlePath: String? = nil) {
            self.machineDirectory = machineDirectory
            self.humanDirectory = humanDirectory
            self.testsDirectory = testsDirectory
            self.modelBundlePath = modelBundlePath
        }
    }

    public var destinations: Destinations

    public init(destinations: Destinations) {
        self.destinations = destinations
    }

    /// Writes `files`, or with `check`, writes nothing and reports what a write would change.
    /// - Throws: ``DiagnosticsError`` when a destination is unusable; nothing has been written then.
    public func write(_ files: [GeneratedFile], check: Bool = false) throws -> WriteReport {
        let plan = try prepare(files, check: check)
        var report = WriteReport()
        if check {
            for action in plan {
                switch action {
                case .unchanged(let path): report.unchanged.append(path)
                case .keepHuman(let path): report.preservedHumanFiles.append(path)
                case .replace(let path, _): report.stale.append(path)
                case .create(let path, _, _): report.missing.append(path)
                case .delete(let path): report.extra.append(path)
                }
            }
            report.sort()
            return report
        }
        // Two phases, so that a failure the checks could not foresee (a full disk, a read-only or pseudo
        // file system, a folder root may not write to) leaves nothing behind: first every new content goes
        // to a temporary file next to its destination, then, only when all of them exist, each is renamed
        // (or linked, for human files) into place.
        var staging = Staging()
        var staged: [(action: Action, temporary: String)] = []
        do {
            for action in plan {
                switch action {
                case .replace(let path, let contents), .create(let path, let contents, _):
                    staged.append((action, try staging.stage(contents, for: path)))
                case .unchanged, .keepHuman, .delete:
                    continue
                }
            }
        } catch {
            staging.rollBack()
            throw error
        }
        for (action, temporary) in staged {
            switch action {
            case .create(let path, _, onlyIfAbsent: true):
                if try Self.linkIfAbsent(temporary, to: path) {
                    report.written.append(path)
                } else {
                    report.preservedHumanFiles.append(path)
                }
            case .replace(let path, _), .create(let path, _, onlyIfAbsent: false):
                try Self.rename(temporary, to: path)
                report.written.append(path)
            case .unchanged, .keepHuman, .delete:
                continue
            }
        }
        for action in plan {
            switch action {
            case .unchanged(let path): report.unchanged.append(path)
            case .keepHuman(let path): report.preservedHumanFiles.append(path)
            case .delete(let path):
                try Self.fileError("cannot delete the stale file", path) { try FileManager.default.removeItem(atPath: path) }
                report.deleted.append(path)
            case .replace, .create:
                continue
            }
        }
        report.sort()
        return report
    }

    // MARK: Preparing

    /// Contents stay `String`s (the generated files' own storage) until they are written: a `Data` copy of
    /// every file doubled the peak memory on large models.
    enum Action {
        case unchanged(String)
        case keepHuman(String)
        case replace(String, String)
        /// `onlyIfAbsent` for human files: created with a link, which fails rather than replacing a file.
        case create(String, String, onlyIfAbsent: Bool)
        case delete(String)
    }

    func prepare(_ files: [GeneratedFile], check: Bool) throws -> [Action] {
        var diagnostics = Diagnostics()
        var directories: [GeneratedFile.Kind: String] = [
            .machine: destinations.machineDirectory, .support: destinations.machineDirectory,
            .human: destinations.humanDirectory,
        ]
        if let tests = destinations.testsDirectory { directories[.tests] = tests }

        for directory in Set(directories.values).sorted() {
            checkDirectory(directory, writable: !check, into: &diagnostics)
        }
        var actions: [Action] = []
        var produced: Set<String> = []
        for file in files {
            guard let directory = directories[file.kind] else {
                diagnostics.error("\(file.relativePath) is a generated test file, but no tests output folder is set")
                continue
            }
            guard !file.relativePath.isEmpty, !file.relativePath.hasPrefix("/"),
                !file.relativePath.split(separator: "/").contains("..")
            else {
                diagnostics.error("refusing to write \(file.relativePath): the path leaves the output folder")
                continue
            }
            let path = Self.standardized((directory as NSString).appendingPathComponent(file.relativePath))
            guard produced.insert(path).inserted else {
                diagnostics.error("two generated files have the same path \(path)")
                continue
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                if isDirectory.boolValue {
                    diagnostics.error("cannot write \(path): a folder is in the way")
                } else if file.kind == .human {
                    actions.append(.keepHuman(path))
                } else if Self.file(at: path, holds: file.contents) {
                    actions.append(.unchanged(path))
                } else {
                    actions.append(.replace(path, file.contents))
                }
            } else {
                actions.append(.create(path, file.contents, onlyIfAbsent: file.kind == .human))
            }
        }
        let regenerated = [destinations.machineDirectory, destinations.testsDirectory].compactMap { $0 }
        for directory in Set(regenerated.map(Self.standardized)).sorted() {
            for path in Self.bannerFiles(in: directory) where !produced.contains(path) {
                actions.append(.delete(path))
            }
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        return actions
    }

    private func checkDirectory(_ directory: String, writable: Bool, into diagnostics: inout Diagnostics) {
        let path = Self.standardized(directory)
        if let bundle = destinations.modelBundlePath.map(Self.standardized),
            path == bundle || path.hasPrefix(bundle.hasSuffix("/") ? bundle : bundle + "/")
        {
            diagnostics.error("the output folder \(directory) is inside the model bundle \(bundle)")
            return
        }
        var isDirectory: ObjCBool = false
        // The nearest existing folder decides: it is the output folder, or the one it will be created in.
        var existing = path
        while !FileManager.default.fileExists(atPath: existing, isDirectory: &isDirectory) {
            let parent = (existing as NSString).deletingLastPathComponent
            if parent == existing || parent.isEmpty { break }
            existing = parent
        }
        if !isDirectory.boolValue {
            diagnostics.error(
                existing == path
                    ? "the output folder \(directory) is a file"
                    : "cannot create the output folder \(directory): \(existing) is a file")
        } else if writable && !FileManager.default.isWritableFile(atPath: existing) {
            diagnostics.error(
                existing == path
                    ? "the output folder \(directory) is not writable"
                    : "cannot create the output folder \(directory): \(existing) is not writable")
        }
    }

    /// Swift files directly in `directory` whose first line is our banner.
    static func bannerFiles(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        let banner = Data(CodeGenerator.bannerPrefix.utf8)
        return names.sorted().filter { $0.hasSuffix(".swift") }.map { (directory as NSString).appendingPathComponent($0) }
            .filter { path in
                guard let handle = FileHandle(forReadingAtPath: path) else { return false }
                defer { try? handle.close() }
                return (try? handle.read(upToCount: banner.count)) == banner
            }
    }

    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    // MARK: Writing

    /// Whether the file at `path` holds exactly `contents`; the size is compared before any byte is read.
    static func file(at path: String, holds contents: String) -> Bool {
        var contents = contents
        return contents.withUTF8 { expected in
            var status = stat()
            guard stat(path, &status) == 0, Int(status.st_size) == expected.count else { return false }
            guard let existing = FileManager.default.contents(atPath: path), existing.count == expected.count else { return false }
            return existing.withUnsafeBytes { bytes in
                expected.isEmpty || memcmp(bytes.baseAddress!, expected.baseAddress!, expected.count) == 0
            }
        }
    }

    /// Temporary files written so far and the folders created for them, removed again on failure.
    struct Staging {
        private(set) var temporaryFiles: [String] = []
        private(set) var createdDirectories: [String] = []

        /// Writes `contents` to a new temporary file in the folder of `path` (created when missing).
        mutating func stage(_ contents: String, for path: String) throws -> String {
            let directory = (path as NSString).deletingLastPathComponent
            try createDirectory(directory)
            let temporary = (directory as NSString).appendingPathComponent(
                ".\((path as NSString).lastPathComponent).\(UUID().uuidString).tmp")
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { throw OutputWriter.systemError("cannot write", temporary) }
            temporaryFiles.append(temporary)
            defer { close(descriptor) }
            var contents = contents
            try contents.withUTF8 { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = posixWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw OutputWriter.systemError("cannot write", temporary)
                    }
                    offset += written
                }
            }
            return temporary
        }

        /// Creates `directory` and its missing ancestors, remembering each one created.
        private mutating func createDirectory(_ directory: String) throws {
            var missing: [String] = []
            var current = directory
            var isDirectory: ObjCBool = false
            while !FileManager.default.fileExists(atPath: current, isDirectory: &isDirectory) {
                missing.append(current)
                let parent = (current as NSString).deletingLastPathComponent
                if parent == current || parent.isEmpty { break }
                current = parent
            }
            for folder in missing.reversed() {
                if mkdir(folder, 0o777) != 0 && errno != EEXIST {
                    throw OutputWriter.systemError("cannot create the folder", folder)
                }
                createdDirectories.append(folder)
            }
        }

        func rollBack() {
            for file in temporaryFiles { unlink(file) }
            // Deepest first; rmdir leaves a folder alone when something else appeared in it meanwhile.
            for folder in createdDirectories.reversed() { rmdir(folder) }
        }
    }

    private static func rename(_ temporary: String, to path: String) throws {
        guard posixRename(temporary, path) == 0 else {
            let error = systemError("cannot write", path)
            unlink(temporary)
            throw error
        }
    }

    /// Returns false, leaving the existing file alone, when `path` appeared meanwhile.
    private static func linkIfAbsent(_ temporary: String, to path: String) throws -> Bool {
        defer { unlink(temporary) }
        if link(temporary, path) == 0 { return true }
        if errno == EEXIST { return false }
        throw systemError("cannot write", path)
    }

    fileprivate static func systemError(_ what: String, _ path: String) -> DiagnosticsError {
        DiagnosticsError(.error("\(what) \(path): \(String(cString: strerror(errno)))"))
    }

    private static func fileError(_ what: String, _ path: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            throw DiagnosticsError(.error("\(what) \(path): \(error.localizedDescription)"))
        }
    }
}

// File-scope shims: inside `OutputWriter`, `write` and `rename` name its own methods.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
private func posixRename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }

/// What ``OutputWriter/write(_:check:)`` did, or in check mode would do. Absolute paths, sorted.
public struct WriteReport: Hashable, Sendable {
    /// Files created or replaced.
    public var written: [String] = []
    /// Files whose content was already right; not touched, so their modification date is kept.
    public var unchanged: [String] = []
    /// Stale machine files (our banner, not generated this run) removed.
    public var deleted: [String] = []
    /// Human files that exist and were left alone.
    public var preservedHumanFiles: [String] = []
    /// Check mode: files whose content differs from what would be generated.
    public var stale: [String] = []
    /// Check mode: files that would be created.
    public var missing: [String] = []
    /// Check mode: machine files that would be deleted.
    public var extra: [String] = []

    public init() {}

    /// Check mode: nothing would change.
    public var isUpToDate: Bool { stale.isEmpty && missing.isEmpty && extra.isEmpty }

    mutating func sort() {
        written.sort()
        unchanged.sort()
        deleted.sort()
        preservedHumanFiles.sort()
        stale.sort()
        missing.sort()
        extra.sort()
    }
}
