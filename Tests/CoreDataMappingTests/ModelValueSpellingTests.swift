import CoreDataMapping
import Foundation
import ManagedModel
import Testing

/// The one Swift spelling of model values (`ModelValue.swiftSource(as:in:)`), keyed by the mapping's `ValueSwiftType`.
@Suite struct ModelValueSpellingTests {
    static let here = SourceLocation(path: "Model.xcdatamodel/contents", line: 1)

    @Test func stringLiteralsOfPlainText() {
        for text in ["", "Untitled", "a b", String(repeating: "x", count: 40)] {
            #expect(ModelValueSpelling.stringLiteral(text) == "\"" + text + "\"")
        }
    }

    /// Every value type's name is the name the table gives its attributes, and each table type that can hold a model
    /// value has its key: nothing chooses a spelling by comparing names.
    @Test func theTableKeysEveryValueType() {
        var keyed: Set<ValueSwiftType> = []
        for type in AttributeType.allCases {
            for scalar in [nil, true, false] as [Bool?] {
                let attribute = Attribute(name: "value", location: Self.here, type: type, isOptional: false, usesScalarValueType: scalar)
                let stored = SwiftTypeTable.storedType(of: attribute)
                if let valueType = stored.valueType {
                    #expect(valueType.name == stored.name)
                    keyed.insert(valueType)
                } else {
                    #expect(ValueSwiftType(rawValue: stored.name) == nil, "\(type) \(String(describing: scalar)) is \(stored.name), unkeyed")
                }
            }
        }
        #expect(keyed == Set(ValueSwiftType.allCases))
    }

    /// What key-value coding stores: numbers as their own scalar type and dates as `Date`, whatever the model's
    /// `usesScalarValueType`; nothing for types the model cannot state a value of.
    @Test func keyValueCodingTypes() {
        func type(_ attributeType: AttributeType, _ scalar: Bool?) -> ValueSwiftType? {
            ValueSwiftType.keyValueCodingType(
                of: Attribute(name: "value", location: Self.here, type: attributeType, isOptional: true, usesScalarValueType: scalar))
        }
        for scalar in [nil, true, false] as [Bool?] {
            #expect(type(.integer16, scalar) == .int16)
            #expect(type(.boolean, scalar) == .bool)
            #expect(type(.date, scalar) == .date)
            #expect(type(.decimal, scalar) == .decimalNumber)
            #expect(type(.transformable, scalar) == nil)
            #expect(type(.composite, scalar) == nil)
        }
    }

    /// The default-argument spellings as they were first written, a table keyed by type name and value kind.
    static func referenceDefaultArgument(_ value: ModelValue, for typeName: String) -> String? {
        let string = ModelValueSpelling.stringLiteral
        let double = ModelValueSpelling.literal
        switch (typeName, value) {
        case ("Int16", .integer(let n)): return Int16(exactly: n).map { "\($0)" }
        case ("Int32", .integer(let n)): return Int32(exactly: n).map { "\($0)" }
        case ("Int64", .integer(let n)): return "\(n)"
        case ("Double", .double(let d)), ("Float", .double(let d)), ("TimeInterval", .double(let d)),
            ("TimeInterval", .date(let d)):
            return double(d)
        case ("Double", .integer(let n)), ("Float", .integer(let n)), ("TimeInterval", .integer(let n)):
            return "\(n)"
        case ("Bool", .bool(let b)): return b ? "true" : "false"
        case ("Bool", .integer(let n)): return n != 0 ? "true" : "false"
        case ("NSNumber", .integer(let n)): return "NSNumber(value: \(n) as Int64)"
        case ("NSNumber", .double(let d)): return "NSNumber(value: \(double(d)) as Double)"
        case ("NSNumber", .bool(let b)): return "NSNumber(value: \(b))"
        case ("NSDecimalNumber", .decimal(let text)): return "NSDecimalNumber(string: \(string(text)))"
        case ("NSDecimalNumber", .integer(let n)): return "NSDecimalNumber(string: \(string("\(n)")))"
        case ("NSDecimalNumber", .double(let d)) where d.isFinite:
            return "NSDecimalNumber(string: \(string("\(d)")))"
        case ("String", .string(let text)): return string(text)
        case ("Date", .date(let seconds)): return "Date(timeIntervalSinceReferenceDate: \(double(seconds)))"
        case ("UUID", .uuid(let text)), ("UUID", .string(let text)):
            return UUID(uuidString: text) == nil ? nil : "UUID(uuidString: \(string(text)))!"
        case ("URL", .url(let text)), ("URL", .string(let text)):
            return URL(string: text) == nil ? nil : "URL(string: \(string(text)))!"
        default: return nil
        }
    }

    @Test func defaultArgumentsMatchTheTypeAndValueTable() {
        let uuid = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
        let values: [ModelValue] = [
            .integer(0), .integer(7), .integer(-40_000), .integer(5_000_000_000), .double(0.5), .double(-2), .double(.infinity),
            .double(.nan), .decimal("9.99"), .bool(true), .bool(false), .string("Untitled"), .string("a \"quoted\" \\ text"),
            .string(uuid), .string("https://example.com/a b"), .string("https://example.com"), .date(0), .date(-1.5),
            .uuid(uuid), .uuid("not a uuid"), .url("https://example.com/items"),
        ]
        for type in ValueSwiftType.allCases.map(Optional.some) + [nil] {
            for value in values {
                #expect(
                    value.swiftSource(as: type, in: .defaultArgument) == Self.referenceDefaultArgument(value, for: type?.name ?? "NSObject"),
                    "\(String(describing: type)) \(value)")
            }
        }
    }

    /// Typed expressions state their type; an untyped position (nil) takes Swift's default literal type.
    @Test func typedExpressionsStateTheirType() {
        let cases: [(ModelValue, ValueSwiftType?, String)] = [
            (.integer(42), .int16, "Int16(42)"),
            (.integer(42), .double, "Double(42)"),
            (.integer(42), .number, "NSNumber(value: 42)"),
            (.integer(42), .decimalNumber, #"NSDecimalNumber(string: "42")"#),
            (.integer(42), nil, "42"),
            (.double(42.5), nil, "Double(42.5)"),
            (.double(1e20), .double, "Double(1e+20)"),
            (.double(0.15), .decimalNumber, #"NSDecimalNumber(string: "0.15")"#),
            (.date(0.5), .double, "Double(0.5)"),
            (.date(694_224_000), .date, "Date(timeIntervalSinceReferenceDate: 694224000)"),
            (.bool(true), .number, "NSNumber(value: true)"),
            (.data([0x0A]), .data, "Data([0x0A])"),
            (.swiftExpression(".red"), .int16, ".red"),
        ]
        for (value, type, expected) in cases {
            #expect(value.swiftSource(as: type, in: .typedExpression) == expected)
            #expect(value.swiftExpression(as: type) == expected)
        }
    }
}
