import Foundation
import ManagedModel
import Testing

@testable import managed_codegen

/// The report writers on their own: notes back in their findings, GitHub's escaping, the JSON document's shape.
@Suite struct ReportWriterTests {
    static let contents = ManagedModel.SourceLocation(path: "Model.xcdatamodeld/Model 2.xcdatamodel/contents", line: 6)
    static let base = ManagedModel.SourceLocation(path: "Model.xcdatamodeld/Model.xcdatamodel/contents", line: 6)

    /// A note without a rule, or with its finding's rule, follows the finding it explains; a note made from a rule of
    /// its own, or one with no warning or error before it, is a finding of its own.
    @Test func notesJoinTheFindingBeforeThem() throws {
        let handled = try #require(RuleRegistry.all.first { $0.severity == .none })
        var sameRule = Diagnostic.note("as it was", at: Self.base)
        sameRule.ruleID = "migration.not-inferable"
        var changed = Diagnostic.error("changed", at: Self.contents)
        changed.ruleID = "migration.not-inferable"
        let findings = Finding.grouping([
            .note("alone"),
            changed, sameRule, .note("also this"),
            handled.diagnostic("accepted", at: Self.contents), handled.diagnostic("accepted too", at: Self.contents), .note("its note"),
            .warning("next"),
        ])
        #expect(findings.map(\.diagnostic.message) == ["alone", "changed", "accepted", "accepted too", "its note", "next"])
        #expect(findings[1].notes.map(\.message) == ["as it was", "also this"])
        #expect(findings[2].notes.isEmpty && findings[2].diagnostic.ruleID == handled.id)
        #expect(findings[3].notes.isEmpty)
    }

    /// actions/toolkit's `escapeData` and `escapeProperty` (packages/core/src/command.ts).
    @Test func gitHubActionsEscapesAsTheToolkitDoes() {
        #expect(GitHubActionsCommands.escapedData("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b")
        #expect(GitHubActionsCommands.escapedProperty("C:\\a,b%\n") == "C%3A\\a%2Cb%25%0A")
        var finding = Finding(diagnostic: Diagnostic(.error, "line one\nline two", at: ManagedModel.SourceLocation(path: "a,b:c.swift", line: 3)))
        finding.diagnostic.ruleID = "audit.unknown-property"
        finding.notes = [.note("as it was", at: Self.base), .note("no place")]
        #expect(GitHubActionsCommands.line(finding)
            == "::error file=a%2Cb%3Ac.swift,line=3,title=audit.unknown-property::line one%0Aline two"
            + "%0AModel.xcdatamodeld/Model.xcdatamodel/contents:6: note: as it was%0Anote: no place")
        #expect(GitHubActionsCommands.line(Finding(diagnostic: .warning("whole file", at: ManagedModel.SourceLocation(path: "x.swift", line: 0))))
            == "::warning file=x.swift::whole file")
        #expect(GitHubActionsCommands.line(Finding(diagnostic: .note("nowhere"))) == "::notice::nowhere")
    }

    /// Keys sorted; `file`, `line` and `rule` only when known; `notes` always.
    @Test func theJSONDocumentsShape() throws {
        var located = Diagnostic(.warning, "a \"quoted\" message", at: Self.contents)
        located.ruleID = "migration.data-loss"
        let text = JSONReport.document([
            Finding(diagnostic: located, notes: [.note("as it was", at: Self.base)]),
            Finding(diagnostic: .error("no file")),
        ])
        #expect(text == """
            {
              "findings": [
                {
                  "file": "Model.xcdatamodeld/Model 2.xcdatamodel/contents",
                  "line": 6,
                  "message": "a \\"quoted\\" message",
                  "notes": [
                    {
                      "file": "Model.xcdatamodeld/Model.xcdatamodel/contents",
                      "line": 6,
                      "message": "as it was"
                    }
                  ],
                  "rule": "migration.data-loss",
                  "severity": "warning"
                },
                {
                  "message": "no file",
                  "notes": [],
                  "severity": "error"
                }
              ],
              "tool": "managed-codegen",
              "version": "\(Version.number)"
            }

            """)
    }
}
