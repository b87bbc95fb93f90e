import CoreDataMapping
import ManagedModel
import Testing

/// One answer per Core Data question: whether a stored value must be present (and its named variants), whether a
/// relationship needs a destination, a relationship's Swift type, and the type a value is read back as.
@Suite struct RequiredValuesTests {
    static let here = SourceLocation(path: "Model.xcdatamodel/contents", line: 1)

    static func attribute(
        _ type: AttributeType = .string, optional: Bool = false, transient: Bool = false, derived: Bool = false,
        defaultValue: ModelValue? = nil, unreadableDefault: String? = nil
    ) -> Attribute {
        Attribute(
            name: "value", location: here, type: type, isOptional: optional, isTransient: transient, isDerived: derived,
            defaultValue: defaultValue, unreadableDefaultValue: unreadableDefault)
    }

    /// Core Data's rule: a value is required when the attribute is not optional and the model gives no default.
    @Test func aValueIsRequiredWhenNotOptionalAndWithoutDefault() {
        for optional in [false, true] {
            for defaultValue in [nil, ModelValue.string("x")] {
                let attribute = Self.attribute(optional: optional, defaultValue: defaultValue)
                #expect(attribute.requiresValue == (!optional && defaultValue == nil), "optional \(optional), default \(String(describing: defaultValue))")
                #expect(attribute.maySaveWithoutValue == (optional && defaultValue == nil), "optional \(optional), default \(String(describing: defaultValue))")
            }
        }
    }

    /// The stored variant: a transient attribute is not stored, a derived one Core Data computes; otherwise the rule.
    @Test func aStoredValueIsRequiredOnlyOfStoredAttributesCoreDataDoesNotCompute() {
        #expect(Self.attribute().requiresStoredValue)
        #expect(!Self.attribute(transient: true).requiresStoredValue)
        #expect(!Self.attribute(derived: true).requiresStoredValue)
        #expect(!Self.attribute(optional: true).requiresStoredValue)
        #expect(!Self.attribute(defaultValue: .string("x")).requiresStoredValue)
        // The general answer does not look at transient or derived.
        #expect(Self.attribute(transient: true).requiresValue && Self.attribute(derived: true).requiresValue)
    }

    /// The CloudKit variant: transient and derived attributes count, and so does a default only momc can read (a
    /// number for the integer, Boolean and floating-point types; not for Decimal, Date or the others).
    @Test func theCompiledModelsDefaultDecidesForCloudKit() {
        #expect(Self.attribute(transient: true).requiresValueInCompiledModel)
        #expect(Self.attribute(derived: true).requiresValueInCompiledModel)
        #expect(!Self.attribute(optional: true).requiresValueInCompiledModel)
        #expect(!Self.attribute(defaultValue: .string("x")).requiresValueInCompiledModel)
        for (type, compiles) in [(AttributeType.integer16, true), (.integer64, true), (.boolean, true), (.double, true), (.float, true),
                                 (.decimal, false), (.date, false), (.string, false)] {
            let attribute = Self.attribute(type, unreadableDefault: "NO")
            #expect(attribute.hasCompiledDefault == compiles, "\(type)")
            #expect(attribute.requiresValueInCompiledModel == !compiles, "\(type)")
            #expect(attribute.requiresValue, "\(type): the reader read no default, so generated code assumes none")
        }
        #expect(!Self.attribute(.integer16).hasCompiledDefault, "no default text, no default")
    }

    /// A relationship needs a destination when it is a required to-one, or a required to-many with a minimum above 0.
    @Test func aDestinationIsRequiredOfRequiredToOnesAndToManysWithAMinimum() {
        func relationship(toMany: Bool, optional: Bool, minCount: Int? = nil) -> Relationship {
            Relationship(name: "owner", location: Self.here, destinationEntity: "Person", isOptional: optional, isToMany: toMany, minCount: minCount)
        }
        #expect(relationship(toMany: false, optional: false).requiresDestination)
        #expect(!relationship(toMany: false, optional: true).requiresDestination)
        #expect(!relationship(toMany: true, optional: false).requiresDestination, "an empty set is a value")
        #expect(!relationship(toMany: true, optional: false, minCount: 0).requiresDestination)
        #expect(relationship(toMany: true, optional: false, minCount: 1).requiresDestination)
        #expect(!relationship(toMany: true, optional: true, minCount: 1).requiresDestination)
        // The generated tests' variant gives a required to-many at least one member, whatever its minimum.
        #expect(relationship(toMany: false, optional: false).destinationsGivenByTests == 1)
        #expect(relationship(toMany: true, optional: false).destinationsGivenByTests == 1)
        #expect(relationship(toMany: true, optional: false, minCount: 0).destinationsGivenByTests == 1)
        #expect(relationship(toMany: true, optional: false, minCount: 3).destinationsGivenByTests == 3)
    }

    /// The relationship's Swift type, which the planner declares and `audit` expects.
    @Test func aRelationshipsTypeIsDecidedOnce() {
        func relationship(toMany: Bool = false, ordered: Bool = false, optional: Bool = false, transient: Bool = false) -> Relationship {
            Relationship(name: "owner", location: Self.here, destinationEntity: "Person", isOptional: optional, isToMany: toMany,
                         isOrdered: ordered, isTransient: transient)
        }
        #expect(TypeAssigner.declaredType(of: relationship(), destinationClass: "Person") == "Person")
        #expect(TypeAssigner.declaredType(of: relationship(optional: true), destinationClass: "Person") == "Person?")
        #expect(TypeAssigner.declaredType(of: relationship(transient: true), destinationClass: "Person") == "Person?")
        #expect(TypeAssigner.declaredType(of: relationship(toMany: true, optional: true), destinationClass: "Person") == "Set<Person>")
        #expect(TypeAssigner.declaredType(of: relationship(toMany: true, ordered: true), destinationClass: "Person") == "NSOrderedSet")
        var person = Entity(name: "Person", location: Self.here)
        let schema = Schema(contentsPath: "m", modelName: "M", versionName: "M", entities: [person])
        #expect(TypeAssigner.destinationClass(of: relationship(), in: schema) == "NSManagedObject", "an entity without a class")
        person.className = "PersonMO"
        let withClass = Schema(contentsPath: "m", modelName: "M", versionName: "M", entities: [person])
        #expect(TypeAssigner.destinationClass(of: relationship(), in: withClass) == "PersonMO")
    }

    /// The type a value is read back as through KVC is the type's own scalar (numbers), else an object type Core Data
    /// accepts for it; the object type with "Use Scalar Type" off is one too.
    @Test(arguments: AttributeType.allCases)
    func valuesAreReadBackAsTypesCoreDataServes(_ type: AttributeType) {
        if let read = ValueSwiftType.keyValueCodingType(of: Self.attribute(type, optional: false))?.name {
            if let scalar = CoreDataBridging.ownScalar(of: type), type != .date {
                #expect(read == scalar, "\(type.rawValue)")
            } else {
                #expect(CoreDataBridging.acceptedObjectTypes(for: type)?.contains(read) == true, "\(type.rawValue): \(read)")
            }
        } else {
            #expect([.transformable, .objectID, .undefined, .composite].contains(type), "\(type.rawValue) is compared")
        }
        let object = SwiftTypeTable.objectType(of: Self.attribute(type, optional: true))
        #expect(object.storage == .object && object.isOptional, "\(type.rawValue)")
        if let accepted = CoreDataBridging.acceptedObjectTypes(for: type) {
            #expect(accepted.contains(object.name.filter { $0 != " " }), "\(type.rawValue): \(object.name)")
        }
    }
}
