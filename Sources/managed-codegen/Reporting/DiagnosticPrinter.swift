import Foundation
import ManagedCodegenConfig
import ManagedModel

/// Everything a command prints goes through here, in the run's ``ReportFormat`` (`--reporter`, set once by `main`
/// before the command runs):
///
/// - `xcode` (the default): diagnostics as `path:line: error: message` lines on standard error, the rest on standard
///   output, as before reporters existed.
/// - `github-actions`: diagnostics as workflow commands on standard output (``GitHubActionsCommands``), the rest on
///   standard output too.
/// - `json`, `sarif`: diagnostics are collected and written as one document on standard output when the run ends
///   (``finish()``, from `main`, also when the command throws); whatever else a command prints goes to standard error,
///   so that standard output holds the report only.
enum DiagnosticPrinter {
    private static let state = RunState()

    /// The run's format; `main` sets it once, before the command runs (tests in-process leave it `xcode`).
    static var format: ReportFormat {
        get { state.withLock { $0.format } }
        set { state.withLock { $0.format = newValue } }
    }

    static func print(_ diagnostics: Diagnostics) {
        guard !diagnostics.all.isEmpty else { return }
        switch format {
        case .xcode:
            write(diagnostics.all.map(\.description).joined(separator: "\n") + "\n", to: .standardError)
        case .githubActions:
            write(GitHubActionsCommands.lines(Finding.grouping(diagnostics.all)), to: .standardOutput)
        case .json, .sarif:
            state.withLock { $0.collected.append(contentsOf: diagnostics.all) }
        }
    }

    /// Prints the diagnostics and throws when they contain errors (after promotion with `--warnings-as-errors`).
    static func report(_ diagnostics: Diagnostics, warningsAsErrors: Bool) throws {
        let effective = warningsAsErrors ? diagnostics.promotingWarnings() : diagnostics
        if effective.hasErrors { throw DiagnosticsError(effective) }
        print(effective)
    }

    /// A line that is not a diagnostic (a summary, what was written, `dump`'s schema): standard output, or standard
    /// error when standard output holds a report document.
    static func output(_ line: String) {
        write(line.hasSuffix("\n") ? line : line + "\n", to: format.isDocument ? .standardError : .standardOutput)
    }

    /// Writes the report document of a `json` or `sarif` run with the diagnostics collected so far (and `more`, the
    /// ones a failure carries), once; nothing in the other formats, or when called again.
    static func finish(adding more: Diagnostics = Diagnostics()) {
        print(more)
        let (format, collected, first) = state.withLock { state in
            defer { state.finished = true }
            return (state.format, state.collected, !state.finished)
        }
        guard first else { return }
        let findings = Finding.grouping(collected)
        switch format {
        case .json: write(JSONReport.document(findings), to: .standardOutput)
        case .sarif: write(SARIFLog.document(findings), to: .standardOutput)
        case .xcode, .githubActions: break
        }
    }

    private enum Stream { case standardOutput, standardError }

    /// Unbuffered writes, so that lines keep their order across both streams (`Swift.print` buffers standard output).
    private static func write(_ text: String, to stream: Stream) {
        let handle: FileHandle = stream == .standardOutput ? .standardOutput : .standardError
        handle.write(Data(text.utf8))
    }

    /// The run's format and, for a document, the diagnostics collected for it.
    private final class RunState: @unchecked Sendable {
        struct Values {
            var format: ReportFormat = .xcode
            var collected: [Diagnostic] = []
            var finished = false
        }

        private let lock = NSLock()
        private var values = Values()

        func withLock<Result>(_ body: (inout Values) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&values)
        }
    }
}
