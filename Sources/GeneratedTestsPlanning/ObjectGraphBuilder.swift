import CoreDataMapping
import GenerationPlanning
import ManagedModel
import SampleValues

/// Plans the statements that create valid objects: each through its designated initializer, after
/// the objects its required relationships need (dependency order), with relationships the generator
/// left out of initializers (cycles) set once their destination exists.
struct ObjectGraphBuilder {
    struct Object {
        var variable: String
        var entityName: String
        /// To-one relationship key -> the variable it was given.
        var references: [String: String]
        /// To-many relationship key -> the members it was created with.
        var members: [String: [String]] = [:]
    }

    /// A relationship to set once a suitable destination exists (a broken cycle).
    private struct Pending {
        var variable: String
        var entityName: String
        var relationship: Relationship
        var swiftName: String
    }

    let model: GeneratedTestModel
    /// The context variable the objects are created in.
    let context: String
    private(set) var statements: [String] = []
    private(set) var objects: [Object] = []
    /// Every entity an object was created for, in creation order.
    private(set) var createdEntities: [String] = []
    private var names: Set<String>
    private var pending: [Pending] = []
    private var creations = 0

    /// Required relationships can demand objects without end (`A` needs a new `B`, which needs a new `A` …).
    static let maximumObjects = 64
    static let maximumDepth = 16
    /// More required members than this are not written out one by one.
    static let maximumMembers = 10

    /// Entity name -> objects of it created before this builder's (by another builder of the same test), so that
    /// values stay distinct from theirs: uniqueness constraints hold across the whole store.
    private let earlierObjects: [String: Int]

    init(model: GeneratedTestModel, context: String, reservedNames: Set<String>, existing: [Object] = [], earlierObjects: [String: Int] = [:]) {
        self.model = model
        self.context = context
        self.names = reservedNames.union(existing.map(\.variable))
        self.objects = existing
        self.earlierObjects = earlierObjects
    }

    /// Entity name -> objects created so far, earlier builders' included: `earlierObjects` of the next builder.
    var objectCounts: [String: Int] {
        objects.reduce(into: earlierObjects) { $0[$1.entityName, default: 0] += 1 }
    }

    var variables: Set<String> { names }

    mutating func append(_ statement: String) { statements.append(statement) }

    func object(_ variable: String) -> Object? { objects.first { $0.variable == variable } }

    /// Records that `variable`'s relationship `key` now holds `target` (set by a statement of the caller).
    mutating func record(_ variable: String, key: String, toOne target: String? = nil, member: String? = nil) {
        guard let index = objects.firstIndex(where: { $0.variable == variable }) else { return }
        if let target { objects[index].references[key] = target }
        if let member { objects[index].members[key, default: []].append(member) }
    }

    /// Only the statements planned from now on (for a loop body or a later step).
    mutating func clearStatements() { statements = [] }

    /// Creates a valid object of `entityName` (or of its first concrete sub-entity) and returns its variable.
    ///
    /// - Parameters:
    ///   - everyValue: pass every attribute with a sample value, not only the required ones (the object under test).
    ///   - bindings: relationship key -> variable of an existing object to pass for it.
    mutating func create(
        _ entityName: String, everyValue: Bool = false, variant: Int? = nil, bindings: [String: String] = [:],
        name preferredName: String? = nil, depth: Int = 0
    ) throws(TestPlanFailure) -> String {
        guard let concrete = model.concreteEntity(for: entityName), let plan = model.classes[concrete],
            let initializer = plan.initializer
        else {
            throw TestPlanFailure(reason: "entity '\(entityName)' has no generated class whose initializer creates one")
        }
        creations += 1
        guard creations <= Self.maximumObjects, depth <= Self.maximumDepth else {
            throw TestPlanFailure(reason: "its required relationships need new objects without end")
        }
        let attributes = model.attributes(of: concrete)
        let relationships = model.relationships(of: concrete)
        let sameEntityCount = objects.filter { $0.entityName == concrete }.count + earlierObjects[concrete, default: 0]
        // Values with a model default are left to it, unless a uniqueness constraint needs them distinct.
        let uniqueKeys = model.uniquenessKeys(of: concrete)
        let valueVariant = variant ?? (2 + sameEntityCount)

        var arguments: [String] = []
        var references: [String: String] = [:]
        var members: [String: [String]] = [:]
        var afterCreation: [Pending] = []
        for parameter in initializer.parameters {
            if let attribute = attributes[parameter.key] {
                guard parameter.defaultValue == nil || everyValue || uniqueKeys.contains(attribute.name) else { continue }
                switch model.sampleLiteral(attribute, entityName: concrete, variant: valueVariant) {
                case .success(let literal):
                    arguments.append("\(parameter.swiftName): \(literal)")
                case .failure(let failure):
                    if parameter.defaultValue == nil {
                        throw TestPlanFailure(reason: "attribute '\(concrete).\(attribute.name)' has no sample value (\(failure.reason))")
                    }
                }
                continue
            }
            guard let relationship = relationships[parameter.key] else { continue }
            if let bound = bindings[parameter.key] {
                arguments.append("\(parameter.swiftName): \(relationship.isToMany ? "[\(bound)]" : bound)")
                if relationship.isToMany { members[parameter.key] = [bound] } else { references[parameter.key] = bound }
                continue
            }
            if GeneratedTestModel.isBroken(relationship, parameter: parameter) {
                afterCreation.append(
                    Pending(variable: "", entityName: concrete, relationship: relationship, swiftName: parameter.swiftName))
                continue
            }
            guard parameter.defaultValue == nil else { continue }
            if relationship.isToMany {
                let count = relationship.destinationsGivenByTests
                guard count <= Self.maximumMembers else {
                    throw TestPlanFailure(
                        reason: "relationship '\(concrete).\(relationship.name)' needs \(count) members to be valid")
                }
                var created: [String] = []
                for _ in 0..<count {
                    created.append(try create(relationship.destinationEntity, depth: depth + 1))
                }
                members[parameter.key] = created
                arguments.append("\(parameter.swiftName): [\(created.joined(separator: ", "))]")
            } else {
                let target = try toOneTarget(for: relationship, name: parameter.key, depth: depth + 1)
                arguments.append("\(parameter.swiftName): \(target)")
                references[parameter.key] = target
            }
        }

        let variable = uniqueName(preferredName ?? Self.variableName(forClass: plan.className))
        statements.append(
            Self.call(
                "let \(variable) = \(model.typeReference(plan.className))", context: context, arguments: arguments,
                contextLabel: initializer.contextLabel))
        objects.append(Object(variable: variable, entityName: concrete, references: references, members: members))
        createdEntities.append(concrete)
        for var item in afterCreation {
            item.variable = variable
            pending.append(item)
        }
        return variable
    }

