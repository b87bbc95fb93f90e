import CoreDataMapping
import ManagedModel
import SampleValues

/// The objects a shipped version's store is filled with, for `ShippedStoreTestPlanner`: one of every non-abstract
/// entity, plus those its required relationships need, with the statements linking them (KVC on plain
/// `NSManagedObject`s: the shipped model has no generated class, so `ObjectGraphBuilder`'s initializers do not apply).
/// Links name objects by index; the planner spells them (an object is its entity's `n`th, `entries[n]`).
///
/// An entity named in `extra` gets a second object (a row the planner leaves a value out of: ``ShippedStoreLineage``).
/// A required relationship gets `max(minCount, 1)` destinations. A destination whose inverse is to-one can be taken
/// by one source only (setting it again would move it away from the first), so a taken one is not reused and a new
/// object is created instead. Core Data sets the inverse of each link itself (docs/core-data-runtime.md, "Core Data
/// keeps inverse relationships"); the graph records it, so the other side's requirement counts it.
struct ObjectGraph {
    struct Object {
        var entityName: String
    }

    /// `source.relationship = destination` (added to the set when to-many).
    struct Link {
        var source: Int
        var destination: Int
        var relationshipName: String
        var isToMany: Bool
        var isOrdered: Bool
    }

    /// Why objects of `entityName` cannot be made valid.
    struct Unsatisfiable: Error, Hashable {
        var entityName: String
        var reason: String
    }

    let schema: Schema
    /// Entities that get no objects (no valid one can be made).
    let excluded: Set<String>
    /// Entity name -> the properties its second object goes without (none of its links are set, from either side).
    let extra: [String: Set<String>]
    /// Entity name -> the index of its second object.
    private(set) var extraObjects: [String: Int] = [:]
    private(set) var objects: [Object] = []
    /// The relationships to set, after every object exists.
    private(set) var links: [Link] = []
    /// (object index, relationship name) -> destination object indexes.
    private var linked: [Int: [String: [Int]]] = [:]

    init(schema: Schema, excluded: Set<String> = [], extra: [String: Set<String>] = [:]) {
        self.schema = schema
        self.excluded = excluded
        self.extra = extra
    }

    /// - Throws: the entity whose required relationships cannot be satisfied (to exclude it, and try again).
    mutating func build() throws(Unsatisfiable) {
        for entity in schema.entities where !entity.isAbstract && !excluded.contains(entity.name) {
            add(entity.name)
        }
        for entity in schema.entities where !entity.isAbstract && !excluded.contains(entity.name) && extra[entity.name] != nil {
            add(entity.name)
            extraObjects[entity.name] = objects.count - 1
        }
        var next = 0
        while next < objects.count {
            try satisfy(next)
            next += 1
        }
    }

    private mutating func add(_ entityName: String) {
        objects.append(Object(entityName: entityName))
    }

    /// Gives object `index` the destinations its required relationships need.
    private mutating func satisfy(_ index: Int) throws(Unsatisfiable) {
        guard let entity = schema.entity(named: objects[index].entityName) else { return }
        for relationship in schema.allRelationships(of: entity) where !relationship.isOptional && !relationship.isTransient {
            let wanted = relationship.destinationsGivenByTests
            let inverse = inverse(of: relationship)
            while (linked[index]?[relationship.name]?.count ?? 0) < wanted {
                let taken = Set(linked[index]?[relationship.name] ?? [])
                let candidate = objects.indices.first { other in
                    !taken.contains(other) && isKind(objects[other].entityName, of: relationship.destinationEntity)
                        && (inverse.map { $0.isToMany || (linked[other]?[$0.name] ?? []).isEmpty } ?? true)
                        && (inverse.map { !goesWithout(other, $0.name) } ?? true)
                }
                let destination: Int
                if let candidate {
                    destination = candidate
                } else {
                    guard objects.count < ShippedStoreTestPlanner.maximumObjects,
                        let concrete = concreteEntity(for: relationship.destinationEntity)
                    else {
                        throw Unsatisfiable(
                            entityName: objects[index].entityName,
                            reason: "relationship '\(entity.name).\(relationship.name)' needs objects without end or of no entity that can be filled")
                    }
                    add(concrete)
                    destination = objects.count - 1
                }
                link(index, relationship, destination, inverse: inverse)
            }
        }
    }

