import ManagedModel
import ModelReader

/// `--reporter json`: one document, its keys sorted (``JSONText``, as `dump` writes), in the shape the CI article
/// documents:
///
/// ```json
/// {
///   "findings": [
///     {
///       "file": "Model.xcdatamodeld/Model 2.xcdatamodel/contents",
///       "line": 6,
///       "message": "…",
///       "notes": [{ "file": "…", "line": 6, "message": "as it was in 'Model'" }],
///       "rule": "migration.not-inferable",
///       "severity": "error"
///     }
///   ],
///   "tool": "managed-codegen",
///   "version": "0.1.0"
/// }
/// ```
///
/// `file`, `line` (and `column`, once a finding knows its column) are left out when unknown (a finding about the
/// whole file has no line); `rule` is left out for a finding no rule row makes; `severity` is `error`, `warning` or
/// `note`, after `--warnings-as-errors`; `notes` is always there, maybe empty.
enum JSONReport {
    static func document(_ findings: [Finding]) -> String {
        JSONText.object([
            "tool": .string("managed-codegen"),
            "version": .string(Version.number),
            "findings": .array(findings.map(object)),
        ]).rendered()
    }

    private static func object(_ finding: Finding) -> JSONText {
        let diagnostic = finding.diagnostic
        var members = place(diagnostic.location)
        members["severity"] = .string(diagnostic.severity.rawValue)
        members["rule"] = diagnostic.ruleID.map(JSONText.string)
        members["message"] = .string(diagnostic.message)
        members["notes"] = .array(finding.notes.map { note in
            var members = place(note.location)
            members["message"] = .string(note.message)
            return .object(members)
        })
        return .object(members)
    }

    /// `file` and `line` (not for line 0, the whole file).
    private static func place(_ location: SourceLocation?) -> [String: JSONText] {
        guard let location else { return [:] }
        var members: [String: JSONText] = ["file": .string(Finding.reportedPath(location.path))]
        if location.line > 0 { members["line"] = .integer(Int64(location.line)) }
        return members
    }
}
