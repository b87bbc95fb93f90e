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
    /// Per attribute of the element: whether a name asked for or accepted is its name. (A set of the names asked,
    /// inserted into on every question, was a fifth of reading a model: 117-version history.)
    private var read: [Bool]
    /// The names asked for or accepted, in order, for the spelling hint of an unknown attribute.
    private var asked: [ModelAttributeName] = []
    private var acceptedNames: [String] = []

    init(_ node: borrowing XMLElementNode) {
        elementName = node.name
        line = node.line
        attributes = node.attributes
        read = Array(repeating: false, count: attributes.count)
    }

    mutating func text(_ name: ModelAttributeName) -> String? {
        asked.append(name)
        guard let index = attributes.firstIndex(where: { $0.name == name.rawValue }) else { return nil }
        markRead(name.rawValue, from: index)
        return attributes[index].value
    }

    /// Vocabulary Xcode writes that the schema does not carry (tool versions, legacy flags, layout).
    mutating func accept(_ names: ModelAttributeName...) {
        for name in names {
            asked.append(name)
            markRead(name.rawValue)
        }
    }

    mutating func accept(contentsOf names: [String]) {
        for name in names {
            acceptedNames.append(name)
            markRead(name)
        }
    }

    /// Every attribute named `name` (from `start`, the first of them) is read.
    private mutating func markRead(_ name: String, from start: Int = 0) {
        for index in start..<attributes.count where attributes[index].name == name { read[index] = true }
    }

    /// Every name asked for or accepted.
    var consultedNames: Set<String> { Set(asked.map(\.rawValue) + acceptedNames) }

    /// The element's attributes nobody asked for, in document order.
    var unconsultedNames: [String] {
        attributes.indices.filter { !read[$0] }.map { attributes[$0].name }
    }
}
