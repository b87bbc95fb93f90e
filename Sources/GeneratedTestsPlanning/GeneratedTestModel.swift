import CoreDataMapping
import Foundation
import GenerationPlanning
import ManagedModel
import SampleValues

/// Why a test (or a test object) cannot be generated.
struct TestPlanFailure: Error, Hashable {
    var reason: String
}

/// What the test planner asks of the schema and the generation plan: which entity can be created
/// through which initializer, each property's model description, inverses and sample values.
struct GeneratedTestModel {
    let schema: Schema
    let classes: [String: ClassPlan]
    /// The generated composite structs by struct name.
    let composites: [String: CompositePlan]
    let synthesizer = SampleValueSynthesizer()

    /// The module the tests `@testable import`.
    let moduleName: String
    /// `moduleName`, when it can qualify the generated classes (see `typeReference(_:)`).
    private let qualifyingModule: String?
    private let generatedClassNames: Set<String>

    /// What the planner asks of each entity, per created object and per property: worked out once, here,
    /// because the schema rebuilds the inherited lists on every call.
    private let entities: [String: EntityFacts]

    private struct EntityFacts {
        var entity: Entity
        var ancestorNames: Set<String>
        /// Inherited ones included, as `Schema.allAttributes(of:)` / `allRelationships(of:)` order them.
        var allAttributes: [Attribute]
        var allRelationships: [Relationship]
        var attributes: [String: Attribute]
        var relationships: [String: Relationship]
        /// The plans of the generated properties, from the class that declares each (this one or a generated ancestor).
        var attributePlans: [String: AttributePlan]
        var relationshipPlans: [String: RelationshipPlan]
        /// Every key's escaped Swift name, from the class's `Keys`.
        var swiftNames: [String: String]
        var uniquenessKeys: Set<String>
        var hasUniquenessConstraints: Bool
        var usableKeys: Set<String>
    }

