import CoreData
import Foundation

/// Book as the model describes it: what `managed-codegen audit` accepts without a word.
@objc(Book)
final class Book: NSManagedObject {
    @NSManaged var cover: Data?
    @NSManaged var createdAt: Date
    @NSManaged var pageCount: Int16
    @NSManaged var price: NSDecimalNumber
    @NSManaged var published: Date?
    // An optional scalar: @NSManaged cannot declare Double?, so a computed property boxes it in NSNumber.
    var rating: Double? {
        get { (value(forKey: "rating") as? NSNumber)?.doubleValue }
        set { setValue(newValue.map { NSNumber(value: $0) }, forKey: "rating") }
    }
    @NSManaged var sessionID: UUID?
    @NSManaged var stock: NSNumber
    @NSManaged var subtitle: String?
    @NSManaged var title: String
    @NSManaged var edition: Int32
    @NSManaged var wordCount: Int64
    @NSManaged var format: Format
    @NSManaged var keywords: [String]?
    @NSManaged var author: AuthorMO
    @NSManaged var chapters: NSOrderedSet
    @NSManaged var tags: Set<Tag>

    /// Not a Core Data property: not `@NSManaged`, so the audit leaves it alone.
    var displayTitle: String { "\(title) (\(pageCount) pages)" }
}

extension Book {
    @objc(addTagsObject:)
    @NSManaged func addToTags(_ value: Tag)

    @objc(removeTagsObject:)
    @NSManaged func removeFromTags(_ value: Tag)

    @objc(insertObject:inChaptersAtIndex:)
    @NSManaged func insertIntoChapters(_ value: Chapter, at idx: Int)

    @objc(addTags:)
    @NSManaged func addToTags(_ values: NSSet)
}

/// An `@objc` enumeration is its raw type to Objective-C: `Int16` over the Integer 16 `format`.
@objc enum Format: Int16 {
    case hardcover, paperback
}
