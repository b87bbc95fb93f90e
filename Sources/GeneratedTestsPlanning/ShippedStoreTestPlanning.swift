import ManagedModel
import SampleValues

/// The generated "every shipped version opens" tests of one model (`<Plan>Tests.swift`, `migration-plan-tests`
/// template), decided completely: the renderer only lays them out.
///
/// One test per locked version, identical store schemas included: a version whose store schema equals an earlier
/// one's still has its own compiled model (`<Model>.momd/<version>.mom`) and its own name in the plan's
/// `shippedVersionNames`, and the migration plan must recognise the stores it created by their checksum. Testing
/// each is what catches a plan that lists a shared checksum wrongly; the statements of such versions are the same.
public struct ShippedStoreTestsPlan: Hashable, Sendable {
    /// `JournalMigrationPlanTests.swift`
    public var fileName: String
    /// The module the tests `@testable import` (the model tests' module).
    public var moduleName: String
    /// `Journal`: the compiled model's resource name (`Journal.momd`).
    public var modelName: String
    /// `JournalMigrationPlan`: the generated plan, whose `makeStagedMigrationManager(in:)` opens the stores.
    public var planTypeName: String
    /// `JournalMigrationPlanTests`
    public var suiteName: String
    /// `JournalShippedStore`: creates a store with a shipped version's model and reopens it through the plan.
    public var storeTypeName: String
    /// The model tests' store type (`JournalModelTestStore`): its container holds the current model, loaded once
    /// per process and shared, so that no second copy of the current model claims the app's classes.
    public var currentModelStoreTypeName: String
    /// The model tests' support protocol (`assertEqual`, `text(_:repeating:count:)`), which the suite adopts.
    public var supportTypeName: String
    /// Where the compiled model is (`Bundle(for: …)`, `Bundle.main`, `Bundle.module`), as in the model tests.
    public var bundleExpression: String
    /// One per locked version, in the lock's order.
    public var versions: [ShippedVersionTest]
    /// The statements the versions share, each once, in the order first used.
    public var sharedFunctions: [ShippedStoreSharedFunction]

    /// The shared function named `name`.
    public func sharedFunction(named name: String) -> ShippedStoreSharedFunction? {
        sharedFunctions.first { $0.name == name }
    }
}

/// The statements filling a store with the objects of one entity (`fillEntry2`), or checking them after opening
/// (`checkEntry2`), as one or more versions need them: most entities are unchanged between versions, and a long
/// history's file would otherwise repeat them once per version (117 versions of 88 entities: 111,280 lines).
/// Sample values are numbered per entity, so that the statements depend only on that entity in that version.
public struct ShippedStoreSharedFunction: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `func fillEntry1(_ store: JournalShippedStore) -> [NSManagedObject]`: inserts them, sets their values.
        case fill
        /// `func checkEntry1(_ store: JournalShippedStore, _ migrated: NSManagedObjectContext) throws`.
        case check
    }

    public var kind: Kind
    /// `fillEntry1`: `fill`/`check`, the entity's type name, an ordinal among that entity's functions of the kind.
    public var name: String
    /// The statements of the body (the fill's objects are `objects`, returned).
    public var statements: [String]
}

/// The test of one shipped version: the store it creates, and what must survive opening it with the current model.
public struct ShippedVersionTest: Hashable, Sendable {
    public var versionName: String
    /// `testStoreOfJournal2Opens`
    public var methodName: String
    /// Why no store of this version can be filled (the test then throws `XCTSkip`).
    public var unavailableReason: String?
    /// Statements filling the store on the shipped model: calls of shared `fill` functions, then the relationships
    /// between their objects (KVC).
    public var population: [String]
    /// Checks on the reopened store, in `migrated`: calls of shared `check` functions.
    public var checks: [String]
    /// Comment lines: what is not set or not checked, and why.
    public var notes: [String]
    /// Entity name -> objects inserted (exactly of that entity, not its sub-entities).
    public var insertedCounts: [String: Int]
    /// Entity name (in the shipped version) -> the stored attributes whose values are checked after opening.
    public var checkedAttributes: [String: [String]]
}

