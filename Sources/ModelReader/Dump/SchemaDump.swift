import CoreDataMapping
import Foundation
import ManagedModel

/// `managed-codegen dump`: the resolved schema as stable JSON, so users and tests see exactly what was understood.
///
/// Output is byte-identical across runs, platforms and `LANG`: keys sorted, two-space indentation, one trailing
/// newline. Every key is always present (`null` when absent in the model). Arrays keep the model file's order.
/// Paths are not included (they differ per checkout); `line` is the 1-based line of the element in `contents`.
///
/// Top level: `dumpFormat` (1), `modelName`, `versionName`, `sourceLanguage`, `usedWithCloudKit`,
/// `userDefinedModelVersionIdentifier`, `userInfo`, `entities`, `composites`, `fetchRequests`, `configurations`.
///
/// - `userInfo` (everywhere): an object of the entries' keys and values.
/// - entity: `name`, `line`, `representedClassName` (as written), `className` and `classModule` (from
///   `Module.Name` / `.Name` / `Name`), `parent`, `children` (sorted), `isAbstract`, `codeGenerationType`
///   (`manual`/`class`/`category`), `syncable`, `elementID`, `versionHashModifier`, `renamingIdentifier`,
///   `userInfo`, `attributes`, `relationships`, `fetchedProperties` (own properties only),
///   `inheritedProperties` (`[{name, kind: attribute|relationship|fetchedProperty, from: ancestor}]`, root
///   ancestor's first: with the own properties, this is everything instances have), `uniquenessConstraints`
///   (`[[property]]`), `fetchIndexes` (`[{name, line, elements: [{property, expression, type, ascending}]}]`),
///   `compoundIndexes` (`[[property]]`).
/// - attribute: `name`, `line`, `type` (the `attributeType` spelling), `optional`, `transient`, `derived`,
///   `derivationExpression`, `usesScalarValueType` (as written, `null` when absent), `default`, `min`, `max`
///   (typed values, below), `regularExpression`, `customClassName`, `valueTransformerName`,
///   `allowsExternalBinaryDataStorage`, `allowsCloudEncryption`, `preserveAfterDeletion`,
///   `spotlightIndexingEnabled`, `storedInTruthFile`, `indexed`, `composite`, `elementID`,
///   `versionHashModifier`, `renamingIdentifier`, `userInfo`, `swiftType`
///   (`{declaration, name, optional, storage: object|scalar|typed, numberAccessor}`: the type the generated
///   property declares, from `TypeAssigner`, the owner the generator asks too; a composite's element has the type
///   of its struct's field); `unreadableDefault` (the `defaultValueString` text, `default` then `null`) only when
///   the default could not be read as the type.
/// - typed value: one of `{"integer": n}`, `{"double": x}`, `{"decimal": "text"}`, `{"bool": b}`,
///   `{"string": "text"}`, `{"uuid": "text"}`, `{"url": "text"}`, or `{"date": seconds since 2001-01-01 UTC,
///   "iso8601": "…Z"}`. String and Binary bounds are lengths (`integer`).
/// - relationship: `name`, `line`, `destination`, `optional`, `toMany`, `ordered`, `minCount`, `maxCount`,
///   `deletionRule` (`Nullify`/`Cascade`/`Deny`/`No Action`), `inverseName`, `inverseEntity`, `transient`,
///   `elementID`, `versionHashModifier`, `renamingIdentifier`, `userInfo`.
/// - fetched property: `name`, `line`, `optional`, `fetchRequest`, `userInfo`.
/// - fetch request: `name`, `line`, `entity`, `predicate`, `resultType` (`managedObject`/`managedObjectID`/
///   `dictionary`/`count`), `fetchLimit`, `fetchBatchSize`, `includeSubentities`, `includesPendingChanges`,
///   `includesPropertyValues`, `returnObjectsAsFaults`, `returnDistinctResults` (`null`: not set).
/// - configuration: `name`, `line`, `usedWithCloudKit`, `memberEntities`.
/// - composite: `name`, `line`, `attributes`.
package enum SchemaDump {
    package static func json(_ schema: Schema) -> String {
        model(schema).rendered()
    }

    static func model(_ schema: Schema) -> JSONText {
        .object([
            "dumpFormat": .integer(1),
            "modelName": .string(schema.modelName),
            "versionName": .string(schema.versionName),
            "sourceLanguage": .optional(schema.sourceLanguage),
            "usedWithCloudKit": .bool(schema.usedWithCloudKit),
            "userDefinedModelVersionIdentifier": .optional(schema.userDefinedModelVersionIdentifier),
            "userInfo": userInfo(schema.userInfo),
            "entities": .array(schema.entities.map { entity($0, in: schema) }),
            "composites": .array(schema.composites.map(composite)),
            "fetchRequests": .array(schema.fetchRequests.map(fetchRequest)),
            "configurations": .array(schema.configurations.map(configuration)),
        ])
    }

    static func entity(_ entity: Entity, in schema: Schema) -> JSONText {
        var inherited: [JSONText] = []
        for ancestor in schema.ancestors(of: entity) {
            func add(_ names: [String], _ kind: String) {
                inherited += names.map { .object(["name": .string($0), "kind": .string(kind), "from": .string(ancestor.name)]) }
            }
            add(ancestor.attributes.map(\.name), "attribute")
            add(ancestor.relationships.map(\.name), "relationship")
            add(ancestor.fetchedProperties.map(\.name), "fetchedProperty")
        }
        return .object([
            "name": .string(entity.name),
            "line": .integer(Int64(entity.location.line)),
            "representedClassName": .optional(entity.representedClassName),
            "className": .optional(entity.className),
            "classModule": .optional(entity.classModule),
            "parent": .optional(entity.parentName),
            "children": .array(entity.childNames.map(JSONText.string)),
            "isAbstract": .bool(entity.isAbstract),
            "codeGenerationType": .string(entity.codeGenerationType.rawValue),
            "syncable": .optional(entity.syncable),
            "elementID": .optional(entity.elementID),
            "versionHashModifier": .optional(entity.versionHashModifier),
            "renamingIdentifier": .optional(entity.renamingIdentifier),
            "userInfo": userInfo(entity.userInfo),
            "attributes": .array(entity.attributes.map { attribute($0, type: TypeAssigner.declaredType(of: $0)) }),
            "relationships": .array(entity.relationships.map(relationship)),
            "fetchedProperties": .array(entity.fetchedProperties.map(fetchedProperty)),
            "inheritedProperties": .array(inherited),
            "uniquenessConstraints": nameLists(entity.uniquenessConstraints),
            "fetchIndexes": .array(entity.fetchIndexes.map(fetchIndex)),
            "compoundIndexes": nameLists(entity.compoundIndexes),
        ])
    }

    static func attribute(_ attribute: Attribute, type: SwiftPropertyType) -> JSONText {
        var fields: [String: JSONText] = [
            "name": .string(attribute.name),
            "line": .integer(Int64(attribute.location.line)),
            "type": .string(attribute.type.rawValue),
            "optional": .bool(attribute.isOptional),
            "transient": .bool(attribute.isTransient),
            "derived": .bool(attribute.isDerived),
            "derivationExpression": .optional(attribute.derivationExpression),
            "usesScalarValueType": .optional(attribute.usesScalarValueType),
            "default": value(attribute.defaultValue),
            "min": value(attribute.minValue),
            "max": value(attribute.maxValue),
            "regularExpression": .optional(attribute.regularExpression),
            "customClassName": .optional(attribute.customClassName),
            "valueTransformerName": .optional(attribute.valueTransformerName),
            "allowsExternalBinaryDataStorage": .bool(attribute.allowsExternalBinaryDataStorage),
            "allowsCloudEncryption": .bool(attribute.allowsCloudEncryption),
            "preserveAfterDeletion": .bool(attribute.preserveAfterDeletion),
            "spotlightIndexingEnabled": .bool(attribute.spotlightIndexingEnabled),
            "storedInTruthFile": .bool(attribute.storedInTruthFile),
            "indexed": .bool(attribute.isIndexed),
            "composite": .optional(attribute.compositeName),
            "elementID": .optional(attribute.elementID),
            "versionHashModifier": .optional(attribute.versionHashModifier),
            "renamingIdentifier": .optional(attribute.renamingIdentifier),
            "userInfo": userInfo(attribute.userInfo),
            "swiftType": .object([
                "declaration": .string(type.declaration),
                "name": .string(type.name),
                "optional": .bool(type.isOptional),
                "storage": .string(type.storage.rawValue),
                "numberAccessor": .optional(type.numberAccessor),
            ]),
        ]
        if let text = attribute.unreadableDefaultValue { fields["unreadableDefault"] = .string(text) }
        return .object(fields)
    }

    static func value(_ value: ModelValue?) -> JSONText {
        guard let value else { return .null }
        switch value {
        case .integer(let number): return .object(["integer": .integer(number)])
        case .double(let number): return .object(["double": .double(number)])
        case .decimal(let text): return .object(["decimal": .string(text)])
        case .bool(let flag): return .object(["bool": .bool(flag)])
        case .string(let text): return .object(["string": .string(text)])
        case .uuid(let text): return .object(["uuid": .string(text)])
        case .url(let text): return .object(["url": .string(text)])
        // Samples only: a model states no Binary default nor Swift source.
        case .data(let bytes): return .object(["data": .array(bytes.map { .integer(Int64($0)) })])
        case .swiftExpression(let source): return .object(["swift": .string(source)])
        case .date(let seconds):
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(secondsFromGMT: 0)
            let iso = formatter.string(from: Date(timeIntervalSinceReferenceDate: seconds))
            return .object(["date": .double(seconds), "iso8601": .string(iso)])
        }
    }

    static func relationship(_ relationship: Relationship) -> JSONText {
        .object([
            "name": .string(relationship.name),
            "line": .integer(Int64(relationship.location.line)),
            "destination": .string(relationship.destinationEntity),
            "optional": .bool(relationship.isOptional),
            "toMany": .bool(relationship.isToMany),
            "ordered": .bool(relationship.isOrdered),
            "minCount": .optional(relationship.minCount),
            "maxCount": .optional(relationship.maxCount),
            "deletionRule": .string(relationship.deletionRule.rawValue),
            "inverseName": .optional(relationship.inverseName),
            "inverseEntity": .optional(relationship.inverseEntity),
            "transient": .bool(relationship.isTransient),
            "elementID": .optional(relationship.elementID),
            "versionHashModifier": .optional(relationship.versionHashModifier),
            "renamingIdentifier": .optional(relationship.renamingIdentifier),
            "userInfo": userInfo(relationship.userInfo),
        ])
    }

    static func fetchedProperty(_ property: FetchedProperty) -> JSONText {
        .object([
            "name": .string(property.name),
            "line": .integer(Int64(property.location.line)),
            "optional": .bool(property.isOptional),
            "fetchRequest": fetchRequest(property.fetchRequest),
            "userInfo": userInfo(property.userInfo),
        ])
    }

    static func fetchRequest(_ request: FetchRequestTemplate) -> JSONText {
        let resultType =
            switch request.resultType {
            case .managedObject: "managedObject"
            case .managedObjectID: "managedObjectID"
            case .dictionary: "dictionary"
            case .count: "count"
            }
        return .object([
            "name": .string(request.name),
            "line": .integer(Int64(request.location.line)),
            "entity": .string(request.entityName),
            "predicate": .optional(request.predicateString),
            "resultType": .string(resultType),
            "fetchLimit": .optional(request.fetchLimit),
            "fetchBatchSize": .optional(request.fetchBatchSize),
            "includeSubentities": .optional(request.includeSubentities),
            "includesPendingChanges": .optional(request.includesPendingChanges),
            "includesPropertyValues": .optional(request.includesPropertyValues),
            "returnObjectsAsFaults": .optional(request.returnObjectsAsFaults),
            "returnDistinctResults": .optional(request.returnDistinctResults),
        ])
    }

    static func configuration(_ configuration: Configuration) -> JSONText {
        .object([
            "name": .string(configuration.name),
            "line": .integer(Int64(configuration.location.line)),
            "usedWithCloudKit": .bool(configuration.usedWithCloudKit),
            "memberEntities": .array(configuration.memberEntities.map(JSONText.string)),
        ])
    }

    static func composite(_ composite: CompositeDefinition) -> JSONText {
        .object([
            "name": .string(composite.name),
            "line": .integer(Int64(composite.location.line)),
            "attributes": .array(composite.attributes.map { attribute($0, type: TypeAssigner.fieldType(of: $0)) }),
        ])
    }

    static func fetchIndex(_ index: FetchIndex) -> JSONText {
        .object([
            "name": .string(index.name),
            "line": .integer(Int64(index.location.line)),
            "elements": .array(
                index.elements.map { element in
                    .object([
                        "property": .optional(element.property),
                        "expression": .optional(element.expression),
                        "type": .string(element.type),
                        "ascending": .bool(element.isAscending),
                    ])
                }),
        ])
    }

    static func nameLists(_ lists: [[String]]) -> JSONText {
        .array(lists.map { .array($0.map(JSONText.string)) })
    }

    /// Later entries win when a key repeats (as NSDictionary built from the file would).
    static func userInfo(_ entries: [UserInfoEntry]) -> JSONText {
        var members: [String: JSONText] = [:]
        for entry in entries { members[entry.key] = .string(entry.value) }
        return .object(members)
    }
}
