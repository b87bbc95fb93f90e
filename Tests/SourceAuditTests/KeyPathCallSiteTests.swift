import CodeGeneration
import Foundation
import ManagedModel
import ModelReader
import SourceAudit
import SwiftSourceScanning
import Testing

/// Key paths passed to the Foundation APIs that need a KVC string, over the generated classes' Swift-only properties.
@Suite struct KeyPathCallSiteTests {
    static let folder = TestSupport.auditFolder("KeyPathCallSites")

    /// What `generate` would declare for the Library model, overridden by the declarations in `sources`.
    static func properties(sources: [(path: String, text: String)]) throws -> KeyPathProperties {
        let schema = try ModelLoader.load(TestSupport.auditModel).schema
        var properties = CodeGenerator.makePlan(schema: schema, options: .init()).0.keyPathProperties
        properties.override(with: .scanning(sources))
        return properties
    }

    static func diagnostics(_ sources: [(path: String, text: String)]) throws -> Diagnostics {
        KeyPathCallSites.diagnostics(sources, properties: try properties(sources: sources))
    }

    @Test func theGeneratedClassesSayWhichPropertiesObjectiveCSees() throws {
        let schema = try ModelLoader.load(TestSupport.auditModel).schema
        let plan = CodeGenerator.makePlan(schema: schema, options: .init()).0
        let book = try #require(plan.classes.first { $0.className == "Book" })
        let visibility = Dictionary(uniqueKeysWithValues: book.attributes.map { ($0.key, $0.isKeyValueCodingVisible) })
        // Optional Double with 'Use Scalar Type': a computed Double?; the others are @NSManaged.
        #expect(visibility["rating"] == false)
        #expect(visibility["title"] == true)
        #expect(visibility["published"] == true)
        #expect(visibility["pageCount"] == true)
        let properties = plan.keyPathProperties
        #expect(properties.property("author", of: "Book")?.destinationClassName == "Author")
        #expect(properties.property("rating", of: "Book")?.keysConstant == "Book.Keys.rating")
        #expect(properties.property("rating", of: "Book")?.typedKeyConstant == "Book.ModelKeys.rating")
        #expect(properties.property("title", of: "Book")?.typedKeyConstant == nil)
    }

    @Test func anAppsCallSitesAreReportedExactlyOnTheLinesThatTrap() throws {
        let sources = SwiftSourceFiles.read(SwiftSourceFiles.paths(under: [Self.folder]))
        try #require(sources.count == 1)
        let found = try Self.diagnostics(sources)
        let marked = sources[0].text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.hasSuffix("// traps") }.map { $0.offset + 1 }
        #expect(marked.count == 5)
        #expect(found.errors.compactMap(\.location?.line) == marked, "\(found.all.map(\.message))")
        #expect(found.warnings.isEmpty)
        for diagnostic in found.errors { #expect(diagnostic.message.contains("traps at run time")) }
    }

    @Test func theMessageSaysWhyAndWhatToWriteInstead() throws {
        let source = (path: "/app/List.swift", text: "let s = NSSortDescriptor(keyPath: \\Book.rating, ascending: true)\n")
        let message = try #require(try Self.diagnostics([source]).errors.first?.message)
        #expect(message.contains("NSSortDescriptor(keyPath:ascending:) traps at run time"))
        #expect(message.contains("Book.rating is not @objc (a Swift-only computed Double?)"))
        // The typed key first, the `Keys` string second.
        #expect(message.contains("use NSSortDescriptor(Book.ModelKeys.rating, ascending: …) or NSSortDescriptor(key: Book.Keys.rating, ascending: …)"))

        let chained = (path: "/app/List.swift", text: "let e = NSExpression(forKeyPath: \\Chapter.book?.rating)\n")
        let chainedMessage = try #require(try Self.diagnostics([chained]).errors.first?.message)
        #expect(chainedMessage.contains("use NSExpression(forKeyPath: \"book.rating\")"))
    }

    @Test func swiftUIsFetchRequestAndImplicitInitializersAreCallSitesToo() throws {
        let source = (
            path: "/app/BookList.swift",
            text: """
                struct BookList: View {
                    @FetchRequest(sortDescriptors: [NSSortDescriptor(keyPath: \\Book.rating, ascending: false)])
                    private var byRating: FetchedResults<Book>
                    @FetchRequest(sortDescriptors: [.init(keyPath: \\Book.rating, ascending: false)])
                    private var again: FetchedResults<Book>
                    @FetchRequest(sortDescriptors: [.init(keyPath: \\Book.title, ascending: true)])
                    private var byTitle: FetchedResults<Book>
                }
                """
        )
        #expect(try Self.diagnostics([source]).errors.map(\.location?.line) == [2, 4])
    }

    @Test func aHandWrittenManagedDeclarationIsVisible() throws {
        let source = (
            path: "/app/Book.swift",
            text: """
                class Book: NSManagedObject {
                    @NSManaged var rating: NSNumber?
                }
                let s = NSSortDescriptor(keyPath: \\Book.rating, ascending: true)
                """
        )
        #expect(try Self.diagnostics([source]).all.isEmpty)
    }

    @Test func aHandWrittenComputedPropertyTrapsToo() throws {
        let source = (
            path: "/app/Book+Display.swift",
            text: """
                extension Book {
                    var displayTitle: String { title }
                }
                let s = NSSortDescriptor(keyPath: \\Book.displayTitle, ascending: true)
                """
        )
        let found = try Self.diagnostics([source])
        #expect(found.errors.map(\.location?.line) == [4])
    }

    @Test func anImpliedRootIsReportedOnlyWhenNoClassHasTheNameForObjectiveC() throws {
        let observe = (path: "/app/Watch.swift", text: "let o = object.observe(\\.rating) { _, _ in }\n")
        #expect(try Self.diagnostics([observe]).errors.count == 1)
        // Another class declares `rating` for Objective-C: the object may be that one.
        let draft = (
            path: "/app/ReviewDraft.swift",
            text: """
                final class ReviewDraft: NSObject {
                    @objc dynamic var rating: Double = 0
                }
                """
        )
        #expect(try Self.diagnostics([observe, draft]).all.isEmpty)
        // A name no model class has: the object may be a framework's (URLSessionTask's @objc `progress`).
        let task = (path: "/app/Upload.swift", text: "let o = task.observe(\\.progress) { _, _ in }\n")
        let uploader = (path: "/app/Uploader.swift", text: "final class Uploader {\n    var progress = 0.0\n}\n")
        #expect(try Self.diagnostics([task, uploader]).all.isEmpty)
    }

    @Test func keyPathsOutsideTheTrappingAPIsAreFine() throws {
        let source = (
            path: "/app/Lists.swift",
            text: """
                let ratings = books.map(\\.rating)
                let sorted = books.sorted(using: KeyPathComparator(\\Book.rating))
                let byRating = books.max(by: { ($0.rating ?? 0) < ($1.rating ?? 0) })
                let text = "NSSortDescriptor(keyPath: \\\\Book.rating, ascending: true)"
                // NSSortDescriptor(keyPath: \\Book.rating, ascending: true)
                """
        )
        #expect(try Self.diagnostics([source]).all.isEmpty)
    }
}
