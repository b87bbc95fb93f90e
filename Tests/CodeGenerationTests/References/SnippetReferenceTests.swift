import Foundation
import ManagedModel
import Testing

@testable import CodeGeneration

/// One feature of the generated class each, from a model of one or two entities, compared with the snippet of
/// Swift it must produce (the whole-file references in `Fixtures/Expected/Generated` show every feature at once;
/// these show which one changed). A change in the output fails with a diff of the snippet.
@Suite struct SnippetReferenceTests {
    /// The machine file generated for `className` from `entities`.
    private func machineFile(of className: String, _ entities: [Entity]) throws -> String {
        let result = try CodeGenerator.generate(schema: Build.schema(entities), options: .init())
        return try #require(result.files.first { $0.kind == .machine && $0.relativePath == "\(className)+Generated.swift" }).contents
    }

    private static let path = "/m/M.xcdatamodeld/M.xcdatamodel/contents"

    private func attribute(
        _ name: String, _ type: AttributeType, optional: Bool = false, scalar: Bool = false, defaultValue: ModelValue? = nil
    ) -> Attribute {
        Attribute(
            name: name, location: Build.location(2), type: type, isOptional: optional, usesScalarValueType: scalar,
            defaultValue: defaultValue)
    }

    /// An optional scalar is a true `T?`, stored through KVC (`@NSManaged` cannot declare `Double?`).
    @Test func optionalScalarAttribute() throws {
        let file = try machineFile(of: "Reading", [Build.entity("Reading", attributes: [attribute("level", .double, optional: true, scalar: true)])])
        assertContainsSnippet(
            """
                public var level: Double? {
                    get { ManagedOptionalScalar.value(forKey: Keys.level, of: self) }
                    set { ManagedOptionalScalar.set(newValue, forKey: Keys.level, of: self) }
                }
            """, in: file, "optional scalar attribute")
    }

    /// A required attribute with a default is `@NSManaged` non-optional, and its default is the initializer's.
    @Test func requiredAttributeWithDefault() throws {
        let file = try machineFile(
            of: "Line", [Build.entity("Line", attributes: [attribute("quantity", .integer32, scalar: true, defaultValue: .integer(1))])])
        assertContainsSnippet("    @NSManaged public var quantity: Int32", in: file, "required scalar attribute")
        assertContainsSnippet(
            """
                public init(
                    context: NSManagedObjectContext,
                    quantity: Int32 = 1
                ) {
            """, in: file, "designated initializer")
    }

    /// Each property has its key in `Keys`, attributes before relationships.
    @Test func keysEntries() throws {
        let file = try machineFile(
            of: "Line",
            [
                Build.entity("Line", attributes: [attribute("note", .string, optional: true)], relationships: [Build.toOne("item", "Item", optional: true)]),
                Build.entity("Item"),
            ])
        assertContainsSnippet(
            """
                nonisolated public enum Keys {
                    public static var note: String { "note" }
                    public static var item: String { "item" }
                }
            """, in: file, "Keys")
    }

    /// An unordered to-many relationship is a `Set`, with Xcode's four accessors.
    @Test func toManyAccessors() throws {
        let tags = Relationship(
            name: "tags", location: Build.location(3), destinationEntity: "Tag", isOptional: true, isToMany: true)
        let file = try machineFile(of: "Item", [Build.entity("Item", relationships: [tags]), Build.entity("Tag")])
        assertContainsSnippet("    @NSManaged public var tags: Set<Tag>", in: file, "to-many property")
        assertContainsSnippet(
            """
            // MARK: Generated accessors for tags
            nonisolated extension Item {
                @objc(addTagsObject:)
                @NSManaged public func addToTags(_ value: Tag)

                @objc(removeTagsObject:)
                @NSManaged public func removeFromTags(_ value: Tag)

                @objc(addTags:)
                @NSManaged public func addToTags(_ values: NSSet)

                @objc(removeTags:)
                @NSManaged public func removeFromTags(_ values: NSSet)
            }
            """, in: file, "to-many accessors")
    }

    /// Core Data's own initializer stays for faults; the two that would skip required values are unavailable.
    @Test func initializersCoreDataNeedsAndTheUnavailableOnes() throws {
        let file = try machineFile(of: "Tag", [Build.entity("Tag", attributes: [attribute("name", .string)])])
        assertContainsSnippet(
            """
                /// Core Data creates instances, faults included, through this initializer.
                @objc
                override private init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
                    super.init(entity: entity, insertInto: context)
                }

                @available(*, unavailable, message: "Use init(context:...), which takes every required value")
                public init() {
                    fatalError("unavailable")
                }

                @available(*, unavailable, message: "Use init(context:...), which takes every required value")
                public convenience init(context: NSManagedObjectContext) {
                    fatalError("unavailable")
                }
            """, in: file, "initializers")
    }
}
