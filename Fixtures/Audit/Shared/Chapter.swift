import CoreData
import Foundation

@objc(Chapter)
final class Chapter: NSManagedObject {
    @NSManaged var title: String
    @NSManaged var book: Book?
}
