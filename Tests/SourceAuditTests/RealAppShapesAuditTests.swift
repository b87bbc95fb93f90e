import ManagedModel
import ModelReader
import Testing

/// Declarations in the shapes real apps write (seen running the audit over canvas-ios, CoreDataPlus and the
/// Kodeco samples in the corpus), written here against the Inventory fixture: what Core Data serves must pass.
@Suite struct RealAppShapesAuditTests {
    static let path = "/app/Item.swift"

    static func findings(_ source: String) throws -> [Diagnostic] {
        let schema = try ModelLoader.load(TestSupport.fixtureBundle("Inventory")).schema
        return AuditRun.diagnostics(schema: schema, sources: [(path: path, text: source)]).all.filter { $0.location?.path == path }
    }

    @Test func primitiveAccessorsOfModeledPropertiesPass() throws {
        let findings = try Self.findings("""
            import CoreData

            @objc(Item)
            public final class Item: NSManagedObject {
                @NSManaged public var dateCreated: Date
                @NSManaged private var primitiveDateCreated: Date
                @NSManaged fileprivate var primitiveOwner: Person
                @NSManaged var primitiveColour: String?
                @NSManaged public var discount: NSNumber?
                @NSManaged internal (set) public var itemId: String
                @NSManaged public var name: String
                @NSManaged public var stockCount: Int64
                @NSManaged public var unitCost: Decimal
                @NSManaged public var unitPrice: Decimal
                @NSManaged public var owner: Person
                @NSManaged public var tags: Set<Tag>
            }
            """)
        #expect(findings.map(\.location!.line) == [8], "only primitiveColour: the entity has no 'colour'")
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.contains("'primitiveColour' is not a property") == true)
    }

    @Test func intOverInteger64IsAWarningNotACrash() throws {
        let findings = try Self.findings("""
            import CoreData

            public final class Item: NSManagedObject {
                @NSManaged public var dateCreated: Date
                @NSManaged public var discount: NSNumber?
                @NSManaged public var itemId: String
                @NSManaged public var name: String
                @NSManaged public var stockCount: Int
                @NSManaged public var unitCost: Decimal
                @NSManaged public var unitPrice: Int
                @NSManaged public var owner: Person
                @NSManaged public var tags: Set<Tag>
            }
            """)
        #expect(findings.map(\.location!.line) == [8, 10])
        #expect(findings.map(\.severity) == [.warning, .error], "Int serves Integer 64 where Int is 64 bits; never Decimal")
        #expect(findings.first?.message.contains("arm64_32") == true)
        #expect(findings.first?.message.hasSuffix("declare Int64") == true)
    }
}
