import CoreDataMapping
import ManagedModel
import SampleValues

/// The generated "every shipped version opens" tests of one model (`<Plan>Tests.swift`, `migration-plan-tests`
/// template), decided completely: the renderer only lays them out.
///
/// One test per locked version, identical store schemas included: a version whose store schema equals an earlier
/// one's still has its own compiled model (`<Model>.momd/<version>.mom`) and its own name in the plan's
/// `shippedVersionNames`, and the migration plan must recognise the stores it created by their checksum. Testing
/// each is what catches a plan that lists a shared checksum wrongly; the statements of such versions are the same.
package struct ShippedStoreTestsPlan: Hashable, Sendable {
    /// `JournalMigrationPlanTests.swift`
    package var fileName: String
    /// The module the tests `@testable import` (the model tests' module).
    package var moduleName: String
    /// `Journal`: the compiled model's resource name (`Journal.momd`).
    package var modelName: String
    /// `JournalMigrationPlan`: the generated plan, whose `makeStagedMigrationManager(in:)` opens the stores.
    package var planTypeName: String
    /// `JournalMigrationPlanTests`
    package var suiteName: String
    /// `JournalShippedStore`: creates a store with a shipped version's model and reopens it through the plan.
    package var storeTypeName: String
    /// The model tests' store type (`JournalModelTestStore`): its container holds the current model, loaded once
    /// per process and shared, so that no second copy of the current model claims the app's classes.
    package var currentModelStoreTypeName: String
    /// The model tests' support protocol (`assertEqual`, `text(_:repeating:count:)`), which the suite adopts.
    package var supportTypeName: String
    /// Where the compiled model is (`Bundle(for: …)`, `Bundle.main`, `Bundle.module`), as in the model tests.
    package var bundleExpression: String
    /// One per locked version, in the lock's order.
    package var versions: [ShippedVersionTest]
    /// The statements the versions share, each once, in the order first used.
    package var sharedFunctions: [ShippedStoreSharedFunction]

    /// The shared function named `name`.
    package func sharedFunction(named name: String) -> ShippedStoreSharedFunction? {
        sharedFunctions.first { $0.name == name }
    }
}

/// The statements filling a store with the objects of one entity (`fillEntry2`), or checking them after opening
/// (`checkEntry2`), as one or more versions need them: most entities are unchanged between versions, and a long
/// history's file would otherwise repeat them once per version (117 versions of 88 entities: 111,280 lines).
/// Sample values are numbered per entity, so that the statements depend only on that entity in that version.
package struct ShippedStoreSharedFunction: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// `func fillEntry1(_ store: JournalShippedStore) -> [NSManagedObject]`: inserts them, sets their values.
        case fill
        /// `func checkEntry1(_ store: JournalShippedStore, _ migrated: NSManagedObjectContext) throws`.
        case check
    }

    package var kind: Kind
    /// `fillEntry1`: `fill`/`check`, the entity's type name, an ordinal among that entity's functions of the kind.
    package var name: String
    /// The statements of the body (the fill's objects are `objects`, returned).
    package var statements: [String]
}

/// The test of one shipped version: the store it creates, and what must survive opening it with the current model.
package struct ShippedVersionTest: Hashable, Sendable {
    package var versionName: String
    /// `testStoreOfJournal2Opens`
    package var methodName: String
    /// Why no store of this version can be filled (the test then throws `XCTSkip`).
    package var unavailableReason: String?
    /// Statements filling the store on the shipped model: calls of shared `fill` functions, then the relationships
    /// between their objects (KVC): the required ones, and one destination of each optional one.
    package var population: [String]
    /// Checks on the reopened store, in `migrated`: calls of shared `check` functions (counts, values, links, and no
    /// value missing that a later hop made required).
    package var checks: [String]
    /// Comment lines: what is not set or not checked, and why; the rows left without a value a later hop makes
    /// required, and the hook that must give it.
    package var notes: [String]
    /// Entity name -> objects inserted (exactly of that entity, not its sub-entities).
    package var insertedCounts: [String: Int]
    /// Entity name (in the shipped version) -> the stored attributes whose values are checked after opening.
    package var checkedAttributes: [String: [String]]
}

