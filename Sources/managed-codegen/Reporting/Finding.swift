import Foundation
import ManagedCodegenConfig
import ManagedModel

/// One finding as the machine-read reports carry it: a diagnostic with the notes that explain it.
///
/// The commands report a note right after the finding it belongs to (`as it was in '00-base'` after a migration
/// finding, at the source version's line), as a compiler does; ``grouping(_:)`` puts such notes back into their
/// finding. A note made from a rule of its own (a `none` row such as `migration.handled-by-hook`) is a finding of its
/// own.
struct Finding: Equatable {
    var diagnostic: Diagnostic
    var notes: [Diagnostic] = []

    /// `diagnostics` in order, each note attached to the warning or error before it when it has no rule id or that
    /// finding's; any other note, or one with nothing before it, stands alone.
    static func grouping(_ diagnostics: [Diagnostic]) -> [Finding] {
        var findings: [Finding] = []
        for diagnostic in diagnostics {
            if diagnostic.severity == .note, let last = findings.last?.diagnostic, last.severity != .note,
                diagnostic.ruleID == nil || diagnostic.ruleID == last.ruleID
            {
                findings[findings.count - 1].notes.append(diagnostic)
            } else {
                findings.append(Finding(diagnostic: diagnostic))
            }
        }
        return findings
    }

    /// The path a report names: relative to the working directory when the file is inside it (as code scanning and
    /// annotations resolve paths against the checkout), otherwise absolute.
    static func reportedPath(_ path: String) -> String {
        let absolute = ConfigFile.absolutePath(path)
        let relative = DisplayPath.relativeToCurrentFolder(absolute)
        return relative == absolute ? absolute : relative
    }
}
