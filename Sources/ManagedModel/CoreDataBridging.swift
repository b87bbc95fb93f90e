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

    /// `Double` over a Date attribute is `TimeInterval` spelled otherwise (Foundation's typealias); other names as given.
    public static func canonicalScalarName(_ name: String, for type: AttributeType) -> String {
        type == .date && name == "Double" ? "TimeInterval" : name
    }

    /// What reading nil into a non-optional declaration of `typeName` does: the Foundation overlays force-unwrap
    /// when bridging nil into `Date`, `UUID`, `URL`; `String`, `Data` and Swift collections become empty; a class
    /// reference is not checked at all; a scalar has no nil to read or store.
    public static func nilReadBehaviour(of typeName: String, isScalar: Bool) -> String {
        if isScalar { return "cannot hold nil" }
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
        let stem = SwiftNames.capitalizedFirst(key)
        let unordered = ["add\(stem)Object:", "remove\(stem)Object:", "add\(stem):", "remove\(stem):"]
        guard isOrdered else { return unordered }
        return unordered + [
            "insertObject:in\(stem)AtIndex:", "removeObjectFrom\(stem)AtIndex:", "insert\(stem):atIndexes:",
            "remove\(stem)AtIndexes:", "replaceObjectIn\(stem)AtIndex:withObject:", "replace\(stem)AtIndexes:with\(stem):",
        ]
    }
}

extension Entity {
    /// The entity's class name when it has a class of its own; nil for none (older models write `NSManagedObject`).
    public var customClassName: String? {
        className == "NSManagedObject" ? nil : className
    }
}
