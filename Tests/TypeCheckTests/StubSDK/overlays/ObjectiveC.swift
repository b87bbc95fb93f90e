// Swift overlay of the stub ObjectiveC module (ManagedCodegen type-check harness).
// Declares the Swift-side types the compiler maps Objective-C runtime types to (BOOL -> ObjCBool -> Bool,
// SEL -> Selector, NSZone) and NSObject's Equatable/Hashable/CVarArg conformances. Bodies never run.
@_exported import ObjectiveC

/// `BOOL` in imported signatures; the importer shows it as `Bool` through the two conversion functions below.
@frozen public struct ObjCBool: ExpressibleByBooleanLiteral {
    private var value: Bool
    public init(_ value: Bool) { self.value = value }
    public init(booleanLiteral value: Bool) { self.value = value }
    public var boolValue: Bool { value }
}

public func _convertBoolToObjCBool(_ x: Bool) -> ObjCBool { ObjCBool(x) }
public func _convertObjCBoolToBool(_ x: ObjCBool) -> Bool { x.boolValue }

/// `SEL`.
@frozen public struct Selector: ExpressibleByStringLiteral, Equatable, Hashable {
    var ptr: OpaquePointer
    public init(_ str: String) { fatalError("stub SDK: type checking only") }
    public init(stringLiteral value: String) { fatalError("stub SDK: type checking only") }
}

@frozen public struct NSZone {
    var pointer: OpaquePointer
}

extension NSObject: Equatable, Hashable {
    public static func == (lhs: NSObject, rhs: NSObject) -> Bool { lhs.isEqual(rhs) }
    @objc open var hashValue: Int { hash }
    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

extension NSObject: CVarArg {
    public var _cVarArgEncoding: [Int] { fatalError("stub SDK: type checking only") }
}
