// Swift overlay of the stub Foundation module (ManagedCodegen type-check harness).
// Same mechanism as Apple's overlay: value types (Date, Data, UUID, URL, Decimal, IndexSet) bridged to their
// Objective-C classes through `_ObjectiveCBridgeable` (paired with `SwiftBridge:` in Foundation.apinotes),
// Error <-> NSError conversion, NSNumber literals, collection bridging. A subset; bodies never run.
@_exported import ObjectiveC
@_exported import Foundation

@usableFromInline func _stubOnly() -> Never { fatalError("stub SDK: type checking only") }

/// Gives each bridged type the four `_ObjectiveCBridgeable` witnesses; the conformance itself is what the
/// compiler checks.
public protocol _StubSDKBridgeable: _ObjectiveCBridgeable {}
extension _StubSDKBridgeable {
    public func _bridgeToObjectiveC() -> _ObjectiveCType { _stubOnly() }
    public static func _forceBridgeFromObjectiveC(_ source: _ObjectiveCType, result: inout Self?) { _stubOnly() }
    @discardableResult
    public static func _conditionallyBridgeFromObjectiveC(_ source: _ObjectiveCType, result: inout Self?) -> Bool { _stubOnly() }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: _ObjectiveCType?) -> Self { _stubOnly() }
}

// MARK: - Standard library types bridged to Foundation classes

extension String: _StubSDKBridgeable { public typealias _ObjectiveCType = NSString }
extension Array: _StubSDKBridgeable { public typealias _ObjectiveCType = NSArray }
extension Dictionary: _StubSDKBridgeable { public typealias _ObjectiveCType = NSDictionary }
extension Set: _StubSDKBridgeable { public typealias _ObjectiveCType = NSSet }
extension AnyHashable: _StubSDKBridgeable { public typealias _ObjectiveCType = NSObject }
extension Int: _StubSDKBridgeable { public typealias _ObjectiveCType = NSNumber }
extension Int16: _StubSDKBridgeable { public typealias _ObjectiveCType = NSNumber }
extension Int32: _StubSDKBridgeable { public typealias _ObjectiveCType = NSNumber }
extension Int64: _StubSDKBridgeable { public typealias _ObjectiveCType = NSNumber }
extension Double: _StubSDKBridgeable { public typealias _ObjectiveCType = NSNumber }
extension Float: _StubSDKBridgeable { public typealias _ObjectiveCType = NSNumber }
extension Bool: _StubSDKBridgeable { public typealias _ObjectiveCType = NSNumber }

extension StringProtocol {
    public func trimmingCharacters(in set: CharacterSet) -> String { _stubOnly() }
    public func components(separatedBy separator: String) -> [String] { _stubOnly() }
}

extension String {
    public init(format: String, _ arguments: CVarArg...) { _stubOnly() }
}

public struct CharacterSet: Hashable, Sendable {
    public static var whitespaces: CharacterSet { _stubOnly() }
    public static var whitespacesAndNewlines: CharacterSet { _stubOnly() }
    public static var decimalDigits: CharacterSet { _stubOnly() }
    public static var letters: CharacterSet { _stubOnly() }
    public static var alphanumerics: CharacterSet { _stubOnly() }
}

// MARK: - Value types

public typealias TimeInterval = Double

public struct Date: Hashable, Comparable, Sendable, CustomStringConvertible, _StubSDKBridgeable {
    public typealias _ObjectiveCType = NSDate
    public init() { _stubOnly() }
    public init(timeIntervalSinceReferenceDate ti: TimeInterval) { _stubOnly() }
    public init(timeIntervalSince1970 secondsToAdd: TimeInterval) { _stubOnly() }
    public init(timeIntervalSinceNow secondsToAdd: TimeInterval) { _stubOnly() }
    public init(timeInterval: TimeInterval, since date: Date) { _stubOnly() }
    public var timeIntervalSinceReferenceDate: TimeInterval { _stubOnly() }
    public var timeIntervalSince1970: TimeInterval { _stubOnly() }
    public func timeIntervalSince(_ date: Date) -> TimeInterval { _stubOnly() }
    public func addingTimeInterval(_ timeInterval: TimeInterval) -> Date { _stubOnly() }
    public static var distantFuture: Date { _stubOnly() }
    public static var distantPast: Date { _stubOnly() }
    @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
    public static var now: Date { _stubOnly() }
    public static func < (lhs: Date, rhs: Date) -> Bool { _stubOnly() }
    public static func + (lhs: Date, rhs: TimeInterval) -> Date { _stubOnly() }
    public static func - (lhs: Date, rhs: TimeInterval) -> Date { _stubOnly() }
    public var description: String { _stubOnly() }
}

