import Foundation
import Testing

@testable import managed_codegen

/// `--reporter` through the binary: a golden of each format for the audit fixture and a refused migration hop
/// (`Fixtures/Expected/Reports`), one document on standard output with json and sarif whatever else the command
/// prints or throws, exit statuses unchanged, and the config file's `reporter` key under the flag.
@Suite struct ReporterCLITests {
    static let references = TestSupport.expected.appendingPathComponent("Reports")

    /// The audit fixture's mistakes (9 errors, 7 warnings) and Fixtures/MigrationRules' attribute type change, which
    /// lightweight migration refuses (an error with a note at the source version's line); paths relative to the
    /// package root, where they run.
    static let cases: [(name: String, arguments: [String])] = [
        ("audit", ["audit", "Fixtures/Audit/Library.xcdatamodeld", "--sources", "Fixtures/Audit/Mistakes", "Fixtures/Audit/Shared"]),
        ("migration-check", [
            "migration-check", "Fixtures/MigrationRules/Migrations.xcdatamodeld", "--from", "00-base", "--model-version",
            "08-attribute-changes-type",
        ]),
    ]

    static let formats = ["xcode", "json", "sarif", "github-actions"]

    static func transcript(_ arguments: [String], _ run: CLI.Run) -> String {
        "$ managed-codegen \(arguments.joined(separator: " "))\nexit status \(run.status)\n--- stdout\n\(run.stdout)--- stderr\n\(run.stderr)"
            // The version is in every json and sarif document; a release must not rewrite the goldens.
            .replacingOccurrences(of: "\"\(Version.number)\"", with: "\"<version>\"")
    }

    @Test(arguments: formats)
    func eachFormatMatchesItsGolden(format: String) throws {
        for (name, arguments) in Self.cases {
            let full = arguments + (format == "xcode" ? [] : ["--reporter", format])
            let run = try CLI.run(full, in: TestSupport.packageRoot)
            #expect(run.status == 1, "\(name): exit status \(run.status): \(run.stderr)")
            assertMatchesReference(Self.transcript(full, run), reference: Self.references.appendingPathComponent("\(name).\(format).txt"))
        }
    }

    /// `xcode` is the default and what the commands printed before reporters: the same bytes with and without the flag.
    @Test func xcodeIsTheDefault() throws {
        for (_, arguments) in Self.cases {
            let plain = try CLI.run(arguments, in: TestSupport.packageRoot)
            let xcode = try CLI.run(arguments + ["--reporter", "xcode"], in: TestSupport.packageRoot)
            #expect(plain.stdout == xcode.stdout && plain.stderr == xcode.stderr && plain.status == xcode.status)
        }
    }

    /// Standard output must parse as exactly one JSON document: the whole of it, one top-level object.
    static func document(_ stdout: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(object as? [String: Any], "not one JSON object: \(stdout.prefix(300))", sourceLocation: sourceLocation)
    }

    /// `audit` and `migration-check` print a summary, `lock` what it wrote and the order it assumed, and `lock`'s
    /// order findings come after what it wrote: with json and sarif, all of it goes to standard error and standard
    /// output holds one document; the exit status is the one the xcode run has.
    @Test(arguments: ["json", "sarif"])
    func standardOutputHoldsOneDocument(format: String) throws {
        for (name, arguments) in Self.cases {
            let run = try CLI.run(arguments + ["--reporter", format], in: TestSupport.packageRoot)
            let document = try Self.document(run.stdout)
            #expect(document[format == "json" ? "findings" : "runs"] != nil, "\(name)")
            #expect(run.stderr.contains(name == "audit" ? "9 errors, 7 warnings" : "1 not inferable"), "\(name): the summary: \(run.stderr)")
        }

        // A first lock of several versions prints what it wrote, the order it assumed, one version a line, and then
        // warns about that order: the warnings join the one document.
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: TestSupport.fixtureBundle("Versions"), toPath: folder.appendingPathComponent("Versions.xcdatamodeld").path)
        let lock = try CLI.run(["lock", "Versions.xcdatamodeld", "--reporter", format], in: folder)
        #expect(lock.status == 0, "\(lock.stderr)")
        _ = try Self.document(lock.stdout)
        #expect(lock.stderr.contains("assumed these versions shipped in this order"), "\(lock.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Versions.managed-codegen.lock").path))

        // generate: an error thrown before anything is written (the DiagnosticsError path) is in the document, once.
        let generate = try CLI.run(["generate", "Versions.xcdatamodeld", "--reporter", format], in: folder)
        #expect(generate.status == 1)
        let failed = try Self.document(generate.stdout)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: failed), as: UTF8.self)
        #expect(text.contains("no output folder for the machine files"), "\(generate.stdout)")
        #expect(generate.stderr.isEmpty, "\(generate.stderr)")
    }

    /// A usage error comes before any command exists: text on standard error as always, no document.
    @Test func aUsageErrorIsTextWithoutADocument() throws {
        let run = try CLI.run(["audit", "Fixtures/Audit/Library.xcdatamodeld", "--reporter", "xml"], in: TestSupport.packageRoot)
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr.contains("--reporter"), "\(run.stderr)")
    }

    /// `reporter: json` in the config file beside the model sets the format of every command reading that model; the
    /// flag wins over it.
    @Test func theConfigFileSetsTheReporterAndTheFlagWins() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: TestSupport.fixtureBundle("Versions"), toPath: folder.appendingPathComponent("Versions.xcdatamodeld").path)
        try "reporter: json\n".write(to: folder.appendingPathComponent("managed-codegen.yml"), atomically: true, encoding: .utf8)
        let generate = try CLI.run(["generate", "Versions.xcdatamodeld"], in: folder)
        #expect(generate.status == 1)
        _ = try Self.document(generate.stdout)
        let flagged = try CLI.run(["generate", "Versions.xcdatamodeld", "--reporter", "xcode"], in: folder)
        #expect(flagged.stdout.isEmpty && flagged.stderr.contains("managed-codegen: error: no output folder"), "\(flagged.stderr)")
        try "reporter: xml\n".write(to: folder.appendingPathComponent("managed-codegen.yml"), atomically: true, encoding: .utf8)
        let invalid = try CLI.run(["generate", "Versions.xcdatamodeld"], in: folder)
        #expect(invalid.status == 1 && invalid.stdout.isEmpty)
        #expect(invalid.stderr.contains("'reporter' must be xcode or json or sarif or github-actions, not 'xml'"), "\(invalid.stderr)")
    }
}
