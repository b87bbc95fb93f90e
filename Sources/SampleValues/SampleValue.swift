import CoreDataMapping
import ManagedModel

/// Core Data's validation error codes (`CoreDataErrors.h`, `NSManagedObjectValidationError`), the
/// codes generated constraint tests expect in `NSError.code`.
public enum ValidationErrorCode: Int, Hashable, Sendable, CaseIterable {
    case multipleErrors = 1560
    case missingMandatoryProperty = 1570
    case relationshipLacksMinimumCount = 1580
    case relationshipExceedsMaximumCount = 1590
    case relationshipDeniedDelete = 1600
    case numberTooLarge = 1610
    case numberTooSmall = 1620
    case dateTooLate = 1630
    case dateTooSoon = 1640
    case invalidDate = 1650
    case stringTooLong = 1660
    case stringTooShort = 1670
    case stringPatternMatching = 1680

    /// The Core Data constant as written in Swift source (`NSValidationNumberTooSmallError`).
    public var constantName: String {
        switch self {
        case .multipleErrors: return "NSValidationMultipleErrorsError"
        case .missingMandatoryProperty: return "NSValidationMissingMandatoryPropertyError"
        case .relationshipLacksMinimumCount: return "NSValidationRelationshipLacksMinimumCountError"
        case .relationshipExceedsMaximumCount: return "NSValidationRelationshipExceedsMaximumCountError"
        case .relationshipDeniedDelete: return "NSValidationRelationshipDeniedDeleteError"
        case .numberTooLarge: return "NSValidationNumberTooLargeError"
        case .numberTooSmall: return "NSValidationNumberTooSmallError"
        case .dateTooLate: return "NSValidationDateTooLateError"
        case .dateTooSoon: return "NSValidationDateTooSoonError"
        case .invalidDate: return "NSValidationInvalidDateError"
        case .stringTooLong: return "NSValidationStringTooLongError"
        case .stringTooShort: return "NSValidationStringTooShortError"
        case .stringPatternMatching: return "NSValidationStringPatternMatchingError"
        }
    }
}

/// A deterministic value for one attribute, typed by what it is rather than by its Swift spelling;
/// `swiftLiteral(for:)` spells it for the attribute's Swift type.
public enum SampleValue: Hashable, Sendable {
    case integer(Int64)
    /// Double and Float attributes (Float samples are chosen to be exactly representable).
    case double(Double)
    /// Decimal text, e.g. `42.5`, so no binary rounding happens before `NSDecimalNumber(string:)`.
    case decimal(String)
    case bool(Bool)
    case string(String)
    /// Seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)
    case data([UInt8])
    case uuid(String)
    case url(String)
    /// Swift source taken verbatim from the model's userInfo, for types we cannot synthesize
    /// (Transformable, Undefined, …).
    case swiftExpression(String)

    /// Swift source producing this value as the given Swift type, e.g. `Int16(42)`,
    /// `NSNumber(value: 42)`, `"abc"`, `Date(timeIntervalSinceReferenceDate: 694224000)`.
    /// The expression also fits where the optional form (`T?`) is expected.
    public func swiftLiteral(for swiftType: SwiftPropertyType) -> String {
        swiftLiteral(forTypeNamed: swiftType.name)
    }

    /// As `swiftLiteral(for:)`, from the bare type name (`Int16`, `NSNumber`, `String`, …).
    public func swiftLiteral(forTypeNamed typeName: String) -> String {
        switch (self, typeName) {
        case (.swiftExpression(let source), _):
            return source
        case (.integer(let value), "NSNumber"):
            return "NSNumber(value: \(value))"
        case (.double(let value), "NSNumber"):
            return "NSNumber(value: \(Self.decimalText(value)))"
        case (.bool(let value), "NSNumber"):
            return "NSNumber(value: \(value))"
        case (.integer(let value), "NSDecimalNumber"):
            return "NSDecimalNumber(string: \(Self.stringLiteral(String(value))))"
        case (.double(let value), "NSDecimalNumber"):
            return "NSDecimalNumber(string: \(Self.stringLiteral(Self.decimalText(value))))"
        case (.integer(let value), "Double"), (.integer(let value), "Float"), (.integer(let value), "TimeInterval"):
            return "\(typeName)(\(value))"
        case (.integer(let value), _):
            return typeName.isEmpty ? "\(value)" : "\(typeName)(\(value))"
        case (.double(let value), "Float"):
            // Float's own shortest spelling: the literal converts to exactly the sampled Float.
            let float = Float(value)
            return "Float(\(float == float.rounded() && abs(float) < 1e7 ? String(Int64(float)) : "\(float)"))"
        case (.double(let value), _), (.date(let value), "TimeInterval"), (.date(let value), "Double"):
            return "\(typeName.isEmpty ? "Double" : typeName)(\(Self.decimalText(value)))"
        case (.decimal(let text), _):
            return "NSDecimalNumber(string: \(Self.stringLiteral(text)))"
        case (.bool(let value), _):
            return "\(value)"
        case (.string(let text), _):
            return Self.stringExpression(text)
        case (.date(let seconds), _):
            return "Date(timeIntervalSinceReferenceDate: \(Self.decimalText(seconds)))"
        case (.data(let bytes), _):
            if bytes.isEmpty { return "Data()" }
            let hex = bytes.map { "0x" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) }
            return "Data([\(hex.joined(separator: ", "))])"
        case (.uuid(let text), _):
            return "UUID(uuidString: \(Self.stringLiteral(text)))!"
        case (.url(let text), _):
            return "URL(string: \(Self.stringLiteral(text)))!"
        }
    }

    /// A Swift string literal (the one spelling generated code uses, `SwiftSourceText`).
    public static func stringLiteral(_ text: String) -> String {
        SwiftSourceText.stringLiteral(text)
    }

    /// Runs of one ASCII character at least this long are spelled with `text(_:repeating:count:)`.
    static let repetitionThreshold = 32

    /// `text` as Swift source: a string literal, except that a long run of one ASCII character at its end is
    /// spelled `text("notes 1", repeating: "x", count: 9993)`, so that samples at a maximum length of thousands of
    /// characters stay readable (and a model's generated tests stay small). `text(_:repeating:count:)` is the
    /// generated test file's own (`model-tests` template): `"notes 1" + String(repeating:count:)` made the type
    /// checker try every `+` and every `String` initializer, about six times the cost of the call.
    static func stringExpression(_ text: String) -> String {
        let utf8 = Array(text.utf8)
        guard let last = utf8.last, last >= 0x20, last < 0x7F else { return stringLiteral(text) }
        var runStart = utf8.count
        while runStart > 0, utf8[runStart - 1] == last { runStart -= 1 }
        let run = utf8.count - runStart
        guard run >= repetitionThreshold else { return stringLiteral(text) }
        let prefix = stringLiteral(String(decoding: utf8[..<runStart], as: UTF8.self))
        return "text(\(prefix), repeating: \(stringLiteral(String(UnicodeScalar(last)))), count: \(run))"
    }

    /// Shortest text that reads back as the same Double, without a trailing `.0` for whole numbers
    /// (`694224000`, `42.5`, `1e+20`).
    static func decimalText(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
