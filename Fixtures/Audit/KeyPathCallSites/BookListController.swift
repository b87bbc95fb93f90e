// An app's call sites over the Library model's generated classes, written as an app written for Xcode's codegen
// has them. Every line marked `// traps` compiles and stops the program at run time after the move (Book.rating is a
// Swift-only `Double?`); `audit --sources` reports exactly those lines (KeyPathCallSiteTests).
import CoreData
import Foundation

enum BookOrder {
    case title, rating, authorName, pages, chapterBookRating
}

final class BookListController: NSObject {
    let context: NSManagedObjectContext
    private var titleObservation: NSKeyValueObservation?
    private var ratingObservation: NSKeyValueObservation?

    init(context: NSManagedObjectContext) {
        self.context = context
    }

    func request(sortedBy order: BookOrder) -> NSFetchRequest<Book> {
        let request = Book.fetchRequest()
        switch order {
        case .title:
            request.sortDescriptors = [NSSortDescriptor(keyPath: \Book.title, ascending: true)]
        case .rating:
            request.sortDescriptors = [NSSortDescriptor(keyPath: \Book.rating, ascending: false)] // traps
        case .authorName:
            request.sortDescriptors = [NSSortDescriptor(keyPath: \Book.author.name, ascending: true)]
        case .pages:
            request.sortDescriptors = [
                NSSortDescriptor(keyPath: \Book.pageCount, ascending: true),
                NSSortDescriptor(key: Book.Keys.rating, ascending: false),
            ]
        case .chapterBookRating:
            break
        }
        return request
    }

    func chaptersByBookRating() -> NSFetchRequest<Chapter> {
        let request = Chapter.fetchRequest()
        request.sortDescriptors = [
            NSSortDescriptor(keyPath: \Chapter.book?.rating, ascending: false), // traps
            NSSortDescriptor(keyPath: \Chapter.title, ascending: true),
        ]
        return request
    }

    func averageRatingDescription() -> NSExpressionDescription {
        let description = NSExpressionDescription()
        description.name = "averageRating"
        description.expression = NSExpression(forFunction: "average:", arguments: [NSExpression(forKeyPath: \Book.rating)]) // traps
        description.expressionResultType = .doubleAttributeType
        return description
    }

    func highlyRated() -> NSPredicate {
        NSPredicate(format: "%K >= %@", Book.Keys.rating, 4 as NSNumber)
    }

    func titleSections() -> NSFetchedResultsController<Book> {
        let request = request(sortedBy: .title)
        return NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: #keyPath(Book.title), cacheName: nil)
    }

    func watch(_ book: Book, onChange: @escaping () -> Void) {
        titleObservation = book.observe(\.title) { _, _ in onChange() }
        ratingObservation = book.observe(\.rating, options: [.new]) { _, _ in onChange() } // traps
    }

    /// Key paths read in Swift never go through KVC: no trap.
    func ratings(of books: [Book]) -> [Double] {
        books.compactMap(\.rating)
    }

    func sortedByTitle(_ books: [Book]) -> [Book] {
        books.sorted(using: KeyPathComparator(\Book.title))
    }

    func sortedByRating(_ books: [Book]) -> [Book] {
        books.sorted { ($0.rating ?? 0) < ($1.rating ?? 0) }
    }
}

extension Book {
    /// Recomputed elsewhere: tells observers the rating changed.
    func ratingWasRecomputed() {
        willChangeValue(for: \Book.rating) // traps
        didChangeValue(forKey: Keys.rating)
    }
}
