import ManagedModel
import ModelReader
import Testing

/// What a team moving off Xcode's Category/Extension codegen sees first: Xcode declares every object attribute and
/// to-one optional and optional scalars non-optional. All are warnings: the first work, the optional scalar reads nil
/// as 0 (a value lost, not a crash; real apps hold hundreds of these); the `NSSet?` to-many and the KVC accessors pass.
@Suite struct XcodeStyleAuditTests {
    static let itemProperties = """
        import Foundation
        import CoreData

        extension Item {
            @nonobjc public class func fetchRequest() -> NSFetchRequest<Item> {
                return NSFetchRequest<Item>(entityName: "Item")
            }

            @NSManaged public var dateCreated: Date?
            @NSManaged public var discount: Double
            @NSManaged public var itemId: String?
            @NSManaged public var name: String?
            @NSManaged public var stockCount: Int64
            @NSManaged public var unitCost: NSDecimalNumber?
            @NSManaged public var unitPrice: NSDecimalNumber?
            @NSManaged public var owner: Person?
            @NSManaged public var tags: NSSet?
        }

        // MARK: Generated accessors for tags
        extension Item {
            @objc(addTagsObject:)
            @NSManaged public func addToTags(_ value: Tag)
            @objc(removeTagsObject:)
            @NSManaged public func removeFromTags(_ value: Tag)
            @objc(addTags:)
            @NSManaged public func addToTags(_ values: NSSet)
            @objc(removeTags:)
            @NSManaged public func removeFromTags(_ values: NSSet)
        }

        extension Item : Identifiable {
        }
        """

    @Test func xcodesDeclarationsAreWarnings() throws {
        let schema = try ModelLoader.load(TestSupport.fixtureBundle("Inventory")).schema
        let findings = AuditRun.diagnostics(schema: schema, sources: [(path: "/app/Item+CoreDataProperties.swift", text: Self.itemProperties)])
            .all.filter { $0.location?.path == "/app/Item+CoreDataProperties.swift" }
        #expect(findings.map(\.location!.line) == [9, 10, 11, 12, 14, 15, 16])
        #expect(findings.filter { $0.severity == .error }.isEmpty)
        let discount = findings.first { $0.location?.line == 10 }
        #expect(discount?.message.contains("reads nil as 0") == true, "discount: an optional Double declared Double")
    }
}
