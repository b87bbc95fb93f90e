import CoreDataMapping
import ManagedModel
import ModelLock

/// How the elements of each locked version continue, hop by hop through the lock's versions, into the current model,
/// and which values a hop makes required (what the app's migration hook must give the rows that have none), for
/// ``ShippedStoreTestPlanner``.
///
/// A hop pairs elements as migration does (``MigrationCheck/continuedEntity(of:in:)``: the renaming identifier, else
/// the name), so a value is looked for under the name it has now after any chain of renames, and an element removed
/// and added again is not the same element. An attribute continues only while its type is the same at every hop
/// (a converted value is not compared).
struct ShippedStoreLineage {
    /// An element by its entity and property names.
    struct Key: Hashable {
        var entity: String
        var property: String
    }

    /// A value the hop `chain[hop]` → `chain[hop + 1]` makes required without a default (a may-fail finding of
    /// ``MigrationCheck``): stores of `chain[hop]` and the versions before it may hold rows without it.
    struct Requirement: Hashable {
        var hop: Int
        var from: String
        var to: String
        /// In `chain[hop + 1]`.
        var element: Key
        var isRelationship: Bool
    }

    /// The lock's versions in its order, then the current version when it is not locked (it ships next).
    let chain: [Schema]
    /// Per version: entity name → the current entity continuing it.
    private var entities: [[String: String]] = []
    /// Per version: attribute → the current attribute continuing it with the same type at every hop.
    private var attributes: [[Key: Key]] = []
    /// Per version: relationship → the current relationship continuing it.
    private var relationships: [[Key: Key]] = []
    private(set) var requirements: [Requirement] = []

    init(shipped: [Schema], current: Schema) {
        var chain = shipped
        if !shipped.contains(where: { $0.versionName == current.versionName }) { chain.append(current) }
        self.chain = chain
        guard let last = chain.last else { return }
        // From the current version back: each version's map is the next one's, composed with the hop between them.
        var entityMap = Dictionary(last.entities.map { ($0.name, $0.name) }, uniquingKeysWith: { first, _ in first })
        var attributeMap: [Key: Key] = [:]
        var relationshipMap: [Key: Key] = [:]
        for entity in last.entities {
            for attribute in Self.storedAttributes(of: entity, in: last) {
                attributeMap[Key(entity: entity.name, property: attribute.name)] = Key(entity: entity.name, property: attribute.name)
            }
            for relationship in last.allRelationships(of: entity) where !relationship.isTransient {
                relationshipMap[Key(entity: entity.name, property: relationship.name)] = Key(entity: entity.name, property: relationship.name)
            }
        }
        var maps = [(entityMap, attributeMap, relationshipMap)]
        for index in stride(from: chain.count - 2, through: 0, by: -1) {
            let (source, destination) = (chain[index], chain[index + 1])
            var (nextEntities, nextAttributes, nextRelationships) = ([String: String](), [Key: Key](), [Key: Key]())
            for entity in destination.entities {
                guard let was = MigrationCheck.continuedEntity(of: entity, in: source) else { continue }
                if nextEntities[was.name] == nil, let target = entityMap[entity.name] { nextEntities[was.name] = target }
                let (attributes, relationships) = MigrationCheck.continuedProperties(of: entity, in: destination, from: was, in: source)
                for (old, attribute) in attributes where old.type == attribute.type && !old.isDerived && !attribute.isDerived {
                    guard let target = attributeMap[Key(entity: entity.name, property: attribute.name)] else { continue }
                    nextAttributes[Key(entity: was.name, property: old.name)] = target
                }
                for (old, relationship) in relationships {
                    guard let target = relationshipMap[Key(entity: entity.name, property: relationship.name)] else { continue }
                    nextRelationships[Key(entity: was.name, property: old.name)] = target
                }
            }
            (entityMap, attributeMap, relationshipMap) = (nextEntities, nextAttributes, nextRelationships)
            maps.append((entityMap, attributeMap, relationshipMap))
        }
        maps.reverse()
        entities = maps.map(\.0)
        attributes = maps.map(\.1)
        relationships = maps.map(\.2)

        // Each hop's may-fail findings, through one cache: a long history's hops share most entities.
        let byName = Dictionary(chain.map { ($0.versionName, $0) }, uniquingKeysWith: { first, _ in first })
        let verdicts = MigrationCheck.VerdictCache(schema: { byName[$0]! })
        for hop in chain.indices.dropLast() {
            let (from, to) = (chain[hop].versionName, chain[hop + 1].versionName)
            // Every schema is in `byName`: the lookup cannot throw.
            for finding in try! verdicts.findings(from: from, to: to) where finding.kind == .mayFail {
                guard let element = finding.element else { continue }
                requirements.append(Requirement(
                    hop: hop, from: from, to: to, element: Key(entity: element.entityName, property: element.propertyName),
                    isRelationship: element.isRelationship))
            }
        }
    }