public struct Data: Hashable, Sendable, RandomAccessCollection, MutableCollection, RangeReplaceableCollection, _StubSDKBridgeable {
    public typealias _ObjectiveCType = NSData
    public typealias Index = Int
    public typealias Element = UInt8
    public typealias Indices = Range<Int>
    public typealias SubSequence = Data
    public init() { _stubOnly() }
    public init(count: Int) { _stubOnly() }
    public init(repeating repeatedValue: UInt8, count: Int) { _stubOnly() }
    public init<S: Sequence>(_ elements: S) where S.Element == UInt8 { _stubOnly() }
    public var startIndex: Int { _stubOnly() }
    public var endIndex: Int { _stubOnly() }
    public subscript(position: Int) -> UInt8 {
        get { _stubOnly() }
        set { _stubOnly() }
    }
    public subscript(bounds: Range<Int>) -> Data {
        get { _stubOnly() }
        set { _stubOnly() }
    }
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == UInt8 { _stubOnly() }
}

public struct UUID: Hashable, Sendable, CustomStringConvertible, _StubSDKBridgeable {
    public typealias _ObjectiveCType = NSUUID
    public init() { _stubOnly() }
    public init?(uuidString string: String) { _stubOnly() }
    public var uuidString: String { _stubOnly() }
    public var description: String { _stubOnly() }
}

public struct URL: Hashable, Sendable, CustomStringConvertible, _StubSDKBridgeable {
    public typealias _ObjectiveCType = NSURL
    public init?(string: String) { _stubOnly() }
    public init(fileURLWithPath path: String) { _stubOnly() }
    public init(fileURLWithPath path: String, isDirectory: Bool) { _stubOnly() }
    public var path: String { _stubOnly() }
    public var absoluteString: String { _stubOnly() }
    public var lastPathComponent: String { _stubOnly() }
    public var pathExtension: String { _stubOnly() }
    // https://developer.apple.com/documentation/foundation/url/isfileurl: `var isFileURL: Bool { get }`
    public var isFileURL: Bool { _stubOnly() }
    public func appendingPathComponent(_ pathComponent: String) -> URL { _stubOnly() }
    public func deletingLastPathComponent() -> URL { _stubOnly() }
    public var description: String { _stubOnly() }
}

public struct Decimal: Hashable, Comparable, Sendable, SignedNumeric, ExpressibleByFloatLiteral, CustomStringConvertible, _StubSDKBridgeable {
    public typealias _ObjectiveCType = NSDecimalNumber
    public typealias Magnitude = Decimal
    public init() { _stubOnly() }
    public init(_ value: Int) { _stubOnly() }
    public init(_ value: Double) { _stubOnly() }
    public init?(string: String) { _stubOnly() }
    public init(integerLiteral value: Int) { _stubOnly() }
    public init(floatLiteral value: Double) { _stubOnly() }
    public init?<T: BinaryInteger>(exactly source: T) { _stubOnly() }
    public var magnitude: Decimal { _stubOnly() }
    public static var zero: Decimal { _stubOnly() }
    public static func < (lhs: Decimal, rhs: Decimal) -> Bool { _stubOnly() }
    public static func + (lhs: Decimal, rhs: Decimal) -> Decimal { _stubOnly() }
    public static func - (lhs: Decimal, rhs: Decimal) -> Decimal { _stubOnly() }
    public static func * (lhs: Decimal, rhs: Decimal) -> Decimal { _stubOnly() }
    public static func / (lhs: Decimal, rhs: Decimal) -> Decimal { _stubOnly() }
    public static func *= (lhs: inout Decimal, rhs: Decimal) { _stubOnly() }
    public var description: String { _stubOnly() }
}

public struct IndexSet: Hashable, Sendable, _StubSDKBridgeable {
    public typealias _ObjectiveCType = NSIndexSet
    public init() { _stubOnly() }
    public init(integer: Int) { _stubOnly() }
    public init<S: Sequence>(_ indexes: S) where S.Element == Int { _stubOnly() }
    public init<R: RangeExpression>(integersIn range: R) where R.Bound == Int { _stubOnly() }
    public var count: Int { _stubOnly() }
    public var isEmpty: Bool { _stubOnly() }
    @discardableResult
    public mutating func insert(_ integer: Int) -> (inserted: Bool, memberAfterInsert: Int) { _stubOnly() }
}