    init(schema: Schema, plan: GenerationPlan, moduleName: String) {
        self.schema = schema
        self.moduleName = moduleName
        let classes = Dictionary(plan.classes.map { ($0.entityName, $0) }, uniquingKeysWith: { first, _ in first })
        self.classes = classes
        generatedClassNames = Set(plan.classes.map(\.className))
        qualifyingModule =
            SwiftNames.isIdentifier(moduleName) && !SwiftNames.isKeyword(moduleName) && !generatedClassNames.contains(moduleName)
            ? moduleName : nil
        self.composites = Dictionary(plan.composites.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var entities: [String: EntityFacts] = [:]
        for entity in schema.entities where entities[entity.name] == nil {
            let ancestors = schema.ancestors(of: entity)
            let chain = ancestors + [entity]
            let allAttributes = chain.flatMap(\.attributes)
            let allRelationships = chain.flatMap(\.relationships)
            let attributes = Dictionary(allAttributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let relationships = Dictionary(allRelationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            // The keys name every property; those userInfo ignores have no Swift property.
            let ignored = attributes.values.filter(\.annotations.isIgnored).map(\.name)
                + relationships.values.filter { PropertyAnnotations(userInfo: $0.userInfo).isIgnored }.map(\.name)
            let declaringClasses = chain.reversed().compactMap { classes[$0.name] }
            entities[entity.name] = EntityFacts(
                entity: entity, ancestorNames: Set(ancestors.map(\.name)), allAttributes: allAttributes,
                allRelationships: allRelationships, attributes: attributes, relationships: relationships,
                attributePlans: Dictionary(declaringClasses.flatMap(\.attributes).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }),
                relationshipPlans: Dictionary(
                    declaringClasses.flatMap(\.relationships).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }),
                swiftNames: Dictionary(
                    (classes[entity.name]?.keys ?? []).map { ($0.key, $0.swiftName) }, uniquingKeysWith: { first, _ in first }),
                uniquenessKeys: Set(chain.flatMap { $0.uniquenessConstraints.flatMap { $0 } }),
                hasUniquenessConstraints: chain.contains { !$0.uniquenessConstraints.isEmpty },
                usableKeys: Set(classes[entity.name]?.keys.map(\.key) ?? []).subtracting(ignored))
        }
        self.entities = entities
    }

    func entity(_ name: String) -> Entity? { entities[name]?.entity }

    /// Attributes including inherited ones, in `Schema.allAttributes(of:)` order; empty for an unknown entity.
    func allAttributes(of entityName: String) -> [Attribute] { entities[entityName]?.allAttributes ?? [] }

    /// Relationships including inherited ones, in `Schema.allRelationships(of:)` order; empty for an unknown entity.
    func allRelationships(of entityName: String) -> [Relationship] { entities[entityName]?.allRelationships ?? [] }

    /// How the test file names a generated class: qualified by its module (`Inventory.Item`). The test file
    /// imports Swift, Foundation, Core Data, XCTest and the Objective-C runtime, whose names (`Data`, `Category`,
    /// `Method`, `Selector`, `Published`, …) would capture or make ambiguous a bare class name, and no list of
    /// them stays complete. Other names (`NSManagedObject`) stay bare, and so does everything when the module name
    /// cannot qualify: not an identifier, or the name of one of the generated classes (which `Module.` would mean).
    func typeReference(_ className: String) -> String {
        guard let qualifyingModule, generatedClassNames.contains(className) else { return className }
        return "\(qualifyingModule).\(className)"
    }

    /// The generated property of attribute `key` of `entityName`, as the class planner decided it (name, type, …).
    func attributePlan(_ key: String, of entityName: String) -> AttributePlan? { entities[entityName]?.attributePlans[key] }

    /// The attribute's type from its plan; from the same owner when the ancestor class declaring it is left out of
    /// generation (`--exclude`), and its initializer parameter is still this class's.
    func declaredType(of attribute: Attribute, in entityName: String) -> SwiftPropertyType {
        attributePlan(attribute.name, of: entityName)?.type ?? TypeAssigner.declaredType(of: attribute)
    }

    /// The names the class planner gave property `key` of `entityName`: its escaped Swift name (from `Keys`) and, for a
    /// relationship, its accessors' names; a relationship declared by an ancestor class left out of generation has no
    /// plan here, and its accessors are named by the same rule.
    func names(of key: String, in entityName: String) -> (swiftName: String, accessors: AccessorNames) {
        let swiftName = entities[entityName]?.swiftNames[key] ?? key
        return (swiftName, relationshipPlan(key, of: entityName)?.accessorNames ?? AccessorNames(key: key))
    }

    /// The generated property of relationship `key` of `entityName` (name, accessor names, destination class).
    func relationshipPlan(_ key: String, of entityName: String) -> RelationshipPlan? { entities[entityName]?.relationshipPlans[key] }

    func attributes(of entityName: String) -> [String: Attribute] {
        entities[entityName]?.attributes ?? [:]
    }

    func relationships(of entityName: String) -> [String: Relationship] {
        entities[entityName]?.relationships ?? [:]
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
        return entities[entityName]?.ancestorNames.contains(ancestorName) ?? false
    }

    func inverse(of relationship: Relationship) -> Relationship? {
        guard let name = relationship.inverseName else { return nil }
        // Core Data finds the inverse among the destination's relationships, inherited ones included
        // (`inverseEntity` may name the ancestor that declares it).
        return relationships(of: relationship.destinationEntity)[name]
    }

    /// A required to-one relationship the generator left out of the initializer to break a cycle of
    /// required relationships (its parameter is an optional with a default): set before saving.
    static func isBroken(_ relationship: Relationship, parameter: InitializerPlan.Parameter) -> Bool {
        !relationship.isToMany && !relationship.isOptional && parameter.defaultValue != nil
    }

    /// The attributes of `entityName`'s uniqueness constraints, inherited ones included.
    func uniquenessKeys(of entityName: String) -> Set<String> {
        entities[entityName]?.uniquenessKeys ?? []
    }

    func hasUniquenessConstraints(_ entityName: String) -> Bool {
        entities[entityName]?.hasUniquenessConstraints ?? false
    }

    /// A Swift expression for `attribute`'s sample value, as its property's declared type, or why there is none.
    ///
    /// The app's own types (userInfo enum or Codable) cannot be synthesized: a userInfo sample value
    /// (`managedCodegen.sampleValue`, a Swift expression such as `.active`) is used, else an enum's fallback
    /// case (`managedCodegen.enum.unknown`). A composite is built from a sample of each element.
    func sampleLiteral(_ attribute: Attribute, entityName: String, variant: Int) -> Result<String, TestPlanFailure> {
        switch attribute.annotations.override {
        case let .rawRepresentable(typeName, _, unknownCase)?:
            if let expression = Self.userInfoExpression(of: attribute, variant: variant) { return .success(expression) }
            if let unknownCase { return .success(".\(SwiftNames.escaped(unknownCase))") }
            return .failure(TestPlanFailure(
                reason: "its type \(typeName) is the app's enum; set userInfo key '\(SampleValueSynthesizer.sampleValueKey)' "
                    + "to one of its cases (`.name`) or name a fallback case with '\(TypedOverrideKeys.unknownCase[0])'"))
        case let .codable(typeName)?:
            if let expression = Self.userInfoExpression(of: attribute, variant: variant) { return .success(expression) }
            return .failure(TestPlanFailure(
                reason: "its type \(typeName) is the app's Codable type; set userInfo key '\(SampleValueSynthesizer.sampleValueKey)' "
                    + "to a Swift expression creating one"))
        case nil:
            break
        }
        let type = declaredType(of: attribute, in: entityName)
        if attribute.type == .composite, type.storage == .typed, Self.userInfoExpression(of: attribute, variant: variant) == nil {
            return compositeLiteral(type.name, entityName: entityName, variant: variant, depth: 0)
        }
        let synthesis = synthesizer.sample(for: attribute, variant: variant, entityName: entityName)
        guard let value = synthesis.value else {
            return .failure(TestPlanFailure(reason: synthesis.unavailableReason ?? "no sample value"))
        }
        return .success(value.swiftExpression(as: type.valueType))
    }

    /// The userInfo sample value of a typed attribute, as the Swift expression it is.
    static func userInfoExpression(of attribute: Attribute, variant: Int) -> String? {
        let modified = variant > 0 ? attribute.userInfo[key: SampleValueSynthesizer.modifiedSampleValueKey] : nil
        guard let text = (modified ?? attribute.userInfo[key: SampleValueSynthesizer.sampleValueKey])?
            .trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
        else { return nil }
        return text
    }

    /// `Place(coordinates: Coordinates(latitude: 1, longitude: 2), label: "label 1")`: the generated struct's
    /// initializer with a sample for each element; optional elements and elements with a default are left
    /// out when they have none.
    private func compositeLiteral(_ structName: String, entityName: String, variant: Int, depth: Int) -> Result<String, TestPlanFailure> {
        guard depth < 8, let plan = composites[structName],
            let definition = schema.composites.first(where: { TypeAssigner.compositeStructName($0.name) == structName })
        else {
            return .failure(TestPlanFailure(reason: "the composite \(structName) is not generated"))
        }
        var arguments: [String] = []
        for field in plan.fields {
            guard let element = definition.attributes.first(where: { $0.name == field.key }) else { continue }
            let fieldType = field.typeDeclaration.hasSuffix("?") ? String(field.typeDeclaration.dropLast()) : field.typeDeclaration
            let literal: Result<String, TestPlanFailure>
            if element.type == .composite, composites[fieldType] != nil {
                literal = compositeLiteral(fieldType, entityName: entityName, variant: variant, depth: depth + 1)
            } else {
                let synthesis = synthesizer.sample(for: element, variant: variant, entityName: "\(entityName).\(definition.name)")
                literal = synthesis.value.map { .success($0.swiftExpression(as: TypeAssigner.fieldType(of: element).valueType)) }
                    ?? .failure(TestPlanFailure(reason: synthesis.unavailableReason ?? "no sample value"))
            }
            switch literal {
            case .success(let value): arguments.append("\(field.swiftName): \(value)")
            case .failure(let failure):
                guard field.isOptional || !field.defaultClause.isEmpty else {
                    return .failure(TestPlanFailure(
                        reason: "element '\(element.name)' of composite '\(definition.name)' has no sample value (\(failure.reason))"))
                }
            }
        }
        return .success("\(structName)(\(arguments.joined(separator: ", ")))")
    }

    /// Values of these types are compared with `XCTAssertEqual`: not the app's Codable types, composite
    /// structs only when they are `Hashable`, and not userInfo expressions of types that may not be `Equatable`
    /// (`[String: Any]`, Swift-only containers).
    func isComparable(_ attribute: Attribute, of entityName: String) -> Bool {
        switch attribute.annotations.override {
        case .rawRepresentable?: return true
        case .codable?: return false
        case nil: break
        }
        let name = declaredType(of: attribute, in: entityName).name
        if attribute.type == .composite { return composites[name]?.conformances.contains("Hashable") ?? false }
        return SwiftNames.isIdentifier(name) && name != "Any" && name != "AnyObject"
    }

    /// Relationship keys usable in generated code (the class declares or inherits a property).
    func usableKeys(of entityName: String) -> Set<String> {
        entities[entityName]?.usableKeys ?? []
    }
}
