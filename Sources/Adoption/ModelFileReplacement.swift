import Foundation
import ManagedModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the edited `contents` files of a model: all of them or none.
///
/// Every file is first checked writable and its new bytes written to a temporary file beside it (with the
/// original's permissions); only when every one of those succeeded are they renamed over the originals, a step
/// that within one folder does not fail for want of space. A failure before that removes the temporary files and
/// leaves every original as it was.
public enum ModelFileReplacement {
    public static func replace(_ files: [(path: String, bytes: [UInt8])]) throws {
        var diagnostics = Diagnostics()
        for file in files where access(file.path, W_OK) != 0 {
            diagnostics.error("cannot write the model file: \(String(cString: strerror(errno)))", at: SourceLocation(path: file.path, line: 0))
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }

        var written: [(temporary: String, path: String)] = []
        do {
            for file in files {
                let temporary = file.path + ".managed-codegen-\(ProcessInfo.processInfo.processIdentifier)"
                written.append((temporary, file.path))
                let url = URL(fileURLWithPath: temporary)
                try Data(file.bytes).write(to: url)
                if let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] {
                    try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary)
                }
            }
        } catch {
            for file in written { try? FileManager.default.removeItem(atPath: file.temporary) }
            throw DiagnosticsError(.error(
                "cannot write the model file: \(error.localizedDescription); no model file was changed",
                at: SourceLocation(path: written.last?.path ?? "", line: 0)))
        }
        for file in written where rename(file.temporary, file.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: file.temporary)
            diagnostics.error("cannot replace the model file: \(reason)", at: SourceLocation(path: file.path, line: 0))
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
    }
}