    /// Gives every object one destination of each optional relationship that has none yet, among the objects that
    /// exist (none is added), so that the links of the store are there to check after opening. Never for the
    /// relationships a second object goes without (``extra``), nor onto itself; a destination is taken
    /// only while its inverse has room (a free to-one, a to-many below its maximum). A to-many with a minimum above
    /// one is left empty (an empty set is valid, one member is not).
    mutating func linkOptionalRelationships() {
        // The objects of each destination entity (and its sub-entities), found once: a long history's version has
        // hundreds of relationships.
        var kinds: [String: [Int]] = [:]
        for index in objects.indices {
            guard let entity = schema.entity(named: objects[index].entityName) else { continue }
            for relationship in schema.allRelationships(of: entity)
            where relationship.isOptional && !relationship.isTransient && (linked[index]?[relationship.name] ?? []).isEmpty
                && (relationship.minCount ?? 0) <= 1 && !goesWithout(index, relationship.name)
            {
                let inverse = inverse(of: relationship)
                if kinds[relationship.destinationEntity] == nil {
                    kinds[relationship.destinationEntity] = objects.indices.filter { isKind(objects[$0].entityName, of: relationship.destinationEntity) }
                }
                let candidate = kinds[relationship.destinationEntity]!.first { other in
                    guard other != index else { return false }
                    guard let inverse else { return true }
                    if goesWithout(other, inverse.name) { return false }
                    let taken = linked[other]?[inverse.name]?.count ?? 0
                    if !inverse.isToMany { return taken == 0 }
                    return (inverse.maxCount ?? 0) == 0 || taken < inverse.maxCount!
                }
                if let candidate { link(index, relationship, candidate, inverse: inverse) }
            }
        }
    }

    /// Whether object `index` is a second object that goes without `property`.
    func goesWithout(_ index: Int, _ property: String) -> Bool {
        let entityName = objects[index].entityName
        return extraObjects[entityName] == index && extra[entityName]?.contains(property) == true
    }

    /// How many destinations object `index` has for `relationshipName` (links set from either side).
    func linkCount(of index: Int, _ relationshipName: String) -> Int {
        linked[index]?[relationshipName]?.count ?? 0
    }

    private mutating func link(_ source: Int, _ relationship: Relationship, _ destination: Int, inverse: Relationship?) {
        linked[source, default: [:]][relationship.name, default: []].append(destination)
        if let inverse { linked[destination, default: [:]][inverse.name, default: []].append(source) }
        links.append(Link(
            source: source, destination: destination, relationshipName: relationship.name, isToMany: relationship.isToMany,
            isOrdered: relationship.isOrdered))
    }

    private func inverse(of relationship: Relationship) -> Relationship? {
        guard let name = relationship.inverseName, let destination = schema.entity(named: relationship.destinationEntity) else { return nil }
        return schema.allRelationships(of: destination).first { $0.name == name }
    }

    private func isKind(_ entityName: String, of ancestorName: String) -> Bool {
        guard entityName != ancestorName else { return true }
        guard let entity = schema.entity(named: entityName) else { return false }
        return schema.ancestors(of: entity).contains { $0.name == ancestorName }
    }

    /// `entityName` when it is not abstract (nor excluded), else its first such sub-entity (by name, depth first).
    private func concreteEntity(for entityName: String) -> String? {
        guard let entity = schema.entity(named: entityName) else { return nil }
        if !entity.isAbstract, !excluded.contains(entity.name) { return entity.name }
        for child in entity.childNames.sorted() {
            if let concrete = concreteEntity(for: child) { return concrete }
        }
        return nil
    }

    /// `Entry` -> `entry`; a name that is no Swift identifier -> `object`.
    static func variableName(_ entityName: String) -> String {
        let name = ObjectGraphBuilder.variableName(forClass: entityName)
        return SwiftNames.isIdentifier(name) ? name : "object"
    }

    /// `Entry` -> `entries`, `Tag` -> `tags`: the fetched objects of an entity.
    static func variableName(plural entityName: String) -> String {
        let singular = variableName(entityName)
        if singular.hasSuffix("y"), let before = singular.dropLast().last, !"aeiou".contains(before) {
            return singular.dropLast() + "ies"
        }
        if singular.hasSuffix("s") || singular.hasSuffix("x") || singular.hasSuffix("ch") || singular.hasSuffix("sh") {
            return singular + "es"
        }
        return singular + "s"
    }
}
