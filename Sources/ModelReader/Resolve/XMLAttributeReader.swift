import Foundation

/// Every XML attribute name the model decoder reads, on any element: the decoder asks for attributes by
/// these cases, so asking costs a bit test rather than a search by name.
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

    /// Position in `allCases`, below `ModelAttributeNameSet.capacity`: a case without payload is stored as its
    /// position (checked once, by `NameTable`), so this is a load rather than a search.
    fileprivate var index: Int { Int(unsafeBitCast(self, to: UInt8.self)) }
}

/// A set of `ModelAttributeName`s as bits.
struct ModelAttributeNameSet {
    static let capacity = 128
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    @inline(__always) mutating func insert(index: Int) {
        if index < 64 { low |= 1 << UInt64(index) } else { high |= 1 << UInt64(index - 64) }
    }

    @inline(__always) func contains(index: Int) -> Bool {
        index < 64 ? low & (1 << UInt64(index)) != 0 : high & (1 << UInt64(index - 64)) != 0
    }

    func isSubset(of other: ModelAttributeNameSet) -> Bool {
        low & ~other.low == 0 && high & ~other.high == 0
    }
}

/// Reads one element's XML attributes, remembering which names the decoder asked for, so every attribute
/// nobody asked for can be reported as unknown.
///
/// A decoder asks for some thirty names per element, nearly all absent. The element's few attributes are
/// matched to `ModelAttributeName`s once, when the reader is made; asking is then a bit test, and finding the
/// value of a present name a scan of a few bytes. The usual "everything was asked for" answer is a comparison
/// of two bit sets; the names asked for are listed only to report an unknown attribute.
struct XMLAttributeReader {
    let elementName: String
    let line: Int
    private let attributes: [(name: String, value: String)]
    private var asked = ModelAttributeNameSet()
    private var present = ModelAttributeNameSet()
    /// Byte `i`: 1 + the index of attribute `i`'s `ModelAttributeName` (0: none), for the first
    /// `keyedPositions` attributes; later positions are matched again when asked for.
    private var positionNames: (UInt64, UInt64) = (0, 0)
    private static let keyedPositions = 16
    /// Some attribute has no `ModelAttributeName`: it is reported unless accepted by name.
    private var hasUnknownName = false
    /// Bit `i`: attribute `i` was accepted by name (`accept(contentsOf:)`).
    private var acceptedPositions: UInt64 = 0
    private var acceptedNames: [String] = []

    init(_ node: XMLElementNode) {
        elementName = node.name
        line = node.line
        attributes = node.attributes
        let table = NameTable.shared
        for position in attributes.indices {
            guard let index = table.index(of: attributes[position].name) else {
                hasUnknownName = true
                continue
            }
            present.insert(index: index)
            if position < Self.keyedPositions {
                let byte = UInt64(index + 1) << UInt64(8 * (position & 7))
                if position < 8 { positionNames.0 |= byte } else { positionNames.1 |= byte }
            }
        }
    }

    mutating func text(_ name: ModelAttributeName) -> String? {
        let index = name.index
        asked.insert(index: index)
        guard present.contains(index: index), let position = position(of: index) else { return nil }
        return attributes[position].value
    }

    /// Vocabulary Xcode writes that the schema does not carry (tool versions, legacy flags, layout).
    mutating func accept(_ names: ModelAttributeName...) {
        for name in names { asked.insert(index: name.index) }
    }

    mutating func accept(contentsOf names: [String]) {
        for name in names {
            acceptedNames.append(name)
            if let position = attributes.firstIndex(where: { $0.name == name }), position < 64 {
                acceptedPositions |= 1 << UInt64(position)
            }
        }
    }

    var consultedNames: Set<String> {
        Set(ModelAttributeName.allCases.filter { asked.contains(index: $0.index) }.map(\.rawValue) + acceptedNames)
    }

