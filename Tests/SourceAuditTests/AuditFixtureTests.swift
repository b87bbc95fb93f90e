import Foundation
import ManagedModel
import Testing

/// The Library fixture: one diagnostic per mistake, at its line, of its severity; none for the corrected class.
@Suite struct AuditFixtureTests {
    struct Expected: Hashable, CustomStringConvertible {
        var path: String
        var line: Int
        var severity: Diagnostic.Severity
        var description: String { "\(TestSupport.relative(path)):\(line): \(severity.rawValue)" }
    }

    /// The `// mistake: error|warning, …` lines of `Mistakes/Book.swift`, and the model's `cover` line (declared nowhere).
    static func expectedFindings(strict: Bool = false) throws -> [Expected] {
        let book = TestSupport.auditFolder("Mistakes") + "/Book.swift"
        var expected: [Expected] = []
        for (number, line) in try String(contentsOfFile: book, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let range = line.range(of: "// mistake: ") else { continue }
            let severity = line[range.upperBound...].hasPrefix("error") ? Diagnostic.Severity.error : .warning
            expected.append(Expected(path: book, line: number + 1, severity: severity))
        }
        let contents = TestSupport.auditModel + "/Library.xcdatamodel/contents"
        let modelLines = try String(contentsOfFile: contents, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let cover = try #require(modelLines.firstIndex { $0.contains("name=\"cover\"") })
        expected.append(Expected(path: contents, line: cover + 1, severity: strict ? .error : .warning))
        return expected
    }

    static func found(_ diagnostics: Diagnostics) -> [Expected] {
        diagnostics.all.map { Expected(path: $0.location?.path ?? "", line: $0.location?.line ?? 0, severity: $0.severity) }
    }

    @Test func everyMistakeGetsExactlyOneDiagnosticAtItsLine() throws {
        let diagnostics = try AuditRun.diagnostics(
            model: TestSupport.auditModel, folders: [TestSupport.auditFolder("Mistakes"), TestSupport.auditFolder("Shared")])
        let expected = try Self.expectedFindings()
        #expect(expected.count == 16, "the fixture marks one mistake of each kind")
        #expect(Set(Self.found(diagnostics)) == Set(expected), "\(diagnostics.all.map(\.description).joined(separator: "\n"))")
        #expect(diagnostics.all.count == expected.count, "one diagnostic per mistake")
    }

    @Test func messagesSayWhatIsWrongAndWhatToDeclare() throws {
        let diagnostics = try AuditRun.diagnostics(
            model: TestSupport.auditModel, folders: [TestSupport.auditFolder("Mistakes"), TestSupport.auditFolder("Shared")])
        let messages = diagnostics.all.map(\.message)
        for snippet in [
            "'pageCount' is declared Int, but attribute 'Book.pageCount' is Integer 16, which Core Data cannot serve as Int",
            "declare Int16",
            "'createdAt' is declared String, but attribute 'Book.createdAt' is Date",
            "'price' is declared Double, but attribute 'Book.price' is Decimal",
            "'subtitle' is declared String, but attribute 'Book.subtitle' is optional: a non-optional property reads a nil value as empty; declare String?",
            "'sessionID' is declared UUID, but attribute 'Book.sessionID' is transient (a refresh discards it): a non-optional property traps when the value is nil",
            "'title' is declared String?, but attribute 'Book.title' is required: declare String",
            "'stock' is declared Int32, but attribute 'Book.stock' has 'Use Scalar Type' off",
            "relationship 'Book.chapters' is ordered: Core Data serves an NSOrderedSet, which does not bridge to Set<Chapter>",
            "@NSManaged property 'summary' is not a property of entity 'Book'",
            "has the selector 'addTagObject:' (did you mean 'addTagsObject:'?)",
            "property 'Book.cover' has no declaration in Book",
            "'edition' is declared Int, but attribute 'Book.edition' is Integer 32: Core Data serves Int (with a console message about an implicit coercion to 32 bits), but values past Int32 are truncated; declare Int32",
            "'wordCount' is declared Int, but attribute 'Book.wordCount' is Integer 64: Core Data serves Int on 64-bit platforms, but it encodes as `l` on arm64_32 watchOS, which Integer 64 does not accept",
            "'keywords' is declared [String:Int]?, but attribute 'Book.keywords' is Transformable with the class [String]",
            "@NSManaged method 'addToTags' ('addTags:') takes NSOrderedSet, but relationship 'Book.tags' is unordered: Core Data's 'addTags:' takes an NSSet",
            "class BookDraft is an NSManagedObject subclass, but no entity of the model has the class BookDraft",
        ] {
            #expect(messages.contains { $0.contains(snippet) }, "no message contains: \(snippet)\n\(messages.joined(separator: "\n"))")
        }
    }

    @Test func strictMakesMissingDeclarationsErrors() throws {
        let diagnostics = try AuditRun.diagnostics(
            model: TestSupport.auditModel, folders: [TestSupport.auditFolder("Mistakes"), TestSupport.auditFolder("Shared")],
            strict: true)
        #expect(Set(Self.found(diagnostics)) == Set(try Self.expectedFindings(strict: true)))
    }

    @Test func theCorrectedClassGetsNone() throws {
        let diagnostics = try AuditRun.diagnostics(
            model: TestSupport.auditModel, folders: [TestSupport.auditFolder("Corrected"), TestSupport.auditFolder("Shared")])
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all.map(\.description).joined(separator: "\n"))")
    }

    @Test func aClassMissingFromTheSourcesIsReportedAtTheEntity() throws {
        let diagnostics = try AuditRun.diagnostics(model: TestSupport.auditModel, folders: [TestSupport.auditFolder("Corrected")])
        // Without Shared/, AuthorMO (Book.author's type) is no class the audit knows either.
        let atEntities = diagnostics.all.filter { $0.location?.path.hasSuffix("contents") == true }
        #expect(diagnostics.all.count == atEntities.count + 1)
        #expect(atEntities.map(\.message).sorted() == [
            "entity 'Author' names the class Author, but no class or extension in the sources declares it",
            "entity 'Chapter' names the class Chapter, but no class or extension in the sources declares it",
            "entity 'Tag' names the class Tag, but no class or extension in the sources declares it",
        ])
        #expect(atEntities.allSatisfy { $0.severity == .warning })
    }

    @Test func theFixtureIsValidSwift() throws {
        for book in ["Mistakes", "Corrected"] {
            let files = [book, "Shared"].flatMap { folder in
                (try? FileManager.default.contentsOfDirectory(atPath: TestSupport.auditFolder(folder)))?.map {
                    TestSupport.auditFolder(folder) + "/" + $0
                } ?? []
            }
            #expect(files.count == 4)
            let parsed = try TestSupport.swiftcParse(files)
            #expect(parsed.status == 0, "\(book): \(parsed.output)")
        }
    }
}
