import Foundation
import ManagedModel
import Testing

@testable import managed_codegen

/// The report writers on their own: notes back in their findings, GitHub's escaping, the JSON document's shape.
/// Findings are made from registry rows, as the commands make them; a note is the only diagnostic without a rule.
@Suite struct ReportWriterTests {
    static let contents = ManagedModel.SourceLocation(path: "Model.xcdatamodeld/Model 2.xcdatamodel/contents", line: 6)
    static let base = ManagedModel.SourceLocation(path: "Model.xcdatamodeld/Model.xcdatamodel/contents", line: 6)

    /// The registry's row of `id`.
    static func rule(_ id: String) throws -> Rule { try #require(RuleRegistry.all.first { $0.id == id }) }

    /// A note without a rule follows the finding it explains; a note a `none` row reports is a finding (and can have
    /// notes of its own); a note with nothing before it stands alone.
    @Test func notesJoinTheFindingBeforeThem() throws {
        let handled = try #require(RuleRegistry.all.first { $0.severity == .none })
        let findings = Finding.grouping([
            .note("alone"),
            Diagnostic(try Self.rule("migration.not-inferable"), "changed", at: Self.contents), .note("as it was", at: Self.base),
            .note("also this"),
            handled.diagnostic("accepted", at: Self.contents), .note("its note"),
            Diagnostic(try Self.rule("audit.missing-declaration"), "next"),
        ])
        #expect(findings.map(\.diagnostic.message) == ["alone", "changed", "accepted", "next"])
        #expect(findings[1].notes.map(\.message) == ["as it was", "also this"])
        #expect(findings[2].notes.map(\.message) == ["its note"] && findings[2].diagnostic.ruleID == handled.id)
        #expect(findings[3].notes.isEmpty)
    }

    /// Code scanning's 1,024 characters of a rule's description.
    @Test func longDescriptionsAreCut() {
        #expect(SARIFLog.limited(String(repeating: "a", count: 1024)).count == 1024)
        let cut = SARIFLog.limited(String(repeating: "é", count: 2000))
        #expect(cut.count == 1024 && cut.hasSuffix("…"))
    }

    /// actions/toolkit's `escapeData` and `escapeProperty` (packages/core/src/command.ts).
    @Test func gitHubActionsEscapesAsTheToolkitDoes() throws {
        #expect(GitHubActionsCommands.escapedData("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b")
        #expect(GitHubActionsCommands.escapedProperty("C:\\a,b%\n") == "C%3A\\a%2Cb%25%0A")
        let finding = Finding(
            diagnostic: Diagnostic(
                try Self.rule("audit.unknown-property"), "line one\nline two", at: ManagedModel.SourceLocation(path: "a,b:c.swift", line: 3)),
            notes: [.note("as it was", at: Self.base), .note("no place")])
        #expect(GitHubActionsCommands.line(finding)
            == "::error file=a%2Cb%3Ac.swift,line=3,title=audit.unknown-property::line one%0Aline two"
            + "%0AModel.xcdatamodeld/Model.xcdatamodel/contents:6: note: as it was%0Anote: no place")
        let wholeFile = Diagnostic(try Self.rule("audit.missing-declaration"), "whole file", at: ManagedModel.SourceLocation(path: "x.swift", line: 0))
        #expect(GitHubActionsCommands.line(Finding(diagnostic: wholeFile)) == "::warning file=x.swift,title=audit.missing-declaration::whole file")
        #expect(GitHubActionsCommands.line(Finding(diagnostic: .note("nowhere"))) == "::notice::nowhere")
    }

    /// Keys sorted; `file`, `line` and `rule` only when known; `notes` always.
    @Test func theJSONDocumentsShape() throws {
        let located = Diagnostic(try Self.rule("audit.missing-declaration"), "a \"quoted\" message", at: Self.contents)
        let text = JSONReport.document([
            Finding(diagnostic: located, notes: [.note("as it was", at: Self.base)]),
            Finding(diagnostic: .note("no file")),
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
                  "rule": "audit.missing-declaration",
                  "severity": "warning"
                },
                {
                  "message": "no file",
                  "notes": [],
                  "severity": "note"
                }
              ],
              "tool": "managed-codegen",
              "version": "\(Version.number)"
            }

            """)
    }
}
