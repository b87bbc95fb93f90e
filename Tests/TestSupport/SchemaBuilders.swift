import ManagedModel

/// Schemas written in Swift, so the generator is tested without the XML reader.
package enum TestSchemas {
    package static let path = "/models/Inventory.xcdatamodeld/Inventory.xcdatamodel/contents"

    package static func at(_ line: Int) -> SourceLocation { SourceLocation(path: path, line: line) }

    /// The model of the agreed generated shape: Item with required, defaulted, optional-scalar and
    /// constrained attributes, to-one, to-many and ordered to-many relationships; an abstract parent.
    package static func inventory() -> Schema {
        let item = Entity(
            name: "Item", location: at(10), representedClassName: "Item", className: "Item",
            attributes: [
                Attribute(name: "dateCreated", location: at(11), type: .date),
                Attribute(name: "discount", location: at(12), type: .double, isOptional: true, usesScalarValueType: true),
                Attribute(name: "itemId", location: at(13), type: .string),
                Attribute(
                    name: "name", location: at(14), type: .string, minValue: .integer(1), maxValue: .integer(40),
                    regularExpression: "^[A-Z].*"),
                Attribute(name: "stockCount", location: at(15), type: .integer64, usesScalarValueType: true, defaultValue: .integer(0)),
                Attribute(name: "unitCost", location: at(16), type: .decimal, minValue: .decimal("0")),
                Attribute(name: "unitPrice", location: at(17), type: .decimal),
            ],
            relationships: [
                Relationship(name: "lines", location: at(18), destinationEntity: "Line", isOptional: true, isToMany: true, isOrdered: true, deletionRule: .cascade, inverseName: "item", inverseEntity: "Line"),
                Relationship(name: "owner", location: at(19), destinationEntity: "Person", maxCount: 1, inverseName: "items", inverseEntity: "Person"),
                Relationship(name: "tags", location: at(20), destinationEntity: "Tag", isOptional: true, isToMany: true, inverseName: "items", inverseEntity: "Tag"),
            ])
        let line = Entity(
            name: "Line", location: at(22), representedClassName: "Line", className: "Line",
            attributes: [
                Attribute(name: "note", location: at(23), type: .string, isOptional: true),
                Attribute(name: "quantity", location: at(24), type: .integer32, usesScalarValueType: true, defaultValue: .integer(1), minValue: .integer(1)),
            ],
            relationships: [
                Relationship(name: "item", location: at(25), destinationEntity: "Item", maxCount: 1, inverseName: "lines", inverseEntity: "Item"),
            ])
        let party = Entity(
            name: "Party", location: at(27), representedClassName: "Party", className: "Party", childNames: ["Person"],
            isAbstract: true,
            attributes: [
                Attribute(name: "displayName", location: at(28), type: .string, defaultValue: .string("Unnamed \"party\"")),
                Attribute(name: "isActive", location: at(29), type: .boolean, isOptional: true, usesScalarValueType: true),
            ])
        let person = Entity(
            name: "Person", location: at(31), representedClassName: "Person", className: "Person", parentName: "Party",
            attributes: [
                Attribute(name: "email", location: at(32), type: .string, isOptional: true, regularExpression: "[^@]+@[^@]+"),
                Attribute(name: "joined", location: at(33), type: .date, isOptional: true, usesScalarValueType: true),
                Attribute(name: "nameLength", location: at(34), type: .integer16, isOptional: true, isDerived: true, derivationExpression: "displayName.length", usesScalarValueType: true),
            ],
            relationships: [
                Relationship(name: "items", location: at(35), destinationEntity: "Item", isOptional: true, isToMany: true, inverseName: "owner", inverseEntity: "Item"),
            ])
        let tag = Entity(
            name: "Tag", location: at(37), representedClassName: "Tag", className: "Tag",
            attributes: [
                Attribute(name: "name", location: at(38), type: .string),
                Attribute(name: "uuid", location: at(39), type: .uuid, defaultValue: .uuid("4F3C2A1B-0000-4000-8000-000000000001")),
            ],
            relationships: [
                Relationship(name: "items", location: at(40), destinationEntity: "Item", isOptional: true, isToMany: true, inverseName: "tags", inverseEntity: "Item"),
            ])
        return Schema(
            contentsPath: path, modelName: "Inventory", versionName: "Inventory",
            entities: [item, line, party, person, tag])
    }
}

