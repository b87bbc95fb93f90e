import ManagedModel

/// What Core Data's run time accepts in a hand-written class, as facts from Apple's documentation (each row of
/// docs/core-data-runtime.md, "What `audit` relies on"). `TypeAssigner` decides what we generate; these say what
/// else Core Data can still serve, so `managed-codegen audit` can tell a hand-written declaration that works from
/// one that traps or misreads.
package enum CoreDataBridging {
    /// The object types an `@NSManaged` property may declare for an attribute of `type`; nil when any object type
    /// may (Transformable: the transformer's class; Undefined: whatever the app stores). Scalars are decided by
    /// their type encoding: ``scalarVerdict(_:over:)``.
    ///
    /// NSAttributeType's reference lists each attribute type's object class; Swift declares the value types bridged
    /// to those classes (`String` for NSString, `Date` for NSDate, `Data`, `UUID`, `URL`, `Decimal` for
    /// NSDecimalNumber).
    package static func acceptedObjectTypes(for type: AttributeType) -> Set<String>? {
        switch type {
        case .integer16, .integer32, .integer64, .double, .float, .boolean: return ["NSNumber"]
        case .date: return ["Date", "NSDate"]
        case .decimal: return ["NSDecimalNumber", "Decimal"]
        case .string: return ["String", "NSString"]
        case .binary: return ["Data", "NSData"]
        case .uuid: return ["UUID", "NSUUID"]
        case .uri: return ["URL", "NSURL"]
        case .objectID: return ["NSManagedObjectID"]
        case .composite: return ["[String:Any]", "Dictionary<String,Any>", "NSDictionary"]
        case .transformable, .undefined: return nil
        }
    }

    // MARK: Scalars, by their Objective-C type encoding

    /// The Objective-C type encoding of a scalar (Objective-C Runtime Programming Guide, "Type Encodings"): what
    /// Core Data reads from an `@NSManaged` scalar property's declaration to decide whether it serves it.
    package enum ScalarEncoding: Character, CaseIterable, Sendable {
        case char = "c", unsignedChar = "C", short = "s", unsignedShort = "S", int = "i", unsignedInt = "I"
        case long = "l", unsignedLong = "L", longLong = "q", unsignedLongLong = "Q", float = "f", double = "d"
        case bool = "B"
    }

    /// The platforms on which a Swift scalar encodes differently: `Int` and `UInt` are the platform word, `long`
    /// (`NSInteger`) in Objective-C: 64 bits, encoded `q`/`Q`, on every 64-bit Apple platform; 32 bits, encoded
    /// `l`/`L`, on arm64_32 (watchOS on Apple Watch Series 4 and later).
    package enum ScalarPlatform: String, CaseIterable, Sendable {
        case sixtyFourBit = "64-bit platforms"
        case arm64_32 = "arm64_32 watchOS"
    }

    /// The encoding of the Swift scalar `name` on `platform`; nil for a name that is no scalar Objective-C can
    /// declare (an object type, a Swift enum, `Int?`). `TimeInterval` is `Double`.
    package static func encoding(ofScalar name: String, on platform: ScalarPlatform) -> ScalarEncoding? {
        switch name {
        case "Int", "NSInteger": return platform == .sixtyFourBit ? .longLong : .long
        case "UInt", "NSUInteger": return platform == .sixtyFourBit ? .unsignedLongLong : .unsignedLong
        case "Int8", "CChar", "CSignedChar": return .char
        case "UInt8", "CUnsignedChar": return .unsignedChar
        case "Int16", "CShort": return .short
        case "UInt16", "CUnsignedShort": return .unsignedShort
        case "Int32", "CInt": return .int
        case "UInt32", "CUnsignedInt": return .unsignedInt
        case "Int64", "CLongLong": return .longLong
        case "UInt64", "CUnsignedLongLong": return .unsignedLongLong
        case "Float", "CFloat", "Float32": return .float
        case "Double", "CDouble", "Float64", "TimeInterval": return .double
        case "Bool", "ObjCBool": return .bool
        default: return nil
        }
    }

    /// What Core Data's dynamically generated accessor does with a scalar of `encoding` over an attribute of `type`.
    package enum ScalarAccess: Equatable, Sendable {
        /// The attribute's own width: served as it is.
        case served
        /// A 64-bit scalar over Integer 32: served, with a console message about an implicit coercion to 32 bits;
        /// values past Int32 are truncated.
        case coercedTo32Bits
        /// No accessor: the first access raises "unrecognized selector".
        case none
    }

    /// Core Data generates an accessor only for a scalar whose encoding the attribute accepts: Integer 16 `s`/`S`;
    /// Integer 32 `i`/`I`/`l`/`L`, and `q`/`Q` coerced to 32 bits; Integer 64 `q`/`Q`; Double and Date `d`; Float
    /// `f`; Boolean `B`/`c`/`C`; the other types none. (Observed behaviour of `+[NSManagedObject
    /// resolveInstanceMethod:]`, reported by the review of issue 35; Apple documents only each type's scalar, in
    /// NSAttributeType. docs/core-data-runtime.md.)
    package static func access(_ encoding: ScalarEncoding, over type: AttributeType) -> ScalarAccess {
        let accepted: Set<ScalarEncoding>
        switch type {
        case .integer16: accepted = [.short, .unsignedShort]
        case .integer32:
            if encoding == .longLong || encoding == .unsignedLongLong { return .coercedTo32Bits }
            accepted = [.int, .unsignedInt, .long, .unsignedLong]
        case .integer64: accepted = [.longLong, .unsignedLongLong]
        case .double, .date: accepted = [.double]
        case .float: accepted = [.float]
        case .boolean: accepted = [.bool, .char, .unsignedChar]
        case .decimal, .string, .binary, .uuid, .uri, .transformable, .objectID, .undefined, .composite: accepted = []
        }
        return accepted.contains(encoding) ? .served : .none
    }

    /// The attribute type's own scalar (NSAttributeType: `int16_t` … `int64_t`, `double`, `float`, `BOOL`,
    /// `NSTimeInterval`), as Swift and Xcode's codegen declare it; nil for types without one.
    package static func ownScalar(of type: AttributeType) -> String? {
        switch type {
        case .integer16: return "Int16"
        case .integer32: return "Int32"
        case .integer64: return "Int64"
        case .double: return "Double"
        case .float: return "Float"
        case .boolean: return "Bool"
        case .date: return "TimeInterval"
        case .decimal, .string, .binary, .uuid, .uri, .transformable, .objectID, .undefined, .composite: return nil
        }
    }

    /// How a hand-written scalar declaration fares over an attribute, on every platform.
    package enum ScalarVerdict: Equatable, Sendable {
        /// The attribute's own scalar on every platform (an `@objc enum` whose raw type is it, too).
        case ownScalar
        /// Served everywhere, but values past Int32 are truncated (a 64-bit scalar over Integer 32).
        case truncatedTo32Bits
        /// Served on some platforms; no accessor on these (`Int` over Integer 64 on arm64_32 watchOS).
        case unservedOn([ScalarPlatform])
        /// Served everywhere with another encoding than the attribute's own scalar: an unsigned scalar over a
        /// signed integer attribute, a `char` over Boolean.
        case servedAsOtherScalar
        /// No accessor on any platform.
        case unserved
    }

    /// The verdict for the Swift scalar `name` over an attribute of `type`; nil when `name` is no scalar.
    package static func scalarVerdict(_ name: String, over type: AttributeType) -> ScalarVerdict? {
        let platforms = ScalarPlatform.allCases
        var accesses: [ScalarAccess] = []
        for platform in platforms {
            guard let encoding = encoding(ofScalar: name, on: platform) else { return nil }
            accesses.append(access(encoding, over: type))
        }
        let unserved = zip(platforms, accesses).filter { $0.1 == .none }.map(\.0)
        if unserved.count == platforms.count { return .unserved }
        if !unserved.isEmpty { return .unservedOn(unserved) }
        if accesses.contains(.coercedTo32Bits) { return .truncatedTo32Bits }
        let own = ownScalar(of: type)
        let isOwn = platforms.allSatisfy { platform in
            own.flatMap { encoding(ofScalar: $0, on: platform) } == encoding(ofScalar: name, on: platform)
        }
        return isOwn ? .ownScalar : .servedAsOtherScalar
    }

    // MARK: Transformable values

    /// The Foundation class a type stands for across the Objective-C boundary: `NSArray` for `[Tag]`,
    /// `Array<Tag>`, `NSArray` and `NSMutableArray`; `NSString` for `String`; `NSNumber` for the numbers and Bool;
    /// nil for every other name (a class of the app's or of another framework). A Swift value type bridges from
    /// exactly its Foundation class ("Working with Foundation Types": `String`/NSString, `Array`/NSArray, …).
    package static func foundationClass(bridging name: String) -> String? {
        if name.hasPrefix("[") { return name.contains(":") ? "NSDictionary" : "NSArray" }
        if name.hasPrefix("Array<") { return "NSArray" }
        if name.hasPrefix("Dictionary<") { return "NSDictionary" }
        if name.hasPrefix("Set<") { return "NSSet" }
        switch name {
        case "NSArray", "NSMutableArray": return "NSArray"
        case "NSDictionary", "NSMutableDictionary": return "NSDictionary"
        case "NSSet", "NSMutableSet": return "NSSet"
        case "String", "NSString", "NSMutableString": return "NSString"
        case "Data", "NSData", "NSMutableData": return "NSData"
        case "Date", "NSDate": return "NSDate"
        case "URL", "NSURL": return "NSURL"
        case "UUID", "NSUUID": return "NSUUID"
        case "NSNumber", "NSDecimalNumber", "Decimal", "Bool", "Double", "Float", "Int", "Int16", "Int32", "Int64", "UInt":
            return "NSNumber"
        default: return nil
        }
    }

    /// Types that hold any object: a declaration of them over a Transformable attribute, or a Custom Class of them,
    /// says nothing about the value's class.
    package static let anyObjectTypeNames: Set<String> = [
        "Any", "AnyObject", "NSObject", "NSObjectProtocol", "NSCoding", "NSSecureCoding", "NSCopying",
    ]

    /// The modeled property a dynamically generated primitive accessor stands for: `updatedAt` for
    /// `primitiveUpdatedAt`, when the entity has such a property; nil otherwise. Core Data implements
    /// `primitive<Key>` / `setPrimitive<Key>:` for every modeled property (Core Data Programming Guide, "Managed Object
    /// Accessor Methods", primitive accessors; NSManagedObject `primitiveValue(forKey:)`), and custom accessors
    /// declare them `@NSManaged` to reach the stored value without change notifications.
    package static func primitiveAccessorKey(_ key: String, among properties: [String]) -> String? {
        let prefix = "primitive"
        guard key.hasPrefix(prefix), key.count > prefix.count else { return nil }
        return properties.first { prefix + SwiftNames.capitalizedFirst($0) == key }
    }

    /// What reading nil into a non-optional declaration of `typeName` does: the Foundation overlays force-unwrap
    /// when bridging nil into `Date`, `UUID`, `URL`; `String`, `Data` and Swift collections become empty; a class
    /// reference is not checked at all; a scalar has no nil to read or store.
    package static func nilReadBehaviour(of typeName: String, isScalar: Bool) -> String {
        // Measured and published: an optional Boolean attribute never set reads `false` through a non-optional
        // `@NSManaged var completed: Bool` (Donny Wals, "Understanding the differences between your Core Data model
        // and managed objects", 2020).
        if isScalar { return "reads nil as 0 (false for Bool), so nil and 0 cannot be told apart" }
        switch typeName {
        case "Date", "UUID", "URL", "Decimal": return "traps when the value is nil"
        case "String", "Data": return "reads a nil value as empty"
        default:
            if typeName.hasPrefix("[") || typeName.hasPrefix("Set<") { return "reads a nil value as empty" }
            return "hands out a nil reference Swift assumes is not nil (undefined behaviour)"
        }
    }

    /// The selectors Core Data implements at run time for the to-many relationship `key`: the Key-Value Coding
    /// mutators of an unordered to-many (`add<Key>Object:`, `remove<Key>Object:`, `add<Key>:`, `remove<Key>:`), and for
    /// an ordered one also the indexed ones (KVC Programming Guide, "Accessor Search Patterns"; the names Xcode's
    /// codegen declares with `@NSManaged`).
    package static func toManySelectors(key: String, isOrdered: Bool) -> [String] {
        ToManySelectors(key: key).all(isOrdered: isOrdered)
    }
}

