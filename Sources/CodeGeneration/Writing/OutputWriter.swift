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
package struct OutputWriter: Sendable {
    package struct Destinations: Hashable, Sendable {
        package var machineDirectory: String
        package var humanDirectory: String
        package var testsDirectory: String?
        /// The model bundle (`.xcdatamodeld` or `.xcdatamodel`): no output folder may be inside it.
        package var modelBundlePath: String?

        package init(machineDirectory: String, humanDirectory: String, testsDirectory: String? = nil, modelBundlePath: String? = nil) {
            self.machineDirectory = machineDirectory
            self.humanDirectory = humanDirectory
            self.testsDirectory = testsDirectory
            self.modelBundlePath = modelBundlePath
        }
    }

    package var destinations: Destinations
    /// The first line of this model's files (``PreparedGeneration/banner``). Several models may share output
    /// folders: a file this run does not produce is deleted as stale only when it carries this model's banner.
    /// nil: any file starting with ``CodeGenerator/bannerPrefix`` counts.
    package var modelBanner: String?

    package init(destinations: Destinations, modelBanner: String? = nil) {
        self.destinations = destinations
        self.modelBanner = modelBanner
    }

    /// Writes `files`, or with `check`, writes nothing and reports what a write would change.
    /// - Throws: ``DiagnosticsError`` when a destination is unusable; nothing has been written then.
    package func write(_ files: [GeneratedFile], check: Bool = false) throws -> WriteReport {
        let session = try begin(check: check)
        for file in files { session.add(file) }
        return try session.commit()
    }

    /// Starts a write that takes files one at a time: each new content goes straight to a temporary file next
    /// to its destination. Nothing is visible until ``Session/commit()``.
    /// - Throws: ``DiagnosticsError`` when an output folder is unusable.
    package func begin(check: Bool = false) throws -> Session {
        var diagnostics = Diagnostics()
        var directories: [GeneratedFile.Kind: String] = [
            .machine: destinations.machineDirectory, .support: destinations.machineDirectory,
            .human: destinations.humanDirectory,
        ]
        if let tests = destinations.testsDirectory { directories[.tests] = tests }
        for directory in Set(directories.values).sorted() {
            checkDirectory(directory, writable: !check, into: &diagnostics)
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        let regenerated = [destinations.machineDirectory, destinations.testsDirectory].compactMap { $0 }
        return Session(
            directories: directories.mapValues(Self.standardized), regeneratedDirectories: regenerated.map(Self.standardized),
            modelBanner: modelBanner, check: check)
    }

    /// One write in progress, fed one file at a time.
    package final class Session {
        private let directories: [GeneratedFile.Kind: String]
        private let regeneratedDirectories: [String]
        private let modelBanner: String?
        private let check: Bool
        private var diagnostics = Diagnostics()
        private var produced: Set<String> = []
        private var actions: [Action] = []
        private var staging = Staging()
        private var finished = false

        init(directories: [GeneratedFile.Kind: String], regeneratedDirectories: [String], modelBanner: String?, check: Bool) {
            self.directories = directories
            self.regeneratedDirectories = regeneratedDirectories
            self.modelBanner = modelBanner
            self.check = check
        }

        /// Decides what `file` needs and, unless checking, stages its new contents. Problems are kept for `commit`.
        package func add(_ file: GeneratedFile) {
            guard let (path, existingSize) = claim(file.relativePath, kind: file.kind) else { return }
            let action: Action
            if let size = existingSize {
                if file.kind == .human {
                    action = .keepHuman(path)
                } else if OutputWriter.file(at: path, ofSize: size, holds: file.utf8) {
                    action = .unchanged(path)
                } else {
                    action = .replace(path)
                }
            } else {
                action = .create(path, onlyIfAbsent: file.kind == .human)
            }
            switch action {
            case .replace, .create:
                guard !check else { break }
                do {
                    try staging.createFolder(of: path)
                    staging.staged(try StagedFile.stage(file.utf8, for: path), for: action)
                    return
                } catch {
                    record(error, writing: path)
                    return
                }
            case .unchanged, .keepHuman, .delete:
                break
            }
            actions.append(action)
        }

        /// The destination of a new file `relativePath` of `kind`, reserved for it, and the size of the file there
        /// (nil: none); nil, with the problem kept for `commit`, when it cannot be written.
        private func claim(_ relativePath: String, kind: GeneratedFile.Kind) -> (path: String, existingSize: Int?)? {
            var path: String
            switch destinationPath(of: relativePath, kind: kind) {
            case .success(let destination): path = destination
            case .failure(let problem):
                diagnostics.report(OutputRules.unusableFolder, problem.message)
                return nil
            }
            // Output folders are standardized once; only a destination that is itself a symbolic link needs resolving.
            var entry = OutputWriter.existingEntry(at: path)
            if entry == .symbolicLink {
                path = OutputWriter.standardized(path)
                entry = OutputWriter.existingEntry(at: path)
            }
            guard produced.insert(path).inserted else {
                diagnostics.report(OutputRules.samePath, "two generated files have the same path \(path)")
                return nil
            }
            switch entry {
            case .directory:
                diagnostics.report(OutputRules.unusableFolder, "cannot write \(path): a folder is in the way")
                return nil
            case .file(let size):
                return (path, size)
            case .none, .symbolicLink:  // a link still there after resolving points nowhere: its target is created
                return (path, nil)
            }
        }

        /// Keeps a failure to stage `path` for `commit`.
        private func record(_ error: any Error, writing path: String) {
            if let error = error as? DiagnosticsError {
                diagnostics.append(contentsOf: error.diagnostics)
            } else if let error = error as? FileWriteError {
                diagnostics.report(OutputRules.writeFailed, error.description)
            } else {
                diagnostics.report(OutputRules.writeFailed, "cannot write \(path): \(error)")
            }
        }

        private func destinationPath(of relativePath: String, kind: GeneratedFile.Kind) -> Result<String, PathProblem> {
            guard let directory = directories[kind] else {
                return .failure(PathProblem("\(relativePath) is a generated test file, but no tests output folder is set"))
            }
            guard !relativePath.isEmpty, !relativePath.hasPrefix("/"),
                !relativePath.utf8.split(separator: UInt8(ascii: "/")).contains(where: { $0.elementsEqual("..".utf8) })
            else {
                return .failure(PathProblem("refusing to write \(relativePath): the path leaves the output folder"))
            }
            let path = directory.hasSuffix("/") ? directory + relativePath : directory + "/" + relativePath
            return .success(path)
        }

        /// Makes the staged files visible (renames, links for human files), deletes stale machine files,
        /// and reports. With any problem recorded by `add`, removes every temporary file and throws instead.
        package func commit() throws -> WriteReport {
            precondition(!finished, "a write session commits once")
            finished = true
            for directory in Set(regeneratedDirectories).sorted() {
                // A produced file reached through a symbolic link was recorded by its resolved path.
                for path in OutputWriter.bannerFiles(in: directory, skipping: produced, firstLine: modelBanner)
                where !produced.contains(OutputWriter.standardized(path)) {
                    actions.append(.delete(path))
                }
            }
            if diagnostics.hasErrors {
                staging.rollBack()
                throw DiagnosticsError(diagnostics)
            }
            return check ? checkReport() : try publish()
        }

        /// Removes the temporary files of a write that will not be committed.
        package func abandon() {
            guard !finished else { return }
            finished = true
            staging.rollBack()
        }

        private func checkReport() -> WriteReport {
            var report = WriteReport()
            for action in actions {
                switch action {
                case .unchanged(let path): report.unchanged.append(path)
                case .keepHuman(let path): report.preservedHumanFiles.append(path)
                case .replace(let path): report.stale.append(path)
                case .create(let path, onlyIfAbsent: true): report.missingHumanFiles.append(path)
                case .create(let path, onlyIfAbsent: false): report.missing.append(path)
                case .delete(let path): report.extra.append(path)
                }
            }
            report.sort()
            return report
        }

        // Two phases, so that a failure the checks could not foresee (a full disk, a read-only or pseudo
        // file system, a folder root may not write to) leaves nothing behind: `add` put every new content in a
        // temporary file next to its destination; only now is each renamed (or linked, for human files) into place.
        private func publish() throws -> WriteReport {
            var report = WriteReport()
            // Renames are independent of each other: on every core. Each one that fails removes its temporary file.
            let published = staging.stagedFiles.concurrentMap { action, staged -> Result<(path: String, written: Bool, isHuman: Bool), any Error> in
                Result {
                    do {
                        switch action {
                        case .create(let path, onlyIfAbsent: true):
                            return (path, try staged.publishIfAbsent(), true)
                        case .replace(let path), .create(let path, onlyIfAbsent: false):
                            try staged.publish()
                            return (path, true, false)
                        case .unchanged, .keepHuman, .delete:
                            preconditionFailure("only new contents are staged")
                        }
                    } catch let error as FileWriteError {
                        throw DiagnosticsError(Diagnostic(OutputRules.writeFailed, error.description))
                    }
                }
            }
            for outcome in published {
                let (path, written, isHuman) = try outcome.get()
                if written { report.written.append(path) } else { report.preservedHumanFiles.append(path) }
                if written, isHuman { report.writtenHumanFiles.append(path) }
            }
            for action in actions {
                switch action {
                case .unchanged(let path): report.unchanged.append(path)
                case .keepHuman(let path): report.preservedHumanFiles.append(path)
                case .delete(let path):
                    try OutputWriter.fileError("cannot delete the stale file", path) { try FileManager.default.removeItem(atPath: path) }
                    report.deleted.append(path)
                case .replace, .create:
                    continue
                }
            }
            report.sort()
            return report
        }
    }

    private struct PathProblem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    // MARK: Preparing

    enum Action {
        case unchanged(String)
        case keepHuman(String)
        case replace(String)
        /// `onlyIfAbsent` for human files: created with a link, which fails rather than replacing a file.
        case create(String, onlyIfAbsent: Bool)
        case delete(String)
    }

    enum ExistingEntry: Equatable {
        case file(size: Int)
        case directory
        case symbolicLink
    }

    /// What is at `path`, in one `lstat`.
    static func existingEntry(at path: String) -> ExistingEntry? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .file(size: Int(status.st_size))
        }
    }

    private func checkDirectory(_ directory: String, writable: Bool, into diagnostics: inout Diagnostics) {
        let path = Self.standardized(directory)
        if let bundle = destinations.modelBundlePath.map(Self.standardized),
            path == bundle || path.hasPrefix(bundle.hasSuffix("/") ? bundle : bundle + "/")
        {
            diagnostics.report(OutputRules.unusableFolder, "the output folder \(directory) is inside the model bundle \(bundle)")
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
            diagnostics.report(
                OutputRules.unusableFolder,
                existing == path
                    ? "the output folder \(directory) is a file"
                    : "cannot create the output folder \(directory): \(existing) is a file")
        } else if writable && !FileManager.default.isWritableFile(atPath: existing) {
            diagnostics.report(
                OutputRules.unusableFolder,
                existing == path
                    ? "the output folder \(directory) is not writable"
                    : "cannot create the output folder \(directory): \(existing) is not writable")
        }
    }

    /// Swift files directly in `directory` whose first line is our banner; paths in `known` are not opened.
    /// Files in `directory` that start with our banner (with `firstLine`: whose first line is exactly that, or
    /// the banner earlier releases wrote for the same model, which named its version: `… from M.xcdatamodeld (M 2). …`).
    static func bannerFiles(in directory: String, skipping known: Set<String> = [], firstLine: String? = nil) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        let banner = Data((firstLine.map { $0 + "\n" } ?? CodeGenerator.bannerPrefix).utf8)
        // The earlier banner: the stem (`// Generated by managed-codegen from M.xcdatamodeld`), ` (version)`, the tail.
        let earlier = firstLine.flatMap { line in
            line.range(of: ". Do not edit").map { (stem: line[..<$0.lowerBound] + " (", tail: ")" + line[$0.lowerBound...]) }
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return names.sorted().filter { $0.hasSuffix(".swift") }.map { prefix + $0 }
            .filter { path in
                guard !known.contains(path) else { return false }
                guard let handle = FileHandle(forReadingAtPath: path) else { return false }
                defer { try? handle.close() }
                guard let head = try? handle.read(upToCount: max(banner.count, 1024)) else { return false }
                if head.starts(with: banner) { return true }
                guard let earlier, let end = head.firstIndex(of: UInt8(ascii: "\n")) else { return false }
                let line = String(decoding: head[..<end], as: UTF8.self)
                return line.hasPrefix(earlier.stem) && line.hasSuffix(earlier.tail)
            }
    }

    package static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    // MARK: Writing

    /// Whether the file at `path`, of `size` bytes, holds exactly `contents`; no byte is read when the sizes differ.
    static func file(at path: String, ofSize size: Int, holds contents: [UInt8]) -> Bool {
        guard size == contents.count, let existing = FileManager.default.contents(atPath: path) else { return false }
        return existing == Data(contents)
    }

    /// Files staged so far (``StagedFile``: a temporary file beside each destination) and the folders created for
    /// them, removed again on failure.
    struct Staging {
        private(set) var stagedFiles: [(action: Action, staged: StagedFile)] = []
        private(set) var createdDirectories: [String] = []
        private var readyDirectories: Set<String> = []

        /// Creates the folder of `path` when missing.
        mutating func createFolder(of path: String) throws {
            let directory = FilePaths.folder(of: path)
            guard !readyDirectories.contains(directory) else { return }
            try createDirectory(directory)
            readyDirectories.insert(directory)
        }

        mutating func staged(_ staged: StagedFile, for action: Action) {
            stagedFiles.append((action, staged))
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
            for file in stagedFiles { file.staged.discard() }
            // Deepest first; rmdir leaves a folder alone when something else appeared in it meanwhile.
            for folder in createdDirectories.reversed() { rmdir(folder) }
        }
    }

    /// A folder that cannot be created (``OutputRules/unusableFolder``).
    fileprivate static func systemError(_ what: String, _ path: String) -> DiagnosticsError {
        DiagnosticsError(Diagnostic(OutputRules.unusableFolder, "\(what) \(path): \(String(cString: strerror(errno)))"))
    }

    fileprivate static func fileError(_ what: String, _ path: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            throw DiagnosticsError(Diagnostic(OutputRules.writeFailed, "\(what) \(path): \(error.localizedDescription)"))
        }
    }
}

