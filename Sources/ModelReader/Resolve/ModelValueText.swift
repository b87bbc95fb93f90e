import Foundation
import ManagedModel

/// Reading the text forms the `contents` XML uses for flags, numbers, defaults and bounds.
///
/// Decisions (the model file is written by Xcode, but old and hand-edited files exist):
/// - Flags: `YES`/`NO` as Xcode writes them; `true`/`false` too (seen in real files: `usedWithCloudKit="false"`).
///   Boolean *defaults* also accept `1`/`0` (seen in real files).
/// - Integers accept an integral decimal form (`0.0`), which old Xcode versions wrote for Integer defaults.
/// - Decimal text is validated but kept exactly as written.
/// - An empty `defaultValueString` means "no default" except for String attributes (where it is the empty string).
/// - Dates: `*DateTimeInterval` (seconds since 2001-01-01 UTC) wins; Xcode also writes a display copy in
///   `*ValueString`, which is read only when no interval is present (very old models), as UTC; a bare number
///   there is not read as a date (it is another type's default left behind by a type change).
/// - Text that cannot be read (`Invalid`) is never guessed: the reader warns and keeps no value
///   (`ModelDecoder.decodeValues`), naming `FoundationReading`'s documented reading where there is one.
enum ModelValueText {
    struct Invalid: Error {
        var reason: String
    }

    static func flag(_ text: String) -> Bool? {
        switch text {
        case "YES", "true": return true
        case "NO", "false": return false
        default: return nil
        }
    }

    static func trimmingWhitespace(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }

    static func integer(_ text: String) -> Int? {
        Int(trimmingWhitespace(text))
    }

    /// A default value (`defaultValueString`) typed for the attribute type. Nil: no default.
    static func defaultValue(_ text: String, type: AttributeType) throws(Invalid) -> ModelValue? {
        if text.isEmpty && type != .string { return nil }
        switch type {
        case .integer16, .integer32, .integer64: return .integer(try integer(text, type: type))
        case .double, .float: return .double(try floatingPoint(text, type: type))
        case .decimal: return .decimal(try decimal(text))
        case .boolean:
            switch trimmingWhitespace(text) {
            case "YES", "true", "1": return .bool(true)
            case "NO", "false", "0": return .bool(false)
            default: throw Invalid(reason: "expected YES or NO")
            }
        case .string: return .string(text)
        case .date: return .date(try legacyDate(text))
        case .uuid:
            guard let uuid = UUID(uuidString: trimmingWhitespace(text)) else {
                throw Invalid(reason: "not a UUID")
            }
            return .uuid(uuid.uuidString)
        case .uri:
            guard URL(string: text) != nil else { throw Invalid(reason: "not a URL") }
            return .url(text)
        case .binary, .transformable, .objectID, .undefined, .composite:
            // Core Data has no text form for these; keep what the file says so the dump shows it.
            return .string(text)
        }
    }

    /// Whether `min/maxValueString` means something for the type, and what: a number, or a length/byte count.
    static func acceptsBounds(_ type: AttributeType) -> Bool {
        type.isNumeric || type == .string || type == .binary || type == .date
    }

    /// A bound (`minValueString`/`maxValueString`). String and Binary bounds are lengths.
    static func bound(_ text: String, type: AttributeType) throws(Invalid) -> ModelValue? {
        if text.isEmpty { return nil }
        switch type {
        case .string, .binary:
            let length = try integer(text, type: .integer64)
            guard length >= 0 else { throw Invalid(reason: "a length cannot be negative") }
            return .integer(length)
        case .date: return .date(try legacyDate(text))
        case .integer16, .integer32, .integer64, .decimal, .double, .float, .boolean, .uuid, .uri, .transformable,
            .objectID, .undefined, .composite:
            return try defaultValue(text, type: type)
        }
    }

    /// `defaultDateTimeInterval` and friends: seconds since 2001-01-01 00:00:00 UTC.
    static func timeInterval(_ text: String) throws(Invalid) -> Double {
        guard let seconds = Double(trimmingWhitespace(text)), seconds.isFinite else {
            throw Invalid(reason: "expected seconds since 2001-01-01")
        }
        return seconds
    }