/// The Objective-C selectors of a to-many relationship's mutators, spelled once: the generated classes declare them
/// (`RelationshipAccessors`) and `audit` accepts exactly them (``CoreDataBridging/toManySelectors(key:isOrdered:)``).
package struct ToManySelectors: Hashable, Sendable {
    /// `Tags` for `tags`.
    package let stem: String

    package init(key: String) { stem = SwiftNames.capitalizedFirst(key) }

    package var addObject: String { "add\(stem)Object:" }
    package var removeObject: String { "remove\(stem)Object:" }
    package var add: String { "add\(stem):" }
    package var remove: String { "remove\(stem):" }
    // Ordered only:
    package var insertObjectAtIndex: String { "insertObject:in\(stem)AtIndex:" }
    package var removeObjectAtIndex: String { "removeObjectFrom\(stem)AtIndex:" }
    package var insertAtIndexes: String { "insert\(stem):atIndexes:" }
    package var removeAtIndexes: String { "remove\(stem)AtIndexes:" }
    package var replaceObjectAtIndex: String { "replaceObjectIn\(stem)AtIndex:withObject:" }
    package var replaceAtIndexes: String { "replace\(stem)AtIndexes:with\(stem):" }

    package func all(isOrdered: Bool) -> [String] {
        let unordered = [addObject, removeObject, add, remove]
        guard isOrdered else { return unordered }
        return unordered + [
            insertObjectAtIndex, removeObjectAtIndex, insertAtIndexes, removeAtIndexes, replaceObjectAtIndex, replaceAtIndexes,
        ]
    }
}