extension TestSchemas {
    /// Corner cases of class shape: every one must still compile.
    package static func edgeCases() -> Schema {
        func at(_ line: Int) -> SourceLocation { SourceLocation(path: edgePath, line: line) }
        func entity(
            _ name: String, _ line: Int, className: String? = nil, parent: String? = nil, children: [String] = [],
            abstract: Bool = false, codegen: CodeGenerationType = .manual, attributes: [Attribute] = [],
            relationships: [Relationship] = []
        ) -> Entity {
            Entity(
                name: name, location: at(line), representedClassName: className, className: className,
                parentName: parent, childNames: children, isAbstract: abstract, codeGenerationType: codegen,
                attributes: attributes, relationships: relationships)
        }
        return Schema(
            contentsPath: edgePath, modelName: "EdgeCases", versionName: "EdgeCases 2",
            entities: [
                // A concrete parent whose child adds nothing: the child's initializer overrides the parent's.
                entity("Base", 2, className: "Base", children: ["Derived"],
                       attributes: [Attribute(name: "title", location: at(3), type: .string)]),
                entity("Derived", 5, className: "Derived", parent: "Base"),
                // No values at all: the designated initializer is init(context:).
                entity("Empty", 7, className: "Empty"),
                // An abstract parent, and a child that only has defaults.
                entity("Shape", 9, className: "Shape", children: ["Circle"], abstract: true),
                entity("Circle", 10, className: "Circle", parent: "Shape",
                       attributes: [Attribute(name: "radius", location: at(11), type: .float, usesScalarValueType: true, defaultValue: .double(1))]),
                // A parent without a class: its properties are declared by the child's class.
                entity("Untyped", 13, children: ["Typed"],
                       attributes: [Attribute(name: "payload", location: at(14), type: .binary, isOptional: true, allowsExternalBinaryDataStorage: true)]),
                entity("Typed", 16, className: "Typed", parent: "Untyped",
                       attributes: [Attribute(name: "count", location: at(17), type: .integer16, usesScalarValueType: false)]),
                // A sub-entity of a class Xcode generates.
                entity("XcodeMade", 19, className: "XcodeMade", children: ["OnTop"], codegen: .class),
                entity("OnTop", 20, className: "OnTop", parent: "XcodeMade"),
                // Keywords, transformables, a mandatory ordered to-many, a required to-one cycle.
                entity("Words", 22, className: "Words",
                       attributes: [
                           Attribute(name: "default", location: at(23), type: .string, defaultValue: .string("tab\there")),
                           Attribute(name: "in", location: at(24), type: .boolean, isOptional: true),
                           Attribute(name: "colors", location: at(25), type: .transformable, isOptional: true, customClassName: "NSArray", valueTransformerName: "NSSecureUnarchiveFromData"),
                           Attribute(name: "since", location: at(26), type: .date, defaultValue: .date(0)),
                           Attribute(name: "link", location: at(27), type: .uri, isOptional: true),
                           Attribute(name: "ratio", location: at(28), type: .double, isOptional: true, usesScalarValueType: false),
                       ],
                       relationships: [
                           Relationship(name: "partner", location: at(29), destinationEntity: "Partner", maxCount: 1, inverseName: "words", inverseEntity: "Partner"),
                           Relationship(name: "steps", location: at(30), destinationEntity: "Empty", isToMany: true, isOrdered: true, minCount: 1),
                       ]),
                entity("Partner", 32, className: "Partner",
                       relationships: [
                           Relationship(name: "words", location: at(33), destinationEntity: "Words", maxCount: 1, inverseName: "partner", inverseEntity: "Words"),
                       ]),
            ])
    }

    package static let edgePath = "/models/EdgeCases.xcdatamodeld/EdgeCases 2.xcdatamodel/contents"
}

/// Small schemas for one planner rule each.
package enum Build {
    package static func location(_ line: Int) -> SourceLocation { SourceLocation(path: "/m/M.xcdatamodeld/M.xcdatamodel/contents", line: line) }

    package static func entity(
        _ name: String, line: Int = 1, parent: String? = nil, children: [String] = [], abstract: Bool = false,
        codegen: CodeGenerationType = .manual, className: String?? = .none, attributes: [Attribute] = [],
        relationships: [Relationship] = []
    ) -> Entity {
        let resolvedClass: String? = className ?? name
        return Entity(
            name: name, location: location(line), representedClassName: resolvedClass, className: resolvedClass,
            parentName: parent, childNames: children, isAbstract: abstract, codeGenerationType: codegen,
            attributes: attributes, relationships: relationships)
    }

    package static func toOne(_ name: String, _ destination: String, optional: Bool = false, line: Int = 1) -> Relationship {
        Relationship(name: name, location: location(line), destinationEntity: destination, isOptional: optional, maxCount: 1)
    }

    package static func schema(_ entities: [Entity], configurations: [Configuration] = []) -> Schema {
        Schema(
            contentsPath: "/m/M.xcdatamodeld/M.xcdatamodel/contents", modelName: "M", versionName: "M",
            entities: entities, configurations: configurations)
    }
}
