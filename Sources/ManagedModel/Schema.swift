import Foundation

/// The resolved Core Data model: what the XML means, with references checked and values typed.
///
/// Produced by `ModelReader`, consumed by `CodeGeneration` and by `managed-codegen dump`.
/// Arrays keep the model file's order (which is the order Xcode writes: entities and properties
/// sorted by name); consumers that need another order sort explicitly.
package struct Schema: Hashable, Sendable {
    /// The `contents` file this schema was read from (diagnostics point here).
    package var contentsPath: String
    /// The model's name: the `.xcdatamodeld` (or bare `.xcdatamodel`) name without extension.
    package var modelName: String
    /// The version folder name without `.xcdatamodel`, e.g. `Model 2`.
    package var versionName: String
    package var sourceLanguage: String?
    package var usedWithCloudKit: Bool
    package var userDefinedModelVersionIdentifier: String?
    package var userInfo: [UserInfoEntry]
    package var entities: [Entity]
    package var composites: [CompositeDefinition]
    package var fetchRequests: [FetchRequestTemplate]
    package var configurations: [Configuration]
    /// `entity(named:)` is asked for every relationship's destination: a linear search made planning a
    /// 1,000-entity model quadratic. (Not rebuilt by a `didSet`: an observed array is copied on every
    /// element mutation, which made reading a model quadratic instead.)
    private let entityPositions = EntityPositions()

    package init(
        contentsPath: String, modelName: String, versionName: String, sourceLanguage: String? = nil,
        usedWithCloudKit: Bool = false, userDefinedModelVersionIdentifier: String? = nil,
        userInfo: [UserInfoEntry] = [], entities: [Entity] = [], composites: [CompositeDefinition] = [],
        fetchRequests: [FetchRequestTemplate] = [], configurations: [Configuration] = []
    ) {
        self.contentsPath = contentsPath
        self.modelName = modelName
        self.versionName = versionName
        self.sourceLanguage = sourceLanguage
        self.usedWithCloudKit = usedWithCloudKit
        self.userDefinedModelVersionIdentifier = userDefinedModelVersionIdentifier
        self.userInfo = userInfo
        self.entities = entities
        self.composites = composites
        self.fetchRequests = fetchRequests
        self.configurations = configurations
    }

    package func entity(named name: String) -> Entity? {
        entityPositions.position(of: name, in: entities).map { entities[$0] }
    }

    package func composite(named name: String) -> CompositeDefinition? {
        composites.first { $0.name == name }
    }

    /// The entity's ancestors, root first (excluding the entity itself). Stops at a cycle or a dangling name.
    package func ancestors(of entity: Entity) -> [Entity] {
        var chain: [Entity] = []
        var seen: Set<String> = [entity.name]
        var current = entity.parentName
        while let name = current, !seen.contains(name), let parent = self.entity(named: name) {
            chain.insert(parent, at: 0)
            seen.insert(name)
            current = parent.parentName
        }
        return chain
    }

    /// Attributes including inherited ones: root ancestor's first, then each sub-entity's own.
    package func allAttributes(of entity: Entity) -> [Attribute] {
        (ancestors(of: entity) + [entity]).flatMap(\.attributes)
    }

    /// Relationships including inherited ones, in the same order as `allAttributes(of:)`.
    package func allRelationships(of entity: Entity) -> [Relationship] {
        (ancestors(of: entity) + [entity]).flatMap(\.relationships)
    }

    package func allFetchedProperties(of entity: Entity) -> [FetchedProperty] {
        (ancestors(of: entity) + [entity]).flatMap(\.fetchedProperties)
    }
}

