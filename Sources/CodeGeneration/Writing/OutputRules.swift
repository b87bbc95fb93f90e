import ManagedModel

/// What writing the generated files reports (``OutputWriter``, `generate --check`, the human files around them): one
/// row per kind of finding. The table of WarningsAndErrors.md, "What writing reports", is rendered from ``all``.
package enum OutputRules {
    package static let outOfDate = Rule(
        "output.out-of-date", .error,
        summary: "with `--check`: a generated file whose contents differ from what this run generates",
        documentation: "the committed files and the model have drifted apart: run the same command without `--check`")
    package static let missing = Rule(
        "output.missing", .error,
        summary: "with `--check`: a file this run generates that is not in its output folder",
        documentation: "run the same command without `--check`, which writes it")
    package static let noLongerProduced = Rule(
        "output.no-longer-produced", .error,
        summary: "with `--check`: a file in an output folder that carries this model's banner but is no longer generated "
            + "(its entity was removed or left out)",
        documentation: "a run without `--check` deletes it (only files carrying the model's banner are ever deleted)")
    package static let humanFileAbsent = Rule(
        "output.human-file-absent", .warning,
        summary: "with `--check`: a human file (`Item.swift`) not written yet",
        documentation: "`--check` writes nothing: a run without it writes the file once, or pass `--no-human-files`")
    package static let leftoverHumanFile = Rule(
        "output.leftover-human-file", .warning,
        summary: "a human file of a class the model no longer generates",
        documentation: "it is yours and is never deleted: delete it, or move what you still need")
    package static let fileNameClash = Rule(
        "output.file-name-clash", .warning,
        summary: "an app source file (in the hook sources' folders) named like a human file this run writes",
        documentation: "a target with two files of one name does not build (\"filename used twice\"): rename one, or "
            + "set `human-file-suffix`")
    package static let samePath = Rule(
        "output.same-path", .error,
        summary: "two files of one run with the same destination path",
        documentation: "nothing is written: the generator lost track of a file name; please report it with the model")
    package static let unusableFolder = Rule(
        "output.unusable-folder", .error,
        summary: "an output folder inside the model bundle, that is a file, cannot be created or is not writable; a "
            + "folder where a generated file goes; a generated path leaving its folder, or a test file without a tests folder",
        documentation: "nothing is written or deleted: point `--output`, `--human-output` or `--tests-output` elsewhere")

    package static let writeFailed = Rule(
        "output.write-failed", .error,
        summary: "a generated file that cannot be written, renamed into place or deleted, although its folder passed "
            + "the checks (a full disk, a read-only file system)",
        documentation: "a failure while the new contents are staged beside their files writes nothing; one while they are "
            + "renamed into place leaves each file whole, old or new: make room or fix the permissions and run again")

    package static let all: [Rule] = [
        outOfDate, missing, noLongerProduced, humanFileAbsent, leftoverHumanFile, fileNameClash, samePath, unusableFolder,
        writeFailed,
    ]

    /// The table of WarningsAndErrors.md, "What writing reports".
    package static func markdownTable() -> String {
        Rule.markdownTable(all, header: ["Found", "Severity", "What happens", "ID"]) {
            [$0.summary, $0.severity.documented, $0.documentation, "`\($0.id)`"]
        }
    }

    /// What `generate --check` reports for `report`: an error for each stale, missing or extra generated file and a
    /// warning for each absent human file, each at its path as `displayPath` writes it; no errors when up to date.
    package static func checkDiagnostics(_ report: WriteReport, displayPath: (String) -> String) -> Diagnostics {
        var diagnostics = Diagnostics()
        for path in report.missingHumanFiles {
            diagnostics.report(
                humanFileAbsent, "human file is absent: a run without --check writes it once (or pass --no-human-files)",
                at: SourceLocation(path: displayPath(path), line: 0))
        }
        guard !report.isUpToDate else { return diagnostics }
        for path in report.stale {
            diagnostics.report(outOfDate, "generated file is out of date", at: SourceLocation(path: displayPath(path), line: 0))
        }
        for path in report.missing {
            diagnostics.report(missing, "generated file is missing", at: SourceLocation(path: displayPath(path), line: 0))
        }
        for path in report.extra {
            diagnostics.report(
                noLongerProduced, "generated file is no longer produced (a run without --check deletes it)",
                at: SourceLocation(path: displayPath(path), line: 0))
        }
        return diagnostics
    }
}
