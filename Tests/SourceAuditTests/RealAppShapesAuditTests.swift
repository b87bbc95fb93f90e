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

    @Test func intOverInteger64IsAWarningNotACrash() throws {
        let findings = try Self.findings(Self.itemClass(["stockCount": "public var stockCount: Int", "unitPrice": "public var unitPrice: Int"]))
        #expect(findings.map(\.location!.line) == [8, 10])
        #expect(findings.map(\.severity) == [.warning, .error], "Int serves Integer 64 where Int is 64 bits; never Decimal")
        #expect(findings.first?.message.contains("arm64_32") == true)
        #expect(findings.first?.message.hasSuffix("declare Int64") == true)
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
