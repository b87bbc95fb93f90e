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
            return internetDateTime(seconds)
        }
    }

    /// `2001-01-01T00:00:00Z`: what `ISO8601DateFormatter` (UTC, default options) writes for the date.
    /// Whole seconds in the years 1583–9999 are written by hand (a new formatter per bound was most of the
    /// planner's time); the formatter's calendar is Gregorian there too. Others go to the formatter.
    static func internetDateTime(_ secondsSinceReferenceDate: Double) -> String {
        if let text = gregorianDateTime(secondsSinceReferenceDate) { return text }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSinceReferenceDate: secondsSinceReferenceDate))
    }

    private static func gregorianDateTime(_ secondsSinceReferenceDate: Double) -> String? {
        // 1583-01-01 and 10000-01-01, as seconds since 2001-01-01.
        guard secondsSinceReferenceDate == secondsSinceReferenceDate.rounded(),
            secondsSinceReferenceDate >= -13_190_860_800, secondsSinceReferenceDate < 252_423_993_600
        else { return nil }
        let seconds = Int64(secondsSinceReferenceDate)
        let secondsPerDay: Int64 = 86_400
        var days = seconds / secondsPerDay
        var secondOfDay = seconds % secondsPerDay
        if secondOfDay < 0 {
            secondOfDay += secondsPerDay
            days -= 1
        }
        // Days since 0000-03-01 (proleptic Gregorian; 2001-01-01 is day 730,791), in eras of 400 years
        // (Howard Hinnant's civil_from_days).
        let shifted = days + 11_323 + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func digits(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))T\(digits(secondOfDay / 3600, 2)):"
            + "\(digits(secondOfDay / 60 % 60, 2)):\(digits(secondOfDay % 60, 2))Z"
    }
}
