/// What Core Data's run time accepts in a hand-written class, as facts from Apple's documentation (each row of
/// docs/core-data-runtime.md, "What `audit` relies on"). `TypeAssigner` decides what we generate; these say what
/// else Core Data can still serve, so `managed-codegen audit` can tell a hand-written declaration that works from
/// one that traps or misreads.
public enum CoreDataBridging {
    /// The Swift types an `@NSManaged` property may declare for an attribute of `type`; nil when any object type
    /// may (Transformable: the transformer's class; Undefined: whatever the app stores).
    ///
    /// NSAttributeType's reference lists each attribute type's object class and, for the integer, floating-point,
    /// Boolean and Date types, the scalar it may be declared as (`int16_t` … `int64_t`, `double`, `float`, `BOOL`,
    /// `NSTimeInterval`); Swift declares the value types bridged to those classes (`String` for NSString, `Date` for
    /// NSDate, `Data`, `UUID`, `URL`, `Decimal` for NSDecimalNumber). A scalar of another width (`Int` over Integer
    /// 16; `Int` is 32 bits on arm64_32 watchOS) is not the attribute's scalar type.
    public static func acceptedTypes(for type: AttributeType) -> (objects: Set<String>, scalars: Set<String>)? {
        switch type {
        case .integer16: return (["NSNumber"], ["Int16"])
        case .integer32: return (["NSNumber"], ["Int32"])
        case .integer64: return (["NSNumber"], ["Int64"])
        case .double: return (["NSNumber"], ["Double"])
        case .float: return (["NSNumber"], ["Float"])
        case .boolean: return (["NSNumber"], ["Bool"])
        // `Double` is the same type as `TimeInterval` (a typealias); ``canonicalScalarName(_:for:)`` reads it so.
        case .date: return (["Date", "NSDate"], ["TimeInterval"])
        case .decimal: return (["NSDecimalNumber", "Decimal"], [])
        case .string: return (["String", "NSString"], [])
        case .binary: return (["Data", "NSData"], [])
        case .uuid: return (["UUID", "NSUUID"], [])
        case .uri: return (["URL", "NSURL"], [])
        case .objectID: return (["NSManagedObjectID"], [])
        case .composite: return (["[String:Any]", "Dictionary<String,Any>", "NSDictionary"], [])
        case .transformable, .undefined: return nil
        }
    }

    /// `Int` over Integer 64: the same 64-bit scalar where `Int` is 64 bits (every 64-bit Apple platform), so Core
    /// Data serves it there; on arm64_32 watchOS `Int` is 32 bits and values past Int32 do not fit. Apps ship it
    /// (canvas-ios declares it on dozens of attributes), so the audit warns rather than calls it a crash. `Int` over
    /// Integer 16 or 32 stays wrong: a wider scalar than the accessor returns.
    public static func isPlatformWidthScalar(_ name: String, for type: AttributeType) -> Bool {
        type == .integer64 && name == "Int"
    }

    /// The modeled property a dynamically generated primitive accessor stands for: `updatedAt` for
    /// `primitiveUpdatedAt`, when the entity has such a property; nil otherwise. Core Data implements
    /// `primitive<Key>` / `setPrimitive<Key>:` for every modeled property (Core Data Programming Guide, "Managed Object
    /// Accessor Methods", primitive accessors; NSManagedObject `primitiveValue(forKey:)`), and custom accessors
    /// declare them `@NSManaged` to reach the stored value without change notifications.
    public static func primitiveAccessorKey(_ key: String, among properties: [String]) -> String? {
        let prefix = "primitive"
        guard key.hasPrefix(prefix), key.count > prefix.count else { return nil }
        return properties.first { prefix + SwiftNames.capitalizedFirst($0) == key }
    }

    /// `Double` over a Date attribute is `TimeInterval` spelled otherwise (Foundation's typealias); other names as given.
    public static func canonicalScalarName(_ name: String, for type: AttributeType) -> String {
        type == .date && name == "Double" ? "TimeInterval" : name
    }

    /// What reading nil into a non-optional declaration of `typeName` does: the Foundation overlays force-unwrap
    /// when bridging nil into `Date`, `UUID`, `URL`; `String`, `Data` and Swift collections become empty; a class
    /// reference is not checked at all; a scalar has no nil to read or store.
    public static func nilReadBehaviour(of typeName: String, isScalar: Bool) -> String {
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
    public static func toManySelectors(key: String, isOrdered: Bool) -> [String] {
        ToManySelectors(key: key).all(isOrdered: isOrdered)
    }
}

/// The Objective-C selectors of a to-many relationship's mutators, spelled once: the generated classes declare them
/// (`RelationshipAccessors`) and `audit` accepts exactly them (``CoreDataBridging/toManySelectors(key:isOrdered:)``).
public struct ToManySelectors: Hashable, Sendable {
    /// `Tags` for `tags`.
    public let stem: String

    public init(key: String) { stem = SwiftNames.capitalizedFirst(key) }

    public var addObject: String { "add\(stem)Object:" }
    public var removeObject: String { "remove\(stem)Object:" }
    public var add: String { "add\(stem):" }
    public var remove: String { "remove\(stem):" }
    // Ordered only:
    public var insertObjectAtIndex: String { "insertObject:in\(stem)AtIndex:" }
    public var removeObjectAtIndex: String { "removeObjectFrom\(stem)AtIndex:" }
    public var insertAtIndexes: String { "insert\(stem):atIndexes:" }
    public var removeAtIndexes: String { "remove\(stem)AtIndexes:" }
    public var replaceObjectAtIndex: String { "replaceObjectIn\(stem)AtIndex:withObject:" }
    public var replaceAtIndexes: String { "replace\(stem)AtIndexes:with\(stem):" }

    public func all(isOrdered: Bool) -> [String] {
        let unordered = [addObject, removeObject, add, remove]
        guard isOrdered else { return unordered }
        return unordered + [
            insertObjectAtIndex, removeObjectAtIndex, insertAtIndexes, removeAtIndexes, replaceObjectAtIndex, replaceAtIndexes,
        ]
    }
}

extension Entity {
    /// The entity's class name when it has a class of its own; nil for none (older models write `NSManagedObject`).
    public var customClassName: String? {
        className == "NSManagedObject" ? nil : className
    }
}
