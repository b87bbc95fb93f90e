import ManagedModel

/// `--reporter github-actions`: one workflow command a finding, which GitHub Actions shows as an annotation on the
/// file and line (on the pull request's diff when the line is in it): `::error file=…,line=…,title=<rule>::<message>`,
/// `::warning` and `::notice` for the other severities. The finding's notes follow its message, one a line.
///
/// Escaped as GitHub's own toolkit escapes them (actions/toolkit, packages/core/src/command.ts, `escapeData` and
/// `escapeProperty`): in the message `%` → `%25`, CR → `%0D`, LF → `%0A`; in a property also `:` → `%3A` and
/// `,` → `%2C`. Workflow commands are read from standard output, each on its own line.
enum GitHubActionsCommands {
    static func lines(_ findings: [Finding]) -> String {
        findings.map(line).map { $0 + "\n" }.joined()
    }

    static func line(_ finding: Finding) -> String {
        let diagnostic = finding.diagnostic
        let command = switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        var properties: [String] = []
        if let location = diagnostic.location {
            properties.append("file=" + escapedProperty(Finding.reportedPath(location.path)))
            if location.line > 0 { properties.append("line=\(location.line)") }
        }
        if let rule = diagnostic.ruleID { properties.append("title=" + escapedProperty(rule)) }
        let notes = finding.notes.map { note in
            "\n" + (note.location.map { "\(Finding.reportedPath($0.path))\($0.line > 0 ? ":\($0.line)" : ""): " } ?? "") + "note: \(note.message)"
        }
        return "::\(command)" + (properties.isEmpty ? "" : " " + properties.joined(separator: ",")) + "::"
            + escapedData(diagnostic.message + notes.joined())
    }

    static func escapedData(_ text: String) -> String { escaped(text, ["%": "%25", "\r": "%0D", "\n": "%0A"]) }

    static func escapedProperty(_ text: String) -> String {
        escaped(text, ["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }

    /// By Unicode scalar, so that CR LF, one `Character` in Swift, is two escapes.
    private static func escaped(_ text: String, _ escapes: [Unicode.Scalar: String]) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if let escape = escapes[scalar] { result += escape } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
