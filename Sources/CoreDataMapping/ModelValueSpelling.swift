import Foundation
import ManagedModel

/// Where a model value's Swift spelling goes, which decides how much of its type it must state.
package enum SwiftValuePosition: Hashable, Sendable {
    /// A parameter's default argument (the initializer's, a composite struct's field): the parameter's type types
    /// the literal (`42`, `0.5`), so the model's value is written as it is; nil when the type cannot hold it (the
    /// model's default then stays Core Data's business).
    case defaultArgument
    /// An expression that states its type (`Int16(42)`, `Date(timeIntervalSinceReferenceDate: 694224000)`): the
    /// generated tests' samples, which are assigned, stored with `setValue(_:forKey:)` and compared. Never nil.
    case typedExpression
}

extension ModelValue {
    /// The one Swift spelling of model values: this value as Swift source of `type` (nil: a type the model cannot
    /// state a value of), for `position`. The expression also fits where the optional form (`T?`) is expected.
    ///
    /// Keyed by the Swift type the mapping assigned (`SwiftPropertyType.valueType`), never by a type's name.
    package func swiftSource(as type: ValueSwiftType?, in position: SwiftValuePosition) -> String? {
        switch position {
        case .defaultArgument: defaultArgument(as: type)
        case .typedExpression: typedExpression(as: type)
        }
    }

    /// `swiftSource(as:in: .typedExpression)`, which always has a spelling.
    package func swiftExpression(as type: ValueSwiftType?) -> String {
        typedExpression(as: type)
    }

    private func defaultArgument(as type: ValueSwiftType?) -> String? {
        typealias Text = ModelValueSpelling
        // By value first: each value kind fits a few types.
        switch (self, type) {
        case (.integer(let n), .int16?): return Int16(exactly: n).map { String($0) }
        case (.integer(let n), .int32?): return Int32(exactly: n).map { String($0) }
        case (.integer(let n), .int64?), (.integer(let n), .double?), (.integer(let n), .float?), (.integer(let n), .timeInterval?):
            return String(n)
        case (.integer(let n), .bool?): return n != 0 ? "true" : "false"
        case (.integer(let n), .number?): return String(concatenating: "NSNumber(value: ", String(n), " as Int64)")
        case (.integer(let n), .decimalNumber?): return String(concatenating: "NSDecimalNumber(string: ", Text.stringLiteral(String(n)), ")")
        case (.double(let d), .double?), (.double(let d), .float?), (.double(let d), .timeInterval?): return Text.literal(d)
        case (.double(let d), .number?): return String(concatenating: "NSNumber(value: ", Text.literal(d), " as Double)")
        case (.double(let d), .decimalNumber?) where d.isFinite:
            return String(concatenating: "NSDecimalNumber(string: ", Text.stringLiteral("\(d)"), ")")
        case (.date(let seconds), .timeInterval?): return Text.literal(seconds)
        case (.date(let seconds), .date?): return String(concatenating: "Date(timeIntervalSinceReferenceDate: ", Text.literal(seconds), ")")
        case (.bool(let b), .bool?): return b ? "true" : "false"
        case (.bool(let b), .number?): return "NSNumber(value: \(b))"
        case (.decimal(let text), .decimalNumber?): return String(concatenating: "NSDecimalNumber(string: ", Text.stringLiteral(text), ")")
        case (.string(let text), .string?): return Text.stringLiteral(text)
        case (.string(let text), .uuid?), (.uuid(let text), .uuid?):
            return UUID(uuidString: text) == nil ? nil : String(concatenating: "UUID(uuidString: ", Text.stringLiteral(text), ")!")
        case (.string(let text), .url?), (.url(let text), .url?):
            return URL(string: text) == nil ? nil : String(concatenating: "URL(string: ", Text.stringLiteral(text), ")!")
        case (.data(let bytes), .data?): return Text.data(bytes)
        case (.swiftExpression(let source), _): return source
        default: return nil
        }
    }