    static func storedAttributes(of entity: Entity, in schema: Schema) -> [Attribute] {
        schema.allAttributes(of: entity).filter { !$0.isTransient && !$0.isDerived }
    }

    /// The current entity that objects of `entity` in `chain[version]` are after opening.
    func currentEntity(_ entity: String, version: Int) -> String? { entities[version][entity] }

    /// The current attribute continuing `attribute` of `entity` in `chain[version]`, of the same type at every hop.
    func currentAttribute(_ attribute: String, of entity: String, version: Int) -> Key? {
        attributes[version][Key(entity: entity, property: attribute)]
    }

    /// The current relationship continuing `relationship` of `entity` in `chain[version]`.
    func currentRelationship(_ relationship: String, of entity: String, version: Int) -> Key? {
        relationships[version][Key(entity: entity, property: relationship)]
    }

    /// Where a requirement's element is in an earlier version's stores.
    enum Origin: Hashable {
        /// The entity is not in that version: its stores hold no such row.
        case noEntity
        /// The entity is, the property is not yet: every row of `entity` lacks the value.
        case absent(entity: String)
        /// An optional property without a default: a row of `entity` can be saved without it.
        case optional(entity: String, property: String)
        /// A required property (or one with a default): every row has a value.
        case required(entity: String, property: String)
    }

    /// `requirement`'s element as it was in `chain[version]` (at or before the hop's source), traced back hop by hop.
    func origin(of requirement: Requirement, in version: Int) -> Origin {
        var entityName = requirement.element.entity
        var propertyName: String? = requirement.element.property
        for index in stride(from: requirement.hop, through: version, by: -1) {
            let (source, destination) = (chain[index], chain[index + 1])
            guard let entity = destination.entity(named: entityName), let was = MigrationCheck.continuedEntity(of: entity, in: source)
            else { return .noEntity }
            if let name = propertyName {
                if requirement.isRelationship {
                    propertyName = destination.allRelationships(of: entity).first { $0.name == name }
                        .flatMap { MigrationCheck.continuedRelationship(of: $0, in: was, of: source) }?.name
                } else {
                    propertyName = destination.allAttributes(of: entity).first { $0.name == name }
                        .flatMap { MigrationCheck.continuedAttribute(of: $0, in: was, of: source) }?.name
                }
            }
            entityName = was.name
        }
        guard let propertyName, let entity = chain[version].entity(named: entityName) else { return .absent(entity: entityName) }
        let schema = chain[version]
        let optional: Bool
        if requirement.isRelationship {
            guard let relationship = schema.allRelationships(of: entity).first(where: { $0.name == propertyName }) else {
                return .absent(entity: entityName)
            }
            optional = !relationship.requiresDestination
        } else {
            guard let attribute = schema.allAttributes(of: entity).first(where: { $0.name == propertyName }) else {
                return .absent(entity: entityName)
            }
            optional = attribute.maySaveWithoutValue
        }
        return optional ? .optional(entity: entityName, property: propertyName) : .required(entity: entityName, property: propertyName)
    }

    /// `requirement`'s element in the current model, when it continues there.
    func currentElement(of requirement: Requirement) -> Key? {
        let version = requirement.hop + 1
        return requirement.isRelationship
            ? currentRelationship(requirement.element.property, of: requirement.element.entity, version: version)
            : currentAttribute(requirement.element.property, of: requirement.element.entity, version: version)
    }
}