/// A `userInfo` entry; order is the file's.
package struct UserInfoEntry: Hashable, Sendable, Codable {
    package var key: String
    package var value: String

    package init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

extension Array where Element == UserInfoEntry {
    package subscript(key key: String) -> String? {
        first { $0.key == key }?.value
    }
}

/// Xcode's "Codegen" setting for an entity.
package enum CodeGenerationType: String, Hashable, Sendable, Codable {
    /// `codeGenerationType` absent: "Manual/None", the only setting under which our classes do not collide with Xcode's.
    case manual
    /// Xcode generates the whole class.
    case `class`
    /// Xcode generates a properties extension ("Category/Extension").
    case category
}

package struct Entity: Hashable, Sendable {
    package var name: String
    package var location: SourceLocation
    /// `representedClassName` as written (`Item`, `.Item`, `MyModule.Item`), or nil when absent.
    package var representedClassName: String?
    /// The Swift class name: `representedClassName` without any module prefix; nil when the entity has no custom class.
    package var className: String?
    /// The module named in `Module.Name`; nil for `Name` and `.Name` (the current module).
    package var classModule: String?
    package var parentName: String?
    /// Direct sub-entities, sorted by name.
    package var childNames: [String]
    package var isAbstract: Bool
    package var codeGenerationType: CodeGenerationType
    package var syncable: Bool?
    package var elementID: String?
    package var versionHashModifier: String?
    package var renamingIdentifier: String?
    package var userInfo: [UserInfoEntry]
    /// Own (not inherited) properties, file order.
    package var attributes: [Attribute]
    package var relationships: [Relationship]
    package var fetchedProperties: [FetchedProperty]
    /// Each constraint is a list of property names that together must be unique.
    package var uniquenessConstraints: [[String]]
    package var fetchIndexes: [FetchIndex]
    /// Legacy `compoundIndexes`: each a list of property names.
    package var compoundIndexes: [[String]]

    package init(
        name: String, location: SourceLocation, representedClassName: String? = nil, className: String? = nil,
        classModule: String? = nil, parentName: String? = nil, childNames: [String] = [], isAbstract: Bool = false,
        codeGenerationType: CodeGenerationType = .manual, syncable: Bool? = nil, elementID: String? = nil,
        versionHashModifier: String? = nil, renamingIdentifier: String? = nil, userInfo: [UserInfoEntry] = [],
        attributes: [Attribute] = [], relationships: [Relationship] = [], fetchedProperties: [FetchedProperty] = [],
        uniquenessConstraints: [[String]] = [], fetchIndexes: [FetchIndex] = [], compoundIndexes: [[String]] = []
    ) {
        self.name = name
        self.location = location
        self.representedClassName = representedClassName
        self.className = className
        self.classModule = classModule
        self.parentName = parentName
        self.childNames = childNames
        self.isAbstract = isAbstract
        self.codeGenerationType = codeGenerationType
        self.syncable = syncable
        self.elementID = elementID
        self.versionHashModifier = versionHashModifier
        self.renamingIdentifier = renamingIdentifier
        self.userInfo = userInfo
        self.attributes = attributes
        self.relationships = relationships
        self.fetchedProperties = fetchedProperties
        self.uniquenessConstraints = uniquenessConstraints
        self.fetchIndexes = fetchIndexes
        self.compoundIndexes = compoundIndexes
    }
}

/// Core Data's attribute types, spelled as the `attributeType` XML attribute spells them.
package enum AttributeType: String, Hashable, Sendable, Codable, CaseIterable {
    case integer16 = "Integer 16"
    case integer32 = "Integer 32"
    case integer64 = "Integer 64"
    case decimal = "Decimal"
    case double = "Double"
    case float = "Float"
    case string = "String"
    case boolean = "Boolean"
    case date = "Date"
    case binary = "Binary"
    case uuid = "UUID"
    case uri = "URI"
    case transformable = "Transformable"
    case objectID = "ObjectID"
    case undefined = "Undefined"
    case composite = "Composite"

    package var isInteger: Bool { self == .integer16 || self == .integer32 || self == .integer64 }
    package var isNumeric: Bool { isInteger || self == .decimal || self == .double || self == .float }
}

package struct Attribute: Hashable, Sendable {
    package var name: String
    package var location: SourceLocation
    package var type: AttributeType
    /// `optional="YES"`; an absent `optional` means required.
    package var isOptional: Bool
    package var isTransient: Bool
    package var isDerived: Bool
    package var derivationExpression: String?
    /// `usesScalarValueType` as written; nil when absent. `TypeAssigner` interprets it.
    package var usesScalarValueType: Bool?
    package var defaultValue: ModelValue?
    /// `defaultValueString` as written when it could not be read as this attribute's type (a default left behind
    /// by a type change in the model editor, `"NO"` on an Integer 16): the compiled model may have a default,
    /// but which one is not documented. `defaultValue` is nil then; nothing generated may state a default.
    package var unreadableDefaultValue: String?
    package var minValue: ModelValue?
    package var maxValue: ModelValue?
    package var regularExpression: String?
    package var customClassName: String?
    package var valueTransformerName: String?
    package var allowsExternalBinaryDataStorage: Bool
    package var allowsCloudEncryption: Bool
    package var preserveAfterDeletion: Bool
    package var spotlightIndexingEnabled: Bool
    package var storedInTruthFile: Bool
    package var isIndexed: Bool
    /// For `Composite` attributes, the model-level composite definition's name.
    package var compositeName: String?
    package var elementID: String?
    package var versionHashModifier: String?
    package var renamingIdentifier: String?
    package var userInfo: [UserInfoEntry]

    /// Inlinable: made once per attribute by the reader, where a call across modules copied the whole value.
    @inlinable
    package init(
        name: String, location: SourceLocation, type: AttributeType, isOptional: Bool = false,
        isTransient: Bool = false, isDerived: Bool = false, derivationExpression: String? = nil,
        usesScalarValueType: Bool? = nil, defaultValue: ModelValue? = nil, unreadableDefaultValue: String? = nil,
        minValue: ModelValue? = nil,
        maxValue: ModelValue? = nil, regularExpression: String? = nil, customClassName: String? = nil,
        valueTransformerName: String? = nil, allowsExternalBinaryDataStorage: Bool = false,
        allowsCloudEncryption: Bool = false, preserveAfterDeletion: Bool = false,
        spotlightIndexingEnabled: Bool = false, storedInTruthFile: Bool = false, isIndexed: Bool = false,
        compositeName: String? = nil, elementID: String? = nil, versionHashModifier: String? = nil,
        renamingIdentifier: String? = nil, userInfo: [UserInfoEntry] = []
    ) {
        self.name = name
        self.location = location
        self.type = type
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.isDerived = isDerived
        self.derivationExpression = derivationExpression
        self.usesScalarValueType = usesScalarValueType
        self.defaultValue = defaultValue
        self.unreadableDefaultValue = unreadableDefaultValue
        self.minValue = minValue
        self.maxValue = maxValue
        self.regularExpression = regularExpression
        self.customClassName = customClassName
        self.valueTransformerName = valueTransformerName
        self.allowsExternalBinaryDataStorage = allowsExternalBinaryDataStorage
        self.allowsCloudEncryption = allowsCloudEncryption
        self.preserveAfterDeletion = preserveAfterDeletion
        self.spotlightIndexingEnabled = spotlightIndexingEnabled
        self.storedInTruthFile = storedInTruthFile
        self.isIndexed = isIndexed
        self.compositeName = compositeName
        self.elementID = elementID
        self.versionHashModifier = versionHashModifier
        self.renamingIdentifier = renamingIdentifier
        self.userInfo = userInfo
    }
}

package enum DeletionRule: String, Hashable, Sendable, Codable {
    case nullify = "Nullify"
    case cascade = "Cascade"
    case deny = "Deny"
    case noAction = "No Action"
}

package struct Relationship: Hashable, Sendable {
    package var name: String
    package var location: SourceLocation
    package var destinationEntity: String
    package var isOptional: Bool
    package var isToMany: Bool
    package var isOrdered: Bool
    /// `minCount`/`maxCount` as written; Xcode writes `maxCount="1"` on every to-one.
    package var minCount: Int?
    package var maxCount: Int?
    package var deletionRule: DeletionRule
    package var inverseName: String?
    package var inverseEntity: String?
    package var isTransient: Bool
    package var elementID: String?
    package var versionHashModifier: String?
    package var renamingIdentifier: String?
    package var userInfo: [UserInfoEntry]

    package init(
        name: String, location: SourceLocation, destinationEntity: String, isOptional: Bool = false,
        isToMany: Bool = false, isOrdered: Bool = false, minCount: Int? = nil, maxCount: Int? = nil,
        deletionRule: DeletionRule = .nullify, inverseName: String? = nil, inverseEntity: String? = nil,
        isTransient: Bool = false, elementID: String? = nil, versionHashModifier: String? = nil,
        renamingIdentifier: String? = nil, userInfo: [UserInfoEntry] = []
    ) {
        self.name = name
        self.location = location
        self.destinationEntity = destinationEntity
        self.isOptional = isOptional
        self.isToMany = isToMany
        self.isOrdered = isOrdered
        self.minCount = minCount
        self.maxCount = maxCount
        self.deletionRule = deletionRule
        self.inverseName = inverseName
        self.inverseEntity = inverseEntity
        self.isTransient = isTransient
        self.elementID = elementID
        self.versionHashModifier = versionHashModifier
        self.renamingIdentifier = renamingIdentifier
        self.userInfo = userInfo
    }
}

package struct FetchedProperty: Hashable, Sendable {
    package var name: String
    package var location: SourceLocation
    package var isOptional: Bool
    package var fetchRequest: FetchRequestTemplate
    package var userInfo: [UserInfoEntry]

    package init(
        name: String, location: SourceLocation, isOptional: Bool = true, fetchRequest: FetchRequestTemplate,
        userInfo: [UserInfoEntry] = []
    ) {
        self.name = name
        self.location = location
        self.isOptional = isOptional
        self.fetchRequest = fetchRequest
        self.userInfo = userInfo
    }
}

/// A model-level `fetchRequest` template, or the request inside a fetched property.
package struct FetchRequestTemplate: Hashable, Sendable {
    /// What Core Data returns, from the `resultType` attribute (NSFetchRequestResultType raw values).
    package enum ResultType: Int, Hashable, Sendable, Codable {
        case managedObject = 0
        case managedObjectID = 1
        case dictionary = 2
        case count = 4
    }

    package var name: String
    package var location: SourceLocation
    package var entityName: String
    /// NSPredicate format text; may contain `$VARIABLE` substitutions.
    package var predicateString: String?
    package var resultType: ResultType
    package var fetchLimit: Int?
    package var fetchBatchSize: Int?
    package var includeSubentities: Bool?
    package var includesPendingChanges: Bool?
    package var includesPropertyValues: Bool?
    package var returnObjectsAsFaults: Bool?
    package var returnDistinctResults: Bool?

    package init(
        name: String, location: SourceLocation, entityName: String, predicateString: String? = nil,
        resultType: ResultType = .managedObject, fetchLimit: Int? = nil, fetchBatchSize: Int? = nil,
        includeSubentities: Bool? = nil, includesPendingChanges: Bool? = nil, includesPropertyValues: Bool? = nil,
        returnObjectsAsFaults: Bool? = nil, returnDistinctResults: Bool? = nil
    ) {
        self.name = name
        self.location = location
        self.entityName = entityName
        self.predicateString = predicateString
        self.resultType = resultType
        self.fetchLimit = fetchLimit
        self.fetchBatchSize = fetchBatchSize
        self.includeSubentities = includeSubentities
        self.includesPendingChanges = includesPendingChanges
        self.includesPropertyValues = includesPropertyValues
        self.returnObjectsAsFaults = returnObjectsAsFaults
        self.returnDistinctResults = returnDistinctResults
    }
}

package struct Configuration: Hashable, Sendable {
    package var name: String
    package var location: SourceLocation
    package var usedWithCloudKit: Bool
    package var memberEntities: [String]

    package init(name: String, location: SourceLocation, usedWithCloudKit: Bool = false, memberEntities: [String] = []) {
        self.name = name
        self.location = location
        self.usedWithCloudKit = usedWithCloudKit
        self.memberEntities = memberEntities
    }
}

package struct FetchIndex: Hashable, Sendable {
    package struct Element: Hashable, Sendable {
        /// A property name, or nil for an expression element.
        package var property: String?
        package var expression: String?
        /// `Binary` (the default), `RTree`, …
        package var type: String
        package var isAscending: Bool

        package init(property: String? = nil, expression: String? = nil, type: String = "Binary", isAscending: Bool = true) {
            self.property = property
            self.expression = expression
            self.type = type
            self.isAscending = isAscending
        }
    }

    package var name: String
    package var location: SourceLocation
    package var elements: [Element]

    package init(name: String, location: SourceLocation, elements: [Element]) {
        self.name = name
        self.location = location
        self.elements = elements
    }
}

/// A model-level `<composite>` definition (Xcode 15+): a named group of attributes stored inline.
package struct CompositeDefinition: Hashable, Sendable {
    package var name: String
    package var location: SourceLocation
    package var attributes: [Attribute]

    package init(name: String, location: SourceLocation, attributes: [Attribute]) {
        self.name = name
        self.location = location
        self.attributes = attributes
    }
}

/// Where each entity name is in `entities`, built on first use and checked against the array it is asked
/// about, so that a schema changed since (or a copy that changed) is re-indexed rather than misread.
/// Never part of a schema's equality or hash.
private final class EntityPositions: Hashable, @unchecked Sendable {
    private let lock = NSLock()
    private var positions: [String: Int] = [:]
    /// The names indexed, in order.
    private var indexedNames: [String] = []

    func position(of name: String, in entities: [Entity]) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if let position = positions[name], position < entities.count, entities[position].name == name {
            return position
        }
        let isCurrent = indexedNames.count == entities.count && zip(indexedNames, entities).allSatisfy { $0 == $1.name }
        if isCurrent { return nil }
        indexedNames = entities.map(\.name)
        positions = [:]
        positions.reserveCapacity(entities.count)
        for (index, entityName) in indexedNames.enumerated() where positions[entityName] == nil { positions[entityName] = index }
        return positions[name]
    }

    static func == (lhs: EntityPositions, rhs: EntityPositions) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

extension Attribute {
    /// The default as Core Data measures it against `minValue`/`maxValue`: a String's length, else its magnitude.
    package var measuredDefault: Double? {
        guard let defaultValue else { return nil }
        if case .string(let text) = defaultValue, type == .string { return Double(text.count) }
        return defaultValue.boundMagnitude
    }

    /// The model's own bounds reject its default (or contradict each other): an object left at the default
    /// fails Core Data's validation, so the default is no use as a default argument.
    package var defaultIsOutsideBounds: Bool {
        guard let measured = measuredDefault else { return false }
        let minimum = minValue?.boundMagnitude
        let maximum = maxValue?.boundMagnitude
        return (minimum.map { measured < $0 } ?? false) || (maximum.map { measured > $0 } ?? false)
    }
}

extension Entity {
    /// The entity's class name when it has a class of its own; nil for none (older models write `NSManagedObject`).
    package var customClassName: String? {
        className == "NSManagedObject" ? nil : className
    }
}
