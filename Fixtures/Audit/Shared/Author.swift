import CoreData
import Foundation

// A Swift name of its own: Core Data finds the class by its Objective-C name, the entity's class name.
@objc(Author)
final class AuthorMO: NSManagedObject {
    @NSManaged var name: String
    @NSManaged var books: NSSet?
}

extension AuthorMO {
    @objc(addBooksObject:)
    @NSManaged func addToBooks(_ value: Book)

    @objc(removeBooks:)
    @NSManaged func removeFromBooks(_ values: NSSet)
}
