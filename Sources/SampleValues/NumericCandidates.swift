import Foundation
import ManagedModel

/// The representable range of an integer attribute type.
struct IntegerRange {
    var lower: Int64
    var upper: Int64

    init(_ type: AttributeType) {
        switch type {
        case .integer16: (lower, upper) = (Int64(Int16.min), Int64(Int16.max))
        case .integer32: (lower, upper) = (Int64(Int32.min), Int64(Int32.max))
        case .integer64, .decimal, .double, .float, .string, .boolean, .date, .binary, .uuid, .uri, .transformable,
            .objectID, .undefined, .composite:
            (lower, upper) = (Int64.min, Int64.max)
        }
    }

    func contains(_ value: Int64) -> Bool { value >= lower && value <= upper }
}

/// Ordered candidate values for numeric and date attributes: the first is variant 0, the second
/// variant 1, … . All lie within the model's bounds (inclusive, as Core Data checks them).
enum NumericCandidates {
    static let preferredInteger: Int64 = 42
    static let preferredDouble = 42.5
    /// 2023-01-01 00:00:00 UTC.
    static let preferredDate: Double = 694_224_000
    static let dateStep: Double = 86_400

    static func double(_ value: ModelValue?) -> Double? {
        value?.boundMagnitude
    }

    static func decimal(_ value: ModelValue?) -> Decimal? {
        switch value {
        case .integer(let number): return Decimal(number)
        case .double(let number), .date(let number): return Decimal(string: "\(number)")
        case .decimal(let text): return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        default: return nil
        }
    }

    static func integerBounds(for attribute: Attribute) -> (lower: Int64, upper: Int64) {
        let range = IntegerRange(attribute.type)
        func bound(_ value: ModelValue?, roundingUp: Bool) -> Int64? {
            if case .integer(let number) = value { return number }
            guard let number = double(value) else { return nil }
            let rounded = roundingUp ? number.rounded(.up) : number.rounded(.down)
            return Int64(exactly: rounded) ?? (rounded < 0 ? Int64.min : Int64.max)
        }
        return (
            max(range.lower, bound(attribute.minValue, roundingUp: true) ?? range.lower),
            min(range.upper, bound(attribute.maxValue, roundingUp: false) ?? range.upper)
        )
    }

    /// How many distinct values a test may ask for: generated tests create several objects of one
    /// entity, and values of attributes in uniqueness constraints must not repeat among them.
    static let candidateCount = 8

    /// Up to `candidateCount` values spiralling out from 42, without the default when there is room.
    static func integers(for attribute: Attribute) -> [Int64] {
        let (lower, upper) = integerBounds(for: attribute)
        guard lower <= upper else { return [] }
        let start = min(max(preferredInteger, lower), upper)
        var values: [Int64] = [start]
        var distance: Int64 = 1
        while values.count < candidateCount, distance <= Int64(candidateCount) {
            for offset in [distance, -distance] {
                let (candidate, overflow) = start.addingReportingOverflow(offset)
                if !overflow, candidate >= lower, candidate <= upper { values.append(candidate) }
            }
            distance += 1
        }
        return withoutDefault(Array(values.prefix(candidateCount)), default: attribute.defaultValue.flatMap(double).map { Int64(exactly: $0) } ?? nil)
    }

    static func doubles(for attribute: Attribute) -> [Double] {
        let lower = double(attribute.minValue) ?? -Double.greatestFiniteMagnitude
        let upper = double(attribute.maxValue) ?? Double.greatestFiniteMagnitude
        guard lower <= upper else { return [] }
        var values = spiral(preferred: preferredDouble, step: 1, lower: lower, upper: upper)
        if attribute.type == .float {
            // Store what a Float can hold, and only values that stay in bounds after rounding.
            values = values.map { Double(Float($0)) }.filter { $0 >= lower && $0 <= upper }
            values = values.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        return withoutDefault(values, default: double(attribute.defaultValue))
    }

    static func dates(for attribute: Attribute) -> [Double] {
        let lower = double(attribute.minValue) ?? -Double.greatestFiniteMagnitude
        let upper = double(attribute.maxValue) ?? Double.greatestFiniteMagnitude
        guard lower <= upper else { return [] }
        return withoutDefault(
            spiral(preferred: preferredDate, step: dateStep, lower: lower, upper: upper),
            default: double(attribute.defaultValue))
    }

    static func decimals(for attribute: Attribute) -> [String] {
        // Decimal arithmetic and NSDecimalNumber text are slow, and models repeat the same bounds. Doubles
        // are no exact key (-0.0 equals 0.0 but may read otherwise; NaN equals nothing): computed each time.
        let key = [attribute.minValue, attribute.maxValue, attribute.defaultValue]
        let isExactKey = key.allSatisfy {
            switch $0 {
            case .double?, .date?: return false
            default: return true
            }
        }
        guard isExactKey else { return computeDecimals(for: attribute) }
        return decimalCandidates.value(for: key) { computeDecimals(for: attribute) }
    }

    private static let decimalCandidates = Memo<[ModelValue?], [String]>()

    private static func computeDecimals(for attribute: Attribute) -> [String] {
        let lower = decimal(attribute.minValue)
        let upper = decimal(attribute.maxValue)
        if let lower, let upper, lower > upper { return [] }
        let preferred = Decimal(string: "42.5")!
        var start = preferred
        if let lower, start < lower { start = lower }
        if let upper, start > upper { start = upper }
        func inside(_ value: Decimal) -> Bool { (lower.map { value >= $0 } ?? true) && (upper.map { value <= $0 } ?? true) }
        var values = [start]
        for distance in 1...(candidateCount / 2) {
            for offset in [Decimal(distance), -Decimal(distance)] where values.count < candidateCount {
                if inside(start + offset) { values.append(start + offset) }
            }
        }
        if values.count < 2, let lower, let upper {
            // A narrow range: its midpoint and quarter points.
            let middle = (lower + upper) / 2
            for value in [middle, (lower + middle) / 2, (middle + upper) / 2] where !values.contains(value) && inside(value) {
                values.append(value)
            }
        }
        let texts = values.map { NSDecimalNumber(decimal: $0).stringValue }
        let defaultText = decimal(attribute.defaultValue).map { NSDecimalNumber(decimal: $0).stringValue }
        return withoutDefault(texts, default: defaultText)
    }

    /// `preferred` clamped, then ± step, ± 2·step; for ranges narrower than a step, midpoints.
    private static func spiral(preferred: Double, step: Double, lower: Double, upper: Double) -> [Double] {
        let start = min(max(preferred, lower), upper)
        var values = [start]
        for distance in 1...(candidateCount / 2) {
            for offset in [Double(distance) * step, -Double(distance) * step] where values.count < candidateCount {
                let candidate = start + offset
                if candidate >= lower, candidate <= upper { values.append(candidate) }
            }
        }
        if values.count < 3 {
            let middle = lower + (upper - lower) / 2
            for candidate in [middle, lower + (upper - lower) / 4, upper - (upper - lower) / 4]
            where values.count < 3 && !values.contains(candidate) {
                values.append(candidate)
            }
        }
        return values
    }

    private static func withoutDefault<T: Equatable>(_ values: [T], default defaultValue: T?) -> [T] {
        guard let defaultValue, values.count > 2, values.contains(defaultValue) else { return values }
        return values.filter { $0 != defaultValue }
    }
}
