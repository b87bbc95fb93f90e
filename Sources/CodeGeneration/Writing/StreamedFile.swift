#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputWriter.Session {
    /// A file of a write session whose contents arrive in pieces (``OutputWriter/Session/stream(_:kind:)``), so
    /// that it is never held whole: each piece is compared with the existing file as it comes, so that unchanged
    /// contents are not rewritten, and (unless checking) written to the temporary file published at commit.
    ///
    /// One thread at a time: the pieces must come in order.
    public final class StreamedFile: @unchecked Sendable {
        /// nil when the file cannot be written: the session already holds the problem, and pieces are dropped.
        private var session: OutputWriter.Session?
        private let path: String
        private let existed: Bool
        /// The existing file while it still matches what was appended; closed at the first difference.
        private var existing: (descriptor: Int32, size: Int)?
        private let temporaryPath: String?
        /// The temporary file, open until the file is finished.
        private var temporaryDescriptor: Int32?
        private var length = 0
        private var existingBytes: [UInt8] = []

        init(
            path: String, existed: Bool, existing: (descriptor: Int32, size: Int)?,
            temporary: (path: String, descriptor: Int32)?, in session: OutputWriter.Session
        ) {
            self.path = path
            self.existed = existed
            self.existing = existing
            temporaryPath = temporary?.path
            temporaryDescriptor = temporary?.descriptor
            self.session = session
        }

        init(failedIn session: OutputWriter.Session) {
            path = ""
            existed = false
            temporaryPath = nil
        }

        deinit { closeFiles() }

        /// Adds `bytes` at the end of the file.
        public func append(_ bytes: UnsafeRawBufferPointer) {
            guard let session else { return }
            if existing != nil && !existingContinues(with: bytes) {
                close(existing!.descriptor)
                existing = nil
            }
            if let temporaryDescriptor, let temporaryPath {
                do {
                    try OutputWriter.Staging.write(bytes, to: temporaryDescriptor, at: temporaryPath)
                } catch {
                    session.record(error, writing: path)
                    closeFiles()
                    self.session = nil
                    return
                }
            }
            length += bytes.count
        }

        /// The file is complete: hands it to the session, as new, replaced or unchanged. Once, before `commit`.
        public func finish() {
            guard let session else { return }
            let unchanged = existing?.size == length
            closeFiles()
            self.session = nil
            let action: OutputWriter.Action =
                !existed ? .create(path, onlyIfAbsent: false) : unchanged ? .unchanged(path) : .replace(path)
            session.finished(action, temporary: temporaryPath)
        }

        /// Whether the existing file holds `bytes` at the current length.
        private func existingContinues(with bytes: UnsafeRawBufferPointer) -> Bool {
            guard let existing, length + bytes.count <= existing.size else { return false }
            if existingBytes.count < bytes.count { existingBytes = [UInt8](repeating: 0, count: bytes.count) }
            return existingBytes.withUnsafeMutableBytes { buffer in
                var read = 0
                while read < bytes.count {
                    let count = pread(existing.descriptor, buffer.baseAddress! + read, bytes.count - read, off_t(length + read))
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { return false }
                    read += count
                }
                return bytes.isEmpty || memcmp(buffer.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }
        }

        private func closeFiles() {
            if let existing { close(existing.descriptor) }
            existing = nil
            if let temporaryDescriptor { close(temporaryDescriptor) }
            temporaryDescriptor = nil
        }
    }
}
