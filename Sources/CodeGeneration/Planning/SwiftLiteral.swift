import Foundation
import ManagedModel

/// Swift source spellings of model values, for default arguments.
enum SwiftLiteral {
    static func string(_ text: String) -> String {
        SwiftSourceText.stringLiteral(text)
    }

    static func double(_ value: Double) -> String {
        if value.isNaN { return ".nan" }
        if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
        return "\(value)"
    }

    /// The default argument for `value` in a parameter of `type`; nil when Swift cannot spell it
    /// (the model's default then stays Core Data's business).
    static func defaultValue(_ value: AttributeValue, for type: SwiftPropertyType) -> String? {
        switch (type.name, value) {
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

    /// Human-readable text of a bound, for comments.
    static func describe(_ value: AttributeValue) -> String {
        switch value {
        case .integer(let n): return "\(n)"
        case .double(let d): return "\(d)"
        case .decimal(let text), .string(let text), .uuid(let text), .url(let text): return text
        case .bool(let b): return b ? "true" : "false"
        case .date(let seconds):
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter.string(from: Date(timeIntervalSinceReferenceDate: seconds))
        }
    }
}
