import Foundation
import ManagedModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the edited `contents` files of a model: all of them or none.
///
/// Every file is first checked writable and its new bytes staged in a temporary file beside it (``StagedFile``:
/// with the original's permissions, through a symbolic link); only when every one of those succeeded are they renamed over the originals, a step
/// that within one folder does not fail for want of space. A failure before that removes the temporary files and
/// leaves every original as it was.
package enum ModelFileReplacement {
    package static func replace(_ files: [(path: String, bytes: [UInt8])]) throws {
        var diagnostics = Diagnostics()
        for file in files where access(file.path, W_OK) != 0 {
            diagnostics.report(
                AdoptRules.writeFailed, "cannot write the model file: \(String(cString: strerror(errno)))",
                at: SourceLocation(path: file.path, line: 0))
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }

        var staged: [StagedFile] = []
        for file in files {
            do {
                staged.append(try StagedFile.stage(file.bytes, for: file.path))
            } catch {
                for file in staged { file.discard() }
                let reason = (error as? FileWriteError)?.reason ?? "\(error)"
                throw DiagnosticsError(Diagnostic(
                    AdoptRules.writeFailed,
                    "cannot write the model file: \(reason); no model file was changed", at: SourceLocation(path: file.path, line: 0)))
            }
        }
        for (file, staged) in zip(files, staged) {
            do {
                try staged.publish()
            } catch {
                let reason = (error as? FileWriteError)?.reason ?? "\(error)"
                diagnostics.report(
                    AdoptRules.writeFailed, "cannot replace the model file: \(reason)", at: SourceLocation(path: file.path, line: 0))
            }
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
    }
}