/// Plans `ShippedStoreTestsPlan` from the current schema and the schema of every locked version (lock order).
///
/// Objects are created through KVC on plain `NSManagedObject`s (the test gives the shipped model's entities that
/// class), so a version's test depends on nothing generated for the current model. Every non-abstract entity gets one
/// object; required relationships get members (new objects when the inverse is to-one and taken), and every optional
/// relationship one of the objects there are (``ObjectGraph/linkOptionalRelationships()``). Each stored attribute gets
/// a sample value (`SampleValueSynthesizer`, as the round trips), distinct per object (uniqueness constraints).
///
/// A hop that makes a value required without a default (the app's migration hook gives it to the rows without one,
/// ``ShippedStoreLineage/Requirement``) shapes the tests of the versions at or before its source: where the value is
/// optional, a second object of its entity is saved without it; where it does not exist yet, every object lacks it.
/// After opening, no object may lack it: the test fails without the hook, and with a hook that does nothing.
///
/// After opening with the current model, the objects of each entity that continues into it are counted; the values
/// of the attributes that continue with the same type at every hop are compared under their current names (a
/// renamed attribute under its new name), and the links of each relationship that had some are counted.
package struct ShippedStoreTestPlanner {
    let current: Schema
    let shipped: [Schema]
    let planTypeName: String
    let modelTests: GeneratedTestsPlan
    /// The destination version of each hop of the plan that calls the app's hook -> that hook's name.
    let hookNames: [String: String]
    let synthesizer = SampleValueSynthesizer()

    /// More objects than this, and the required relationships are taken to need objects without end.
    static let maximumObjects = 64
    /// Names the generated test uses for its own values.
    static let reservedNames: Set<String> = ["store", "context", "migrated", "bundle", "self", "super"]

    /// - Parameters:
    ///   - shipped: the schema of every locked version, in the lock's order.
    ///   - modelTests: the model's generated tests (same run): module, bundle, store and support type.
    ///   - hookNames: the destination version of each hop of the plan that calls the app's hook -> the hook's name
    ///     (`willMigrateJournal2ToJournal4` for `Journal 4`), named in the tests' comments.
    package init(
        current: Schema, shipped: [Schema], planTypeName: String, modelTests: GeneratedTestsPlan, hookNames: [String: String] = [:]
    ) {
        self.current = current
        self.shipped = shipped
        self.planTypeName = planTypeName
        self.modelTests = modelTests
        self.hookNames = hookNames
    }

    package func makePlan() -> ShippedStoreTestsPlan {
        var methodNames: Set<String> = []
        var versions: [ShippedVersionTest] = []
        var shared = SharedFunctions()
        let lineage = ShippedStoreLineage(shipped: shipped, current: current)
        for (index, schema) in shipped.enumerated() {
            var method = "testStoreOf\(SwiftNames.modelTypeName(schema.versionName))Opens"
            var counter = 2
            while methodNames.contains(method) {
                method = "testStoreOf\(SwiftNames.modelTypeName(schema.versionName))Opens\(counter)"
                counter += 1
            }
            methodNames.insert(method)
            versions.append(test(of: schema, version: index, lineage: lineage, methodName: method, shared: &shared))
        }
        return ShippedStoreTestsPlan(
            fileName: "\(planTypeName)Tests.swift", moduleName: modelTests.moduleName, modelName: modelTests.modelName,
            planTypeName: planTypeName, suiteName: "\(planTypeName)Tests", storeTypeName: "\(SwiftNames.modelTypeName(modelTests.modelName))ShippedStore",
            currentModelStoreTypeName: modelTests.storeTypeName, supportTypeName: modelTests.supportTypeName,
            bundleExpression: modelTests.bundleExpression, versions: versions, sharedFunctions: shared.functions)
    }

    // MARK: One version

    /// - Parameter version: `schema`'s index in the lock's order (``ShippedStoreLineage/chain``).
    func test(
        of schema: Schema, version: Int, lineage: ShippedStoreLineage, methodName: String, shared: inout SharedFunctions
    ) -> ShippedVersionTest {
        var test = ShippedVersionTest(
            versionName: schema.versionName, methodName: methodName, unavailableReason: nil, population: [], checks: [],
            notes: [], insertedCounts: [:], checkedAttributes: [:])
        let hooked = hookedValues(version: version, lineage: lineage)
        // Entities no valid object of which can be made get none, and so do those whose required relationships need
        // one of them: the rest of the version is still tested.
        var excluded = unfillableEntities(of: schema)
        var graph: ObjectGraph
        while true {
            graph = ObjectGraph(schema: schema, excluded: Set(excluded.map(\.entityName)), extra: hooked.leftOut)
            do throws(ObjectGraph.Unsatisfiable) {
                try graph.build()
                graph.linkOptionalRelationships()
                break
            } catch {
                guard !excluded.contains(where: { $0.entityName == error.entityName }) else {
                    test.unavailableReason = "no store of '\(schema.versionName)' can be filled: \(error.reason)"
                    return test
                }
                excluded.append(error)
            }
        }
        guard !graph.objects.isEmpty else {
            test.unavailableReason = "no store of '\(schema.versionName)' can be filled: "
                + (excluded.first.map(\.reason) ?? "it has no entity that is not abstract")
            return test
        }
        var notes = excluded.map { "\($0.entityName): no objects: \($0.reason)" }
        notes += hooked.notes.filter { note in !excluded.contains { note.hasPrefix("\($0.entityName).") || note.hasPrefix("\($0.entityName):") } }
        // Entity -> the graph's objects of it, in order: `entries[n]` is the entity's object `n`.
        var objectsOf: [String: [Int]] = [:]
        var ordinal: [Int] = []
        for (index, object) in graph.objects.enumerated() {
            ordinal.append(objectsOf[object.entityName, default: []].count)
            objectsOf[object.entityName, default: []].append(index)
        }
        let linked = Set(graph.links.flatMap { [$0.source, $0.destination] })
        var names = Self.reservedNames
        var arrays: [String: String] = [:]
        var statements: [String] = []
        // Entity -> attribute -> the literals given to its objects, in object order.
        var given: [String: [String: [String]]] = [:]
        for entityName in objectsOf.keys.sorted() {
            guard let entity = schema.entity(named: entityName), let indexes = objectsOf[entityName] else { continue }
            let offset = variantOffset(of: entity, in: schema)
            var body = ["let objects = [\(Array(repeating: "store.insert(\(SwiftSourceText.stringLiteral(entityName)))", count: indexes.count).joined(separator: ", "))]"]
            for objectOrdinal in indexes.indices {
                for attribute in schema.allAttributes(of: entity) {
                    guard !attribute.isTransient, !attribute.isDerived, !graph.goesWithout(indexes[objectOrdinal], attribute.name) else { continue }
                    switch value(of: attribute, entityName: entity.name, variant: offset + objectOrdinal) {
                    case .success(let literal):
                        body.append("objects[\(objectOrdinal)].setValue(\(literal.set), forKey: \(SwiftSourceText.stringLiteral(attribute.name)))")
                        // Equal literals once: the set literal they are compared with holds each value once.
                        if let expected = literal.expected, given[entity.name]?[attribute.name]?.contains(expected) != true {
                            given[entity.name, default: [:]][attribute.name, default: []].append(expected)
                        }
                    case .failure(let failure):
                        if attribute.requiresStoredValue {
                            test.unavailableReason = "no store of '\(schema.versionName)' can be filled: attribute "
                                + "'\(entity.name).\(attribute.name)' is required and has no sample value (\(failure.reason))"
                            return test
                        }
                        let note = "\(entity.name).\(attribute.name): not set: \(failure.reason)"
                        if !notes.contains(note) { notes.append(note) }
                    }
                }
            }
            body.append("return objects")
            let function = shared.name(of: .fill, entityName: entityName, statements: body)
            if indexes.contains(where: linked.contains) {
                let array = Self.uniqueName(ObjectGraph.variableName(plural: entityName), in: &names)
                arrays[entityName] = array
                statements.append("let \(array) = \(function)(store)")
            } else {
                statements.append("\(function)(store)")
            }
        }
        for link in graph.links {
            let object = { (index: Int) in "\(arrays[graph.objects[index].entityName] ?? "")[\(ordinal[index])]" }
            let (from, to, key) = (object(link.source), object(link.destination), SwiftSourceText.stringLiteral(link.relationshipName))
            if !link.isToMany {
                statements.append("\(from).setValue(\(to), forKey: \(key))")
            } else if link.isOrdered {
                statements.append("\(from).mutableOrderedSetValue(forKey: \(key)).add(\(to))")
            } else {
                statements.append("\(from).mutableSetValue(forKey: \(key)).add(\(to))")
            }
        }
        test.population = statements
        test.insertedCounts = objectsOf.mapValues(\.count)
        var links: [String: [String: Int]] = [:]
        for (entityName, indexes) in objectsOf {
            guard let entity = schema.entity(named: entityName) else { continue }
            for relationship in schema.allRelationships(of: entity) where !relationship.isTransient {
                let count = indexes.reduce(0) { $0 + graph.linkCount(of: $1, relationship.name) }
                if count > 0 { links[entityName, default: [:]][relationship.name] = count }
            }
        }
        (test.checks, test.checkedAttributes) = checks(
            of: schema, version: version, lineage: lineage, counts: test.insertedCounts, given: given, links: links,
            hooked: hooked.checked, changed: hooked.changed, notes: &notes, shared: &shared)
        if test.checks.isEmpty { test.checks = ["_ = migrated"] }
        test.notes = notes
        return test
    }

    /// Where the sample values of `entity`'s objects start: 0, unless it shares a table with other entities (an
    /// entity hierarchy, whose uniqueness constraints span its entities), where each entity of the hierarchy (by
    /// name) has a range of its own, so that values stay distinct per object across the hierarchy.
    func variantOffset(of entity: Entity, in schema: Schema) -> Int {
        let root = schema.ancestors(of: entity).first ?? entity
        let members = descendants(of: root.name, in: schema)
        guard members.count > 1 else { return 0 }
        return (members.sorted().firstIndex(of: entity.name) ?? 0) * Self.maximumObjects
    }

    /// `base`, or `base2`, `base3`…: the first not in `names` nor a keyword (then in `names`).
    static func uniqueName(_ base: String, in names: inout Set<String>) -> String {
        var name = base
        var counter = 2
        while names.contains(name) || SwiftNames.isKeyword(name) {
            name = "\(base)\(counter)"
            counter += 1
        }
        names.insert(name)
        return name
    }

    /// The non-abstract entities with a stored attribute that needs a value and has no sample (a Transformable one).
    func unfillableEntities(of schema: Schema) -> [ObjectGraph.Unsatisfiable] {
        schema.entities.filter { !$0.isAbstract }.compactMap { entity in
            for attribute in schema.allAttributes(of: entity)
            where attribute.requiresStoredValue {
                if case .failure(let failure) = value(of: attribute, entityName: entity.name, variant: 0) {
                    return ObjectGraph.Unsatisfiable(
                        entityName: entity.name,
                        reason: "attribute '\(entity.name).\(attribute.name)' is required and has no sample value (\(failure.reason))")
                }
            }
            return nil
        }
    }

    /// A literal to store with `setValue(_:forKey:)`, and the one to compare the fetched value with (nil: not compared).
    struct Literal {
        var set: String
        var expected: String?
    }

    func value(of attribute: Attribute, entityName: String, variant: Int) -> Result<Literal, TestPlanFailure> {
        var stored = attribute
        // A typed attribute's userInfo sample is a Swift value of the app's type; KVC stores the raw value.
        if stored.annotations.override != nil {
            stored.userInfo.removeAll {
                $0.key == SampleValueSynthesizer.sampleValueKey || $0.key == SampleValueSynthesizer.modifiedSampleValueKey
            }
        }
        guard let type = ValueSwiftType.keyValueCodingType(of: attribute) else {
            if case .swiftExpression(let source)? = synthesizer.sample(for: stored, variant: 0, entityName: entityName).value {
                return .success(Literal(set: source, expected: nil))
            }
            return .failure(TestPlanFailure(reason: SampleValueSynthesizer.unsynthesizableReason(for: attribute.type) ?? "no sample value"))
        }
        let synthesis = synthesizer.sample(for: stored, variant: variant, entityName: entityName)
        guard let value = synthesis.value else {
            return .failure(TestPlanFailure(reason: synthesis.unavailableReason ?? "no sample value"))
        }
        if case .swiftExpression(let source) = value { return .success(Literal(set: source, expected: nil)) }
        let literal = value.swiftExpression(as: type)
        // A Decimal sample is spelled `NSDecimalNumber(string:)`, the object Core Data stores; read back as Decimal.
        return .success(Literal(set: literal, expected: attribute.type == .decimal ? "\(literal).decimalValue" : literal))
    }

    // MARK: What the app's hooks must fill

    /// What the hops after `chain[version]` make required without a default (each a value the app's hook gives
    /// the rows without it), as this version's stores hold them: `leftOut`, the properties a second object of an
    /// entity goes without (optional here); `checked`, per entity here, the current properties every object must
    /// have after opening; `notes`, why, for the generated comment.
    /// `changed`, per entity here, the relationships whose links the hook may add to: the inverses of a relationship
    /// it fills (their links are not counted).
    func hookedValues(
        version: Int, lineage: ShippedStoreLineage
    ) -> (leftOut: [String: Set<String>], checked: [String: Set<String>], changed: [String: Set<String>], notes: [String]) {
        var leftOut: [String: Set<String>] = [:]
        var checked: [String: Set<String>] = [:]
        var changed: [String: Set<String>] = [:]
        var notes: [String] = []
        let schema = lineage.chain[version]
        for requirement in lineage.requirements where requirement.hop >= version {
            let hook = hookNames[requirement.to].map { "the app's hook (\($0))" } ?? "the app's hook"
            let hop = "'\(requirement.from)' → '\(requirement.to)' makes \(requirement.element.entity).\(requirement.element.property) required"
            let entity: String
            switch lineage.origin(of: requirement, in: version) {
            case .noEntity, .required:
                continue
            case .absent(let name):
                entity = name
                notes.append("\(name): its objects have no \(requirement.element.property) yet; \(hop): \(hook) must give them one")
            case .optional(let name, let property):
                entity = name
                leftOut[name, default: []].insert(property)
                if requirement.isRelationship, let entity = schema.entity(named: name),
                    let relationship = schema.allRelationships(of: entity).first(where: { $0.name == property }), let inverse = relationship.inverseName
                {
                    for destination in descendants(of: relationship.destinationEntity, in: schema) {
                        changed[destination, default: []].insert(inverse)
                    }
                }
                notes.append("\(name).\(property): left out of a second \(name); \(hop): \(hook) must give it one")
            }
            if let element = lineage.currentElement(of: requirement), lineage.currentEntity(entity, version: version) == element.entity {
                checked[entity, default: []].insert(element.property)
            }
        }
        return (leftOut, checked, changed, notes)
    }

    /// `entityName` and every entity below it.
    func descendants(of entityName: String, in schema: Schema) -> [String] {
        var names: [String] = []
        var pending = [entityName]
        while let name = pending.popLast(), !names.contains(name), let entity = schema.entity(named: name) {
            names.append(name)
            pending += entity.childNames
        }
        return names
    }

    // MARK: What must survive

    /// The checks on the reopened store of `chain[version]`: per entity that had objects, their count, the values
    /// of the attributes unchanged since (``ShippedStoreLineage``: under their current names), the number of links of
    /// each relationship that had some, and that no object lacks a value the app's hook had to give (`hooked`).
    func checks(
        of schema: Schema, version: Int, lineage: ShippedStoreLineage, counts: [String: Int], given: [String: [String: [String]]],
        links: [String: [String: Int]], hooked: [String: Set<String>], changed: [String: Set<String>], notes: inout [String],
        shared: inout SharedFunctions
    ) -> (checks: [String], checked: [String: [String]]) {
        var checks: [String] = []
        var checked: [String: [String]] = [:]
        for (entityName, count) in counts.sorted(by: { $0.key < $1.key }) {
            guard let targetName = lineage.currentEntity(entityName, version: version), let target = current.entity(named: targetName),
                !target.isAbstract
            else {
                notes.append("\(entityName): not in the current model; its objects are not looked for")
                continue
            }
            var body = [
                "let objects = try store.objects(of: \(SwiftSourceText.stringLiteral(target.name)), in: migrated)",
                "assertEqual(objects.count, \(count))",
            ]
            let filled = hooked[entityName] ?? []
            if let entity = schema.entity(named: entityName) {
                for attribute in schema.allAttributes(of: entity) {
                    guard let literals = given[entityName]?[attribute.name], ValueSwiftType.keyValueCodingType(of: attribute) != nil,
                        let match = lineage.currentAttribute(attribute.name, of: entityName, version: version)
                    else { continue }
                    checked[entityName, default: []].append(attribute.name)
                    // Read back as the literals' type (`store.assertValues`): no closure to infer, cheap to compile at 100 versions.
                    let kind = filled.contains(match.property) ? "including: " : ""
                    body.append("store.assertValues(objects, \(SwiftSourceText.stringLiteral(match.property)), \(kind)[\(literals.joined(separator: ", "))])")
                }
                for relationship in schema.allRelationships(of: entity) {
                    guard let linked = links[entityName]?[relationship.name], changed[entityName]?.contains(relationship.name) != true,
                        let match = lineage.currentRelationship(relationship.name, of: entityName, version: version),
                        !filled.contains(match.property)
                    else { continue }
                    body.append("store.assertLinkCount(objects, \(SwiftSourceText.stringLiteral(match.property)), \(linked))")
                }
            }
            for property in filled.sorted() {
                body.append("store.assertNoneMissing(objects, \(SwiftSourceText.stringLiteral(property)))")
            }
            checks.append("try \(shared.name(of: .check, entityName: entityName, statements: body))(store, migrated)")
        }
        return (checks, checked)
    }
}