    private static func integer(_ text: String, type: AttributeType) throws(Invalid) -> Int64 {
        let trimmed = trimmingWhitespace(text)
        let value: Int64
        if let exact = Int64(trimmed) {
            value = exact
        } else if let real = Double(trimmed), real.isFinite, real.rounded() == real, let integral = Int64(exactly: real),
            trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.".contains($0)) })
        {
            value = integral
        } else {
            throw Invalid(reason: "not an integer")
        }
        let range: ClosedRange<Int64>? =
            switch type {
            case .integer16: Int64(Int16.min)...Int64(Int16.max)
            case .integer32: Int64(Int32.min)...Int64(Int32.max)
            case .integer64: nil
            // Not integers: `type` is only ever an integer type here (callers read lengths as Integer 64).
            case .decimal, .double, .float, .string, .boolean, .date, .binary, .uuid, .uri, .transformable, .objectID,
                .undefined, .composite:
                nil
            }
        if let range, !range.contains(value) {
            throw Invalid(reason: "out of range for \(type.rawValue) (\(range.lowerBound)...\(range.upperBound))")
        }
        return value
    }

    private static func floatingPoint(_ text: String, type: AttributeType) throws(Invalid) -> Double {
        let trimmed = trimmingWhitespace(text)
        // Swift also reads `inf`, `nan` and hex floats; Core Data's text fields take decimal numbers only.
        guard isDecimalNumber(trimmed), let value = Double(trimmed), value.isFinite else {
            throw Invalid(reason: "not a number")
        }
        if type == .float, abs(value) > Double(Float.greatestFiniteMagnitude) {
            throw Invalid(reason: "out of range for Float")
        }
        return value
    }

    private static func decimal(_ text: String) throws(Invalid) -> String {
        let trimmed = trimmingWhitespace(text)
        guard isDecimalNumber(trimmed) else { throw Invalid(reason: "not a decimal number") }
        return trimmed
    }

    /// `[+-]digits[.digits][e[+-]digits]` (or `.digits`), ASCII digits, as typed into Xcode's number fields.
    static func isDecimalNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        func skipSign() { if !skip(UInt8(ascii: "+")) { _ = skip(UInt8(ascii: "-")) } }
        skipSign()
        var mantissaDigits = digits()
        if skip(UInt8(ascii: ".")) { mantissaDigits += digits() }
        guard mantissaDigits > 0 else { return false }
        if skip(UInt8(ascii: "e")) || skip(UInt8(ascii: "E")) {
            skipSign()
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    /// Date text Xcode wrote before `*DateTimeInterval` existed; time-zone-less forms are read as UTC.
    private static func legacyDate(_ text: String) throws(Invalid) -> Double {
        let trimmed = trimmingWhitespace(text)
        // A bare number is not a date Xcode wrote (it writes intervals in `*DateTimeInterval`): most likely a
        // Double or Integer default left behind by a type change, whose reading as a date is not documented.
        if isDecimalNumber(trimmed) { throw Invalid(reason: "a number, not a date") }
        if let seconds = LegacyDateFormatters.gregorianUTCTimeInterval(trimmed) { return seconds }
        if let seconds = LegacyDateFormatters.timeInterval(from: trimmed) { return seconds }
        throw Invalid(reason: "not a date (expected e.g. 2001-01-01 00:00:00 +0000)")
    }
}

/// How Foundation's `NSString` reads a number or a flag out of arbitrary text, as its reference documents it.
/// Used only to *tell* the user what Foundation would make of a value in another type's spelling (a default left
/// behind by a type change in the model editor): what momc and Core Data do with such text is not documented, so
/// the reader never adopts these readings as the model's value.
///
/// - `boolValue`: "YES on encountering one of "Y", "y", "T", "t", or a digit 1-9—the method ignores any trailing
///   characters. NO if the receiver doesn't begin with a valid decimal text representation of a number. […] skips
///   whitespace at the beginning of the string. It also skips initial whitespace characters, or optional -/+ sign
///   followed by zeroes." (NSString reference, `boolValue`.)
/// - `integerValue` / `longLongValue`: skip leading whitespace, accept an optional sign, read decimal digits and
///   stop at the first non-digit; 0 when the text does not begin with a number. (NSString reference.) On overflow
///   `longLongValue` returns `LLONG_MAX`/`LLONG_MIN`; `integerValue`'s reference states nothing, so no reading is
///   given then.
/// - `doubleValue`: skips leading whitespace, reads a decimal floating-point number and stops at the first
///   character that cannot continue it; 0.0 when the text does not begin with one. (NSString reference.)
enum FoundationReading {
    private static func skippingLeadingWhitespace(_ text: String) -> Substring {
        text.drop { $0.isWhitespace }
    }

