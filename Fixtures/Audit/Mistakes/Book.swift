import CoreData
import Foundation

/// Book with one mistake of each kind `managed-codegen audit` reports; each line with a mistake says which
/// (`mistake: <kind>`), and AuditFixtureTests expects exactly one diagnostic there. The model's `cover` is not
/// declared at all: the one diagnostic at the model's line.
@objc(Book)
final class Book: NSManagedObject {
    @NSManaged var createdAt: String  // mistake: error, a String over a Date attribute
    @NSManaged var pageCount: Int  // mistake: error, Int over Integer 16
    @NSManaged var price: Double  // mistake: error, a scalar over a Decimal attribute
    @NSManaged var published: Date?
    var rating: Double? {
        get { (value(forKey: "rating") as? NSNumber)?.doubleValue }
        set { setValue(newValue.map { NSNumber(value: $0) }, forKey: "rating") }
    }
    @NSManaged var sessionID: UUID  // mistake: error, a non-optional UUID over a transient attribute
    @NSManaged var stock: Int32  // mistake: warning, a scalar with Use Scalar Type off
    @NSManaged var subtitle: String  // mistake: error, non-optional over an optional attribute
    @NSManaged var title: String?  // mistake: warning, optional over a required attribute
    @NSManaged var edition: Int  // mistake: warning, Int over Integer 32: served, values past Int32 truncated
    @NSManaged var wordCount: Int  // mistake: warning, Int over Integer 64: no accessor on arm64_32 watchOS
    @NSManaged var format: Format
    @NSManaged var keywords: [String: Int]?  // mistake: warning, not the Transformable's class [String]
    @NSManaged var summary: String?  // mistake: error, no such property in the model
    @NSManaged var author: AuthorMO
    @NSManaged var chapters: Set<Chapter>  // mistake: error, Set over an ordered relationship
    @NSManaged var tags: Set<Tag>

    var displayTitle: String { "\(title ?? "") (\(pageCount) pages)" }
}

extension Book {
    @objc(addTagObject:)  // (the selector is on the attribute's line; the diagnostic at the declaration below)
    @NSManaged func addToTags(_ value: Tag)  // mistake: error, a selector Core Data does not implement

    @objc(removeTagsObject:)
    @NSManaged func removeFromTags(_ value: Tag)

    @objc(insertObject:inChaptersAtIndex:)
    @NSManaged func insertIntoChapters(_ value: Chapter, at idx: Int)

    @objc(addTags:)
    @NSManaged func addToTags(_ values: NSOrderedSet)  // mistake: error, tags is unordered: addTags: takes an NSSet
}

/// An `@objc` enumeration is its raw type to Objective-C: `Int16` over the Integer 16 `format`, no finding.
@objc enum Format: Int16 {
    case hardcover, paperback
}

final class BookDraft: NSManagedObject {}  // mistake: warning, no entity has the class BookDraft
