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
    /// position (checked once, by `table`), so this is a load rather than a search.
    fileprivate var index: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    fileprivate static let table: ByteNameTable = {
        precondition(allCases.count <= ModelAttributeNameSet.capacity)
        precondition(allCases.enumerated().allSatisfy { $0.element.index == $0.offset })
        return ByteNameTable(allCases.map(\.rawValue))
    }()
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

    init(_ node: borrowing XMLElementNode) {
        elementName = node.name
        line = node.line
        attributes = node.attributes
        let table = ModelAttributeName.table
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

    @inline(__always)
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
        let table = ModelAttributeName.table
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
        let table = ModelAttributeName.table
        return (Self.keyedPositions..<attributes.count).first { table.index(of: attributes[$0].name) == index }
    }

    private func nameIndex(at position: Int, _ table: ByteNameTable) -> Int? {
        guard position < Self.keyedPositions else { return table.index(of: attributes[position].name) }
        let names = position < 8 ? positionNames.0 : positionNames.1
        let byte = Int((names >> UInt64(8 * (position & 7))) & 0xFF)
        return byte == 0 ? nil : byte - 1
    }
}

/// Finds a name in a fixed list of ASCII names (the decoder's vocabularies). An ASCII name is compared byte
/// for byte with the few names of the same signature (length and end bytes): two ASCII strings are equal
/// exactly when their bytes are. Any other name is compared as a `String` (Unicode equivalence: the Kelvin sign
/// equals `K`), as a `Dictionary` of the names would. The tables are made once and never freed.
final class ByteNameTable: @unchecked Sendable {
    let names: [String]
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Name `i` is `bytes[offsets[i]..<offsets[i + 1]]`.
    private let offsets: UnsafeMutablePointer<Int>
    /// Indexes of the names with signature `s` are `bucketNames[bucketStarts[s]..<bucketStarts[s + 1]]`.
    private let bucketStarts: UnsafeMutablePointer<Int>
    private let bucketNames: UnsafeMutablePointer<Int>
    private static let signatureCount = 64

    init(_ names: [String]) {
        self.names = names
        let utf8Names = names.map { Array($0.utf8) }
        precondition(utf8Names.allSatisfy { $0.allSatisfy { $0 < 0x80 } })
        let allBytes = utf8Names.flatMap { $0 }
        bytes = .allocate(capacity: max(allBytes.count, 1))
        bytes.initialize(from: allBytes, count: allBytes.count)
        offsets = .allocate(capacity: names.count + 1)
        offsets[0] = 0
        for (index, name) in utf8Names.enumerated() { offsets[index + 1] = offsets[index] + name.count }
        var buckets = [[Int]](repeating: [], count: Self.signatureCount)
        for (index, name) in utf8Names.enumerated() {
            name.withUnsafeBufferPointer { buckets[Self.signature($0)].append(index) }
        }
        bucketStarts = .allocate(capacity: Self.signatureCount + 1)
        bucketStarts[0] = 0
        for (signature, bucket) in buckets.enumerated() { bucketStarts[signature + 1] = bucketStarts[signature] + bucket.count }
        bucketNames = .allocate(capacity: max(names.count, 1))
        bucketNames.initialize(from: buckets.flatMap { $0 }, count: names.count)
    }

    private static func signature(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        guard let first = name.first, let last = name.last else { return 0 }
        return (name.count &+ Int(first) &* 3 &+ Int(last) &* 5) & (signatureCount - 1)
    }

    /// The index in `names` of `name`.
    func index(of name: String) -> Int? {
        let absentASCII = -1
        let notASCII = -2
        let found = name.utf8.withContiguousStorageIfAvailable { name -> Int in
            guard let start = name.baseAddress, !name.isEmpty else { return absentASCII }
            let signature = Self.signature(name)
            for slot in bucketStarts[signature]..<bucketStarts[signature + 1] {
                let candidate = bucketNames[slot]
                let candidateStart = offsets[candidate]
                if offsets[candidate + 1] - candidateStart == name.count, memcmp(bytes + candidateStart, start, name.count) == 0 {
                    return candidate
                }
            }
            // Not found byte for byte: only a name that is not ASCII can still be equal.
            return name.allSatisfy { $0 < 0x80 } ? absentASCII : notASCII
        }
        switch found {
        case absentASCII: return nil
        case let index? where index >= 0: return index
        default: return names.firstIndex { $0 == name }
        }
    }
}
