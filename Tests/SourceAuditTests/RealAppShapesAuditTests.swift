import ManagedModel
import ModelReader
import Testing

/// Declarations in the shapes real apps write (seen running the audit over canvas-ios, CoreDataPlus and the
/// Kodeco samples in the corpus), written here against the Inventory fixture: what Core Data serves must pass.
@Suite struct RealAppShapesAuditTests {
    static let path = "/app/Item.swift"

    /// A correct Item class, one member a line from line 4 on, with `members` changed or added (`nil` removes one).
    static func itemClass(_ changes: KeyValuePairs<String, String?> = [:]) -> String {
        var members: [(name: String, line: String)] = [
            ("dateCreated", "public var dateCreated: Date"), ("discount", "public var discount: NSNumber?"),
            ("itemId", "internal (set) public var itemId: String"), ("name", "public var name: String"),
            ("stockCount", "public var stockCount: Int64"), ("unitCost", "public var unitCost: Decimal"),
            ("unitPrice", "public var unitPrice: Decimal"), ("owner", "public var owner: Person"),
            ("tags", "public var tags: Set<Tag>"),
        ]
        for (name, line) in changes {
            if let index = members.firstIndex(where: { $0.name == name }) {
                if let line { members[index].line = line } else { members.remove(at: index) }
            } else if let line {
                members.append((name, line))
            }
        }
        let body = members.map { "    @NSManaged \($0.line)" }.joined(separator: "\n")
        return "import CoreData\n\npublic final class Item: NSManagedObject {\n\(body)\n}\n"
    }

    static func findings(_ source: String, inSourceOnly: Bool = true) throws -> [Diagnostic] {
        let schema = try ModelLoader.load(TestSupport.fixtureBundle("Inventory")).schema
        return AuditRun.diagnostics(schema: schema, sources: [(path: path, text: source)]).all
            .filter { !inSourceOnly || $0.location?.path == path }
    }

    @Test func theCorrectClassPasses() throws {
        #expect(try Self.findings(Self.itemClass()).isEmpty)
    }

