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

    /// The controller (NSSortDescriptor, NSExpression, KVO) and the SwiftUI screen (SortDescriptor in `@FetchRequest`,
    /// a section identifier, implied roots beside another class's `@objc` property of the same name, a key path
    /// stored in a local): each file's marked lines, no others.
    @Test func anAppsCallSitesAreReportedExactlyOnTheLinesThatTrap() throws {
        let sources = SwiftSourceFiles.read(SwiftSourceFiles.paths(under: [Self.folder]))
        try #require(sources.count == 2)
        let found = try Self.diagnostics(sources)
        var markedCount = 0
        for source in sources {
            let marked = source.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { $0.element.hasSuffix("// traps") }.map { $0.offset + 1 }
            markedCount += marked.count
            let lines = found.errors.filter { $0.location?.path == source.path }.compactMap(\.location?.line)
            #expect(lines == marked, "\(source.path): \(found.all.map(\.message))")
        }
        #expect(markedCount == 9)
        #expect(found.warnings.isEmpty)
        for diagnostic in found.errors { #expect(diagnostic.message.contains("at run time")) }
    }

    @Test func swiftUIsSortDescriptorAndSectionIdentifierSayWhatFails() throws {
        let source = (
            path: "/app/Shelf.swift",
            text: """
                struct Shelf: View {
                    @FetchRequest(sortDescriptors: [SortDescriptor(\\Book.rating)])
                    private var books: FetchedResults<Book>
                    @SectionedFetchRequest(sectionIdentifier: \\Book.rating, sortDescriptors: [])
                    private var sections: SectionedFetchResults<Double?, Book>
                }
                """
        )
        let messages = try Self.diagnostics([source]).errors.map(\.message)
        try #require(messages.count == 2, "\(messages)")
        #expect(messages[0].hasPrefix("SortDescriptor(_:) traps at run time (Foundation: \"must be introspectable by the objective-c runtime\""))
        #expect(messages[0].contains("use NSSortDescriptor(Book.ModelKeys.rating, ascending: …)"))
        #expect(messages[1].hasPrefix("SectionedFetchRequest(sectionIdentifier:) does not work at run time"))
        #expect(messages[1].contains("@objc computed property"))
    }

    @Test func anImpliedRootComesFromTheReceiverOrTheFetchRequestsResults() throws {
        let draft = (path: "/app/ReviewDraft.swift", text: "final class ReviewDraft: NSObject {\n    @objc dynamic var rating: Double = 0\n}\n")
        // `rating` is also a ReviewDraft's `@objc` property: the declared receiver says which one it is.
        let watch = (path: "/app/Watch.swift", text: """
            func watch(_ book: Book, draft: ReviewDraft) {
                let a = book.observe(\\.rating) { _, _ in }
                let b = draft.observe(\\.rating) { _, _ in }
            }
            """)
        #expect(try Self.diagnostics([watch, draft]).errors.map(\.location?.line) == [2])
        let list = (path: "/app/List.swift", text: """
            struct List: View {
                @FetchRequest(sortDescriptors: [SortDescriptor(\\.rating, order: .reverse)])
                private var books: FetchedResults<Book>
                @SectionedFetchRequest<String, Book>(sectionIdentifier: \\.title, sortDescriptors: [SortDescriptor(\\.rating)])
                private var sections: SectionedFetchResults<String, Book>
            }
            """)
        #expect(try Self.diagnostics([list, draft]).errors.map(\.location?.line) == [2, 4])
        let explicit = (path: "/app/Sort.swift", text: "let byRating = [SortDescriptor<Book>(\\.rating, order: .reverse)]\n")
        #expect(try Self.diagnostics([explicit, draft]).errors.map(\.location?.line) == [1])
    }

    @Test func aKeyPathStoredInAVariableIsFollowedToTheCall() throws {
        let source = (path: "/app/Sorts.swift", text: """
            let ratingKeyPath: KeyPath<Book, Double?> = \\.rating
            func sorts() -> [NSSortDescriptor] {
                let byRating = \\Book.rating
                let byTitle: KeyPath<Book, String> = \\.title
                return [NSSortDescriptor(keyPath: byRating, ascending: false), NSSortDescriptor(keyPath: byTitle, ascending: true)]
            }
            func observed(_ book: Book) -> NSKeyValueObservation { book.observe(ratingKeyPath) { _, _ in } }
            """)
        let found = try Self.diagnostics([source]).errors
        #expect(found.map(\.location?.line) == [5, 7])
        #expect(found.first?.message.hasSuffix("(the key path stored in `byRating`)") == true)
        // The same name declared twice in the file: which one a call passes is not known, so nothing is said.
        let twice = (path: "/app/Twice.swift", text: """
            func a() { let path = \\Book.rating; _ = path }
            func b() -> NSSortDescriptor { let path = \\Book.title; return NSSortDescriptor(keyPath: path, ascending: true) }
            """)
        #expect(try Self.diagnostics([twice]).all.isEmpty)
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