/// Plans `ShippedStoreTestsPlan` from the current schema and the schema of every locked version (lock order).
///
/// Objects are created through KVC on plain `NSManagedObject`s (the test gives the shipped model's entities that
/// class), so a version's test depends on nothing generated for the current model. Every non-abstract entity gets one
/// object; required relationships get members (new objects when the inverse is to-one and taken), optional ones are
/// left empty. Each stored attribute gets a sample value (`SampleValueSynthesizer`, as the round trips), distinct per
/// object (uniqueness constraints). After opening with the current model, the objects of each entity present in
/// both versions are counted, and the values of the attributes unchanged between the two (same entity, same
/// attribute, same type; a Renaming ID counts as the same name) are compared.
public struct ShippedStoreTestPlanner {
    let current: Schema
    let shipped: [Schema]
    let planTypeName: String
    let modelTests: GeneratedTestsPlan
    let synthesizer = SampleValueSynthesizer()

    /// More objects than this, and the required relationships are taken to need objects without end.
    static let maximumObjects = 64
    /// Names the generated test uses for its own values.
    static let reservedNames: Set<String> = ["store", "context", "migrated", "bundle", "self", "super"]

    /// - Parameters:
    ///   - shipped: the schema of every locked version, in the lock's order.
    ///   - modelTests: the model's generated tests (same run): module, bundle, store and support type.
    public init(current: Schema, shipped: [Schema], planTypeName: String, modelTests: GeneratedTestsPlan) {
        self.current = current
        self.shipped = shipped
        self.planTypeName = planTypeName
        self.modelTests = modelTests
    }

    public func makePlan() -> ShippedStoreTestsPlan {
        var methodNames: Set<String> = []
        var versions: [ShippedVersionTest] = []
        var shared = SharedFunctions()
        for schema in shipped {
            var method = "testStoreOf\(SwiftNames.modelTypeName(schema.versionName))Opens"
            var counter = 2
            while methodNames.contains(method) {
                method = "testStoreOf\(SwiftNames.modelTypeName(schema.versionName))Opens\(counter)"
                counter += 1
            }
            methodNames.insert(method)
            versions.append(test(of: schema, methodName: method, shared: &shared))
        }
        return ShippedStoreTestsPlan(
            fileName: "\(planTypeName)Tests.swift", moduleName: modelTests.moduleName, modelName: modelTests.modelName,
            planTypeName: planTypeName, suiteName: "\(planTypeName)Tests", storeTypeName: "\(SwiftNames.modelTypeName(modelTests.modelName))ShippedStore",
            currentModelStoreTypeName: modelTests.storeTypeName, supportTypeName: modelTests.supportTypeName,
            bundleExpression: modelTests.bundleExpression, versions: versions, sharedFunctions: shared.functions)
    }

    // MARK: One version

