// Generated from Templates/Swift by scripts/embed-templates.sh: do not edit. After changing a template, run
// `scripts/embed-templates.sh` and build again (TemplateEmbeddingTests fails while this file is stale).

extension BundledTemplates {
    /// `(name without .mustache, text)` of every file in Templates/Swift, sorted by name.
    package static let sources: [(name: String, text: String)] = [
        ("attribute", #"""
{{%CONTENT_TYPE: TEXT}}
{{#documentation}}
    /// {{.}}
{{/documentation}}
{{#isManaged}}
    @NSManaged {{access}}{{#isReadOnly}}private(set) {{/isReadOnly}}{{setterAccess}}var {{swiftName}}: {{type}}
{{/isManaged}}
{{#isOptionalScalar}}
    {{access}}{{setterAccess}}var {{swiftName}}: {{type}} {
        get { {{optionalScalarSupport}}.value(forKey: Keys.{{swiftName}}, of: self) }
{{^isReadOnly}}
        set { {{optionalScalarSupport}}.set(newValue, forKey: Keys.{{swiftName}}, of: self) }
{{/isReadOnly}}
    }
{{/isOptionalScalar}}
{{#typed}}
{{> typed-attribute}}
{{/typed}}

"""#),
        ("composite", #"""
{{%CONTENT_TYPE: TEXT}}
{{#header}}
{{> file-header}}
{{/header}}

{{#documentation}}
/// {{.}}
{{/documentation}}
{{access}}struct {{name}}{{conformanceClause}} {
    /// Element names: the keys of `compositeValue`.
    {{access}}enum Keys {
{{#fields}}
        nonisolated {{access}}static let {{swiftName}} = "{{key}}"
{{/fields}}
    }

{{#fields}}
    {{#isSendable}}nonisolated {{/isSendable}}{{access}}var {{swiftName}}: {{type}}
{{/fields}}

    nonisolated {{access}}init({{#fields}}{{^first()}}, {{/first()}}{{swiftName}}: {{type}}{{defaultClause}}{{/fields}}) {
{{#fields}}
        self.{{swiftName}} = {{swiftName}}
{{/fields}}
    }

    /// Reads the dictionary Core Data stores; nil when a required element is missing or has another type.
    nonisolated {{access}}init?(compositeValue: [String: Any]) {
{{#fields}}
{{^isOptional}}
        guard let {{swiftName}} = {{decode}} else { return nil }
        self.{{swiftName}} = {{swiftName}}
{{/isOptional}}
{{#isOptional}}
        self.{{swiftName}} = {{decode}}
{{/isOptional}}
{{/fields}}
    }

    /// The dictionary Core Data stores for this value.
    nonisolated {{access}}var compositeValue: [String: Any] {
        {{#hasFields}}var{{/hasFields}}{{^hasFields}}let{{/hasFields}} compositeValue: [String: Any] = [:]
{{#fields}}
{{^isOptional}}
        compositeValue[Keys.{{swiftName}}] = {{encode}}
{{/isOptional}}
{{#isOptional}}
        if let {{swiftName}} {
            compositeValue[Keys.{{swiftName}}] = {{encode}}
        }
{{/isOptional}}
{{/fields}}
        return compositeValue
    }
}
{{#isHashable}}

// A nonisolated conformance: under MainActor default isolation (Swift 6.2) `==` and `hash(into:)` stay usable from
// any isolation. Older compilers have no such spelling and no such isolation.
#if compiler(>=6.2)
extension {{name}}: nonisolated Hashable {}
#else
extension {{name}}: Hashable {}
#endif
{{/isHashable}}

"""#),
        ("entity-human", #"""
{{%CONTENT_TYPE: TEXT}}
// {{humanFileName}}: written once by managed-codegen for {{modelFileName}} and never touched again; it is yours to edit.
// The generated declarations are in {{className}}+Generated.swift.
{{#header}}
{{#imports}}
import {{.}}
{{/imports}}
{{/header}}

extension {{className}} {
    // Validation hooks: write only those you need. managed-codegen finds them here (and in the folders it scans)
    // and generates what Core Data calls for each, when it validates, at the latest when the context saves; a
    // property without a hook costs nothing. Hooks are `nonisolated`, `throws`, and named after the property:
    // `validate<Property>(_:)` taking the property's type (NSSet/NSOrderedSet for to-many relationships).
{{#generatedSuperclassName}}
    // {{className}} is a sub-class of {{.}}, whose hooks run first: a hook for a property inherited from it is
    // `validate{{className}}<Property>(_:)`, and the consistency and deletion hooks carry the class name too.
{{/generatedSuperclassName}}
{{#hasConstrainedHooks}}
    // Examples for this entity's constrained attributes:
{{/hasConstrainedHooks}}
{{#constrainedHooks}}
    //
    // nonisolated func {{methodName}}(_ {{parameterName}}: {{typeName}}) throws {
    //     // The model already checks:
{{#constraints}}
    //     // - {{.}}
{{/constraints}}
    //     guard <condition the model cannot express> else {
    //         throw ManagedValidation.error(
    //             NSManagedObjectValidationError, object: self, key: Keys.{{parameterName}},
    //             message: "Explain what is wrong with {{parameterName}}")
    //     }
    // }
{{/constrainedHooks}}
    //
    // nonisolated func {{consistencyHookName}}() throws {
    //     // Checks that combine several values; ManagedValidation.combine(_:) merges several failures.
    // }
    //
    // nonisolated func {{deletionHookName}}(_ committedValues: [String: Any]) throws {
    //     // Before a delete: read the values last saved from committedValues (nil is NSNull),
    //     // not the object's properties, which Core Data may already have cleared.
    // }
}

"""#),
        ("entity-machine", #"""
{{%CONTENT_TYPE: TEXT}}
{{#header}}
{{> file-header}}
{{/header}}

/// The `{{entityName}}` entity of {{modelFileName}}.
{{#classDocumentation}}
/// {{.}}
{{/classDocumentation}}
{{#objcName}}
@objc({{.}})
{{/objcName}}
nonisolated {{access}}{{#isFinal}}final {{/isFinal}}class {{className}}: {{superclassName}} {
{{! Computed, not stored: a stored `static let` costs the user's compiler a lazily initialised global per key (Benchmarks/compile-cost.py). }}
    /// Key names, for KVC, predicates and sort descriptors.
    nonisolated {{access}}enum Keys {
{{#keys}}
        {{access}}static var {{swiftName}}: String { "{{key}}" }
{{/keys}}
    }
{{#hasModelKeys}}

    /// Typed keys for sorting, predicates and observation that work for every attribute, also those Objective-C
    /// cannot see (a Swift key path to them traps in Foundation's key-path APIs): see `ModelKey`.
    nonisolated {{access}}enum ModelKeys {
{{#modelKeys}}
        {{access}}static var {{swiftName}}: ModelKey<{{className}}, {{valueType}}> { ModelKey({{#storesDate}}storedAsDate: {{/storesDate}}"{{key}}") }
{{/modelKeys}}
    }
{{/hasModelKeys}}
{{#hasAttributes}}

    // MARK: Attributes
{{/hasAttributes}}
{{#attributes}}
{{> attribute}}
{{/attributes}}
{{#hasRelationships}}

    // MARK: Relationships
{{/hasRelationships}}
{{#relationships}}
    @NSManaged {{access}}var {{swiftName}}: {{type}}
{{/relationships}}

    // MARK: Initializers
{{#initializer}}
{{> initializer}}
{{/initializer}}

    /// Core Data creates instances, faults included, through this initializer.
    @objc
    override {{faultInitializerAccess}}init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
        super.init(entity: entity, insertInto: context)
    }

{{! init() is unavailable in every mode, init(context:) too unless the planner makes it deprecated and working (the transition mode; never for an abstract entity, nor where every parameter of the designated initializer has a default): see ContextInitializerPlanning.swift. The working init(context:) looks the entity up in the context's model, as NSManagedObject's own does (Apple's NSManagedObject and NSEntityDescription pages; docs/core-data-runtime.md, "Transition mode"; generated test testInheritedInitializersMakeThisEntity). }}
    {{unavailableAttribute}}
    {{access}}{{unavailableInitOverride}}init() {
        fatalError("unavailable")
    }
{{#declaresContextInit}}

    {{contextInitAttribute}}
    {{access}}convenience init(context: NSManagedObjectContext) {
{{#contextInitWorks}}
        guard let entity = NSEntityDescription.entity(forEntityName: Self.entityName, in: context) else {
            fatalError("The managed object model of this context has no entity named \(Self.entityName)")
        }
        self.init(entity: entity, insertInto: context)
{{/contextInitWorks}}
{{^contextInitWorks}}
        fatalError("unavailable")
{{/contextInitWorks}}
    }
{{/declaresContextInit}}
{{#unavailableInheritedInitializers}}

    {{unavailableAttribute}}
    {{access}}override init({{.}}) {
        fatalError("unavailable")
    }
{{/unavailableInheritedInitializers}}

    /// The entity's name in the model, as mogenerator's and SwiftGen's classes declare it.
    {{access}}{{entityNameOverride}}class var entityName: String { "{{entityName}}" }

    @nonobjc {{access}}class func fetchRequest() -> NSFetchRequest<{{className}}> {
        NSFetchRequest<{{className}}>(entityName: "{{entityName}}")
    }
{{> validation-overrides}}
{{> validation-hooks}}
}
{{#declaresIdentifiable}}

// As Xcode's `+CoreDataProperties.swift` files declare it: SwiftUI's `ForEach` and `List` take the objects.
nonisolated extension {{className}}: Identifiable {}
{{/declaresIdentifiable}}
{{#declaresTypedObjectIDs}}

// Typed, Sendable object IDs (`ManagedObjectID`): `{{className}}.ObjectID`, `typedObjectID`; sub-classes inherit them.
nonisolated extension {{className}}: TypedObjectIdentifiable {}
{{/declaresTypedObjectIDs}}
{{#extras}}
{{> typed-extras}}
{{/extras}}
{{#relationshipsWithAccessors}}

// MARK: Generated accessors for {{key}}
nonisolated extension {{className}} {
{{#accessors}}
{{^first()}}

{{/first()}}
    @objc({{selector}})
{{#isManaged}}
    @NSManaged {{access}}func {{signature}}
{{/isManaged}}
{{#body}}
    {{access}}func {{signature}} {
        {{.}}
    }
{{/body}}
{{/accessors}}
}
{{/relationshipsWithAccessors}}

"""#),
        ("file-header", #"""
{{%CONTENT_TYPE: TEXT}}
{{banner}}
// swift-format-ignore-file
// swiftlint:disable all
{{#imports}}
import {{.}}
{{/imports}}

"""#),
        ("initializer", #"""
{{%CONTENT_TYPE: TEXT}}

    /// Creates {{entityName}} in `{{contextVariable}}`, with every value the model requires.
{{#contextLabelNote}}
    /// {{.}}
{{/contextLabelNote}}
    {{access}}{{overrideKeyword}}init(
        {{contextParameter}}{{#parameters}},
        {{swiftName}}: {{type}}{{defaultClause}}{{/parameters}}
    ) {
        super.init(entity: ManagedEntityLookup.entity(named: "{{entityName}}", in: {{contextVariable}}), insertInto: {{contextVariable}})
{{#assignments}}
        {{.}}
{{/assignments}}
    }

"""#),
        ("migration-plan-tests", #"""
{{%CONTENT_TYPE: TEXT}}
{{banner}}
// swift-format-ignore-file
// swiftlint:disable all
@preconcurrency import CoreData
import Foundation
@preconcurrency import XCTest
@testable import {{moduleName}}

/// A store of one shipped version of the {{modelName}} model, in a temporary folder of its own (removed with it), then
/// opened with the current model through {{planTypeName}}, as the app opens its users' stores.
///
/// The compiled model comes from the test bundle as the model tests' does (`{{bundleExpression}}`): `{{modelName}}.momd`
/// holds one `<version>.mom` per version of `{{modelName}}.xcdatamodeld`, which must therefore be compiled into that bundle:
/// a resource of the app or framework target the tests are hosted by or link (Xcode compiles every version into the
/// `.momd`), or of the SwiftPM target whose `Bundle.module` it is. A version missing from the `.momd` fails its test.
///
/// The shipped version's entities are given the class `NSManagedObject` on a copy of its model, so that the app's
/// classes, whose properties follow the current model, never serve an old entity: an entity's class is its
/// `managedObjectClassName` ("If you don't specify a class name, the framework uses NSManagedObject":
/// https://developer.apple.com/documentation/coredata/nsentitydescription), which may be set until the model is used
/// by an object graph manager (https://developer.apple.com/documentation/coredata/nsentitydescription/managedobjectclassname),
/// and which is no part of the version hash that identifies the store's model ("the name of the entity, the version hash
/// of the superentity, if the entity is abstract, and all of the version hashes for the properties":
/// https://developer.apple.com/documentation/coredata/nsentitydescription/versionhash).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
nonisolated final class {{storeTypeName}} {
    nonisolated struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let bundle: Bundle
    let folder: URL
    let url: URL
    private let coordinator: NSPersistentStoreCoordinator
    /// A main-queue context on the shipped version's store; synchronous tests run on the main thread.
    let context: NSManagedObjectContext
    /// The container that opened the store with the current model, kept while its context is in use.
    private var reopened: NSPersistentContainer?

    /// A new SQLite store created with the compiled model of shipped version `version`
    /// (https://developer.apple.com/documentation/coredata/nspersistentstorecoordinator/addpersistentstore(oftype:configurationname:at:options:)).
    init(version: String) throws {
        bundle = {{bundleExpression}}
        let modelName = {{currentModelStoreTypeName}}.modelName
        guard let modelURL = bundle.url(forResource: version, withExtension: "mom", subdirectory: "\(modelName).momd") else {
            throw Failure(description: "\(modelName).momd/\(version).mom is not in \(bundle.bundleURL.path)")
        }
        guard let shipped = NSManagedObjectModel(contentsOf: modelURL), let model = shipped.copy() as? NSManagedObjectModel else {
            throw Failure(description: "\(modelURL.path) is not a compiled Core Data model")
        }
        for entity in model.entities {
            entity.managedObjectClassName = "NSManagedObject"
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(modelName)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent("\(modelName).sqlite")
        coordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        _ = try coordinator.addPersistentStore(ofType: NSSQLiteStoreType, configurationName: nil, at: url, options: nil)
        context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        context.persistentStoreCoordinator = coordinator
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A new object of `entityName` in `context`; its values are set by key (KVC), as the shipped model names them.
    @discardableResult
    func insert(_ entityName: String) -> NSManagedObject {
        NSEntityDescription.insertNewObject(forEntityName: entityName, into: context)
    }

    /// Saves, closes the store (https://developer.apple.com/documentation/coredata/nspersistentstorecoordinator/remove(_:)),
    /// and opens it again with the current model through `{{planTypeName}}.configure(_:in:)`, the one line apps call:
    /// it gives the store the plan's staged migration manager as its `NSPersistentStoreStagedMigrationManagerOptionKey`
    /// option (https://developer.apple.com/documentation/coredata/nspersistentstorestagedmigrationmanageroptionkey)
    /// when the store's metadata is not compatible with the current model; returns a context on it. The current model
    /// is the model tests' own, loaded once per process.
    func reopenWithCurrentModel() throws -> NSManagedObjectContext {
        try context.save()
        for store in coordinator.persistentStores {
            try coordinator.remove(store)
        }
        let model = try {{currentModelStoreTypeName}}().container.managedObjectModel
        let container = NSPersistentContainer(name: {{currentModelStoreTypeName}}.modelName, managedObjectModel: model)
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
        try {{planTypeName}}.configure(container, in: bundle)
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError {
            throw loadError
        }
        // A failed staged migration has been seen to load no store and report no error (docs/core-data-runtime.md).
        guard !container.persistentStoreCoordinator.persistentStores.isEmpty else {
            throw Failure(description: "no store was loaded from \(url.path), and no error was reported")
        }
        reopened = container
        return container.viewContext
    }

    /// Fails unless the values of `key` that `objects` hold, read as `Value`, are exactly `expected` (in any order).
    func assertValues<Value: Hashable>(
        _ objects: [NSManagedObject], _ key: String, _ expected: Set<Value>, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(Set(objects.compactMap { $0.value(forKey: key) as? Value }), expected, "\(key)", file: file, line: line)
    }

    /// Fails unless the values of `key` that `objects` hold include every one of `expected`: the app's hook gave the
    /// objects without one a value of its choosing.
    func assertValues<Value: Hashable>(
        _ objects: [NSManagedObject], _ key: String, including expected: Set<Value>, file: StaticString = #filePath, line: UInt = #line
    ) {
        let found = Set(objects.compactMap { $0.value(forKey: key) as? Value })
        XCTAssertTrue(expected.isSubset(of: found), "\(key): \(found) lacks some of \(expected)", file: file, line: line)
    }

    /// Fails for every object of `objects` without a value for `key`: nil, or an empty to-many relationship. A hop
    /// made it required without a default; the app's migration hook must give one to the rows saved without it.
    func assertNoneMissing(_ objects: [NSManagedObject], _ key: String, file: StaticString = #filePath, line: UInt = #line) {
        for object in objects {
            let value = object.value(forKey: key)
            let missing = value == nil || (value as? NSSet)?.count == 0 || (value as? NSOrderedSet)?.count == 0
            XCTAssertFalse(missing, "\(object.objectID): no \(key) after opening: the app's migration hook gave it none", file: file, line: line)
        }
    }

    /// Fails unless `objects` have `expected` destinations of the relationship `key` in all (a set to-one counts one).
    func assertLinkCount(_ objects: [NSManagedObject], _ key: String, _ expected: Int, file: StaticString = #filePath, line: UInt = #line) {
        var count = 0
        for object in objects {
            let value = object.value(forKey: key)
            count += (value as? NSSet)?.count ?? (value as? NSOrderedSet)?.count ?? (value == nil ? 0 : 1)
        }
        XCTAssertEqual(count, expected, "\(key)", file: file, line: line)
    }

    /// The objects of exactly `entityName` (not its sub-entities) in `context`.
    func objects(of entityName: String, in context: NSManagedObjectContext) throws -> [NSManagedObject] {
        let request = NSFetchRequest<NSManagedObject>(entityName: entityName)
        request.includesSubentities = false
        return try context.fetch(request)
    }
}

/// Every shipped version's store opens with the current model through {{planTypeName}}: one test per version of
/// the lock, in the order they shipped. Each fills a store of that version with an object of every entity (and those
/// its required relationships need), links each optional relationship to one of them, then checks that after
/// opening the objects of each entity still in the model are there, the values of attributes unchanged since that
/// version survived (a renamed one under its new name), and so did the links. A custom stage's hook may change
/// values: the checks then name what it changed. The statements of an entity unchanged between versions are shared:
/// `fill<Entity><n>` inserts its objects and sets their values, `check<Entity><n>` checks them after opening.
///
/// Where a later hop makes a value required without a default, the store holds a row without it (a second object
/// with it left out, or every object, when that version has no such property yet), and after opening no object may
/// lack it (`assertNoneMissing`): the test fails while the app's hook of that hop is missing or gives no value.
///
/// What these tests cannot show: every store here is created on the OS the tests run on (macOS 14, iOS 17 or
/// later), so its metadata holds the model's version checksum, by which staged migration finds the store's
/// version. A store created by an app on an earlier OS has none: Core Data then falls back to the model cached in
/// the SQLite store, and fails with error 134505 where there is none (docs/core-data-runtime.md, "Staged
/// migration"). Keep a store file saved by the app on such an OS, and open a copy of it in a test of your own.
nonisolated final class {{suiteName}}: XCTestCase, {{supportTypeName}} {
{{#versions}}

    /// A store created with '{{versionName}}' opens with the current model; its objects and unchanged values survive.
    func {{methodName}}() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
            throw XCTSkip("staged migration (NSStagedMigrationManager) needs macOS 14, iOS 17, tvOS 17 or watchOS 10")
        }
{{#skipMessage}}
        throw XCTSkip({{.}})
{{/skipMessage}}
{{^skipMessage}}
        let store = try {{storeTypeName}}(version: {{versionNameLiteral}})
{{#notes}}
        // {{.}}
{{/notes}}
{{#population}}
        {{.}}
{{/population}}

        let migrated = try store.reopenWithCurrentModel()
{{#checks}}
        {{.}}
{{/checks}}
{{/skipMessage}}
    }
{{/versions}}
{{#fillFunctions}}

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @discardableResult
    private func {{name}}(_ store: {{storeTypeName}}) -> [NSManagedObject] {
{{#statements}}
        {{.}}
{{/statements}}
    }
{{/fillFunctions}}
{{#checkFunctions}}

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private func {{name}}(_ store: {{storeTypeName}}, _ migrated: NSManagedObjectContext) throws {
{{#statements}}
        {{.}}
{{/statements}}
    }
{{/checkFunctions}}
}

"""#),
        ("migration-plan", #"""
{{%CONTENT_TYPE: TEXT}}
{{! The migration plan (generate --migration-plan): the stages MigrationPlanner decided, laid out. }}
{{#header}}
{{> file-header}}
{{/header}}

/// The staged migration of the stores of every shipped version of {{modelFileName}} to the current one, made from
/// {{lockFileName}} (the versions in the order they shipped). Configure the container before loading its stores,
/// with `NSPersistentContainer` or `NSPersistentCloudKitContainer`:
///
///     try {{typeName}}.configure(container)
///
/// It turns on automatic migration with an inferred mapping for each store description (staged migration needs both:
/// error 134100 otherwise) and, on macOS 14 / iOS 17 / tvOS 17 / watchOS 10, gives the staged migration manager to a
/// description only when its store file exists and is not compatible with the container's model: an up-to-date store
/// loads no old model version. Then check `persistentStoreCoordinator.persistentStores` after `loadPersistentStores`:
/// a failed staged migration has been seen to load no store and report no error (Apple Developer Forums thread 734693).
/// Before macOS 14 / iOS 17 there is no staged migration and no hook runs: Core Data's automatic lightweight migration
/// takes a store straight from its version to the current one (documentation: "Migrating stores").
///
/// The old versions are loaded with every entity's class set to `NSManagedObject` (the class name is not part of the
/// version hash, so their checksums are unchanged): they never claim the app's classes, and a hook's objects are plain
/// `NSManagedObject`s of the stage's model, read and written by key (`value(forKey:)`, `setValue(_:forKey:)`).
{{#openAsCurrentVersions}}
///
/// Stores of {{.}} have the current model's store schema (the current version reverts to it): no stage names them,
/// and they open without migrating.
{{/openAsCurrentVersions}}
{{#leftOutVersions}}
///
/// Stores of {{.}} are left out (`migration-plan-oldest-version`): they fail to open with Core Data's error 134504
/// ("Cannot use staged migration with an unknown model version"); catch it when loading the stores.
{{/leftOutVersions}}
nonisolated {{access}}enum {{typeName}} {
    /// The compiled model's resource name: `{{modelName}}.momd` in the bundle.
    {{access}}static let modelName = {{modelNameLiteral}}
    /// The locked versions, in the order they shipped (the lock's order), identical schemas included{{#leftOutVersions}}, from the
    /// oldest one the app migrates from{{/leftOutVersions}}.
    {{access}}static let shippedVersionNames = {{shippedVersionsLiteral}}

    /// Why ``configure(_:in:)``, ``makeStagedMigrationManager(in:)`` or a stage's handler failed.
    nonisolated {{access}}enum PlanError: Error, CustomStringConvertible {
        /// The compiled model (`{{modelName}}.momd`), or one of its versions (`{{modelName}}.momd/<version>.mom`), is
        /// not in the bundle: every shipped version must stay in {{modelFileName}}.
        case missingModel(resource: String, bundlePath: String)
        /// A custom stage's handler ran without the container being migrated (`NSStagedMigrationManager.container`).
        case noContainer(stage: String)
        /// Versions the lock tells apart share one Core Data version checksum where no stage can be built from them
        /// without listing the checksum twice (which Core Data refuses with an exception no Swift code can catch).
        case sharedChecksum(versions: [String])

        {{access}}var description: String {
            switch self {
            case .missingModel(let resource, let bundlePath):
                "\(resource) is not in \(bundlePath): the migration plan needs every shipped version of {{modelFileName}} compiled into the app"
            case .noContainer(let stage):
                "the staged migration manager has no container in the stage \(stage)"
            case .sharedChecksum(let versions):
                "the model versions \(versions.map { "'\($0)'" }.joined(separator: ", ")) have one Core Data version checksum, which the "
                    + "migration plan cannot stage: run `managed-codegen lock` and generate the plan again"
            }
        }
    }

    /// Prepares every store description of `container` for loading: see ``configure(_:model:in:)``.
    {{access}}static func configure(_ container: NSPersistentContainer, in bundle: Bundle = .main) throws {
        for description in container.persistentStoreDescriptions {
            try configure(description, model: container.managedObjectModel, in: bundle)
        }
    }

    /// Prepares `description`, whose store opens with `model`: both automatic migration options on (staged migration
    /// needs them), and on macOS 14 / iOS 17 / tvOS 17 / watchOS 10 the staged migration manager under
    /// `NSPersistentStoreStagedMigrationManagerOptionKey`, only when the store file exists and its metadata is not
    /// compatible with `model` (NSPersistentStoreCoordinator `metadataForPersistentStore(ofType:at:options:)`,
    /// NSManagedObjectModel `isConfiguration(withName:compatibleWithStoreMetadata:)`).
    {{access}}static func configure(_ description: NSPersistentStoreDescription, model: NSManagedObjectModel, in bundle: Bundle = .main) throws {
        description.shouldMigrateStoreAutomatically = true
        description.shouldInferMappingModelAutomatically = true
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), storeNeedsMigration(description, model: model) else { return }
        // The current checksum: no stage lists it before another version's (134506, "cannot be migrated backwards").
        let stages = try plannedStages(in: bundle, currentChecksum: model.versionChecksum)
        guard !stages.isEmpty else { return }
        description.setOption(NSStagedMigrationManager(stages), forKey: NSPersistentStoreStagedMigrationManagerOptionKey)
    }

    /// The staged migration manager through every shipped version to the current one, whatever the store: loads every
    /// version the plan names. Apps call ``configure(_:in:)``, which builds it only for a store that needs it.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    {{access}}static func makeStagedMigrationManager(in bundle: Bundle = .main) throws -> NSStagedMigrationManager {
        NSStagedMigrationManager(try plannedStages(in: bundle, currentChecksum: nil))
    }

    /// Whether the store of `description` exists and `model` cannot open it as it is. A store whose metadata cannot be
    /// read is left to Core Data, which reports why it cannot open it.
    private static func storeNeedsMigration(_ description: NSPersistentStoreDescription, model: NSManagedObjectModel) -> Bool {
        guard let url = description.url, url.isFileURL, FileManager.default.fileExists(atPath: url.path),
            let metadata = try? NSPersistentStoreCoordinator.metadataForPersistentStore(ofType: description.type, at: url, options: description.options)
        else { return false }
        return !model.isConfiguration(withName: description.configuration, compatibleWithStoreMetadata: metadata)
    }

    /// The stages through every shipped version, from each version's `versionChecksum` read at run time from
    /// `{{modelName}}.momd/<version>.mom` in `bundle`. `currentChecksum`: the checksum of the model the stores open with.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private static func plannedStages(in bundle: Bundle, currentChecksum: String?) throws -> [NSMigrationStage] {
        // A versioned model compiles into a `.momd` folder holding one `.mom` per version (Apple: Core Data Model
        // Versioning and Data Migration Programming Guide, "Model File Format and Versions").
        guard let momd = bundle.url(forResource: modelName, withExtension: "momd") else {
            throw PlanError.missingModel(resource: "\(modelName).momd", bundlePath: bundle.bundleURL.path)
        }
        // One reference per store schema: a version with the same schema as an earlier one has its checksum (the
        // model's version hash, NSManagedObjectModel `versionChecksum`), and a checksum listed twice fails
        // ("Duplicate version checksums across stages detected").
{{#loadedVersions}}
{{#sharedNote}}
        // {{.}}
{{/sharedNote}}
        let {{variableName}} = try loadVersion({{versionLiteral}}, in: momd, bundlePath: bundle.bundleURL.path)
{{/loadedVersions}}
        // In the order Core Data runs them (NSStagedMigrationManager `init(_:)`).
        var plan = StagePlan(currentChecksum: currentChecksum)
{{#stages}}
{{#lightweight}}
        // {{versions}}: inferred straight to {{destination}} (NSLightweightMigrationStage).
        plan.lightweight([{{versionList}}])
{{/lightweight}}
{{#custom}}
{{#whyLines}}
        // {{.}}
{{/whyLines}}
{{#hook}}
        // The app's hook runs in `willMigrateHandler`, with the store open under '{{from}}'.
        plan.custom(from: {{fromVariable}}, to: {{toVariable}}) { context in try {{.}}(context) }
{{/hook}}
{{^hook}}
        plan.custom(from: {{fromVariable}}, to: {{toVariable}})
{{/hook}}
{{/custom}}
{{/stages}}
        return try plan.stages()
    }

    /// One version's model, loaded from the bundle with every entity's class set to `NSManagedObject`: the
    /// reference keeps the model as long as the manager lives, and a model naming the app's classes would claim them
    /// beside the container's model, so that `+entity` finds no unique entity (Apple Developer Forums thread 779255).
    /// The class name is not part of the version hash (NSEntityDescription `versionHash`), so the checksum is unchanged.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private static func loadVersion(_ versionName: String, in momd: URL, bundlePath: String) throws -> PlannedVersion {
        guard let model = NSManagedObjectModel(contentsOf: momd.appendingPathComponent(versionName + ".mom")) else {
            throw PlanError.missingModel(resource: "\(modelName).momd/\(versionName).mom", bundlePath: bundlePath)
        }
        // Editable until a coordinator uses it (NSEntityDescription `managedObjectClassName`).
        for entity in model.entities { entity.managedObjectClassName = "NSManagedObject" }
        // The checksum read from the compiled model, never computed at build time (NSManagedObjectModelReference
        // `init(model:versionChecksum:)`: "use its versionChecksum property").
        return PlannedVersion(name: versionName, reference: NSManagedObjectModelReference(model: model, versionChecksum: model.versionChecksum))
    }

    /// A version the plan names: its name, for errors, and its model reference.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    nonisolated private struct PlannedVersion {
        let name: String
        let reference: NSManagedObjectModelReference
        var checksum: String { reference.versionChecksum }
    }

    /// The stages as the lock plans them, built only once the checksums Core Data computed are known: the lock can
    /// tell apart two versions that Core Data's checksum does not, and a stage listing one checksum twice, a custom
    /// stage between equal checksums, or a checksum in two stages raises an exception Swift cannot catch.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    nonisolated private struct StagePlan {
        typealias Hook = @Sendable (NSManagedObjectContext) throws -> Void

        enum Planned {
            case lightweight([PlannedVersion])
            case custom(from: PlannedVersion, to: PlannedVersion, hook: Hook?)
        }

        /// The checksum of the model the stores open with (nil: not known): a store of it opens as it is, and
        /// listing it before another version's would make that version's stores fail with 134506 ("cannot be
        /// migrated backwards"), so it stays only as the last stage's last entry.
        let currentChecksum: String?
        var planned: [Planned] = []

        mutating func lightweight(_ versions: [PlannedVersion]) { planned.append(.lightweight(versions)) }

        mutating func custom(from: PlannedVersion, to: PlannedVersion, hook: Hook? = nil) {
            planned.append(.custom(from: from, to: to, hook: hook))
        }

        func stages() throws -> [NSMigrationStage] {
            // A custom stage between equal checksums cannot be built ("The current model reference and the next model
            // reference cannot be equal"): both versions are one store schema to Core Data, nothing migrates between
            // them and no hook runs there. Their checksum keeps a stage at that place, a lightweight one: a store
            // starts at the stage naming its checksum, and a store whose checksum no stage names fails with 134504.
            let runnable: [Planned] = planned.map { stage in
                guard case .custom(let from, let to, _) = stage, from.checksum == to.checksum else { return stage }
                return .lightweight([to])
            }
            // A checksum a custom stage names is listed in no lightweight stage (one checksum in two stages raises):
            // its stores start at that custom stage, or after it (its destination).
            var inCustomStages: Set<String> = []
            for case .custom(let from, let to, _) in runnable { inCustomStages.formUnion([from.checksum, to.checksum]) }
            // A lightweight stage lists a checksum no custom stage has, and only at its last place: a store starts at
            // the stage listing its checksum, and the later place keeps it from migrating backwards. The current
            // checksum only as the very last entry (where it is before no other store's): elsewhere its stores open as
            // they are.
            var lastPlace: [String: (stage: Int, index: Int)] = [:]
            for (stageIndex, stage) in runnable.enumerated() {
                guard case .lightweight(let versions) = stage else { continue }
                for (index, version) in versions.enumerated() { lastPlace[version.checksum] = (stageIndex, index) }
            }
            var kept: [Planned] = []
            for (stageIndex, stage) in runnable.enumerated() {
                guard case .lightweight(let versions) = stage else {
                    kept.append(stage)
                    continue
                }
                let listed = versions.enumerated().filter { index, version in
                    !inCustomStages.contains(version.checksum)
                        && lastPlace[version.checksum].map { $0.stage == stageIndex && $0.index == index } == true
                        && (version.checksum != currentChecksum || (stageIndex == runnable.count - 1 && index == versions.count - 1))
                }.map(\.element)
                if !listed.isEmpty { kept.append(.lightweight(listed)) }
            }
            // A custom stage's stores start at the stage after it. Where the lightweight stage that took them on to the
            // next custom stage's source lost every checksum to the custom stages, a custom stage without a hook takes
            // them there instead (as the lock's plan joins custom stages no lightweight stage can join).
            var joined: [Planned] = []
            for stage in kept {
                if case .custom(let from, _, _) = stage, case .custom(_, let previous, _)? = joined.last, previous.checksum != from.checksum {
                    joined.append(.custom(from: previous, to: from, hook: nil))
                }
                joined.append(stage)
            }
            try checkCustomStages(joined)
            return joined.map(Self.stage)
        }

        /// Throws where the custom stages would make Core Data raise: a checksum belongs to one custom stage, or to two
        /// consecutive ones as the first's destination and the second's source (thread 804902); the current checksum
        /// only as the last stage's destination. Lightweight stages list each checksum once, and none of these, already.
        private func checkCustomStages(_ stages: [Planned]) throws {
            var inCustomStages: [String: String] = [:]
            var previousDestination: String?
            for (index, stage) in stages.enumerated() {
                guard case .custom(let from, let to, _) = stage else {
                    previousDestination = nil
                    continue
                }
                for version in [from, to] where inCustomStages[version.checksum] != nil {
                    if version.checksum == from.checksum && from.checksum == previousDestination { continue }
                    throw PlanError.sharedChecksum(versions: [inCustomStages[version.checksum]!, version.name])
                }
                if let currentChecksum, from.checksum == currentChecksum || (to.checksum == currentChecksum && index != stages.count - 1) {
                    throw PlanError.sharedChecksum(versions: [from.checksum == currentChecksum ? from.name : to.name, "the current version"])
                }
                inCustomStages[from.checksum] = from.name
                inCustomStages[to.checksum] = to.name
                previousDestination = to.checksum
            }
        }

        /// The Core Data stage of a kept stage.
        private static func stage(_ planned: Planned) -> NSMigrationStage {
            switch planned {
            case .lightweight(let versions):
                return NSLightweightMigrationStage(versions.map(\.checksum))
            case .custom(let from, let to, let hook):
                let stage = NSCustomMigrationStage(migratingFrom: from.reference, to: to.reference)
                let label = "\(from.name) → \(to.name)"
                stage.label = label
                if let hook {
                    stage.willMigrateHandler = { manager, _ in
                        // A private-queue context of the container being migrated: its store is open under the stage's
                        // source model (NSCustomMigrationStage; NSPersistentContainer `newBackgroundContext()`).
                        guard let container = manager.container else { throw PlanError.noContainer(stage: label) }
                        // Used only on its own queue, inside `performAndWait`.
                        nonisolated(unsafe) let context = container.newBackgroundContext()
                        try context.performAndWait {
                            try hook(context)
                            if context.hasChanges { try context.save() }
                        }
                    }
                }
                return stage
            }
        }
    }
}

"""#),
        ("model-support", #"""
{{%CONTENT_TYPE: TEXT}}
{{! The model's own helpers, named after it (ModelSupportTypes): written only when its classes use them.
    Self-contained (its own imports, nothing without Core Data), like property-support: template sets that write
    no Core Data code (key constants only) leave this template as it is. }}
{{#header}}
{{banner}}
// swift-format-ignore-file
// swiftlint:disable all
{{/header}}
#if canImport(CoreData)
import CoreData
import Foundation
{{#orderedRelationship}}

/// Changes to ordered to-many relationships for the generated accessors (`insertIntoLines(_:at:)` …).
///
/// Those accessors carry the Key-Value Coding selectors (`insertObject:in<Key>AtIndex:` …), and the proxy of
/// `mutableOrderedSetValue(forKey:)` calls exactly those selectors when a class implements them (Key-Value
/// Coding Programming Guide, "Accessor Search Patterns"): an accessor that changed its key through the proxy
/// would call itself until the stack overflows. So each change is made as Apple's custom to-many accessors make
/// it (Core Data Programming Guide, "Managed Object Accessor Methods", custom to-many relationship accessors):
/// the mutable ordered set that `primitiveValue(forKey:)` returns is changed in place, between
/// `willChange(_:valuesAt:forKey:)` and `didChange(_:valuesAt:forKey:)` with the change's kind and indexes. That
/// collection is Core Data's and carries what it needs to persist the order: it is never replaced by a new one
/// (NSManagedObject `setPrimitiveValue(_:forKey:)`: setting a to-many relationship to a new mutable set "will
/// (eventually) fail"). The indexes and values of a change are worked out before it starts, and the accessors
/// pass arrays: an `NSOrderedSet` argument, which may be the relationship itself (`removeFromLines(order.lines)`),
/// is copied into an array (`NSOrderedSet.array`) before anything changes. Core Data's own dynamic ordered
/// mutators are not used: they raised for years (rdar://10114310) and no fix is documented. Objects already in
/// the relationship are not inserted again, and an object given twice is inserted once. None of this has been run
/// on Apple hardware here: the generated `test<Key>Accessors` checks it on a Mac, through a save and a fetch in a
/// fresh context.
nonisolated enum {{orderedRelationship}} {
    /// Inserts `values` so that they end up at `indexes`, as `NSMutableOrderedSet.insert(_:at:)` does.
    static func insert(_ values: [NSManagedObject], at indexes: IndexSet, forKey key: String, of object: NSManagedObject) {
        let current = members(forKey: key, of: object)
        // Each new object once, at the index given with its first occurrence: a value given twice, or already a
        // member, would be announced at an index the ordered set never fills.
        var new: [(value: NSManagedObject, index: Int)] = []
        for (value, index) in zip(values, indexes) where !current.contains(value) && !new.contains(where: { $0.value === value }) {
            new.append((value, index))
        }
        guard new.count < values.count else {
            change(.insertion, at: indexes, forKey: key, of: object) { $0.insert(values, at: indexes) }
            return
        }
        // Some were skipped: the new ones one at a time, in index order, each with its own notification, at most at
        // the end (the values skipped leave the later indexes past it).
        for (value, index) in new {
            let position = min(index, members(forKey: key, of: object).count)
            change(.insertion, at: IndexSet(integer: position), forKey: key, of: object) { $0.insert(value, at: position) }
        }
    }

    /// Appends the values that are not members yet.
    static func append(_ values: [NSManagedObject], forKey key: String, of object: NSManagedObject) {
        let current = members(forKey: key, of: object)
        var new: [NSManagedObject] = []
        for value in values where !current.contains(value) && !new.contains(value) {
            new.append(value)
        }
        insert(new, at: IndexSet(integersIn: current.count..<current.count + new.count), forKey: key, of: object)
    }

    static func remove(at indexes: IndexSet, forKey key: String, of object: NSManagedObject) {
        change(.removal, at: indexes, forKey: key, of: object) { $0.removeObjects(at: indexes) }
    }

    /// Removes the values that are members.
    static func remove(_ values: [NSManagedObject], forKey key: String, of object: NSManagedObject) {
        let current = members(forKey: key, of: object)
        var indexes = IndexSet()
        for value in values where current.contains(value) {
            indexes.insert(current.index(of: value))
        }
        remove(at: indexes, forKey: key, of: object)
    }

    /// Replaces the members at `indexes`; a value that is a member already (at any index) is not placed again.
    static func replace(at indexes: IndexSet, with values: [NSManagedObject], forKey key: String, of object: NSManagedObject) {
        let current = members(forKey: key, of: object)
        var replaced = IndexSet()
        var replacements: [NSManagedObject] = []
        for (index, value) in zip(indexes, values) where index < current.count && !current.contains(value) {
            replaced.insert(index)
            replacements.append(value)
        }
        change(.replacement, at: replaced, forKey: key, of: object) { $0.replaceObjects(at: replaced, with: replacements) }
    }

    /// The relationship's members, read as Core Data's own accessors read them (firing a fault first).
    private static func members(forKey key: String, of object: NSManagedObject) -> NSOrderedSet {
        object.willAccessValue(forKey: key)
        defer { object.didAccessValue(forKey: key) }
        return object.primitiveValue(forKey: key) as? NSOrderedSet ?? NSOrderedSet()
    }

    /// Core Data's own mutable ordered set of the relationship, to change in place. Core Data's primitive value of
    /// a to-many relationship is mutable; should it ever not be, a mutable copy of it is stored first, as
    /// NSManagedObject `setPrimitiveValue(_:forKey:)` shows, and changed from then on.
    private static func primitiveMembers(forKey key: String, of object: NSManagedObject) -> NSMutableOrderedSet {
        object.willAccessValue(forKey: key)
        defer { object.didAccessValue(forKey: key) }
        let current = object.primitiveValue(forKey: key)
        if let members = current as? NSMutableOrderedSet {
            return members
        }
        let members = NSMutableOrderedSet(orderedSet: current as? NSOrderedSet ?? NSOrderedSet())
        object.setPrimitiveValue(members, forKey: key)
        return members
    }

    private static func change(
        _ kind: NSKeyValueChange, at indexes: IndexSet, forKey key: String, of object: NSManagedObject,
        _ apply: (NSMutableOrderedSet) -> Void
    ) {
        guard !indexes.isEmpty else { return }
        let members = primitiveMembers(forKey: key, of: object)
        object.willChange(kind, valuesAt: indexes, forKey: key)
        apply(members)
        object.didChange(kind, valuesAt: indexes, forKey: key)
    }
}
{{/orderedRelationship}}
#endif

"""#),
        ("model-tests", #"""
{{%CONTENT_TYPE: TEXT}}
{{banner}}
// swift-format-ignore-file
// swiftlint:disable all
@preconcurrency import CoreData
import Foundation
@preconcurrency import XCTest
@testable import {{moduleName}}

/// An in-memory store (`/dev/null`) of the {{modelName}} model, one per test, so tests never see each
/// other's objects. The compiled model itself is loaded once per process and shared: every load
/// registers the model's classes again, after which Core Data cannot tell which entity a class belongs to.
/// The support types are `nonisolated`, as the generated classes are: in a test target whose default isolation is
/// MainActor, `ChangeRecorder`'s override of NSObject's nonisolated `observeValue(forKeyPath:of:change:context:)`
/// would otherwise be main-actor-isolated, which Swift refuses (and so would the test cases' inherited initializers).
nonisolated final class {{storeTypeName}} {
    nonisolated struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private nonisolated final class CompiledModel: @unchecked Sendable {
        let model: NSManagedObjectModel

        init() throws {
{{#previewData}}
            // The preview data's model, loaded once for both: a second loaded copy would claim the classes too.
            model = try {{typeName}}.sharedModel()
{{/previewData}}
{{^previewData}}
            let bundle = {{bundleExpression}}
            guard let url = bundle.url(forResource: {{storeTypeName}}.modelName, withExtension: "momd")
                ?? bundle.url(forResource: {{storeTypeName}}.modelName, withExtension: "mom")
            else {
                throw Failure(description: "\({{storeTypeName}}.modelName).momd is not in \(bundle.bundleURL.path)")
            }
            guard let model = NSManagedObjectModel(contentsOf: url) else {
                throw Failure(description: "\(url.path) is not a compiled Core Data model")
            }
            self.model = model
{{/previewData}}
        }
    }

    static let modelName = {{modelNameLiteral}}
    private static let compiled = Result { try CompiledModel() }

    let container: NSPersistentContainer

    /// A new, empty store on the shared model; throws, failing the calling test, when the model cannot be loaded.
    init() throws {
        container = NSPersistentContainer(name: Self.modelName, managedObjectModel: try Self.compiled.get().model)
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null"))]
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError {
            throw loadError
        }
    }

    /// A new main-queue context on this store; synchronous tests run on the main thread.
    func newContext() -> NSManagedObjectContext {
        let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        context.persistentStoreCoordinator = container.persistentStoreCoordinator
        return context
    }

    /// The one object with `id`, fetched from the store into `context`.
    func fetch<Object: NSManagedObject>(_ entityName: String, id: NSManagedObjectID, in context: NSManagedObjectContext) throws -> Object {
        let request = NSFetchRequest<Object>(entityName: entityName)
        request.predicate = NSPredicate(format: "SELF == %@", argumentArray: [id])
        let objects = try context.fetch(request)
        guard objects.count == 1, let object = objects.first else {
            throw Failure(description: "fetching \(entityName) \(id) found \(objects.count) objects")
        }
        return object
    }

    /// The objects `object` relates to through `key`, whatever the relationship's kind.
    func relatedObjectIDs(of object: NSManagedObject, key: String) -> Set<NSManagedObjectID> {
        switch object.value(forKey: key) {
        case let related as NSManagedObject:
            return [related.objectID]
        case let related as NSSet:
            return Set(related.allObjects.compactMap { ($0 as? NSManagedObject)?.objectID })
        case let related as NSOrderedSet:
            return Set(related.array.compactMap { ($0 as? NSManagedObject)?.objectID })
        default:
            return []
        }
    }

    /// The Key-Value Observing notifications `object` posts for `key` while `body` runs, one string each:
    /// the change's kind and indexes (`"insertion 1,2"`), as an observer registered with
    /// `addObserver(_:forKeyPath:options:context:)` receives them in `observeValue(forKeyPath:of:change:context:)`.
    func changes(of object: NSObject, key: String, during body: () throws -> Void) rethrows -> [String] {
        let recorder = ChangeRecorder()
        object.addObserver(recorder, forKeyPath: key, options: [], context: nil)
        defer { object.removeObserver(recorder, forKeyPath: key) }
        try body()
        return recorder.changes
    }

    private nonisolated final class ChangeRecorder: NSObject {
        var changes: [String] = []

        override func observeValue(
            forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?
        ) {
            let kind: String
            switch (change?[.kindKey] as? UInt).flatMap(NSKeyValueChange.init(rawValue:)) {
            case .setting?: kind = "setting"
            case .insertion?: kind = "insertion"
            case .removal?: kind = "removal"
            case .replacement?: kind = "replacement"
            default: kind = "unknown"
            }
            let indexes = (change?[.indexesKey] as? IndexSet).map { $0.map(String.init).joined(separator: ",") } ?? "-"
            changes.append("\(kind) \(indexes)")
        }
    }

    /// Fails unless `save` throws the validation error `code` for `key`: alone, or with `amongOthers`
    /// also inside an NSValidationMultipleErrorsError.
    func assertValidationError(
        _ save: @autoclosure () throws -> Void, code: Int, key: String, amongOthers: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try save(), "saving succeeded", file: file, line: line) { error in
            let error = error as NSError
            guard !amongOthers else {
                XCTAssertTrue(
                    SaveErrors.flattened(error).contains { $0.code == code && $0.userInfo[NSValidationKeyErrorKey] as? String == key },
                    "no validation error \(code) for '\(key)' in \(error)", file: file, line: line)
                return
            }
            XCTAssertEqual(error.domain, NSCocoaErrorDomain, file: file, line: line)
            XCTAssertEqual(error.code, code, "\(error)", file: file, line: line)
            XCTAssertEqual(error.userInfo[NSValidationKeyErrorKey] as? String, key, file: file, line: line)
        }
    }
{{#hasHookTests}}

    /// What `hook` throws when given `object`'s current value for `key` as the `validate<Key>:error:` bridge receives
    /// it (an object, or nil); nil when it throws nothing.
    func errorThrown(for object: NSManagedObject, key: String, by hook: (AnyObject?) throws -> Void) -> Error? {
        let value = object.value(forKey: key).map { $0 as AnyObject }
        return errorThrown { try hook(value) }
    }

    /// What `hook` throws; nil when it throws nothing.
    func errorThrown(by hook: () throws -> Void) -> Error? {
        do {
            try hook()
            return nil
        } catch {
            return error
        }
    }

    /// Fails unless the hook threw `thrown` (the value or state it is marked to reject) and `save` throws that
    /// error, alone or among others. Core Data passes a hook's error on as it is, adding no key or object to it
    /// (docs/core-data-runtime.md), so a hook may throw any error: its own is what to look for.
    func assertHookError(_ save: @autoclosure () throws -> Void, thrown: Error?, file: StaticString = #filePath, line: UInt = #line) {
        assertValidationErrors(try save(), thrown: [thrown], including: [], file: file, line: line)
    }

    /// Fails unless every hook threw (`thrown`) and `save` throws, among its (flattened) errors, each of `thrown` and
    /// one for each of `expected`, a key with the error's code. Repeated entries need as many errors.
    func assertValidationErrors(
        _ save: @autoclosure () throws -> Void, thrown: [Error?], including expected: [(code: Int, key: String)],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let hookErrors = thrown.compactMap { $0.map { $0 as NSError } }
        XCTAssertEqual(hookErrors.count, thrown.count, "a hook threw nothing for the value or state it is marked to reject", file: file, line: line)
        XCTAssertThrowsError(try save(), "saving succeeded", file: file, line: line) { error in
            var found = SaveErrors.flattened(error as NSError)
            for hookError in hookErrors {
                let index = found.firstIndex { SaveErrors.isSame($0, hookError) }
                XCTAssertNotNil(index, "the hook's error \(hookError) is not in \(error)", file: file, line: line)
                if let index { found.remove(at: index) }
            }
            for (code, key) in expected {
                let index = found.firstIndex { $0.code == code && $0.userInfo[NSValidationKeyErrorKey] as? String == key }
                XCTAssertNotNil(index, "no error \(code) for '\(key)' in \(error)", file: file, line: line)
                if let index { found.remove(at: index) }
            }
        }
    }
{{/hasHookTests}}

    /// Fails unless `save` throws an NSValidationMultipleErrorsError whose NSDetailedErrorsKey lists exactly `expected`.
    func assertValidationErrors(
        _ save: @autoclosure () throws -> Void, _ expected: [(code: Int, key: String)],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try save(), "saving succeeded", file: file, line: line) { error in
            let error = error as NSError
            XCTAssertEqual(error.code, NSValidationMultipleErrorsError, "\(error)", file: file, line: line)
            let details = error.userInfo[NSDetailedErrorsKey] as? [NSError] ?? []
            XCTAssertEqual(
                details.map { "\($0.code) \($0.userInfo[NSValidationKeyErrorKey] as? String ?? "-")" }.sorted(),
                expected.map { "\($0.code) \($0.key)" }.sorted(), file: file, line: line)
        }
    }

    /// How errors are found in what `save()` throws (Foundation only, so its logic is unit-tested on Linux).
    enum SaveErrors {
        /// `error`, or the errors an NSValidationMultipleErrorsError lists (NSDetailedErrorsKey), at any depth.
        static func flattened(_ error: NSError) -> [NSError] {
            guard error.domain == NSCocoaErrorDomain, error.code == NSValidationMultipleErrorsError,
                let details = error.userInfo[NSDetailedErrorsKey] as? [NSError]
            else {
                return [error]
            }
            return details.flatMap(flattened)
        }
{{#hasHookTests}}

        /// The same error thrown twice: Core Data hands on the hook's error bridged to NSError, not the value the test
        /// caught, so the domain (a Swift error's type), the code (its case) and the description must agree.
        static func isSame(_ error: NSError, _ other: NSError) -> Bool {
            error.domain == other.domain && error.code == other.code && error.localizedDescription == other.localizedDescription
        }
{{/hasHookTests}}
    }
}

/// What the tests below are written with, spelled for the compiler's sake (Benchmarks/README.md, "Compile cost"):
/// checks that report as `XCTAssertEqual`, `XCTAssertTrue` and `XCTAssertFalse` do, at the calling line, but take
/// values instead of autoclosures (thousands of XCTest calls, each with its closures, were a sixth of this file's
/// compile time), and long strings without a `+`.
nonisolated protocol {{supportTypeName}} {}

nonisolated extension {{supportTypeName}} {
    func assertEqual<Value: Equatable>(_ actual: Value, _ expected: Value, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual, expected, file: file, line: line)
    }

    func assertTrue(_ condition: Bool, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(condition, file: file, line: line)
    }

    func assertFalse(_ condition: Bool, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(condition, file: file, line: line)
    }

    /// `prefix` followed by `count` times `unit`: a sample at a maximum length of thousands of characters.
    func text(_ prefix: String, repeating unit: String, count: Int) -> String {
        prefix + String(repeating: unit, count: count)
    }
}
{{#suites}}

/// Round-trip and constraint tests of {{className}} (entity `{{entityName}}`).
nonisolated final class {{suiteName}}: XCTestCase, {{supportTypeName}} {
{{#skipMessage}}
    func testRoundTrip() throws {
        throw XCTSkip({{.}})
    }
{{/skipMessage}}
{{#roundTrip}}
    /// Create with every value, save, fetch in a fresh context, change every mutable property and
    /// save, fetch again: a model change the Swift side missed fails here instead of in a user's save.
    func testRoundTrip() throws {
        let store = try {{storeTypeName}}()
        let context = store.newContext()
{{#notes}}
        // {{.}}
{{/notes}}
{{#creation}}
        {{.}}
{{/creation}}

        // 1. Every property holds what it was created with.
{{#createdChecks}}
        {{.}}
{{/createdChecks}}

        // 2. Saving succeeds; a thrown error fails the test.
        try context.save()

        // 3. A fresh context fetches the same values from the store.
        let reader = store.newContext()
        let fetched: {{className}} = try store.fetch({{entityNameLiteral}}, id: {{subject}}.objectID, in: reader)
        assertEqual(fetched.objectID, {{subject}}.objectID)
{{#fetchedChecks}}
        {{.}}
{{/fetchedChecks}}

        // 4. Every mutable property changed, and saved.
{{#modification}}
        {{.}}
{{/modification}}
        try reader.save()

        // 5. Another fresh context fetches the changed values.
        let checker = store.newContext()
        let refetched: {{className}} = try store.fetch({{entityNameLiteral}}, id: {{subject}}.objectID, in: checker)
        assertEqual(refetched.objectID, {{subject}}.objectID)
{{#modifiedChecks}}
        {{.}}
{{/modifiedChecks}}
    }
{{/roundTrip}}
{{#constraintTests}}

    /// {{summary}}
{{#availability}}
    {{.}}
{{/availability}}
    func {{methodName}}() throws {
        let store = try {{storeTypeName}}()
        let context = store.newContext()
        let {{subject}} = {{factoryName}}(in: context)
{{#lines}}
        {{.}}
{{/lines}}
    }
{{/constraintTests}}
{{#factory}}

    /// A valid {{className}} with only the values its initializer requires, and the objects it needs.
    private func {{methodName}}(in context: NSManagedObjectContext) -> {{className}} {
{{#lines}}
        {{.}}
{{/lines}}
    }
{{/factory}}
}
{{/suites}}
{{#previewData}}

/// The preview data ({{typeName}}): every entity's previews save without a validation error, and containers share
/// the one loaded model.
nonisolated final class {{typeName}}Tests: XCTestCase, {{supportTypeName}} {
    /// `makeContainer()` twice, beside the tests' own store: one model claims the classes, so `+entity` still
    /// finds each class's entity (two loaded models would leave it nil).
    func testContainersShareOneModel() throws {
        let first = try {{typeName}}.makeContainer()
        let second = try {{typeName}}.makeContainer()
        let store = try {{storeTypeName}}()
        assertTrue(first.managedObjectModel === second.managedObjectModel)
        assertTrue(first.managedObjectModel === store.container.managedObjectModel)
{{#makers}}
        assertEqual({{testClassReference}}.entity().name, {{entityNameLiteral}})
{{/makers}}
        let empty = try {{typeName}}.makeContainer(filled: false)
        assertTrue(empty.viewContext.registeredObjects.isEmpty)
    }
{{#makers}}

    /// One {{className}} preview, saved; after `reset()` (the context no longer holds it), `makePreviews(count: 3, in:)`
    /// taking the next values, so a uniqueness constraint holds; the longest values save.
    func {{testName}}() throws {
        let container = try {{typeName}}.makeContainer(filled: false)
        let context = container.viewContext
        let preview: {{testClassReference}} = {{testClassReference}}.makePreview(in: context)
        try context.save()
        let saved = preview.objectID
        context.reset()
        let previews: [{{testClassReference}}] = {{testClassReference}}.makePreviews(count: 3, in: context)
        assertEqual(Set(previews.map(\.objectID)).count, 3)
        assertFalse(previews.contains { $0.objectID == saved })
        try context.save()
        let longest = try {{typeName}}.makeContainer(filled: false).viewContext
        _ = {{testClassReference}}.makePreview(in: longest, variant: .longest)
        try longest.save()
    }
{{/makers}}
}
{{/previewData}}

"""#),
        ("preview-data", #"""
{{%CONTENT_TYPE: TEXT}}
{{! Preview and fixture data (generate --preview-data): the makers, value rows and conformances PreviewDataPlanner
    decided, laid out. }}
{{#header}}
{{> file-header}}
{{/header}}

/// Valid, deterministic objects of the {{modelName}} model, for SwiftUI previews and the app's own tests:
///
///     let container = try {{typeName}}.makeContainer()       // in memory, every entity filled and saved
///     let item = Item.makePreview(in: container.viewContext)  // one valid object, its required relationships made
///
/// Every value lies within the model's bounds, lengths and regular expressions: the sample values the generated
/// tests prove valid. Objects made one after another take the next row of values (counted over the objects of the
/// entity's inheritance tree the context sees, saved ones included), so they differ, uniqueness constraints included,
/// for {{rowCount}} objects of a tree; then the rows repeat.
///
/// The compiled model is loaded once per process and every container made here shares it: a second loaded model
/// would claim the same classes, after which `Item.entity()` (NSManagedObject `entity()`) finds no unique entity
/// ("Multiple NSEntityDescriptions claim the NSManagedObject subclass"). An app container built beside these in the
/// same process should take ``sharedModel()`` too.
nonisolated {{access}}enum {{typeName}} {
    /// Which values a preview object gets.
    {{access}}enum {{names.variant}}: Hashable, Sendable {
        /// The next row of readable values.
        case typical
        /// The longest values the model allows (Strings at their maximum length, integers at their maximum), for
        /// checking layouts. Every object made with it has the same values.
        case longest
    }

    {{access}}struct {{names.failure}}: Error, CustomStringConvertible {
        {{access}}var description: String
    }

    /// The compiled model's resource name: `{{modelName}}.momd` in the bundle.
    {{access}}static let modelName = {{modelNameLiteral}}

    private final class {{names.compiledModel}}: @unchecked Sendable {
        let model: NSManagedObjectModel

        init() throws {
            let bundles = [{{bundleList}}]
            guard let url = bundles.lazy.compactMap({
                $0.url(forResource: {{typeName}}.modelName, withExtension: "momd")
                    ?? $0.url(forResource: {{typeName}}.modelName, withExtension: "mom")
            }).first
            else {
                throw {{names.failure}}(description: "\({{typeName}}.modelName).momd is not in \(bundles.map(\.bundleURL.path))")
            }
            guard let model = NSManagedObjectModel(contentsOf: url) else {
                throw {{names.failure}}(description: "\(url.path) is not a compiled Core Data model")
            }
            self.model = model
        }
    }

    private static let compiled = Swift.Result { try {{names.compiledModel}}() }

    /// The compiled model, loaded on first use and shared by every container of this process.
    {{access}}static func sharedModel() throws -> NSManagedObjectModel {
        try compiled.get().model
    }

    /// A new in-memory container on the shared model (a store at `/dev/null`: an SQLite store nothing is written for,
    /// as Xcode's Core Data template and WWDC 2018 "Core Data Best Practices" make it); when `filled`, objects of every
    /// entity that has previews (`fill(_:)`), saved, in its `viewContext`.
    {{access}}static func makeContainer(filled: Bool = true) throws -> NSPersistentContainer {
        let container = NSPersistentContainer(name: modelName, managedObjectModel: try sharedModel())
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null"))]
        var loadError: Error?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError {
            throw loadError
        }
        if filled {
            try fill(container.viewContext)
        }
        return container
    }

    /// Makes objects of every entity that has previews in `context` (three, fewer where the values of a uniqueness
    /// constraint would otherwise repeat), on its queue, and saves it.
    {{access}}static func fill(_ context: NSManagedObjectContext) throws {
        let work = {{names.work}}(context)
        context.performAndWait {
{{#makers}}
            _ = {{className}}.makePreviews(count: {{fillCount}}, in: work.context)
{{/makers}}
            do {
                try work.context.save()
            } catch {
                work.error = error
            }
        }
        if let error = work.error {
            throw error
        }
    }

    /// The context and the error of `fill(_:)`'s block, which runs on the context's queue while the caller waits.
    private final class {{names.work}}: @unchecked Sendable {
        let context: NSManagedObjectContext
        var error: Error?

        init(_ context: NSManagedObjectContext) {
            self.context = context
        }
    }

    /// The row of values for the next object of the inheritance tree whose root is `root`: how many objects of the
    /// tree `context` sees (a count fetch of the root entity includes its sub-entities, the unsaved objects inserted in
    /// `context` and the saved ones: NSFetchRequest `includesSubentities`, `includesPendingChanges`), or the longest
    /// values' row. Not `registeredObjects`: a context keeps only objects with pending changes (NSManagedObjectContext
    /// `retainsRegisteredObjects`, false by default), so after a save the objects no one holds leave it.
    private static func nextRow(of root: String, _ variant: {{names.variant}}, in context: NSManagedObjectContext) -> Int {
        guard variant == .typical else { return {{longestRow}} }
        let count = (try? context.count(for: NSFetchRequest<NSFetchRequestResult>(entityName: root))) ?? 0
        return count % {{rowCount}}
    }

    /// An object of `type`, made by its entity's maker.
    static func make<{{names.object}}: NSManagedObject>(
        _ type: {{names.object}}.Type, _ variant: {{names.variant}}, in context: NSManagedObjectContext
    ) -> {{names.object}} {
        // A model without makers has only the default case: no statement after it may be unreachable.
        let made: NSManagedObject?
        switch ObjectIdentifier(type) {
{{#makers}}
        case ObjectIdentifier({{className}}.self): made = {{methodName}}(variant, in: context)
{{/makers}}
        default: made = nil
        }
        guard let object = made as? {{names.object}} else {
            preconditionFailure("\(type) has no preview data: its entity is abstract, or generate warned why")
        }
        return object
    }
{{#makers}}

    /// A valid {{className}} (entity `{{entityName}}`) with the next row of values and a new object for each required relationship.
    private static func {{methodName}}(_ variant: {{names.variant}}, in context: NSManagedObjectContext) -> {{className}} {
{{#lines}}
        {{.}}
{{/lines}}
    }
{{/makers}}

    /// The values of the attributes, one row an object (attributes with the same values share a list); the last row
    /// holds the longest values.
    private enum {{names.values}} {
{{#tables}}
        static var {{name}}: [{{elementType}}] {
            [
{{#values}}
                {{.}}
{{/values}}
            ]
        }
{{/tables}}

        /// `prefix` followed by `count` times `unit`: a value at a maximum length of thousands of characters.
        static func text(_ prefix: String, repeating unit: String, count: Int) -> String {
            prefix + String(repeating: unit, count: count)
        }
    }
}

/// The classes with preview data: `Item.makePreview(in:)` returns an `Item`, a sub-entity's class its own type.
nonisolated {{access}}protocol {{protocolName}}: NSManagedObject {}

nonisolated extension {{protocolName}} {
    /// A valid object, saved without a validation error, with a new object for each of its required relationships.
    {{access}}static func makePreview(
        in context: NSManagedObjectContext, variant: {{typeName}}.{{names.variant}} = .typical
    ) -> Self {
        {{typeName}}.make(Self.self, variant, in: context)
    }

    /// `count` valid objects, each with its own required related objects; their values differ for up to {{rowCount}}
    /// objects of the class's inheritance tree in `context` (then repeat).
    {{access}}static func makePreviews(count: Int, in context: NSManagedObjectContext) -> [Self] {
        (0..<count).map { _ in makePreview(in: context) }
    }
}
{{#makers}}
{{#declaresConformance}}

nonisolated extension {{className}}: {{protocolName}} {}
{{/declaresConformance}}
{{/makers}}

"""#),
        ("property-support", #"""
{{%CONTENT_TYPE: TEXT}}
{{! Self-contained (its own import, nothing without Core Data): templates that override validation-support or the entity
    templates, e.g. to write key constants only, may leave no Core Data in the file this is appended to. }}
#if canImport(CoreData)
import CoreData

/// The accessors of optional scalar attributes (`Int32?`, `Bool?`, …: `@NSManaged` cannot declare them, an
/// Objective-C property has no optional `int32_t`), written once here instead of once per property. They are the
/// custom attribute accessors of Apple's Core Data Programming Guide ("Managed Object Accessor Methods"): read
/// the primitive value between `willAccessValue(forKey:)` and `didAccessValue(forKey:)`, set it between
/// `willChangeValue(forKey:)` and `didChangeValue(forKey:)`; Core Data stores the number as an `NSNumber`, or nil. (Not Date attributes declared
/// `TimeInterval?`: their primitive value is an `NSDate`, see `ManagedOptionalDate`.)
nonisolated enum ManagedOptionalScalar {
    static func value<Value: ManagedScalarValue>(forKey key: String, of object: NSManagedObject) -> Value? {
        object.willAccessValue(forKey: key)
        defer { object.didAccessValue(forKey: key) }
        return (object.primitiveValue(forKey: key) as? NSNumber).map(Value.init(managedNumber:))
    }

    static func set<Value: ManagedScalarValue>(_ value: Value?, forKey key: String, of object: NSManagedObject) {
        object.willChangeValue(forKey: key)
        defer { object.didChangeValue(forKey: key) }
        object.setPrimitiveValue(value?.managedNumber, forKey: key)
    }
}

/// The accessors of optional Date attributes declared as scalars (`TimeInterval?`, "Use Scalar Type"). Core Data
/// keeps a Date attribute's primitive value as an `NSDate` whatever the property's declared type (the Date attribute
/// type is an `NSDate` attribute: NSAttributeDescription.AttributeType `.date`); only its dynamic accessor of a
/// declared `@NSManaged var x: TimeInterval` converts. So these convert through `Date`
/// (`timeIntervalSinceReferenceDate`): an `NSNumber` read here would be nil after every fetch, and one stored with
/// `setPrimitiveValue(_:forKey:)` is a value of the wrong class for the attribute ("Unacceptable type of value").
/// The same custom accessor pattern as `ManagedOptionalScalar` (Core Data Programming Guide, "Managed Object
/// Accessor Methods"). Exercised on a Mac by the generated round-trip test of such an attribute.
nonisolated enum ManagedOptionalDate {
    static func value(forKey key: String, of object: NSManagedObject) -> TimeInterval? {
        object.willAccessValue(forKey: key)
        defer { object.didAccessValue(forKey: key) }
        return (object.primitiveValue(forKey: key) as? Date)?.timeIntervalSinceReferenceDate
    }

    static func set(_ value: TimeInterval?, forKey key: String, of object: NSManagedObject) {
        object.willChangeValue(forKey: key)
        defer { object.didChangeValue(forKey: key) }
        object.setPrimitiveValue(value.map(Date.init(timeIntervalSinceReferenceDate:)), forKey: key)
    }
}

/// The entity a designated initializer inserts its object as, looked up in the context's model by name
/// (NSEntityDescription `entity(forEntityName:in:)`; `+entity` can be nil when two loaded models claim the class).
/// One function instead of a `guard` in every initializer: the app's compiler checks it once (Benchmarks/README.md,
/// "Compile cost").
nonisolated enum ManagedEntityLookup {
    static func entity(named name: String, in context: NSManagedObjectContext) -> NSEntityDescription {
        guard let entity = NSEntityDescription.entity(forEntityName: name, in: context) else {
            fatalError("The managed object model of this context has no entity named \(name)")
        }
        return entity
    }
}

/// A scalar Core Data stores as an `NSNumber`.
nonisolated protocol ManagedScalarValue {
    init(managedNumber: NSNumber)
    var managedNumber: NSNumber { get }
}

nonisolated extension Int16: ManagedScalarValue {
    init(managedNumber: NSNumber) { self = managedNumber.int16Value }
    var managedNumber: NSNumber { NSNumber(value: self) }
}

nonisolated extension Int32: ManagedScalarValue {
    init(managedNumber: NSNumber) { self = managedNumber.int32Value }
    var managedNumber: NSNumber { NSNumber(value: self) }
}

nonisolated extension Int64: ManagedScalarValue {
    init(managedNumber: NSNumber) { self = managedNumber.int64Value }
    var managedNumber: NSNumber { NSNumber(value: self) }
}

nonisolated extension Double: ManagedScalarValue {
    init(managedNumber: NSNumber) { self = managedNumber.doubleValue }
    var managedNumber: NSNumber { NSNumber(value: self) }
}

nonisolated extension Float: ManagedScalarValue {
    init(managedNumber: NSNumber) { self = managedNumber.floatValue }
    var managedNumber: NSNumber { NSNumber(value: self) }
}

nonisolated extension Bool: ManagedScalarValue {
    init(managedNumber: NSNumber) { self = managedNumber.boolValue }
    var managedNumber: NSNumber { NSNumber(value: self) }
}

/// A class managed-codegen generated: it names its entity (`entityName`), which lets a `ManagedObjectID` check that
/// an `NSManagedObjectID` identifies an object of the class. The generated classes whose superclass is
/// `NSManagedObject` conform (as they conform to `Identifiable`, which this leaves alone); sub-classes inherit it.
nonisolated {{access}}protocol TypedObjectIdentifiable: NSManagedObject {
    static var entityName: String { get }
}

nonisolated {{access}}extension TypedObjectIdentifiable {
    /// `Person.ObjectID` is `ManagedObjectID<Person>`, `Employee.ObjectID` is `ManagedObjectID<Employee>`: `Self` is
    /// the class it is named through, so a sub-entity has its own without declaring anything.
    typealias ObjectID = ManagedObjectID<Self>

    /// The object's ID, typed with the class it is read through (`employee.typedObjectID` is an `Employee.ObjectID`,
    /// `(employee as Person).typedObjectID` a `Person.ObjectID`; in `func f<C: Collection>(_ c: C) where
    /// C.Element: Person`, write `($0 as Person).typedObjectID` for a `Person.ObjectID`: without the upcast it is a
    /// `C.Element.ObjectID`, and Swift 6.3 may fail to say so). Temporary until the object is first saved (or
    /// `obtainPermanentIDs(for:)`): a temporary ID finds the object only in its own context.
    var typedObjectID: ManagedObjectID<Self> { ManagedObjectID(knownToBe: objectID) }
}

/// An object ID typed with the object's class: `Sendable`, so it crosses actors and tasks where the object cannot
/// (Apple, "Using Core Data in the background": managed objects stay on their context's queue, object IDs are what
/// is passed between queues), and looked up as that class in any context of the same coordinator
/// (`context.existingObject(with:)`, `context.object(with:)`). `Hashable` like the `NSManagedObjectID` it wraps
/// (a temporary ID and the permanent ID of the same object are different). `Codable` as its URI
/// (`uriRepresentation()`); decoding needs the coordinator: see `CodingUserInfoKey.persistentStoreCoordinator`.
/// `@unchecked Sendable`: its one stored property is an immutable `NSManagedObjectID`, which Apple documents as the
/// thing to pass between contexts and recent SDKs declare `Sendable`; older SDKs do not, hence unchecked
/// (docs/core-data-runtime.md).
nonisolated {{access}}struct ManagedObjectID<Object: TypedObjectIdentifiable>: Hashable, @unchecked Sendable {
    /// Core Data's untyped ID.
    {{access}}let managedObjectID: NSManagedObjectID

    /// Only for the ID of an object of class `Object` (`typedObjectID`).
    fileprivate init(knownToBe managedObjectID: NSManagedObjectID) {
        self.managedObjectID = managedObjectID
    }

    /// The typed ID of `managedObjectID`, or nil when it names neither `Object`'s entity nor one of its
    /// sub-entities. Also converts between a class and its sub-classes:
    /// `Person.ObjectID(employeeID.managedObjectID)` (never nil), `Employee.ObjectID(personID.managedObjectID)`
    /// (nil unless that person is an employee). NSManagedObjectID `entity`, NSEntityDescription `superentity`.
    {{access}}init?(_ managedObjectID: NSManagedObjectID) {
        var entity: NSEntityDescription? = managedObjectID.entity
        while let candidate = entity, candidate.name != Object.entityName {
            entity = candidate.superentity
        }
        guard entity != nil else { return nil }
        self.managedObjectID = managedObjectID
    }

    /// The ID a URI from `uriRepresentation()` stands for in the stores of `coordinator`
    /// (`managedObjectID(forURIRepresentation:)`), nil when none of them has it, it names another entity, or it is
    /// not the URI of a saved object of an entity the coordinator's model has (`refusal(of:in:)`): an ID names its
    /// entity by name, so an ID stored before its entity was renamed gives nil.
    {{access}}init?(uriRepresentation: URL, coordinator: NSPersistentStoreCoordinator) {
        guard Self.refusal(of: uriRepresentation, in: coordinator) == nil,
            let managedObjectID = coordinator.managedObjectID(forURIRepresentation: uriRepresentation)
        else { return nil }
        self.init(managedObjectID)
    }

    /// Why `managedObjectID(forURIRepresentation:)` must not be asked about `uri`, nil when it may. It returns nil
    /// for a URI naming a store the coordinator does not have, and raises NSInvalidArgumentException ("The specified
    /// URI is not a valid Core Data URI"), which Swift cannot catch, for every other URI it cannot parse: another
    /// scheme, an entity its model lacks, an object part other than `p<number>` / `t<uuid>`
    /// (docs/core-data-runtime.md). So only `x-coredata://<store identifier>/<entity>/p<number>` passes, for a
    /// store of `coordinator` (NSPersistentStore `identifier`) and an entity of its model (`entitiesByName`).
    fileprivate static func refusal(of uri: URL, in coordinator: NSPersistentStoreCoordinator) -> String? {
        // "x-coredata:", "", store, entity, object. Written with few generic calls: this file is compiled in every
        // app that uses the generated classes (Benchmarks/README.md, "Compile cost").
        let parts = uri.absoluteString.components(separatedBy: "/")
        guard parts.count == 5, parts[0] == "x-coredata:", parts[1] == "" else {
            return "is not a Core Data object URI (x-coredata://<store>/<entity>/p<number>)"
        }
        let store = parts[2], entity = parts[3], object = parts[4].utf8
        guard coordinator.persistentStores.contains(where: { $0.identifier == store }) else {
            return "names no store of the coordinator (a temporary ID's URI names none)"
        }
        guard coordinator.managedObjectModel.entitiesByName[entity] != nil else {
            return "names the entity \(entity), which the model does not have (renamed since the ID was stored?)"
        }
        // "p" (112), then 1 to 18 ASCII digits (48...57).
        let notPermanent = "names no saved object: its last part is not p<number>"
        guard object.count > 1, object.count < 20, object.first == 112 else { return notPermanent }
        for byte in object.dropFirst() where byte < 48 || byte > 57 {
            return notPermanent
        }
        return nil
    }

    /// True until the object is saved or given a permanent ID with `obtainPermanentIDs(for:)` (NSManagedObjectID
    /// `isTemporaryID`); another context does not find an object by its temporary ID.
    {{access}}var isTemporary: Bool { managedObjectID.isTemporaryID }
}

nonisolated extension NSManagedObjectContext {
    /// The object `id` identifies, from this context or its store, as its class; throws like
    /// `existingObject(with:)`, whose error it passes on (no such object, or an ID still temporary in another context).
    {{access}}func existingObject<Object>(with id: ManagedObjectID<Object>) throws -> Object {
        try Self.typed(existingObject(with: id.managedObjectID), id)
    }

    /// The object `id` identifies, or a fault for it, as its class (`object(with:)`: a fault of an object that does
    /// not exist raises when it fires).
    {{access}}func object<Object>(with id: ManagedObjectID<Object>) -> Object {
        Self.typed(object(with: id.managedObjectID), id)
    }

    /// Core Data makes an object of its entity's class (NSEntityDescription `managedObjectClassName`); every
    /// `ManagedObjectID<Object>` names `Object`'s entity or a sub-entity, whose generated class is a sub-class.
    private static func typed<Object>(_ object: NSManagedObject, _ id: ManagedObjectID<Object>) -> Object {
        guard let typed = object as? Object else {
            preconditionFailure("\(id.managedObjectID) is not a \(Object.self): its entity's class is \(type(of: object))")
        }
        return typed
    }
}

nonisolated {{access}}extension CodingUserInfoKey {
    /// The key under which a decoder's `userInfo` holds the `NSPersistentStoreCoordinator` (or the
    /// `NSPersistentContainer`) that decodes `ManagedObjectID`s: `decoder.userInfo[.persistentStoreCoordinator] =
    /// container`. A URI means something only to the coordinator of the store it came from.
    static var persistentStoreCoordinator: CodingUserInfoKey {
        CodingUserInfoKey(rawValue: "ManagedObjectID.persistentStoreCoordinator")!
    }
}

nonisolated extension ManagedObjectID: Codable {
    /// Its URI as a string. A temporary ID is refused (`EncodingError.invalidValue`): its URI names nothing once the
    /// object is saved (NSManagedObjectID `uriRepresentation()`).
    {{access}}func encode(to encoder: any Encoder) throws {
        guard !managedObjectID.isTemporaryID else {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "A temporary object ID: save the object or call obtainPermanentIDs(for:) first"))
        }
        var container = encoder.singleValueContainer()
        try container.encode(managedObjectID.uriRepresentation().absoluteString)
    }

    {{access}}init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let uri = try container.decode(String.self)
        let holder = decoder.userInfo[.persistentStoreCoordinator]
        guard let coordinator = holder as? NSPersistentStoreCoordinator
            ?? (holder as? NSPersistentContainer)?.persistentStoreCoordinator else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription:
                "Decoding a ManagedObjectID needs userInfo[.persistentStoreCoordinator]: a coordinator or container")
        }
        guard let url = URL(string: uri) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(uri) is not a URI")
        }
        // Checked before Core Data is asked: it raises for a URI it cannot parse (`refusal(of:in:)`).
        if let refusal = Self.refusal(of: url, in: coordinator) {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(uri) \(refusal)")
        }
        guard let id = Self(uriRepresentation: url, coordinator: coordinator) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription:
                "\(uri) names no \(Object.self) in the coordinator's stores")
        }
        self = id
    }
}

/// A property of `Root` by its Key-Value Coding key, typed with the property's Swift type: what the generated
/// `ModelKeys` constants are (`Item.ModelKeys.rating: ModelKey<Item, Int16?>`). Sorting, predicates and observation
/// go through the key string, which Core Data resolves for every modeled property, while a Swift key path to an
/// optional scalar, enum, Codable or composite property traps in `NSSortDescriptor(keyPath:ascending:)`,
/// `NSExpression(forKeyPath:)` and KVO's `observe(_:)` ("Could not extract a String from KeyPath": those
/// properties are not `@objc`). A sub-entity's `ModelKeys` lists its inherited attributes too, typed with the
/// sub-entity (`Employee.ModelKeys.name`); a parent's key also observes a sub-entity's object.
nonisolated {{access}}struct ModelKey<Root: NSManagedObject, Value>: Hashable, Sendable {
    /// The model's property name, as `Keys` spells it.
    {{access}}let key: String

    /// The key of a Date attribute declared `TimeInterval?` ("Use Scalar Type"): Core Data stores an `NSDate` for
    /// it (see `ManagedOptionalDate`), so predicates compare with `Date(timeIntervalSinceReferenceDate:)` of the
    /// value. An `NSNumber` would match nothing where Core Data evaluates in memory (pending changes,
    /// `evaluate(with:)`, fetched-results updates compare an `NSDate` with it).
    {{access}}let storesDate: Bool

    {{access}}init(_ key: String) {
        self.key = key
        storesDate = false
    }

    /// For Date attributes declared `TimeInterval?`: see `storesDate`.
    {{access}}init(storedAsDate key: String) {
        self.key = key
        storesDate = true
    }

    /// `key == nil`: Predicate Programming Guide, "Predicate Format String Syntax" (`%K` substitutes a key path,
    /// a comparison with `nil` matches a missing value).
    {{access}}var isNil: NSPredicate { NSPredicate(format: "%K == nil", argumentArray: [key]) }

    {{access}}var isNotNil: NSPredicate { NSPredicate(format: "%K != nil", argumentArray: [key]) }

    /// Calls `changeHandler` after each change of the property of `object`, until the observation is released.
    /// String KVO (`addObserver(_:forKeyPath:options:context:)`): it works for every modeled property, because
    /// the generated accessors post `willChangeValue(forKey:)` / `didChangeValue(forKey:)`.
    {{access}}func observe(_ object: Root, _ changeHandler: @escaping (Root) -> Void) -> ModelKeyObservation {
        ModelKeyObservation(object: object, key: key) { changeHandler(object) }
    }
}

/// A value a predicate compares a stored attribute with and a sort descriptor orders by: the object Core Data
/// stores for it (an `NSNumber` for scalars and `Bool`, the bridged object for `String`, `Date`, `UUID`, `Data`,
/// `URL`, the number itself for `NSNumber` and `NSDecimalNumber`), nil for none. An enum of the app whose raw
/// value Core Data stores opts in with `extension ItemStatus: ModelKeyValue {}` (its raw value is compared and
/// ordered).
nonisolated {{access}}protocol ModelKeyValue {
    var modelKeyArgument: Any? { get }
}

nonisolated {{access}}extension ModelKeyValue where Self: RawRepresentable, RawValue: ModelKeyValue {
    var modelKeyArgument: Any? { rawValue.modelKeyArgument }
}

nonisolated extension Optional: ModelKeyValue where Wrapped: ModelKeyValue {
    {{access}}var modelKeyArgument: Any? { flatMap(\.modelKeyArgument) }
}

nonisolated extension Int16: ModelKeyValue { {{access}}var modelKeyArgument: Any? { NSNumber(value: self) } }
nonisolated extension Int32: ModelKeyValue { {{access}}var modelKeyArgument: Any? { NSNumber(value: self) } }
nonisolated extension Int64: ModelKeyValue { {{access}}var modelKeyArgument: Any? { NSNumber(value: self) } }
nonisolated extension Int: ModelKeyValue { {{access}}var modelKeyArgument: Any? { NSNumber(value: self) } }
nonisolated extension Double: ModelKeyValue { {{access}}var modelKeyArgument: Any? { NSNumber(value: self) } }
nonisolated extension Float: ModelKeyValue { {{access}}var modelKeyArgument: Any? { NSNumber(value: self) } }
nonisolated extension Bool: ModelKeyValue { {{access}}var modelKeyArgument: Any? { NSNumber(value: self) } }
nonisolated extension String: ModelKeyValue { {{access}}var modelKeyArgument: Any? { self } }
nonisolated extension Date: ModelKeyValue { {{access}}var modelKeyArgument: Any? { self } }
nonisolated extension UUID: ModelKeyValue { {{access}}var modelKeyArgument: Any? { self } }
nonisolated extension Data: ModelKeyValue { {{access}}var modelKeyArgument: Any? { self } }
nonisolated extension URL: ModelKeyValue { {{access}}var modelKeyArgument: Any? { self } }
// `NSNumber?` and `NSDecimalNumber` attributes (numbers without "Use Scalar Type", Decimal) are their own stored objects.
nonisolated extension NSNumber: ModelKeyValue { {{access}}var modelKeyArgument: Any? { self } }

/// Predicates by comparison with a value (Predicate Programming Guide, "Predicate Format String Syntax": `%K` is
/// the key, `%@` the object). Named methods rather than operators: an overload of `==` or `<` would join every
/// comparison the app's compiler solves.
nonisolated {{access}}extension ModelKey where Value: ModelKeyValue {
    /// `key == value`; `key == nil` when `value` is nil.
    func equals(_ value: Value) -> NSPredicate { comparison("==", value) }

    /// `key != value`; `key != nil` when `value` is nil. An object without a value matches in memory but not in a
    /// SQLite fetch, where a missing value is SQL's NULL: add `isNil` with `NSCompoundPredicate` to have it there.
    func notEquals(_ value: Value) -> NSPredicate { comparison("!=", value) }

    /// `key < value`. Nothing is ordered before nil: false for every object when `value` is nil.
    func isLess(than value: Value) -> NSPredicate { ordering("<", value) }

    func isLessOrEqual(to value: Value) -> NSPredicate { ordering("<=", value) }

    /// `key > value`; false for every object when `value` is nil.
    func isGreater(than value: Value) -> NSPredicate { ordering(">", value) }

    func isGreaterOrEqual(to value: Value) -> NSPredicate { ordering(">=", value) }

    /// `key IN values`, or `key == nil` when `values` holds nil.
    func isIn(_ values: [Value]) -> NSPredicate {
        let present = values.compactMap(argument)
        let membership = NSPredicate(format: "%K IN %@", argumentArray: [key, present])
        guard present.count < values.count else { return membership }
        return NSCompoundPredicate(orPredicateWithSubpredicates: [membership, isNil])
    }

    private func comparison(_ operation: String, _ value: Value) -> NSPredicate {
        guard let argument = argument(value) else {
            return NSPredicate(format: "%K \(operation) nil", argumentArray: [key])
        }
        return NSPredicate(format: "%K \(operation) %@", argumentArray: [key, argument])
    }

    private func ordering(_ operation: String, _ value: Value) -> NSPredicate {
        guard let argument = argument(value) else { return NSPredicate(value: false) }
        return NSPredicate(format: "%K \(operation) %@", argumentArray: [key, argument])
    }

    /// The object Core Data stores for `value`: a date for the seconds of a `storesDate` key.
    private func argument(_ value: Value) -> Any? {
        let stored = value.modelKeyArgument
        guard storesDate, let seconds = stored as? NSNumber else { return stored }
        return Date(timeIntervalSinceReferenceDate: seconds.doubleValue)
    }
}

nonisolated extension NSSortDescriptor {
    /// Sorts by the stored value of a typed key (NSSortDescriptor `init(key:ascending:)`: the key is a KVC key
    /// path, compared with `compare(_:)`), where `NSSortDescriptor(keyPath:ascending:)` traps for properties
    /// Objective-C cannot see. Keys of values without a meaningful order (Codable, composite, Transformable) do not
    /// compile.
    {{access}}convenience init<Root, Value: ModelKeyValue>(_ key: ModelKey<Root, Value>, ascending: Bool = true) {
        self.init(key: key.key, ascending: ascending)
    }
}

/// Observes one property of one managed object by its key with string KVO, and stops when released (`deinit`
/// removes the observer: Key-Value Observing Programming Guide, "Registering for Key-Value Observing": at the
/// latest before the observer is released). It keeps the object alive meanwhile, so the object never goes
/// away while observed. Notifications arrive on the thread that changed the property (the context's queue).
nonisolated {{access}}final class ModelKeyObservation: NSObject {
    private let object: NSManagedObject
    private let key: String
    private let handler: () -> Void

    init(object: NSManagedObject, key: String, handler: @escaping () -> Void) {
        self.object = object
        self.key = key
        self.handler = handler
        super.init()
        object.addObserver(self, forKeyPath: key, options: [], context: nil)
    }

    // Only this object's own registration sends it notifications: none is passed on to `super`.
    {{access}}override func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?
    ) {
        handler()
    }

    deinit {
        object.removeObserver(self, forKeyPath: key)
    }
}
#endif

"""#),
        ("typed-attribute", #"""
{{%CONTENT_TYPE: TEXT}}
    {{access}}{{setterAccess}}var {{swiftName}}: {{type}} {
        get {
            willAccessValue(forKey: Keys.{{swiftName}})
            defer { didAccessValue(forKey: Keys.{{swiftName}}) }
{{#getter}}
            {{.}}
{{/getter}}
        }
{{^isReadOnly}}
        set {
            willChangeValue(forKey: Keys.{{swiftName}})
            defer { didChangeValue(forKey: Keys.{{swiftName}}) }
{{#setter}}
            {{.}}
{{/setter}}
        }
{{/isReadOnly}}
    }

"""#),
        ("typed-extras", #"""
{{%CONTENT_TYPE: TEXT}}
{{#hasFetchedProperties}}

// MARK: Fetched properties
nonisolated extension {{className}} {
{{#fetchedProperties}}
{{^first()}}

{{/first()}}
{{#documentation}}
    /// {{.}}
{{/documentation}}
    {{access}}var {{swiftName}}: {{type}} {
        value(forKey: "{{key}}") as? {{type}} ?? []
    }
{{/fetchedProperties}}
}
{{/hasFetchedProperties}}
{{#fetchTemplates}}

// MARK: Fetch request template {{templateName}}
nonisolated extension {{className}} {
{{#documentation}}
    /// {{.}}
{{/documentation}}
    {{access}}static func {{requestFunctionName}}({{parameterList}}) -> NSFetchRequest<{{requestResultType}}> {
        let request = NSFetchRequest<{{requestResultType}}>(entityName: "{{entityName}}")
{{#configuration}}
        {{.}}
{{/configuration}}
        return request
    }

{{#documentation}}
    /// {{.}}
{{/documentation}}
    {{access}}static func {{fetchFunctionName}}({{parameterListPrefix}}in context: NSManagedObjectContext) throws -> {{returnType}} {
        let request = {{requestFunctionName}}({{argumentList}})
        return {{fetchExpression}}
    }
}
{{/fetchTemplates}}
{{#uniqueFetches}}

// MARK: Unique key {{key}}
nonisolated extension {{className}} {
    /// The {{entityName}} whose `{{key}}` is `{{swiftName}}` (a uniqueness constraint of the model), or nil.
    {{access}}static func fetchUnique({{swiftName}}: {{typeName}}, in context: NSManagedObjectContext) throws -> {{className}}? {
        let request = NSFetchRequest<{{className}}>(entityName: "{{entityName}}")
        request.predicate = NSPredicate(format: "%K == %@", argumentArray: [Keys.{{swiftName}}, {{argument}}])
        request.fetchLimit = 1
        return try context.fetch(request).first
    }
}
{{/uniqueFetches}}

"""#),
        ("validation-hooks", #"""
{{%CONTENT_TYPE: TEXT}}
{{#bridges}}

{{#first()}}
    // MARK: Validation bridges
    // Core Data's validateValue(_:forKey:) calls validate<Key>:error: through the Objective-C runtime when the
    // object implements it (NSManagedObject; Key-Value Coding Programming Guide, "Adding Validation": validation
    // is opted into property by property). One bridge per hook written; an override runs the parent's first.
{{/first()}}
    @objc({{selector}})
{{#isOverride}}
    override func {{bridgeName}}(_ value: AutoreleasingUnsafeMutablePointer<AnyObject?>) throws {
        try ManagedValidation.validate { try super.{{bridgeName}}(value) } then: {
            guard let {{parameterName}} = {{conversion}} else { return }
            try {{hookName}}({{parameterName}})
        }
    }
{{/isOverride}}
{{^isOverride}}
    func {{bridgeName}}(_ value: AutoreleasingUnsafeMutablePointer<AnyObject?>) throws {
        // A missing value is Core Data's to report: it knows which are optional.
        guard let {{parameterName}} = {{conversion}} else { return }
        try {{hookName}}({{parameterName}})
    }
{{/isOverride}}
{{/bridges}}

"""#),
        ("validation-overrides", #"""
{{%CONTENT_TYPE: TEXT}}
{{#hasConsistencyHook}}

    // Only because {{consistencyHookName}}() exists: super runs the model's checks and the parent classes' hooks.
    {{access}}override func validateForInsert() throws {
        try ManagedValidation.validate { try super.validateForInsert() } then: { try {{consistencyHookName}}() }
    }

    {{access}}override func validateForUpdate() throws {
        try ManagedValidation.validate { try super.validateForUpdate() } then: { try {{consistencyHookName}}() }
    }
{{/hasConsistencyHook}}
{{#hasDeletionHook}}

    // Only because {{deletionHookName}}(_:) exists: super runs the model's checks and the parent classes' hooks.
    {{access}}override func validateForDelete() throws {
        try ManagedValidation.validate { try super.validateForDelete() } then: { try {{deletionHookName}}(committedValues(forKeys: nil)) }
    }
{{/hasDeletionHook}}

"""#),
        ("validation-support", #"""
{{%CONTENT_TYPE: TEXT}}
{{#header}}
{{> file-header}}
{{/header}}

/// Validation errors as Core Data reports them (Apple's "Object Validation" guide): several failures
/// become one `NSValidationMultipleErrorsError` whose `NSDetailedErrorsKey` lists them all.
nonisolated {{access}}enum ManagedValidation {
    /// Runs `modelChecks` (the `super.validateFor…()` call) and then `customChecks`, and throws every
    /// failure of both, combined. `customChecks` is skipped when a required value is missing, because
    /// reading that value through its non-optional property would trap.
    {{access}}static func validate(_ modelChecks: () throws -> Void, then customChecks: () throws -> Void) throws {
        var errors: [Error] = []
        do {
            try modelChecks()
        } catch {
            errors.append(error)
        }
        if !errors.flatMap(detailedErrors).contains(where: isMissingRequiredValue) {
            do {
                try customChecks()
            } catch {
                errors.append(error)
            }
        }
        if let error = combine(errors) {
            throw error
        }
    }

    /// One error for all of `errors`: nil for none, the error itself for one, otherwise an
    /// `NSValidationMultipleErrorsError` listing them, with multiple-errors errors flattened.
    ///
    /// Its `NSDetailedErrorsKey` is an `NSMutableArray`, as Apple's "Object Validation" guide builds it: when Core
    /// Data has collected an error for a property or an object and a further check fails, it adds the new error to
    /// the collected error's `NSDetailedErrorsKey` array, and an immutable array there raises inside `save()`.
    /// When the first error is itself a multiple-errors error (the one `super.validateFor…()` threw), its other
    /// `userInfo` keys are kept: Core Data's own errors carry keys that merge policies read before repairing. One of
    /// them, `NSValidationErrorShouldAttemptRecoveryKey`, is true on a combined error only when it is true on every
    /// error listed, as Core Data's `validateForDelete()` sets it (docs/core-data-runtime.md): a hook's error without
    /// it must not tell a merge policy that the whole save can be repaired.
    {{access}}static func combine(_ errors: [Error]) -> Error? {
        let all = errors.flatMap(detailedErrors)
        switch all.count {
        case 0:
            return nil
        case 1:
            return errors.count == 1 ? errors[0] : all[0]
        default:
            var userInfo: [String: Any] = [NSLocalizedDescriptionKey: "Multiple validation errors occurred."]
            if let first = errors.first.map({ $0 as NSError }), isMultipleErrors(first) {
                userInfo.merge(first.userInfo) { _, fromSuper in fromSuper }
            }
            if all.allSatisfy(shouldAttemptRecovery) {
                userInfo[shouldAttemptRecoveryKey] = true
            } else {
                userInfo.removeValue(forKey: shouldAttemptRecoveryKey)
            }
            userInfo[NSDetailedErrorsKey] = NSMutableArray(array: all)
            return NSError(domain: NSCocoaErrorDomain, code: NSValidationMultipleErrorsError, userInfo: userInfo)
        }
    }

    /// A validation error in the form Core Data uses, for validation hooks to throw.
    {{access}}static func error(_ code: Int, object: NSManagedObject, key: String?, message: String) -> NSError {
        var userInfo: [String: Any] = [NSValidationObjectErrorKey: object, NSLocalizedDescriptionKey: message]
        if let key {
            userInfo[NSValidationKeyErrorKey] = key
        }
        return NSError(domain: NSCocoaErrorDomain, code: code, userInfo: userInfo)
    }

    private static func detailedErrors(_ error: Error) -> [NSError] {
        let error = error as NSError
        guard isMultipleErrors(error), let details = error.userInfo[NSDetailedErrorsKey] as? [NSError] else { return [error] }
        return details.flatMap(detailedErrors)
    }

    /// Core Data's key (a string: the SDK declares no constant for it).
    private static let shouldAttemptRecoveryKey = "NSValidationErrorShouldAttemptRecoveryKey"

    private static func shouldAttemptRecovery(_ error: NSError) -> Bool {
        (error.userInfo[shouldAttemptRecoveryKey] as? NSNumber)?.boolValue == true
    }

    private static func isMultipleErrors(_ error: NSError) -> Bool {
        error.domain == NSCocoaErrorDomain && error.code == NSValidationMultipleErrorsError
    }

    private static func isMissingRequiredValue(_ error: NSError) -> Bool {
        error.domain == NSCocoaErrorDomain && error.code == NSValidationMissingMandatoryPropertyError
    }
}

"""#),
    ]
}
