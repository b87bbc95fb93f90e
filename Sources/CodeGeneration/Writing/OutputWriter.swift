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
        for action in plan {
            switch (action, check) {
            case (.unchanged(let path), _): report.unchanged.append(path)
            case (.keepHuman(let path), _): report.preservedHumanFiles.append(path)
            case (.replace(let path, _), true): report.stale.append(path)
            case (.create(let path, _, _), true): report.missing.append(path)
            case (.delete(let path), true): report.extra.append(path)
            case (.replace(let path, let data), false), (.create(let path, let data, false), false):
                try Self.createParent(of: path)
                try Self.atomicallyReplace(path, with: data)
                report.written.append(path)
            case (.create(let path, let data, true), false):
                try Self.createParent(of: path)
                if try Self.createIfAbsent(path, with: data) {
                    report.written.append(path)
                } else {
                    report.preservedHumanFiles.append(path)
                }
            case (.delete(let path), false):
                try Self.fileError("cannot delete the stale file", path) { try FileManager.default.removeItem(atPath: path) }
                report.deleted.append(path)
            }
        }
        report.sort()
        return report
    }

    // MARK: Preparing

    enum Action {
        case unchanged(String)
        case keepHuman(String)
        case replace(String, Data)
        /// `onlyIfAbsent` for human files: created with a link, which fails rather than replacing a file.
        case create(String, Data, onlyIfAbsent: Bool)
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
            let data = Data(file.contents.utf8)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                if isDirectory.boolValue {
                    diagnostics.error("cannot write \(path): a folder is in the way")
                } else if file.kind == .human {
                    actions.append(.keepHuman(path))
                } else if FileManager.default.contents(atPath: path) == data {
                    actions.append(.unchanged(path))
                } else {
                    actions.append(.replace(path, data))
                }
            } else {
                actions.append(.create(path, data, onlyIfAbsent: file.kind == .human))
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

    private static func createParent(of path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        try fileError("cannot create the folder", parent) {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        }
    }

    private static func temporaryFile(next path: String, with data: Data) throws -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory as NSString).appendingPathComponent(".\(name).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw DiagnosticsError(.error("cannot write \(temporary)"))
        }
        return temporary
    }

    private static func atomicallyReplace(_ path: String, with data: Data) throws {
        let temporary = try temporaryFile(next: path, with: data)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw DiagnosticsError(.error("cannot write \(path): \(reason)"))
        }
    }

    /// Returns false, leaving the existing file alone, when `path` appeared meanwhile.
    private static func createIfAbsent(_ path: String, with data: Data) throws -> Bool {
        let temporary = try temporaryFile(next: path, with: data)
        defer { unlink(temporary) }
        if link(temporary, path) == 0 { return true }
        if errno == EEXIST { return false }
        throw DiagnosticsError(.error("cannot write \(path): \(String(cString: strerror(errno)))"))
    }

    private static func fileError(_ what: String, _ path: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            throw DiagnosticsError(.error("\(what) \(path): \(error.localizedDescription)"))
        }
    }
}

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
