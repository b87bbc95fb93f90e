import CoreDataMapping
import ManagedModel
import Testing

/// How Core Data maps to Swift, checked against itself: the type a generated class declares is one `audit` accepts,
/// every attribute type has a row in each table, optionality follows one rule.
@Suite struct CoreDataMappingTests {
    static let here = SourceLocation(path: "Model.xcdatamodel/contents", line: 1)

    static func attribute(_ type: AttributeType, scalar: Bool?, optional: Bool = false) -> Attribute {
        Attribute(name: "value", location: here, type: type, isOptional: optional, usesScalarValueType: scalar)
    }

    /// What the generator declares for a type, as an object or a scalar, is something Core Data serves: an accepted
    /// object type, or a scalar whose encoding the type accepts as its own.
    @Test(arguments: AttributeType.allCases)
    func theDeclaredTypeIsOneCoreDataServes(_ type: AttributeType) {
        for scalar in [true, false, nil] as [Bool?] {
            let declared = SwiftTypeTable.storedType(of: Self.attribute(type, scalar: scalar))
            #expect(!declared.name.isEmpty, "\(type.rawValue)")
            switch declared.storage {
            case .scalar:
                #expect(CoreDataBridging.scalarVerdict(declared.name, over: type) == .ownScalar, "\(type.rawValue): \(declared.name)")
                #expect(CoreDataBridging.ownScalar(of: type).flatMap { CoreDataBridging.encoding(ofScalar: $0, on: .sixtyFourBit) }
                    == CoreDataBridging.encoding(ofScalar: declared.name, on: .sixtyFourBit), "\(type.rawValue)")
                #expect(declared.numberAccessor != nil, "\(type.rawValue): a scalar unboxes from NSNumber")
            case .object:
                // Audit compares spellings without spaces (`[String:Any]`); nil means any object type is accepted.
                if let accepted = CoreDataBridging.acceptedObjectTypes(for: type) {
                    let name = declared.name.filter { $0 != " " }
                    #expect(accepted.contains(name), "\(type.rawValue): \(declared.name) not in \(accepted.sorted())")
                }
            case .typed:
                Issue.record("\(type.rawValue): the table alone never gives a typed property")
            }
        }
    }

    /// A type has its own scalar exactly when the table can declare it as a scalar; `usesScalarValueType="NO"`
    /// always gives an object.
    @Test(arguments: AttributeType.allCases)
    func ownScalarsAreTheTableScalars(_ type: AttributeType) {
        let scalar = SwiftTypeTable.storedType(of: Self.attribute(type, scalar: true))
        #expect((scalar.storage == .scalar) == (CoreDataBridging.ownScalar(of: type) != nil), "\(type.rawValue)")
        #expect(SwiftTypeTable.storedType(of: Self.attribute(type, scalar: false)).storage == .object, "\(type.rawValue)")
    }

    @Test func attributesAreOptionalWhenCoreDataCanReadNil() {
        for (optional, transient, derived) in [(false, false, false), (true, false, false), (false, true, false), (false, false, true)] {
            var attribute = Self.attribute(.string, scalar: nil, optional: optional)
            attribute.isTransient = transient
            attribute.isDerived = derived
            let expected = optional || transient || derived
            #expect(attribute.mayReadNil == expected)
            #expect(SwiftTypeTable.storedType(of: attribute).isOptional == expected)
            #expect(TypeAssigner.declaredType(of: attribute).declaration == (expected ? "String?" : "String"))
        }
    }

    @Test func onlyOptionalOrTransientToOnesAreOptional() {
        func relationship(toMany: Bool, optional: Bool, transient: Bool) -> Relationship {
            Relationship(name: "owner", location: Self.here, destinationEntity: "Person", isOptional: optional,
                         isToMany: toMany, isTransient: transient)
        }
        #expect(!relationship(toMany: false, optional: false, transient: false).mayReadNil)
        #expect(relationship(toMany: false, optional: true, transient: false).mayReadNil)
        #expect(relationship(toMany: false, optional: false, transient: true).mayReadNil)
        // Core Data returns an empty set for a to-many without members, optional or not.
        #expect(!relationship(toMany: true, optional: true, transient: true).mayReadNil)
    }

    @Test func toManySelectorsAreTheKeyValueCodingMutators() {
        let selectors = ToManySelectors(key: "tags")
        #expect(selectors.all(isOrdered: false) == ["addTagsObject:", "removeTagsObject:", "addTags:", "removeTags:"])
        let ordered = selectors.all(isOrdered: true)
        #expect(ordered.count == 10)
        #expect(ordered.contains("insertObject:inTagsAtIndex:"))
        #expect(ordered.contains("replaceTagsAtIndexes:withTags:"))
        #expect(CoreDataBridging.toManySelectors(key: "tags", isOrdered: true) == ordered)
    }

    @Test func primitiveAccessorsNameModeledProperties() {
        #expect(CoreDataBridging.primitiveAccessorKey("primitiveUpdatedAt", among: ["updatedAt", "name"]) == "updatedAt")
        #expect(CoreDataBridging.primitiveAccessorKey("primitiveOther", among: ["updatedAt"]) == nil)
        #expect(CoreDataBridging.primitiveAccessorKey("primitive", among: [""]) == nil)
    }

    /// The encodings each attribute type accepts, as the issue states them: Integer 16 `s`/`S`; Integer 32
    /// `i`/`I`/`l`/`L`, and `q`/`Q` coerced; Integer 64 `q`/`Q`; Double and Date `d`; Float `f`; Boolean `B`/`c`/`C`.
    static let accepted: [(AttributeType, served: String, coerced: String)] = [
        (.integer16, "sS", ""), (.integer32, "iIlL", "qQ"), (.integer64, "qQ", ""), (.double, "d", ""), (.date, "d", ""),
        (.float, "f", ""), (.boolean, "BcC", ""), (.decimal, "", ""), (.string, "", ""), (.binary, "", ""), (.uuid, "", ""),
        (.uri, "", ""), (.transformable, "", ""), (.objectID, "", ""), (.undefined, "", ""), (.composite, "", ""),
    ]

    /// A new attribute type gets a documented scalar set (empty or not) before it ships.
    @Test func everyAttributeTypeHasADocumentedScalarSet() {
        #expect(Set(Self.accepted.map(\.0)) == Set(AttributeType.allCases))
        #expect(Self.accepted.count == AttributeType.allCases.count)
    }

    @Test func eachAttributeTypeAcceptsTheEncodingsCoreDataServes() {
        for (type, served, coerced) in Self.accepted {
            for encoding in CoreDataBridging.ScalarEncoding.allCases {
                let expected: CoreDataBridging.ScalarAccess =
                    served.contains(encoding.rawValue) ? .served : coerced.contains(encoding.rawValue) ? .coercedTo32Bits : .none
                #expect(CoreDataBridging.access(encoding, over: type) == expected, "\(encoding.rawValue) over \(type.rawValue)")
            }
        }
    }

    @Test func swiftScalarsEncodeAsObjectiveCDeclaresThem() {
        let table: [(String, String, String)] = [
            ("Int", "q", "l"), ("UInt", "Q", "L"), ("Int16", "s", "s"), ("UInt16", "S", "S"), ("Int32", "i", "i"),
            ("UInt32", "I", "I"), ("Int64", "q", "q"), ("UInt64", "Q", "Q"), ("Double", "d", "d"), ("TimeInterval", "d", "d"),
            ("Float", "f", "f"), ("Bool", "B", "B"), ("Int8", "c", "c"), ("UInt8", "C", "C"),
        ]
        for (name, sixtyFour, watch) in table {
            #expect(CoreDataBridging.encoding(ofScalar: name, on: .sixtyFourBit)?.rawValue == Character(sixtyFour), "\(name)")
            #expect(CoreDataBridging.encoding(ofScalar: name, on: .arm64_32)?.rawValue == Character(watch), "\(name)")
        }
        for name in ["String", "NSNumber", "Format", "Int?", "CGFloat"] {
            #expect(CoreDataBridging.encoding(ofScalar: name, on: .sixtyFourBit) == nil, "\(name)")
        }
    }
}