/// The shared functions planned so far: equal statements of the same kind and entity are one function.
struct SharedFunctions {
    private(set) var functions: [ShippedStoreSharedFunction] = []
    private var byContent: [ShippedStoreSharedFunction.Kind: [String: [[String]: String]]] = [:]
    private var names: Set<String> = []

    /// The function of `kind` with `statements` for `entityName`, added when new.
    mutating func name(of kind: ShippedStoreSharedFunction.Kind, entityName: String, statements: [String]) -> String {
        if let name = byContent[kind]?[entityName]?[statements] { return name }
        let prefix = kind == .fill ? "fill" : "check"
        var typeName = SwiftNames.modelTypeName(entityName)
        if !SwiftNames.isIdentifier(typeName) { typeName = "Object" }
        let ordinal = (byContent[kind]?[entityName]?.count ?? 0) + 1
        // Distinct entity names may share a type name (`my_tag`, `MyTag`): the next free ordinal then.
        var name = "\(prefix)\(typeName)\(ordinal)"
        var counter = ordinal
        while names.contains(name) {
            counter += 1
            name = "\(prefix)\(typeName)\(counter)"
        }
        names.insert(name)
        byContent[kind, default: [:]][entityName, default: [:]][statements] = name
        functions.append(ShippedStoreSharedFunction(kind: kind, name: name, statements: statements))
        return name
    }
}