    private func typedExpression(as type: ValueSwiftType?) -> String {
        typealias Text = ModelValueSpelling
        switch (self, type) {
        case (.swiftExpression(let source), _):
            return source
        case (.integer(let value), .number?):
            return "NSNumber(value: \(value))"
        case (.double(let value), .number?):
            return "NSNumber(value: \(Text.shortest(value)))"
        case (.bool(let value), .number?):
            return "NSNumber(value: \(value))"
        case (.integer(let value), .decimalNumber?):
            return "NSDecimalNumber(string: \(Text.stringLiteral(String(value))))"
        case (.double(let value), .decimalNumber?):
            return "NSDecimalNumber(string: \(Text.stringLiteral(Text.shortest(value))))"
        case (.integer(let value), let type?):
            return "\(type.name)(\(value))"
        case (.integer(let value), nil):
            return "\(value)"
        case (.double(let value), .float?):
            // Float's own shortest spelling: the literal converts to exactly the sampled Float.
            let float = Float(value)
            return "Float(\(float == float.rounded() && abs(float) < 1e7 ? String(Int64(float)) : "\(float)"))"
        case (.double(let value), _), (.date(let value), .timeInterval?), (.date(let value), .double?):
            return "\(type?.name ?? "Double")(\(Text.shortest(value)))"
        case (.decimal(let text), _):
            return "NSDecimalNumber(string: \(Text.stringLiteral(text)))"
        case (.bool(let value), _):
            return "\(value)"
        case (.string(let text), _):
            return Text.stringExpression(text)
        case (.date(let seconds), _):
            return "Date(timeIntervalSinceReferenceDate: \(Text.shortest(seconds)))"
        case (.data(let bytes), _):
            return Text.data(bytes)
        case (.uuid(let text), _):
            return "UUID(uuidString: \(Text.stringLiteral(text)))!"
        case (.url(let text), _):
            return "URL(string: \(Text.stringLiteral(text)))!"
        }
    }
}

/// The pieces of model values' Swift spellings.
package enum ModelValueSpelling {
    /// A Swift string literal (the one spelling generated code uses, `SwiftSourceText`).
    package static func stringLiteral(_ text: String) -> String {
        SwiftSourceText.stringLiteral(text)
    }

    /// Swift's own text of a Double, `.nan` and `.infinity` as Swift spells them (`42.0`, `-.infinity`).
    package static func literal(_ value: Double) -> String {
        if value.isNaN { return ".nan" }
        if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
        return "\(value)"
    }

    /// Shortest text that reads back as the same Double, without a trailing `.0` for whole numbers
    /// (`694224000`, `42.5`, `1e+20`).
    package static func shortest(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `Data([0x01, 0xAB])`, `Data()`.
    static func data(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "Data()" }
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return "0x" + (digits.count < 2 ? "0" + digits : digits)
        }
        return "Data([\(hex.joined(separator: ", "))])"
    }

    /// Runs of one ASCII character at least this long are spelled with `text(_:repeating:count:)`.
    package static let repetitionThreshold = 32

    /// `text` as Swift source: a string literal, except that a long run of one ASCII character at its end is
    /// spelled `text("notes 1", repeating: "x", count: 9993)`, so that samples at a maximum length of thousands of
    /// characters stay readable (and a model's generated tests stay small). `text(_:repeating:count:)` is the
    /// generated test file's own (`model-tests` template): `"notes 1" + String(repeating:count:)` made the type
    /// checker try every `+` and every `String` initializer, about six times the cost of the call.
    package static func stringExpression(_ text: String) -> String {
        let utf8 = Array(text.utf8)
        guard let last = utf8.last, last >= 0x20, last < 0x7F else { return stringLiteral(text) }
        var runStart = utf8.count
        while runStart > 0, utf8[runStart - 1] == last { runStart -= 1 }
        let run = utf8.count - runStart
        guard run >= repetitionThreshold else { return stringLiteral(text) }
        let prefix = stringLiteral(String(decoding: utf8[..<runStart], as: UTF8.self))
        return "text(\(prefix), repeating: \(stringLiteral(String(UnicodeScalar(last)))), count: \(run))"
    }
}

extension String {
    /// The parts one after another (as GenerationPlanning's, which this target cannot see).
    fileprivate init(concatenating parts: String...) {
        self = parts.joined()
    }
}