    func test(of schema: Schema, methodName: String, shared: inout SharedFunctions) -> ShippedVersionTest {
        var test = ShippedVersionTest(
            versionName: schema.versionName, methodName: methodName, unavailableReason: nil, population: [], checks: [],
            notes: [], insertedCounts: [:], checkedAttributes: [:])
        // Entities no valid object of which can be made get none, and so do those whose required relationships need
        // one of them: the rest of the version is still tested.
        var excluded = unfillableEntities(of: schema)
        var graph: ObjectGraph
        while true {
            graph = ObjectGraph(schema: schema, excluded: Set(excluded.map(\.entityName)))
            do throws(ObjectGraph.Unsatisfiable) {
                try graph.build()
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
            var body = ["let objects = [\(Array(repeating: "store.insert(\(SampleValue.stringLiteral(entityName)))", count: indexes.count).joined(separator: ", "))]"]
            for objectOrdinal in indexes.indices {
                for attribute in schema.allAttributes(of: entity) {
                    guard !attribute.isTransient, !attribute.isDerived else { continue }
                    switch value(of: attribute, entityName: entity.name, variant: offset + objectOrdinal) {
                    case .success(let literal):
                        body.append("objects[\(objectOrdinal)].setValue(\(literal.set), forKey: \(SampleValue.stringLiteral(attribute.name)))")
                        // Equal literals once: the set literal they are compared with holds each value once.
                        if let expected = literal.expected, given[entity.name]?[attribute.name]?.contains(expected) != true {
                            given[entity.name, default: [:]][attribute.name, default: []].append(expected)
                        }
                    case .failure(let failure):
                        if !attribute.isOptional, attribute.defaultValue == nil {
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
            let (from, to, key) = (object(link.source), object(link.destination), SampleValue.stringLiteral(link.relationshipName))
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
        (test.checks, test.checkedAttributes) = checks(
            of: schema, counts: test.insertedCounts, given: given, notes: &notes, shared: &shared)
        if test.checks.isEmpty { test.checks = ["_ = migrated"] }
        test.notes = notes
        return test
    }

    /// Where the sample values of `entity`'s objects start: 0, unless it shares a table with other entities (an
    /// entity hierarchy, whose uniqueness constraints span its entities), where each entity of the hierarchy (by
    /// name) has a range of its own, so that values stay distinct per object across the hierarchy.
    func variantOffset(of entity: Entity, in schema: Schema) -> Int {
        let root = schema.ancestors(of: entity).first ?? entity
        var members: [String] = []
        var pending = [root.name]
        while let name = pending.popLast(), !members.contains(name), let member = schema.entity(named: name) {
            members.append(name)
            pending += member.childNames
        }
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
            where !attribute.isTransient && !attribute.isDerived && !attribute.isOptional && attribute.defaultValue == nil {
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
        guard let type = Self.storedTypeName(of: attribute.type) else {
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
        let literal = value.swiftLiteral(forTypeNamed: type)
        // A Decimal sample is spelled `NSDecimalNumber(string:)`, the object Core Data stores; read back as Decimal.
        return .success(Literal(set: literal, expected: attribute.type == .decimal ? "\(literal).decimalValue" : literal))
    }

    /// The Swift type a stored value of `type` is read back as (`value(forKey:) as? T`), nil when not compared.
    static func storedTypeName(of type: AttributeType) -> String? {
        switch type {
        case .integer16: return "Int16"
        case .integer32: return "Int32"
        case .integer64: return "Int64"
        case .decimal: return "Decimal"
        case .double: return "Double"
        case .float: return "Float"
        case .string: return "String"
        case .boolean: return "Bool"
        case .date: return "Date"
        case .binary: return "Data"
        case .uuid: return "UUID"
        case .uri: return "URL"
        case .transformable, .objectID, .undefined, .composite: return nil
        }
    }

    // MARK: What must survive

    /// The current entity that stores of `entityName` migrate into: the same name, or a Renaming ID naming it.
    func currentEntity(for entityName: String) -> Entity? {
        current.entities.first { ($0.renamingIdentifier ?? $0.name) == entityName }
            ?? current.entity(named: entityName)
    }

    /// The current attribute `attribute` migrates into, when it is unchanged: stored in both, of the same type.
    func unchangedAttribute(_ attribute: Attribute, in entity: Entity) -> Attribute? {
        let candidates = current.allAttributes(of: entity)
        guard let match = candidates.first(where: { ($0.renamingIdentifier ?? $0.name) == attribute.name })
            ?? candidates.first(where: { $0.name == attribute.name }),
            match.type == attribute.type, !match.isTransient, !match.isDerived
        else { return nil }
        return match
    }

    func checks(
        of schema: Schema, counts: [String: Int], given: [String: [String: [String]]], notes: inout [String],
        shared: inout SharedFunctions
    ) -> (checks: [String], checked: [String: [String]]) {
        var checks: [String] = []
        var checked: [String: [String]] = [:]
        for (entityName, count) in counts.sorted(by: { $0.key < $1.key }) {
            guard let target = currentEntity(for: entityName), !target.isAbstract else {
                notes.append("\(entityName): not in the current model; its objects are not looked for")
                continue
            }
            var body = [
                "let objects = try store.objects(of: \(SampleValue.stringLiteral(target.name)), in: migrated)",
                "assertEqual(objects.count, \(count))",
            ]
            if let entity = schema.entity(named: entityName) {
                for attribute in schema.allAttributes(of: entity) {
                    guard let literals = given[entityName]?[attribute.name], Self.storedTypeName(of: attribute.type) != nil else { continue }
                    guard let match = unchangedAttribute(attribute, in: target) else { continue }
                    checked[entityName, default: []].append(attribute.name)
                    // Read back as the literals' type (`store.assertValues`): no closure to infer, cheap to compile at 100 versions.
                    body.append("store.assertValues(objects, \(SampleValue.stringLiteral(match.name)), [\(literals.joined(separator: ", "))])")
                }
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