    @Test func primitiveAccessorsOfModeledPropertiesPass() throws {
        let findings = try Self.findings(Self.itemClass([
            "primitiveDateCreated": "private var primitiveDateCreated: Date",
            "primitiveOwner": "fileprivate var primitiveOwner: Person",
            "primitiveColour": "var primitiveColour: String?",
        ]))
        #expect(findings.map(\.location!.line) == [15], "only primitiveColour: the entity has no 'colour'")
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.contains("'primitiveColour' is not a property") == true)
    }

    @Test func intOverInteger64IsAWarningThatSaysItCrashesOnArm64_32() throws {
        let findings = try Self.findings(Self.itemClass(["stockCount": "public var stockCount: Int", "unitPrice": "public var unitPrice: Int"]))
        #expect(findings.map(\.location!.line) == [8, 10])
        #expect(findings.map(\.severity) == [.warning, .error], "Int serves Integer 64 where Int is 64 bits; never Decimal")
        #expect(findings.first?.message.contains("on arm64_32 watchOS, which Integer 64 does not accept") == true)
        #expect(findings.first?.message.contains("(a crash)") == true)
        #expect(findings.first?.message.hasSuffix("declare Int64") == true)
    }

    /// An app's `@objc enum Kind: Int64` over the Integer 64 `stockCount`: Objective-C sees an Int64.
    @Test func anObjcEnumOfTheAttributesScalarPasses() throws {
        let source = Self.itemClass(["stockCount": "public var stockCount: StockLevel"]) + "@objc enum StockLevel: Int64 { case none, some }\n"
        #expect(try Self.findings(source).isEmpty)
        let plain = Self.itemClass(["stockCount": "public var stockCount: StockLevel"]) + "enum StockLevel: Int64 { case none, some }\n"
        #expect(try Self.findings(plain).map(\.severity) == [.error], "a Swift enum Objective-C cannot see stays an error")
    }

    /// The to-many bulk mutators take the relationship's collection: `addTags:` an NSSet (Item.tags is unordered),
    /// `addItems:` an NSOrderedSet (Person.items is ordered).
    @Test func bulkAccessorsTakeTheRelationshipsCollection() throws {
        let item = Self.itemClass() + """
            extension Item {
                @objc(addTags:) @NSManaged public func addToTags(_ values: NSSet)
                @objc(removeTags:) @NSManaged public func removeFromTags(_ values: Set<Tag>)
                @objc(addTags:) @NSManaged public func addToTags(_ values: NSOrderedSet)
                @objc(addTagsObject:) @NSManaged public func addToTags(_ value: Tag)
            }
            """
        let person = """
            @objc(Person) public final class Person: NSManagedObject {
                @NSManaged public var name: String
                @NSManaged public var items: NSOrderedSet
                @objc(addItems:) @NSManaged public func addToItems(_ values: NSOrderedSet)
                @objc(removeItems:) @NSManaged public func removeFromItems(_ values: NSSet)
                @objc(addItems:) @NSManaged public func addToItems(_ values: Set<Item>)
            }
            """
        let schema = try ModelLoader.load(TestSupport.fixtureBundle("Inventory")).schema
        let findings = AuditRun.diagnostics(schema: schema, sources: [(path: Self.path, text: item), (path: "/app/Person.swift", text: person)]).all
            .filter { $0.location?.path.hasPrefix("/app/") == true }
        #expect(findings.map { "\($0.location!.path):\($0.location!.line)" } == [Self.path + ":17", "/app/Person.swift:5", "/app/Person.swift:6"])
        #expect(findings.allSatisfy { $0.severity == .error })
        #expect(findings.first?.message.contains("relationship 'Item.tags' is unordered: Core Data's 'addTags:' takes an NSSet") == true)
        #expect(findings.last?.message.contains("relationship 'Person.items' is ordered: Core Data's 'addItems:' takes an NSOrderedSet") == true)
    }

    /// A class of the app that no entity names (a leftover of a removed entity, a misspelt `@objc` name): a warning at
    /// the class. A shared base class of entity classes is not one, nor a class of no NSManagedObject descent.
    @Test func aManagedClassNoEntityNamesIsAWarning() throws {
        let schema = try AuditRun.schema(entities: """
            <entity name="Item" representedClassName="Item" syncable="YES"><attribute name="name" optional="YES" attributeType="String"/></entity>
            <entity name="Note" syncable="YES"><attribute name="text" optional="YES" attributeType="String"/></entity>
            """)
        let source = """
            import CoreData
            class Base: NSManagedObject {}
            @objc(Item) final class ItemMO: Base { @NSManaged var name: String? }
            final class Note: CoreData.NSManagedObject {}
            @objc(Itme) final class Misspelt: Base {}
            class Archive: Base {}
            final class Archived: Archive {}
            final class Helper: NSObject {}
            final class Plain {}
            """
        let findings = AuditRun.diagnostics(schema: schema, sources: [(path: "/app/Classes.swift", text: source)]).all
            .filter { $0.location?.path == "/app/Classes.swift" }
        #expect(findings.map(\.location!.line) == [4, 5, 7], "\(findings.map(\.message))")
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(findings.map(\.message) == [
            "class Note is an NSManagedObject subclass, but no entity of the model has the class Note (entity 'Note' has no class of its own: set its Class to Note): Core Data never makes an object of it",
            "class Misspelt (@objc(Itme)) is an NSManagedObject subclass, but no entity of the model has the class Itme (did you mean Item?): Core Data never makes an object of it",
            "class Archived is an NSManagedObject subclass, but no entity of the model has the class Archived: Core Data never makes an object of it",
        ])
    }

    /// A Transformable's declared type against its Custom Class: reported only when clearly another class.
    @Test func aTransformableOfAnotherClassIsAWarning() throws {
        let transformable = { (name: String, customClass: String) in
            #"<attribute name="\#(name)" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromDataTransformer" customClassName="\#(customClass)"/>"#
        }
        let schema = try AuditRun.schema(entities: """
            <entity name="Item" representedClassName="Item" syncable="YES">
            \(transformable("names", "[String]"))
            \(transformable("info", "NSDictionary"))
            \(transformable("colour", "UIColor"))
            \(transformable("palette", "Palette"))
            <attribute name="anything" optional="YES" attributeType="Transformable"/>
            </entity>
            """)
        let cases: [(key: String, type: String, warns: Bool)] = [
            ("names", "[String]?", false), ("names", "Array<String>?", false), ("names", "NSArray?", false), ("names", "NSObject?", false),
            ("names", "[Int]?", true), ("names", "[String: Int]?", true), ("names", "String?", true), ("names", "Palette?", true),
            ("info", "[String: Any]?", false), ("info", "NSDictionary?", false), ("info", "[String]?", true),
            ("colour", "UIColor?", false), ("colour", "NSObject?", false), ("colour", "UIImage?", false), ("colour", "String?", true),
            ("palette", "Palette?", false), ("palette", "Swatches?", false), ("palette", "Swatch?", true), ("palette", "[String]?", true),
            ("anything", "Swatch?", false),
        ]
        let body = cases.enumerated().map { "    @objc(\($0.element.key)) @NSManaged var v\($0.offset): \($0.element.type)" }
        let source = """
            import CoreData
            import UIKit
            @objc(Item) final class Item: NSManagedObject {
            \(body.joined(separator: "\n"))
            }
            class Swatches: NSObject {}
            final class Palette: Swatches {}
            final class Swatch: NSObject {}
            """
        let findings = AuditRun.diagnostics(schema: schema, sources: [(path: "/app/Item.swift", text: source)]).all
            .filter { $0.location?.path == "/app/Item.swift" }
        let warned = Set(findings.map { $0.location!.line - 4 })
        for (offset, expected) in cases.enumerated() {
            #expect(warned.contains(offset) == expected.warns, "\(expected.type) over \(expected.key)")
        }
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(findings.first?.message == "'v4' is declared [Int]?, but attribute 'Item.names' is Transformable with the class [String]: Core Data hands out what the transformer decodes, a [String], not a [Int]; declare [String]?, or change the attribute's Custom Class")
    }

    /// canvas-ios leaves optional Booleans undeclared; the advice must be Swift that compiles: Objective-C has no
    /// `Bool?` or `Double?`, so `@NSManaged` takes the object class.
    @Test func adviceForAnOptionalScalarIsAnObjectType() throws {
        let missing = try Self.findings(Self.itemClass(["discount": nil]), inSourceOnly: false)
            .filter { $0.message.contains("'Item.discount'") }
        #expect(missing.count == 1)
        #expect(missing.first?.message.contains("`@NSManaged var discount: NSNumber?`") == true)
    }
}
