import CoreData
import Foundation

/* Split the way Xcode's Category/Extension codegen splits it: the class, and an extension with the properties. */
@objc(Tag)
public class Tag: NSManagedObject {
    @nonobjc public class func fetchRequest() -> NSFetchRequest<Tag> {
        NSFetchRequest<Tag>(entityName: "Tag")
    }
}

extension Tag {
    @NSManaged public var name: String
    @NSManaged public var books: NSSet?
}
