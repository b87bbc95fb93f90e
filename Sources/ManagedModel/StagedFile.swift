import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// New contents for one file, written beside it under a temporary name and made visible by one rename: a reader
/// never sees half a file, and a failure before the rename leaves the old file whole. The one way this package
/// writes a file (generated sources, the model lock, edited model files); a caller that changes several files
/// stages them all before publishing any, so a full disk changes none.
///
/// - The temporary file is in the destination's folder, since a rename across file systems would copy, and is
///   created with `O_EXCL`: two runs writing into one folder never share a temporary file.
/// - A destination that is a symbolic link is written through: the link stays, its target gets the contents.
/// - A replaced file keeps its permissions; a new one gets `0666` less the umask, as `open` gives.
package struct StagedFile: Hashable, Sendable {
    /// Where the contents go: the destination with a symbolic link resolved.
    package let destination: String
    /// The temporary file holding the contents until ``publish()``.
    package let temporary: String

    /// Writes `bytes` to a new temporary file beside `path`. The folder must exist.
    /// - Throws: ``FileWriteError`` naming the temporary file; nothing is left behind then.
    package static func stage(_ bytes: [UInt8], for path: String) throws -> StagedFile {
        var destination = path
        var status = stat()
        if lstat(destination, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            destination = URL(fileURLWithPath: destination).resolvingSymlinksInPath().path
        }
        // The permissions of the file replaced, when there is one (`stat` follows a link that still dangles to nothing).
        let replacedMode: mode_t? = stat(destination, &status) == 0 ? status.st_mode & 0o7777 : nil
        let folder = FilePaths.folder(of: destination)
        let name = FilePaths.fileName(of: destination)
        while true {
            let temporary = "\(folder == "/" ? "" : folder)/.\(name).\(processID)-\(String(UInt32.random(in: 0...UInt32.max), radix: 16)).tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor < 0 {
                // Another run may write here too; O_EXCL makes sure the file is this run's.
                if errno == EEXIST { continue }
                throw FileWriteError(path: temporary, reason: String(cString: strerror(errno)))
            }
            let staged = StagedFile(destination: destination, temporary: temporary)
            if let failure = write(bytes, to: descriptor, mode: replacedMode) {
                close(descriptor)
                staged.discard()
                throw FileWriteError(path: temporary, reason: failure)
            }
            // `close` reports a write the file system deferred (NFS, a full quota).
            if close(descriptor) != 0 {
                let reason = String(cString: strerror(errno))
                staged.discard()
                throw FileWriteError(path: temporary, reason: reason)
            }
            return staged
        }
    }

    /// Renames the temporary file over the destination (replacing a file there).
    /// - Throws: ``FileWriteError`` naming the destination; the temporary file is removed then.
    package func publish() throws {
        guard rename(temporary, destination) == 0 else {
            let error = FileWriteError(path: destination, reason: String(cString: strerror(errno)))
            discard()
            throw error
        }
    }

    /// Links the temporary file to the destination only when nothing is there (a hard link fails rather than
    /// replace), then removes the temporary name. False, leaving the existing file alone, when one appeared.
    /// - Throws: ``FileWriteError`` naming the destination.
    package func publishIfAbsent() throws -> Bool {
        defer { discard() }
        if link(temporary, destination) == 0 { return true }
        if errno == EEXIST { return false }
        throw FileWriteError(path: destination, reason: String(cString: strerror(errno)))
    }

    /// Removes the temporary file of contents that will not be published.
    package func discard() {
        unlink(temporary)
    }

    /// `bytes` into `path` at once: ``stage(_:for:)`` then ``publish()``.
    package static func write(_ bytes: [UInt8], to path: String) throws {
        try stage(bytes, for: path).publish()
    }

    private static let processID = getpid()

    /// Writes every byte (a `write` may take fewer, or be interrupted), then sets `mode`; the failure's reason, or nil.
    private static func write(_ bytes: [UInt8], to descriptor: Int32, mode: mode_t?) -> String? {
        let failed = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += count
            }
            return false
        }
        if failed { return String(cString: strerror(errno)) }
        if let mode, fchmod(descriptor, mode) != 0 { return String(cString: strerror(errno)) }
        return nil
    }
}

// A file-scope shim: inside `StagedFile`, `write` names its own method.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, buffer, count) }

/// A file that could not be written: the file and the system's reason (`strerror`).
package struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    package var path: String
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `cannot write PATH: REASON`.
    package var description: String { "cannot write \(path): \(reason)" }
}

/// Path splitting without Foundation's path functions, which were a tenth of writing 2,000 files. For absolute,
/// standardized file paths.
package enum FilePaths {
    /// The folder of `path` (`/a/b.swift` -> `/a`, `/b.swift` -> `/`).
    package static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(Substring(path.utf8[..<slash]))
    }

    /// The last component of `path` (`/a/b.swift` -> `b.swift`).
    package static func fileName(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(Substring(path.utf8[path.utf8.index(after: slash)...]))
    }
}
