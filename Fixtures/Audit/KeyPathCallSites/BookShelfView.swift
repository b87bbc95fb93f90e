// A SwiftUI screen over the Library model's generated classes, written as apps write them (Apple's SectionedFetchRequest
// example sections earthquakes by `\.day` and sorts them with `SortDescriptor(\.time, order: .reverse)`). Every line
// marked `// traps` compiles and fails at run time after the move (Book.rating is a Swift-only `Double?`);
// `audit --sources` reports exactly those lines (KeyPathCallSiteTests).
import CoreData
import SwiftUI

/// Reading progress the app keeps outside Core Data, with an `@objc` property of the same name as Book's: a key path
/// `\.rating` with no root written is Book's or this one's, depending on the object it is applied to.
final class ReadingProgress: NSObject {
    @objc dynamic var rating: Double = 0
}

struct BookShelfView: View {
    @FetchRequest(sortDescriptors: [SortDescriptor(\.rating, order: .reverse)]) // traps
    private var byRating: FetchedResults<Book>

    @FetchRequest(sortDescriptors: [SortDescriptor(\Book.title)])
    private var byTitle: FetchedResults<Book>

    @SectionedFetchRequest<Double?, Book>(sectionIdentifier: \.rating, sortDescriptors: [SortDescriptor(\.title)]) // traps
    private var byRatingSection: SectionedFetchResults<Double?, Book>

    @SectionedFetchRequest(sectionIdentifier: \Book.subtitle, sortDescriptors: [NSSortDescriptor(keyPath: \Book.subtitle, ascending: true)])
    private var bySubtitle: SectionedFetchResults<String?, Book>

    var body: some View {
        List(byTitle) { book in
            Text(book.title)
        }
    }
}

final class RatingWatcher {
    private var bookObservation: NSKeyValueObservation?
    private var progressObservation: NSKeyValueObservation?

    func watch(_ book: Book, progress: ReadingProgress, onChange: @escaping () -> Void) {
        bookObservation = book.observe(\.rating) { _, _ in onChange() } // traps
        progressObservation = progress.observe(\.rating) { _, _ in onChange() }
    }

    func bestFirst() -> [NSSortDescriptor] {
        let ratingPath = \Book.rating
        let titlePath: KeyPath<Book, String> = \.title
        return [
            NSSortDescriptor(keyPath: ratingPath, ascending: false), // traps
            NSSortDescriptor(keyPath: titlePath, ascending: true),
        ]
    }

    func sortedInSwift(_ books: [Book]) -> [Book] {
        books.sorted(using: KeyPathComparator(\Book.title))
    }
}
