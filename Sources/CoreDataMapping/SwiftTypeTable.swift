import ManagedModel

/// How an attribute appears in Swift. Decided only by `TypeAssigner` (over `SwiftTypeTable`).
package struct SwiftPropertyType: Hashable, Sendable {
    package enum Storage: String, Hashable, Sendable, Codable {
        /// An Objective-C object (`String`, `Date`, `NSNumber`, …): `@NSManaged var x: T` or `T?`.
        case object
        /// A C scalar (`Int16`, `Double`, `Bool`, `TimeInterval`): `@NSManaged var x: T` when required;
        /// when optional, a computed `T?` over primitive accessors boxing in `NSNumber`,
        /// because `@NSManaged` cannot declare `Int16?`.
        case scalar
        /// A Swift type the model cannot name (a userInfo enum or Codable type, a composite's struct): a computed
        /// property converting the stored value.
        case typed
    }

    /// The type without optionality, e.g. `Int16`, `String`, `NSNumber`, `[String]`.
    package var name: String
    package var isOptional: Bool
    package var storage: Storage
    /// For scalars, the `NSNumber` property that unboxes the value (`int16Value`, `boolValue`, …).
    package var numberAccessor: String?
    /// The type as the key of a model value's Swift spelling (`ModelValue.swiftSource(as:in:)`); nil for types the
    /// model cannot state a value of. Set only by the table (`ValueSwiftType.swift`).
    package var valueType: ValueSwiftType?

    package init(name: String, isOptional: Bool, storage: Storage, numberAccessor: String? = nil, valueType: ValueSwiftType? = nil) {
        self.name = name
        self.isOptional = isOptional
        self.storage = storage
        self.numberAccessor = numberAccessor
        self.valueType = valueType
    }

    /// The type as written in a declaration: `String`, `Int16?`.
    package var declaration: String { isOptional ? "\(name)?" : name }

    /// Whether the property can be `@NSManaged`, so that Objective-C sees it and a Swift key path to it has a KVC
    /// string: objects and required scalars. Optional scalars and typed values are Swift-only computed properties,
    /// on which Foundation's key-path APIs (`NSSortDescriptor(keyPath:)`, `NSExpression(forKeyPath:)`, KVO's
    /// `observe(_:)`) trap: "Could not extract a String from KeyPath" (docs/core-data-runtime.md, "Key paths").
    package var isObjectiveCVisible: Bool { storage == .object || (storage == .scalar && !isOptional) }
}

