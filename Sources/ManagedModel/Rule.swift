/// One check the tool makes, or one fact it rests on, as a value: a stable identity, what it reports, and the line
/// the documentation shows for it. Each area keeps its rows in one registry (`AuditRules.all`, `LockFacts.all`,
/// `MigrationVerdicts.all`); a diagnostic is made from its row, so its severity cannot drift from the documented
/// one, and the documentation's tables are rendered from the registries (a test compares them with the articles).
package struct Rule: Hashable, Sendable, Identifiable {
    /// What a rule's finding is, as the documentation states it.
    package enum Severity: Hashable, Sendable {
        case error
        case warning
        /// A warning; an error with `--strict`.
        case warningUnlessStrict
        /// Nothing is reported: a fact recorded or a change accepted.
        case none

        /// As the documentation's tables write it.
        package var documented: String {
            switch self {
            case .error: "error"
            case .warning: "warning"
            case .warningUnlessStrict: "warning (`--strict`: error)"
            case .none: "none"
            }
        }
    }

    /// Stable and kebab-case, prefixed by its area: `audit.unknown-property`, `lock.attribute`.
    package let id: String
    package let severity: Severity
    /// What is found (a table's first column), in Markdown.
    package let summary: String
    /// Why it matters, or what it means (a table's last column), in Markdown.
    package let documentation: String

    package init(_ id: String, _ severity: Severity, summary: String, documentation: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.documentation = documentation
    }

    /// A finding of this rule (``Diagnostic/init(_:_:at:strict:)``).
    package func diagnostic(_ message: String, at location: SourceLocation?, strict: Bool = false) -> Diagnostic {
        Diagnostic(self, message, at: location, strict: strict)
    }

    /// The documentation's usual table of findings: what is found, the severity, `documentationHeader` over each row's
    /// documentation, the id.
    package static func findingsTable(_ rules: [Rule], documentationHeader: String = "Why, and what to change") -> String {
        markdownTable(rules, header: ["Found", "Severity", documentationHeader, "ID"]) {
            [$0.summary, $0.severity.documented, $0.documentation, "`\($0.id)`"]
        }
    }

    /// A Markdown table of `rules`: a header, and one line per rule of the cells `columns` gives for it (a cell's
    /// `|` escaped, so a row cannot split).
    package static func markdownTable(_ rules: [Rule], header: [String], columns: (Rule) -> [String]) -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        let rows = [line(header), "|" + String(repeating: "---|", count: header.count)] + rules.map { line(columns($0)) }
        return rows.joined(separator: "\n")
    }
}