    static func boolValue(_ text: String) -> Bool {
        var rest = skippingLeadingWhitespace(text)
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        rest = rest.drop { $0 == "0" }
        guard let first = rest.first else { return false }
        return "YyTt123456789".contains(first)
    }

    /// Nil when the digits overflow `Int64` (undocumented for `integerValue`).
    static func integerValue(_ text: String) -> Int64? {
        var rest = skippingLeadingWhitespace(text)
        var negative = false
        if let sign = rest.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return 0 }
        guard let magnitude = Int64(digits) else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// Nil on overflow (HUGE_VAL: no finite number to name).
    static func doubleValue(_ text: String) -> Double? {
        // The longest prefix of the form `[+-]digits[.digits][e[+-]digits]`, found in one pass.
        let bytes = Array(skippingLeadingWhitespace(text).utf8.prefix(4096))
        var index = 0
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9") }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while isDigit(index) { index += 1; digits += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while isDigit(index) { index += 1; digits += 1 }
        }
        guard digits > 0 else { return 0 }
        var end = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var exponent = index + 1
            if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") { exponent += 1 }
            if isDigit(exponent) {
                while isDigit(exponent) { exponent += 1 }
                end = exponent
            }
        }
        guard let value = Double(String(decoding: bytes[..<end], as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// `NSString.integerValue reads it as 0`, or nil when the documented rules give no reading for `type`.
    static func describeReading(of text: String, as type: AttributeType) -> String? {
        switch type {
        case .integer16, .integer32, .integer64:
            return integerValue(text).map { "NSString.integerValue reads it as \($0)" }
        case .double, .float:
            return doubleValue(text).map { "NSString.doubleValue reads it as \($0)" }
        case .boolean:
            return "NSString.boolValue reads it as \(boolValue(text) ? "YES" : "NO")"
        case .decimal, .string, .date, .binary, .uuid, .uri, .transformable, .objectID, .undefined, .composite:
            return nil
        }
    }
}

/// The date formats of `ModelValueText.legacyDate`.
enum LegacyDateFormatters {
    /// `yyyy-MM-dd HH:mm:ss` with an optional ` +hhmm`/` -hhmm` zone, strictly formed and in range, read by
    /// hand; anything else returns nil and goes to the formatters. Years before 1583 go there too: ICU switches to the Julian calendar before October 1582.
    static func gregorianUTCTimeInterval(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count == 19 || bytes.count == 25 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            year >= 1583, (1...12).contains(month), hour < 24, minute < 60, second < 60
        else { return nil }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthLengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...monthLengths[month - 1]).contains(day) else { return nil }
        var offsetSeconds = 0
        if bytes.count == 25 {
            guard bytes[19] == UInt8(ascii: " "), bytes[20] == UInt8(ascii: "+") || bytes[20] == UInt8(ascii: "-"),
                let zoneHours = number(21..<23), let zoneMinutes = number(23..<25), zoneHours < 24, zoneMinutes < 60
            else { return nil }
            offsetSeconds = (zoneHours * 3600 + zoneMinutes * 60) * (bytes[20] == UInt8(ascii: "-") ? -1 : 1)
        }
        // Days from 2001-01-01 (the reference date) by the civil-from-days algorithm's inverse.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let daysSince1970 = era * 146_097 + dayOfEra - 719_468
        let daysSince2001 = daysSince1970 - 11_323
        return Double(daysSince2001 * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds)
    }

    /// The first format that reads `text`, in order.
    static func timeInterval(from text: String) -> Double? {
        for format in ["yyyy-MM-dd HH:mm:ss Z", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(secondsFromGMT: 0)
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date.timeIntervalSinceReferenceDate }
        }
        return nil
    }
}
