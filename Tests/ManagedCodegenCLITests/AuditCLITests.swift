import Foundation
import Testing

/// `managed-codegen audit` through the binary: exit status, Xcode's diagnostic format, nothing written.
@Suite struct AuditCLITests {
    static let fixture = TestSupport.packageRoot.appendingPathComponent("Fixtures/Audit")
    static let model = fixture.appendingPathComponent("Library.xcdatamodeld").path
    static func folder(_ name: String) -> String { fixture.appendingPathComponent(name).path }

    /// `path:line: error|warning: message`, the form Xcode puts on the line.
    static func isXcodeDiagnostic(_ line: String) -> Bool {
        line.range(of: #"^/[^:]+:[0-9]+: (error|warning): \S"#, options: .regularExpression) != nil
    }

    @Test func mistakesAreReportedAtTheirLinesAndExitOne() throws {
        let before = CLI.Snapshot(Self.fixture)
        let run = try CLI.run(["audit", Self.model, "--sources", Self.folder("Mistakes"), Self.folder("Shared")])
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.stderrLines.count == 16, "\(run.stderr)")
        #expect(run.stderrLines.allSatisfy(Self.isXcodeDiagnostic), "\(run.stderr)")
        // Each `// mistake: <severity>` line of the class has its diagnostic, of that severity.
        let book = Self.folder("Mistakes") + "/Book.swift"
        let lines = try String(contentsOfFile: book, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            guard let range = line.range(of: "// mistake: ") else { continue }
            let severity = line[range.upperBound...].hasPrefix("error") ? "error" : "warning"
            #expect(run.stderrLines.contains { $0.hasPrefix("\(book):\(number + 1): \(severity): ") }, "line \(number + 1): \(line)")
        }
        #expect(run.stderr.contains("Library.xcdatamodel/contents:8: warning: property 'Book.cover' has no declaration"))
        #expect(run.stdout.contains("9 errors, 7 warnings"), "\(run.stdout)")
        #expect(CLI.Snapshot(Self.fixture) == before, "audit wrote into the sources")
    }

    @Test func theCorrectedClassPassesSilently() throws {
        let run = try CLI.run(["audit", Self.model, "--sources", Self.folder("Corrected"), Self.folder("Shared")])
        #expect(run.status == 0, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("0 errors, 0 warnings"), "\(run.stdout)")
    }

    @Test func strictTurnsWhatIsMissingIntoErrors() throws {
        let lenient = try CLI.run(["audit", Self.model, "--sources", Self.folder("Corrected")])
        #expect(lenient.status == 1, "AuthorMO, Book.author's type, is no class without Shared/: \(lenient.stderr)")
        let missing = lenient.stderrLines.filter { $0.contains("no class or extension in the sources declares it") }
        #expect(missing.count == 3 && missing.allSatisfy { $0.contains(": warning: ") }, "\(lenient.stderr)")
        let strict = try CLI.run(["audit", Self.model, "--sources", Self.folder("Corrected"), "--strict"])
        #expect(strict.stderrLines.filter { $0.contains(": error: entity '") }.count == 3, "\(strict.stderr)")
    }

    @Test func generatedClassesPassTheAudit() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["Inventory", "Staff"] {
            let output = root.appendingPathComponent("\(name)/Generated").path
            let human = root.appendingPathComponent("\(name)/Model").path
            let generated = try CLI.run(["generate", TestSupport.fixtureBundle(name), "--output", output, "--human-output", human])
            try #require(generated.status == 0, "\(generated.stderr)")
            let run = try CLI.run(["audit", TestSupport.fixtureBundle(name), "--sources", output, human, "--strict"])
            #expect(run.status == 0, "\(name): exit \(run.status): \(run.stderr)")
            #expect(run.stderr.isEmpty, "\(name): \(run.stderr)")
        }
    }

    /// Versions' current version (2) has no Tag entity, its version 3 has: a `Tag` class is kept for that version,
    /// not reported as a class no entity names; a class no version names is.
    @Test func aClassOfAnotherModelVersionIsNotReportedAsUnknown() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let source = """
            import CoreData
            @objc(Tag) final class Tag: NSManagedObject {}
            @objc(Ghost) final class Ghost: NSManagedObject {}

            """
        try Data(source.utf8).write(to: root.appendingPathComponent("Classes.swift"))
        let run = try CLI.run(["audit", TestSupport.fixtureBundle("Versions"), "--sources", root.path])
        let unknown = run.stderrLines.filter { $0.contains("no entity of the model has the class") }
        #expect(unknown.count == 1, "\(run.stderr)")
        #expect(unknown.first?.contains("Classes.swift:3: warning: class Ghost") == true, "\(run.stderr)")
    }

    @Test func aMisspeltOrMissingSourcesFolderIsAnError() throws {
        let misspelt = try CLI.run(["audit", Self.model, "--sources", Self.folder("Corected")])
        #expect(misspelt.status == 1)
        #expect(misspelt.stderr.contains("--sources '\(Self.folder("Corected"))' does not exist"), "\(misspelt.stderr)")
        let none = try CLI.run(["audit", Self.model])
        #expect(none.status == 1)
        #expect(none.stderr.contains("--sources"), "\(none.stderr)")
    }
}
