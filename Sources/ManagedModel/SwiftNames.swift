/// Name rules shared by the schema checks and the code generator.
public enum SwiftNames {
    /// The model name as a Swift type name prefix (the model's support types, its tests): `Inventory`, `MyModel2`
    /// for `My Model 2`.
    public static func modelTypeName(_ modelName: String) -> String {
        var name = String(modelName.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_") }.map(Character.init))
        if name.isEmpty || name.first!.isNumber { name = "Model" + name }
        return name
    }

    /// Words that need backticks when used as identifiers in declarations.
    public static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_",
    ]

    // MARK: Which property names generated Swift declares
    //
    // One rule, used by the schema checks (how severe) and every planner (what is declared): a property is
    // declared under its own name unless `propertyNameClash(_:)` names a reason.

    /// Why a model property cannot be declared under its own name; nil when it can (the rule is
    /// `propertyNameClash(_:)`).
    public enum PropertyNameClash: Hashable, Sendable {
        /// Not a Swift identifier: no declaration (nor `@NSManaged` KVC key) can carry it. An error of the checks.
        case notAnIdentifier
        /// A no-parameter member of NSObject or NSManagedObject (`description`, `objectID`, `isDeleted`, …):
        /// Core Data rejects the property at run time (NSPropertyDescription.name). An error of the checks.
        case rejectedByCoreData
        /// An Objective-C property of NSManagedObject whose getter is named otherwise (`deleted`, getter
        /// `isDeleted`): Core Data accepts the property, but Swift cannot declare a member of that name. A warning
        /// naming the way out: `value(forKey:)` with the key, or renaming the property.
        case importedUnderGetterName(swiftName: String)
    }

    /// Why the property `name` cannot be declared in a generated class; nil when it is declared like any other
    /// (names that are only base names of members taking arguments, `value` or `context`, included: Xcode's
    /// codegen declares them too).
    public static func propertyNameClash(_ name: String) -> PropertyNameClash? {
        // Mostly without hashing `name` (the checks and planners ask for every property).
        if reservedMemberNameFilter.mayContain(name) {
            if forbiddenPropertyNames.contains(name) { return .rejectedByCoreData }
            if propertyNamesImportedUnderGetterNames.contains(name) {
                return .importedUnderGetterName(swiftName: "is" + capitalizedFirst(name))
            }
        }
        return isIdentifier(name) ? nil : .notAnIdentifier
    }

    /// Names of no-parameter members of NSObject and NSManagedObject (and words Swift reserves for members,
    /// `self`, `init`): Core Data refuses such properties at run time (its rule, NSPropertyDescription.name,
    /// forbids names of no-parameter methods), and the generated class would not compile.
    /// A stored constant: rebuilding the set on every lookup was 4% of a whole generation run.
    public static let forbiddenPropertyNames: Set<String> = [
        "description", "debugDescription", "entity", "objectID", "managedObjectContext", "isDeleted",
        "isInserted", "isUpdated", "isFault", "hasChanges", "hasPersistentChangedValues", "faultingState",
        "changedValues", "changedValuesForCurrentEvent", "hash", "hashValue", "class",
        "superclass", "self", "isProxy", "zone", "classForCoder", "classForKeyedArchiver", "observationInfo",
        "awakeFromFetch", "awakeFromInsert", "willSave", "didSave", "willTurnIntoFault", "didTurnIntoFault",
        "prepareForDeletion", "validateForInsert", "validateForUpdate", "validateForDelete",
        "fetchRequest", "init", "copy", "mutableCopy", "dealloc", "retain", "release", "autorelease",
    ]

