import Foundation
import ManagedModel

/// Model values as text for people: the bounds in generated comments. Their Swift spellings are
/// CoreDataMapping's `ModelValue.swiftSource(as:in:)`.
enum ValueDescription {
    /// Human-readable text of a bound, for comments.
    static func describe(_ value: ModelValue) -> String {
        switch value {
        case .integer(let n): return String(n)
        case .double(let d): return "\(d)"
        case .decimal(let text), .string(let text), .uuid(let text), .url(let text): return text
        case .bool(let b): return b ? "true" : "false"
        case .date(let seconds):
            return internetDateTime(seconds)
        case .data(let bytes): return "\(bytes.count) bytes"
        case .swiftExpression(let source): return source
        }
    }

    /// `2001-01-01T00:00:00Z`: what `ISO8601DateFormatter` (UTC, default options) writes for the date.
    /// Whole seconds in the years 1583–9999 are written by hand (a formatter per bound: Benchmarks/README.md);
    /// the formatter's calendar is Gregorian there too. Others go to the formatter.
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
            return String(repeating: "0", count: width - text.count) + text
        }
        // The years are 1583–9999, so every field has a fixed width.
        let time = "\(digits(secondOfDay / 3600, 2)):\(digits(secondOfDay / 60 % 60, 2)):\(digits(secondOfDay % 60, 2))"
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))T\(time)Z"
    }
}
