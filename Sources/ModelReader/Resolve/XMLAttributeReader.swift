import Foundation

/// Every XML attribute name the model decoder reads, on any element.
enum ModelAttributeName: String, CaseIterable {
    // <model>
    case type, documentVersion, lastSavedToolsVersion, systemVersion, minimumToolsVersion, name, macOSVersion
    case iOSVersion, usedWithSwiftData, sourceLanguage, usedWithCloudKit, userDefinedModelVersionIdentifier
    // <entity>
    case syncable, representedClassName, parentEntity, isAbstract, codeGenerationType, elementID
    case versionHashModifier, renamingIdentifier
    // <attribute>
    case attributeType, optional, usesScalarValueType, customClassName, transient, derived, derivationExpression
    case regularExpressionString, valueTransformerName, allowsExternalBinaryDataStorage, allowsCloudEncryption
    case preserveAfterDeletion, spotlightIndexingEnabled, indexedBySpotlight, storedInTruthFile
    case storedInExternalRecord, indexed, composite, defaultDateTimeInterval, minDateTimeInterval
    case maxDateTimeInterval, defaultValueString, minValueString, maxValueString
    // <relationship>
    case destinationEntity, toMany, ordered, minCount, maxCount, deletionRule, inverseName, inverseEntity
    // <fetchRequest>
    case entity, predicateString, resultType, fetchLimit, fetchBatchSize, includeSubentities
    case includesPendingChanges, includePropertyValues, includesPropertyValues, returnObjectsAsFaults
    case returnDistinctResults
    // <fetchIndexElement>, <constraint>/<index>, userInfo <entry>
    case expressionType, property, expression, order, value, key
}

/// Reads one element's XML attributes, remembering which names the decoder asked for, so every attribute
/// nobody asked for can be reported as unknown.
struct XMLAttributeReader {
    let elementName: String
    let line: Int
    private let attributes: [(name: String, value: String)]
    /// Every name asked for or accepted.
    private(set) var consultedNames: Set<String> = []

    init(_ node: borrowing XMLElementNode) {
        elementName = node.name
        line = node.line
        attributes = node.attributes
    }

    mutating func text(_ name: ModelAttributeName) -> String? {
        consultedNames.insert(name.rawValue)
        return attributes.first { $0.name == name.rawValue }?.value
    }

    /// Vocabulary Xcode writes that the schema does not carry (tool versions, legacy flags, layout).
    mutating func accept(_ names: ModelAttributeName...) {
        for name in names { consultedNames.insert(name.rawValue) }
    }

    mutating func accept(contentsOf names: [String]) {
        consultedNames.formUnion(names)
    }

    /// The element's attributes nobody asked for, in document order.
    var unconsultedNames: [String] {
        attributes.map(\.name).filter { !consultedNames.contains($0) }
    }
}