// Apple's IndexSet is a BidirectionalCollection of Int; the stub declares only the iteration generated code uses
// (its iterator type is not named by generated code).
extension IndexSet: Sequence {
    public struct Iterator: IteratorProtocol {
        public mutating func next() -> Int? { _stubOnly() }
    }
    public func makeIterator() -> Iterator { _stubOnly() }
}

extension NSDecimalNumber {
    public convenience init(decimal dcm: Decimal) { _stubOnly() }
    public var decimalValue: Decimal { _stubOnly() }
}

// MARK: - NSNumber literals (why `NSDecimalNumber(...) > 1.5` type-checks)

extension NSNumber: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public required convenience init(integerLiteral value: Int) { _stubOnly() }
    public required convenience init(floatLiteral value: Double) { _stubOnly() }
    public required convenience init(booleanLiteral value: Bool) { _stubOnly() }
}

// MARK: - Error <-> NSError

extension NSError: Error {}

extension Error {
    public var localizedDescription: String { _stubOnly() }
}

/// Called by SILGen when an imported `NSError **` method fails.
public func _convertNSErrorToError(_ error: NSError?) -> Error { _stubOnly() }
/// Called by SILGen when a Swift error leaves an `@objc` method.
public func _convertErrorToNSError(_ error: Error) -> NSError { _stubOnly() }

// MARK: - Collections and predicates

extension NSDictionary {
    public subscript(key: Any) -> Any? { _stubOnly() }
}

extension NSSet: Sequence {
    public func makeIterator() -> NSFastEnumerationIterator { _stubOnly() }
}
extension NSOrderedSet: Sequence {
    public func makeIterator() -> NSFastEnumerationIterator { _stubOnly() }
}
extension NSArray: Sequence {
    public func makeIterator() -> NSFastEnumerationIterator { _stubOnly() }
}

public struct NSFastEnumerationIterator: IteratorProtocol {
    public mutating func next() -> Any? { _stubOnly() }
}

extension NSPredicate {
    public convenience init(format predicateFormat: String, _ args: CVarArg...) { _stubOnly() }
}

// MARK: - Typed extras (issue 8): JSON for Codable values in Binary attributes
// Facts from Apple's docs: `JSONEncoder.encode(_:) throws -> Data` (T: Encodable),
// `JSONDecoder.decode(_:from:) throws -> T` (T: Decodable); both classes are `open` with `init()`.

open class JSONEncoder {
    public init() { _stubOnly() }
    open func encode<T: Encodable>(_ value: T) throws -> Data { _stubOnly() }
}

open class JSONDecoder {
    public init() { _stubOnly() }
    open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { _stubOnly() }
}

// MARK: - FileManager (the generated "every shipped version opens" tests keep each store in a temporary folder)

// https://developer.apple.com/documentation/foundation/filemanager (NSFileManager in Apple's SDK; the members below are
// declared as Apple's pages give them in Swift).
open class FileManager: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/foundation/filemanager/default: `class var `default`: FileManager { get }`
    open class var `default`: FileManager { _stubOnly() }
    // https://developer.apple.com/documentation/foundation/filemanager/temporarydirectory: `var temporaryDirectory: URL { get }`
    open var temporaryDirectory: URL { _stubOnly() }
    // https://developer.apple.com/documentation/foundation/filemanager/createdirectory(at:withintermediatedirectories:attributes:)
    open func createDirectory(at url: URL, withIntermediateDirectories createIntermediates: Bool, attributes: [FileAttributeKey: Any]? = nil) throws {
        _stubOnly()
    }
    // https://developer.apple.com/documentation/foundation/filemanager/removeitem(at:): `func removeItem(at URL: URL) throws`
    open func removeItem(at URL: URL) throws { _stubOnly() }
    // https://developer.apple.com/documentation/foundation/filemanager/fileexists(atpath:): `func fileExists(atPath path: String) -> Bool`
    open func fileExists(atPath path: String) -> Bool { _stubOnly() }
}

// https://developer.apple.com/documentation/foundation/fileattributekey
public struct FileAttributeKey: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}