    /// Sets every relationship left out of an initializer: to an object that already points back
    /// through the inverse, else to a new destination created with the inverse bound.
    mutating func resolvePending() throws(TestPlanFailure) {
        var rounds = 0
        while !pending.isEmpty {
            rounds += 1
            guard rounds <= Self.maximumObjects else {
                throw TestPlanFailure(reason: "its required relationships need new objects without end")
            }
            let item = pending.removeFirst()
            let inverse = model.inverse(of: item.relationship)
            let destination = item.relationship.destinationEntity
            let pointingBack = inverse.flatMap { inverse in
                objects.first { model.isKind($0.entityName, of: destination) && $0.references[inverse.name] == item.variable }
            }
            let target: String
            if let pointingBack {
                target = pointingBack.variable
            } else if let reusable = reusableObject(for: item.relationship) {
                target = reusable
            } else {
                var bindings: [String: String] = [:]
                if let inverse, !inverse.isToMany { bindings[inverse.name] = item.variable }
                target = try create(destination, bindings: bindings, name: item.relationship.name, depth: 1)
            }
            if let index = objects.firstIndex(where: { $0.variable == item.variable }) {
                objects[index].references[item.relationship.name] = target
            }
            statements.append("// Left out of the initializer to break a cycle of required relationships; set before saving.")
            statements.append("\(item.variable).\(item.swiftName) = \(target)")
        }
    }

    /// A to-one destination: an existing object when sharing it cannot invalidate anything, else a new one.
    private mutating func toOneTarget(for relationship: Relationship, name: String, depth: Int) throws(TestPlanFailure) -> String {
        if let reusable = reusableObject(for: relationship) { return reusable }
        return try create(relationship.destinationEntity, name: name, depth: depth)
    }

    /// An object of the destination entity that can take one more source: the inverse is absent or an
    /// unbounded to-many (a to-one inverse would move it away from its current source).
    private func reusableObject(for relationship: Relationship) -> String? {
        if let inverse = model.inverse(of: relationship), !inverse.isToMany || (inverse.maxCount ?? 0) > 0 {
            return nil
        }
        return objects.first { model.isKind($0.entityName, of: relationship.destinationEntity) }?.variable
    }

    mutating func uniqueName(_ base: String) -> String {
        var candidate = base
        var counter = 2
        while names.contains(candidate) || SwiftNames.keywords.contains(candidate) {
            candidate = "\(base)\(counter)"
            counter += 1
        }
        names.insert(candidate)
        return candidate
    }

    /// `Item` -> `item`, `URLRecord` -> `urlRecord`.
    static func variableName(forClass className: String) -> String {
        let scalars = Array(className)
        var upperPrefix = scalars.prefix { $0.isUppercase }.count
        if upperPrefix > 1, upperPrefix < scalars.count { upperPrefix -= 1 }
        let name = String(scalars.prefix(upperPrefix)).lowercased() + String(scalars.dropFirst(upperPrefix))
        return name.isEmpty ? "object" : name
    }

    /// `let x = Class(context: c, a: 1)` on one line for short calls, one argument per line otherwise.
    static func call(_ prefix: String, context: String, arguments: [String], contextLabel: String) -> String {
        let all = ["\(contextLabel): \(context)"] + arguments
        let single = "\(prefix)(\(all.joined(separator: ", ")))"
        // At most 101 characters are counted: arguments can be sample strings of thousands.
        if single.prefix(101).count <= 100 { return single }
        return "\(prefix)(\n    " + all.joined(separator: ",\n    ") + ")"
    }
}
