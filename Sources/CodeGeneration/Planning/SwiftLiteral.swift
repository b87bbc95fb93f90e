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
        // By value first: each value kind fits a few type names, so a name is compared a few times, not 20.
        let name = type.name
        switch value {
        case .integer(let n):
            switch name {
            case "Int16": return Int16(exactly: n).map { String($0) }
            case "Int32": return Int32(exactly: n).map { String($0) }
            case "Int64", "Double", "Float", "TimeInterval": return String(n)
            case "Bool": return n != 0 ? "true" : "false"
            case "NSNumber": return String(concatenating: "NSNumber(value: ", String(n), " as Int64)")
            case "NSDecimalNumber": return String(concatenating: "NSDecimalNumber(string: ", string(String(n)), ")")
            default: return nil
            }
        case .double(let d):
            switch name {
            case "Double", "Float", "TimeInterval": return double(d)
            case "NSNumber": return String(concatenating: "NSNumber(value: ", double(d), " as Double)")
            case "NSDecimalNumber" where d.isFinite: return String(concatenating: "NSDecimalNumber(string: ", string("\(d)"), ")")
            default: return nil
            }
        case .date(let seconds):
            switch name {
            case "TimeInterval": return double(seconds)
            case "Date": return String(concatenating: "Date(timeIntervalSinceReferenceDate: ", double(seconds), ")")
            default: return nil
            }
        case .bool(let b):
            switch name {
            case "Bool": return b ? "true" : "false"
            case "NSNumber": return "NSNumber(value: \(b))"
            default: return nil
            }
        case .decimal(let text):
            return name == "NSDecimalNumber" ? String(concatenating: "NSDecimalNumber(string: ", string(text), ")") : nil
        case .string(let text):
            switch name {
            case "String": return string(text)
            case "UUID": return UUID(uuidString: text) == nil ? nil : String(concatenating: "UUID(uuidString: ", string(text), ")!")
            case "URL": return URL(string: text) == nil ? nil : String(concatenating: "URL(string: ", string(text), ")!")
            default: return nil
            }
        case .uuid(let text):
            return name == "UUID" && UUID(uuidString: text) != nil ? String(concatenating: "UUID(uuidString: ", string(text), ")!") : nil
        case .url(let text):
            return name == "URL" && URL(string: text) != nil ? String(concatenating: "URL(string: ", string(text), ")!") : nil
        }
    }

    /// Human-readable text of a bound, for comments.
    static func describe(_ value: AttributeValue) -> String {
        switch value {
        case .integer(let n): return String(n)
        case .double(let d): return "\(d)"
        case .decimal(let text), .string(let text), .uuid(let text), .url(let text): return text
        case .bool(let b): return b ? "true" : "false"
        case .date(let seconds):
            return internetDateTime(seconds)
        }
    }

    /// `2001-01-01T00:00:00Z`: what `ISO8601DateFormatter` (UTC, default options) writes for the date.
    static func internetDateTime(_ secondsSinceReferenceDate: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSinceReferenceDate: secondsSinceReferenceDate))
    }
}