/// The one table mapping Core Data attribute types to Swift types.
///
/// | attributeType | scalar (`usesScalarValueType` YES or absent) | object (`usesScalarValueType="NO"`) |
/// |---|---|---|
/// | Integer 16/32/64 | `Int16` / `Int32` / `Int64` | `NSNumber` |
/// | Double, Float | `Double`, `Float` | `NSNumber` |
/// | Boolean | `Bool` | `NSNumber` |
/// | Date | `TimeInterval` (only when `usesScalarValueType="YES"`) | `Date` |
/// | Decimal | — | `NSDecimalNumber` |
/// | String, Binary, UUID, URI | — | `String`, `Data`, `UUID`, `URL` |
/// | Transformable | — | `customClassName`, else `NSObject` |
/// | ObjectID | — | `NSManagedObjectID` |
/// | Undefined (transients only; Xcode writes no `attributeType`) | — | `NSObject` (whatever object the app sets) |
/// | Composite | — | `[String: Any]` |
///
/// An absent `usesScalarValueType` predates Xcode 8's checkbox; numbers and booleans then become
/// typed scalars (the point of this tool), dates stay `Date`. Unsigned types are never used:
/// Core Data stores signed integers.
package enum SwiftTypeTable {
    /// The table's type for `attribute`: what Core Data stores, before userInfo types and composite structs.
    package static func storedType(of attribute: Attribute) -> SwiftPropertyType {
        let isOptional = attribute.mayReadNil
        let usesScalarValueType = attribute.usesScalarValueType
        func scalar(_ type: ValueSwiftType, _ accessor: String) -> SwiftPropertyType {
            if usesScalarValueType == false {
                return SwiftPropertyType(.number, isOptional: isOptional, storage: .object)
            }
            return SwiftPropertyType(type, isOptional: isOptional, storage: .scalar, numberAccessor: accessor)
        }
        func object(_ type: ValueSwiftType) -> SwiftPropertyType {
            SwiftPropertyType(type, isOptional: isOptional, storage: .object)
        }
        func object(_ name: String) -> SwiftPropertyType {
            SwiftPropertyType(name: name, isOptional: isOptional, storage: .object)
        }
        switch attribute.type {
        case .integer16: return scalar(.int16, "int16Value")
        case .integer32: return scalar(.int32, "int32Value")
        case .integer64: return scalar(.int64, "int64Value")
        case .double: return scalar(.double, "doubleValue")
        case .float: return scalar(.float, "floatValue")
        case .boolean: return scalar(.bool, "boolValue")
        case .date:
            if usesScalarValueType == true {
                return SwiftPropertyType(.timeInterval, isOptional: isOptional, storage: .scalar, numberAccessor: "doubleValue")
            }
            return object(.date)
        case .decimal: return object(.decimalNumber)
        case .string: return object(.string)
        case .binary: return object(.data)
        case .uuid: return object(.uuid)
        case .uri: return object(.url)
        case .transformable:
            return object(transformableClassName(attribute.customClassName) ?? "NSObject")
        case .objectID: return object("NSManagedObjectID")
        case .undefined: return object("NSObject")
        case .composite: return object("[String: Any]")
        }
    }

    /// The table's type for `attribute` with "Use Scalar Type" off: `NSNumber` for the integer, floating-point and
    /// Boolean types, `Date` for Date, the same object type for the others. What Objective-C can declare where the
    /// scalar cannot be (`@NSManaged var flag: Bool?` does not compile).
    package static func objectType(of attribute: Attribute) -> SwiftPropertyType {
        var boxed = attribute
        boxed.usesScalarValueType = false
        return storedType(of: boxed)
    }

    /// The Swift type a Transformable's `customClassName` names, or nil when it names none.
    ///
    /// Xcode writes the current-module form with a leading dot (`.Settings`, `.[String]`); an empty
    /// name or a bare module prefix (`MyApp.`, `.`) names no class, so the attribute stays `NSObject`.
    package static func transformableClassName(_ customClassName: String?) -> String? {
        var name = Substring(customClassName?.trimmingWhitespace ?? "")
        if name.hasPrefix(".") { name = name.dropFirst() }
        if name.isEmpty || name.hasSuffix(".") { return nil }
        return String(name)
    }

    /// Whether a Transformable attribute of `customClassName`, archived by `valueTransformerName`, holds values its
    /// transformer cannot archive: the user has something to fix. Only with the default transformer
    /// (NSSecureUnarchiveFromData; none named, or that one), whose `allowedTopLevelClasses` are NSArray,
    /// NSDictionary, NSSet, NSString, NSNumber, NSDate, NSData, NSURL, NSUUID and NSNull (Apple, "allowedTopLevelClasses"):
    /// Swift collections of those bridge to them (`[Int64]`, `[String: Date]`, `Set<URL>`: common in real models, and
    /// what Xcode's codegen declares), a `[MyStruct]` does not. A transformer of the app's own is its business.
    package static func needsOwnTransformer(customClassName: String, valueTransformerName: String?) -> Bool {
        let transformer = valueTransformerName?.trimmingWhitespace ?? ""
        guard transformer.isEmpty || transformer == "NSSecureUnarchiveFromData"
            || transformer == "NSSecureUnarchiveFromDataTransformer" || transformer == "NSSecureUnarchiveFromDataTransformerName"
        else { return false }
        return isSwiftOnlyTypeName(customClassName) && !isArchivedByDefaultTransformer(Substring(customClassName.trimmingWhitespace))
    }

    /// Classes NSSecureUnarchiveFromData decodes, and the Swift types that bridge to them.
    static let defaultTransformerTypes: Set<Substring> = [
        "NSArray", "NSDictionary", "NSSet", "NSString", "NSNumber", "NSDate", "NSData", "NSURL", "NSUUID", "NSNull",
        "NSDecimalNumber", "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "Decimal", "Date", "Data", "URL", "UUID",
    ]

    /// `[T]`, `[K: V]`, `Set<T>`, `Array<T>`, `Dictionary<K, V>` of such types, nested, each optionally qualified
    /// (`Foundation.Date`).
    static func isArchivedByDefaultTransformer(_ spelled: Substring) -> Bool {
        var name = spelled.drop { $0 == " " }
        while name.last == " " { name = name.dropLast() }
        for module in ["Swift.", "Foundation."] where name.hasPrefix(module) { name = name.dropFirst(module.count) }
        if name.hasPrefix("["), name.hasSuffix("]") {
            let inner = name.dropFirst().dropLast()
            guard let colon = topLevelIndex(of: ":", in: inner) else { return isArchivedByDefaultTransformer(inner) }
            return isArchivedByDefaultTransformer(inner[..<colon]) && isArchivedByDefaultTransformer(inner[inner.index(after: colon)...])
        }
        for generic in ["Set<", "Array<", "Dictionary<"] where name.hasPrefix(generic) && name.hasSuffix(">") {
            let inner = name.dropFirst(generic.count).dropLast()
            guard let comma = topLevelIndex(of: ",", in: inner) else { return isArchivedByDefaultTransformer(inner) }
            return isArchivedByDefaultTransformer(inner[..<comma]) && isArchivedByDefaultTransformer(inner[inner.index(after: comma)...])
        }
        return defaultTransformerTypes.contains(name)
    }

    private static func topLevelIndex(of separator: Character, in text: Substring) -> Substring.Index? {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case separator where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// Swift-only spellings (`[String]`, `Set<Int>`, `MyStruct?`) in a Transformable's `customClassName`:
    /// these cannot be archived by Core Data's transformers unless they bridge to an NSObject subclass.
    package static func isSwiftOnlyTypeName(_ name: String) -> Bool {
        name.contains { $0 == "[" || $0 == "<" || $0 == "?" || $0 == "(" }
    }
}
