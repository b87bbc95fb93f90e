import ManagedModel
import SampleValues

/// Why a test (or a test object) cannot be generated.
struct TestPlanFailure: Error, Hashable {
    var reason: String
}

/// What the test planner asks of the schema and the generation plan: which entity can be created
/// through which initializer, each property's model description, inverses and sample values.
struct TestModel {
    let schema: Schema
    let classes: [String: ClassPlan]
    let synthesizer = SampleValueSynthesizer()

    init(schema: Schema, plan: GenerationPlan) {
        self.schema = schema
        self.classes = Dictionary(plan.classes.map { ($0.entityName, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func entity(_ name: String) -> Entity? { schema.entity(named: name) }

    func attributes(of entityName: String) -> [String: Attribute] {
        guard let entity = entity(entityName) else { return [:] }
        return Dictionary(schema.allAttributes(of: entity).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func relationships(of entityName: String) -> [String: Relationship] {
        guard let entity = entity(entityName) else { return [:] }
        return Dictionary(schema.allRelationships(of: entity).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The entity whose generated class creates objects for `entityName`: itself when it has an
    /// initializer, else its first sub-entity (by name, depth first) that has one.
    func concreteEntity(for entityName: String) -> String? {
        if classes[entityName]?.initializer != nil { return entityName }
        for child in entity(entityName)?.childNames.sorted() ?? [] {
            if let concrete = concreteEntity(for: child) { return concrete }
        }
        return nil
    }

    /// `entityName` is `ancestorName` or one of its sub-entities.
    func isKind(_ entityName: String, of ancestorName: String) -> Bool {
        guard entityName != ancestorName else { return true }
        guard let entity = entity(entityName) else { return false }
        return schema.ancestors(of: entity).contains { $0.name == ancestorName }
    }

    func inverse(of relationship: Relationship) -> Relationship? {
        guard let name = relationship.inverseName else { return nil }
        return relationships(of: relationship.inverseEntity ?? relationship.destinationEntity)[name]
    }

    /// A required to-one relationship the generator left out of the initializer to break a cycle of
    /// required relationships (its parameter is an optional with a default): set before saving.
    static func isBroken(_ relationship: Relationship, parameter: InitializerPlan.Parameter) -> Bool {
        !relationship.isToMany && !relationship.isOptional && parameter.defaultValue != nil
    }

    func hasUniquenessConstraints(_ entityName: String) -> Bool {
        guard let entity = entity(entityName) else { return false }
        return (schema.ancestors(of: entity) + [entity]).contains { !$0.uniquenessConstraints.isEmpty }
    }

    /// A Swift expression for `attribute`'s sample value, as its property's type, or why there is none.
    func sampleLiteral(_ attribute: Attribute, entityName: String, variant: Int) -> Result<String, TestPlanFailure> {
        let synthesis = synthesizer.sample(for: attribute, variant: variant, entityName: entityName)
        guard let value = synthesis.value else {
            return .failure(TestPlanFailure(reason: synthesis.unavailableReason ?? "no sample value"))
        }
        return .success(value.swiftLiteral(forTypeNamed: GenerationPlanner.swiftType(of: attribute).name))
    }

    /// Values of these types are compared with `XCTAssertEqual`; userInfo expressions of other
    /// types (`[String: Any]`, Swift-only containers) may not be `Equatable`.
    static func isComparable(_ attribute: Attribute) -> Bool {
        let name = GenerationPlanner.swiftType(of: attribute).name
        return SwiftNames.isIdentifier(name) && name != "Any" && name != "AnyObject"
    }

    /// Relationship keys usable in generated code (the class declares or inherits a property).
    func usableKeys(of entityName: String) -> Set<String> {
        Set(classes[entityName]?.keys.map(\.key) ?? [])
    }
}
