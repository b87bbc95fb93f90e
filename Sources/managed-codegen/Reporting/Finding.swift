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

    /// `diagnostics` in order, each note without a rule id attached to the finding before it (a note a `none` row
    /// reports, such as `migration.handled-by-hook`, is a finding and can have notes of its own); a note with nothing
    /// before it stands alone.
    static func grouping(_ diagnostics: [Diagnostic]) -> [Finding] {
        var findings: [Finding] = []
        for diagnostic in diagnostics {
            if diagnostic.severity == .note, diagnostic.ruleID == nil, !findings.isEmpty {
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