    /// Objective-C property names of NSManagedObject whose getter is named otherwise
    /// (`@property (getter=isDeleted) BOOL deleted`). Swift imports the property as `isDeleted` and keeps
    /// `deleted` as an unavailable declaration renamed to it, so a sub-class member named `deleted` is taken as
    /// an override of it and cannot compile ("overriding declaration requires an 'override' keyword", "'deleted'
    /// has been renamed to 'isDeleted'"). Core Data accepts such properties: they are not no-parameter methods
    /// (Objective-C code declares them with getter `deleted`).
    public static let propertyNamesImportedUnderGetterNames: Set<String> = ["deleted", "inserted", "updated", "fault"]

    /// Base names of NSObject/NSManagedObject members that all take arguments (`value(forKey:)`,
    /// `willChangeValue(forKey:)`, `committedValues(forKeys:)`, …), and `context`, the label of the generated
    /// initializers' first parameter. Not a rule (`propertyNameClash(_:)` declares them like any other name):
    /// the names the tests prove are declared, set and read, as Xcode's codegen declares them.
    public static let baseNamesOfMembersTakingArguments: Set<String> = [
        "value", "primitiveValue", "setValue", "setPrimitiveValue", "willAccessValue", "didAccessValue",
        "willChangeValue", "didChangeValue", "validateValue", "objectIDs", "committedValues",
        "awakeFromSnapshotEvents", "context",
    ]

    /// The identifier as it must be written in a declaration (`default` becomes `` `default` ``).
    public static func escaped(_ name: String) -> String {
        isKeyword(name) ? "`\(name)`" : name
    }

    /// `keywords.contains(name)`, mostly without hashing `name` (the planners ask for every property).
    public static func isKeyword(_ name: String) -> Bool {
        keywordFilter.mayContain(name) && keywords.contains(name)
    }

    private static let keywordFilter = NameFilter(keywords)
    /// Both sets `propertyNameClash(_:)` looks names up in: it never says "certainly not" to a member of either.
    private static let reservedMemberNameFilter = NameFilter(forbiddenPropertyNames.union(propertyNamesImportedUnderGetterNames))

    /// `tags` -> `Tags`, as Xcode builds accessor names (`addToTags`, `addTagsObject:`).
    public static func capitalizedFirst(_ name: String) -> String {
        // An ASCII first character followed by an ASCII byte (or nothing) is one byte: change it in place.
        // (`Character.uppercased()` builds strings: it was most of the time planners spent on hook names.)
        let utf8 = name.utf8
        if let head = utf8.first, let capitalized = capitalizedFirstByte(of: name) {
            guard capitalized != head else { return name }
            return String(unsafeUninitializedCapacity: utf8.count) { buffer in
                let (_, count) = buffer.initialize(from: utf8)
                buffer[0] = capitalized
                return count
            }
        }
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// The first byte of `capitalizedFirst(name)` when that is `name` with at most its first byte changed
    /// (an ASCII first character); nil otherwise. Lets callers write the capitalized name straight into
    /// a larger string.
    @inlinable
    public static func capitalizedFirstByte(of name: String) -> UInt8? {
        // An ASCII first byte followed by an ASCII byte (or nothing) is one Character.
        var bytes = name.utf8.makeIterator()
        guard let head = bytes.next(), head < 0x80, bytes.next().map({ $0 < 0x80 }) ?? true else { return nil }
        return head >= UInt8(ascii: "a") && head <= UInt8(ascii: "z") ? head - (UInt8(ascii: "a") - UInt8(ascii: "A")) : head
    }

    /// Whether `name` is a plain Swift identifier (letters, digits, underscore; not starting with a digit).
    public static func isIdentifier(_ name: String) -> Bool {
        if let ascii = isASCIIIdentifier(name.utf8) { return ascii }
        guard let first = name.unicodeScalars.first else { return false }
        let isHead: (Unicode.Scalar) -> Bool = { $0 == "_" || $0.properties.isXIDStart }
        let isBody: (Unicode.Scalar) -> Bool = { $0 == "_" || $0.properties.isXIDContinue }
        return isHead(first) && name.unicodeScalars.dropFirst().allSatisfy(isBody)
    }

    /// `isIdentifier` for ASCII names, without Unicode property lookups (ASCII's XID_Start letters are
    /// `A-Z a-z`, its XID_Continue ones add `0-9` and `_`); nil when `name` is empty or not ASCII.
    private static func isASCIIIdentifier(_ name: String.UTF8View) -> Bool? {
        guard !name.isEmpty else { return nil }
        // Over the contiguous bytes when there are (always, for native strings): iterating the view costs
        // several times as much per byte.
        if let answer = name.withContiguousStorageIfAvailable({ isASCIIIdentifier(bytes: $0) }) { return answer }
        return isASCIIIdentifier(bytes: name)
    }

    private static func isASCIIIdentifier(bytes: some Sequence<UInt8>) -> Bool? {
        var isIdentifier = true
        var isFirst = true
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if !(isLetter || byte == UInt8(ascii: "_") || (isDigit && !isFirst)) { isIdentifier = false }
            isFirst = false
        }
        return isIdentifier
    }
}