/// What ``OutputWriter/write(_:check:)`` did, or in check mode would do. Absolute paths, sorted.
package struct WriteReport: Hashable, Sendable {
    /// Files created or replaced.
    package var written: [String] = []
    /// The human files among `written` (created: a human file is never replaced). Told apart by kind, not by
    /// folder: the human and machine folders may be one (`--single-file`, or the same folder given twice).
    package var writtenHumanFiles: [String] = []
    /// Files whose content was already right; not touched, so their modification date is kept.
    package var unchanged: [String] = []
    /// Stale machine files (our banner, not generated this run) removed.
    package var deleted: [String] = []
    /// Human files that exist and were left alone.
    package var preservedHumanFiles: [String] = []
    /// Check mode: files whose content differs from what would be generated.
    package var stale: [String] = []
    /// Check mode: files that would be created.
    package var missing: [String] = []
    /// Check mode: machine files that would be deleted.
    package var extra: [String] = []
    /// Check mode: human files that are absent (a run would write them once). Not generated files: they leave
    /// `isUpToDate` alone.
    package var missingHumanFiles: [String] = []

    package init() {}

    /// Check mode: nothing would change.
    package var isUpToDate: Bool { stale.isEmpty && missing.isEmpty && extra.isEmpty }

    mutating func sort() {
        written.sort()
        writtenHumanFiles.sort()
        unchanged.sort()
        deleted.sort()
        preservedHumanFiles.sort()
        stale.sort()
        missing.sort()
        extra.sort()
        missingHumanFiles.sort()
    }
}