    var unconsultedNames: [String] {
        if !hasUnknownName, present.isSubset(of: asked) { return [] }
        let table = NameTable.shared
        return attributes.indices.compactMap { position in
            if let index = nameIndex(at: position, table), asked.contains(index: index) { return nil }
            if position < 64, acceptedPositions & (1 << UInt64(position)) != 0 { return nil }
            let name = attributes[position].name
            return acceptedNames.contains(name) ? nil : name
        }
    }

    /// The position of the first attribute called by the name at `index`.
    private func position(of index: Int) -> Int? {
        let wanted = UInt64(index + 1)
        var names = positionNames.0
        for position in 0..<min(attributes.count, Self.keyedPositions) {
            if position == 8 { names = positionNames.1 }
            if names & 0xFF == wanted { return position }
            names >>= 8
        }
        guard attributes.count > Self.keyedPositions else { return nil }
        let table = NameTable.shared
        return (Self.keyedPositions..<attributes.count).first { table.index(of: attributes[$0].name) == index }
    }

    private func nameIndex(at position: Int, _ table: NameTable) -> Int? {
        guard position < Self.keyedPositions else { return table.index(of: attributes[position].name) }
        let names = position < 8 ? positionNames.0 : positionNames.1
        let byte = Int((names >> UInt64(8 * (position & 7))) & 0xFF)
        return byte == 0 ? nil : byte - 1
    }
}

/// Finds the `ModelAttributeName` of an attribute name. An ASCII name is compared byte for byte with the
/// few names of the same signature (length and end bytes); two ASCII strings are equal exactly when their
/// bytes are. Any other name is compared as a `String` (Unicode equivalence, e.g. the Kelvin sign and `K`).
private final class NameTable: Sendable {
    static let shared = NameTable()

    private let bytes: [UInt8]
    /// Name `i` is `bytes[offsets[i]..<offsets[i + 1]]`.
    private let offsets: [Int]
    /// Indexes of the names with signature `s` are `bucketNames[bucketStarts[s]..<bucketStarts[s + 1]]`.
    private let bucketStarts: [Int]
    private let bucketNames: [Int]
    private static let signatureCount = 64

    private init() {
        let names = ModelAttributeName.allCases.map { Array($0.rawValue.utf8) }
        precondition(names.count <= ModelAttributeNameSet.capacity && names.count < 255)
        precondition(ModelAttributeName.allCases.enumerated().allSatisfy { $0.element.index == $0.offset })
        bytes = names.flatMap { $0 }
        offsets = names.reduce(into: [0]) { offsets, name in offsets.append(offsets.last! + name.count) }
        var buckets = [[Int]](repeating: [], count: Self.signatureCount)
        for (index, name) in names.enumerated() {
            name.withUnsafeBufferPointer { buckets[Self.signature($0)].append(index) }
        }
        bucketStarts = buckets.reduce(into: [0]) { starts, bucket in starts.append(starts.last! + bucket.count) }
        bucketNames = buckets.flatMap { $0 }
    }

    private static func signature(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        guard let first = name.first, let last = name.last else { return 0 }
        return (name.count &+ Int(first) &* 3 &+ Int(last) &* 5) & (signatureCount - 1)
    }

    func index(of name: String) -> Int? {
        let notFound = -1
        let notASCII = -2
        let found = name.utf8.withContiguousStorageIfAvailable { name -> Int in
            guard name.allSatisfy({ $0 < 0x80 }) else { return notASCII }
            let signature = Self.signature(name)
            for candidate in bucketNames[bucketStarts[signature]..<bucketStarts[signature + 1]] {
                let start = offsets[candidate]
                guard offsets[candidate + 1] - start == name.count else { continue }
                let equal = bytes.withUnsafeBufferPointer { bytes in
                    name.isEmpty || memcmp(bytes.baseAddress! + start, name.baseAddress!, name.count) == 0
                }
                if equal { return candidate }
            }
            return notFound
        }
        switch found {
        case notFound: return nil
        case let index? where index >= 0: return index
        default: return ModelAttributeName.allCases.firstIndex { $0.rawValue == name }
        }
    }
}