/// A quick "certainly not a member" test for a fixed set of names: one bit per (length, first three
/// bytes) hash, so most lookups of other names skip hashing the whole string.
private struct NameFilter: Sendable {
    private static let lengthBuckets = 48
    private static let wordsPerLength = 2
    private var bits: [UInt64]

    init(_ names: Set<String>) {
        bits = Array(repeating: 0, count: Self.lengthBuckets * Self.wordsPerLength)
        for name in names {
            let (word, bit) = Self.position(of: name)
            bits[word] |= 1 << bit
        }
    }

    func mayContain(_ name: String) -> Bool {
        let (word, bit) = Self.position(of: name)
        return bits[word] & (1 << bit) != 0
    }

    @inline(__always)
    private static func position(of name: String) -> (word: Int, bit: UInt64) {
        var bytes = name.utf8.makeIterator()
        let first = UInt64(bytes.next() ?? 0)
        let second = UInt64(bytes.next() ?? 0)
        let third = UInt64(bytes.next() ?? 0)
        let hash = (first &* 31 &+ second &* 7 &+ third) & 127
        return (min(name.utf8.count, lengthBuckets - 1) * wordsPerLength + Int(hash >> 6), hash & 63)
    }
}

/// How generated Swift spells values.
public enum SwiftSourceText {
    /// A string literal with every character Swift's lexer treats specially escaped: quotes, backslashes,
    /// control and format characters (invisible ones such as U+200B would otherwise hide in the source).
    /// Other Unicode stays as written, so model text reads the same in the generated code.
    public static func stringLiteral(_ text: String) -> String {
        // Byte by byte: sample strings run to thousands of characters, and most are plain ASCII that
        // needs no Unicode property lookup, and often no escape at all.
        let needsNoEscape = text.utf8.withContiguousStorageIfAvailable { utf8 in
            utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\"") }
        }
        if needsNoEscape == true {
            // One string of the final size (`+` builds and grows two).
            let utf8 = text.utf8
            return String(unsafeUninitializedCapacity: utf8.count + 2) { buffer in
                buffer[0] = UInt8(ascii: "\"")
                let (_, end) = UnsafeMutableBufferPointer(rebasing: buffer[1...]).initialize(from: utf8)
                buffer[end + 1] = UInt8(ascii: "\"")
                return end + 2
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        bytes.append(UInt8(ascii: "\""))
        func append(_ escape: StaticString) {
            escape.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": append("\\\\")
            case "\"": append("\\\"")
            case "\n": append("\\n")
            case "\r": append("\\r")
            case "\t": append("\\t")
            case "\0": append("\\0")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F
                || (scalar.value > 0x7F && scalar.properties.generalCategory == .format):
                append("\\u{")
                bytes.append(contentsOf: String(scalar.value, radix: 16, uppercase: true).utf8)
                bytes.append(UInt8(ascii: "}"))
            case _ where scalar.isASCII:
                bytes.append(UInt8(truncatingIfNeeded: scalar.value))
            default:
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }
}
