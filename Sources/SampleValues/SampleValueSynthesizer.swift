import Foundation
import ManagedModel

/// The outcome of synthesizing one attribute's sample value.
public struct SampleSynthesis: Hashable, Sendable {
    public enum Origin: String, Hashable, Sendable {
        /// Derived from the attribute's type and constraints.
        case synthesized
        /// Taken from the attribute's userInfo (`SampleValueSynthesizer.sampleValueKey`).
        case userInfo
    }

    /// nil when the attribute cannot be given a value; see `unavailableReason`.
    public var value: SampleValue?
    public var origin: Origin?
    /// Why `value` is nil, e.g. "Transformable attributes hold arbitrary objects".
    public var unavailableReason: String?
    /// Warnings naming the attribute, located at its model line (never printed here).
    public var diagnostics: [Diagnostic]

    public init(value: SampleValue?, origin: Origin?, unavailableReason: String? = nil, diagnostics: [Diagnostic] = []) {
        self.value = value
        self.origin = origin
        self.unavailableReason = unavailableReason
        self.diagnostics = diagnostics
    }
}

/// One model constraint, probed from both sides: `inside` saves, `outside` fails to save with
/// `errorCode` and `NSValidationKeyErrorKey == key`. Each `outside` value violates this constraint
/// only, so Core Data reports exactly this code (not `NSValidationMultipleErrorsError`).
public struct BoundaryValue: Hashable, Sendable {
    public enum Constraint: String, Hashable, Sendable {
        case minimumValue, maximumValue, minimumLength, maximumLength, regularExpression
    }

    /// The attribute name, as Core Data reports it under `NSValidationKeyErrorKey`.
    public var key: String
    public var constraint: Constraint
    public var inside: SampleValue
    public var outside: SampleValue
    public var errorCode: ValidationErrorCode

    public init(key: String, constraint: Constraint, inside: SampleValue, outside: SampleValue, errorCode: ValidationErrorCode) {
        self.key = key
        self.constraint = constraint
        self.inside = inside
        self.outside = outside
        self.errorCode = errorCode
    }
}

/// The probes of one attribute, and the constraints left unprobed.
public struct BoundaryAnalysis: Hashable, Sendable {
    public var values: [BoundaryValue]
    public var skipped: [SkippedBoundary]
}

/// A constraint for which no single-violation probe exists (e.g. a minimum equal to `Int16.min`).
public struct SkippedBoundary: Hashable, Sendable {
    public var key: String
    public var constraint: BoundaryValue.Constraint
    public var reason: String
}

/// Deterministic sample values that satisfy an attribute's type, bounds, lengths and regular
/// expression, for generated round-trip and constraint tests.
///
/// The same attribute always yields the same values. Variant 0 is the value an object is created
/// with; variant 1 (2, …) differs from it wherever the constraints allow, for "modify every
/// mutable property" steps. Numbers, dates and Booleans also avoid the model's default value where
/// the bounds leave room, so a test cannot pass because the default was kept.
///
/// ## userInfo
/// `managedCodegen.sampleValue` (variant 0) and `managedCodegen.modifiedSampleValue` (variants ≥ 1,
/// defaulting to the former) override synthesis. Their text is read per attribute type: the string
/// itself; integer, floating-point or decimal text; `YES`/`NO`/`true`/`false`/`1`/`0`; a date as
/// seconds since 2001-01-01; binary data as hexadecimal (`01ff`); a UUID or URL string. For types
/// that cannot be synthesized (Transformable, Undefined, ObjectID, Composite) the text is a Swift
/// expression used verbatim (`["a", "b"] as NSArray`).
public struct SampleValueSynthesizer: Sendable {
    public static let sampleValueKey = "managedCodegen.sampleValue"
    public static let modifiedSampleValueKey = "managedCodegen.modifiedSampleValue"

    public init() {}

    /// Why values of `type` cannot be synthesized, or nil when they can.
    public static func unsynthesizableReason(for type: AttributeType) -> String? {
        switch type {
        case .transformable:
            return "Transformable attributes hold arbitrary archived objects"
        case .objectID:
            return "ObjectID attributes hold NSManagedObjectIDs, which only a store can create"
        case .undefined:
            return "Undefined attributes are transient values of no declared type"
        case .composite:
            return "Composite attributes are synthesized per element attribute, not as a whole"
        case .integer16, .integer32, .integer64, .decimal, .double, .float, .string, .boolean, .date, .binary, .uuid,
            .uri:
            return nil
        }
    }

    /// The sample value for `attribute`.
    ///
    /// - Parameters:
    ///   - variant: 0 for the initial value, 1 for the modified value.
    ///   - entityName: names the attribute as `Entity.attribute` in diagnostics.
    public func sample(for attribute: Attribute, variant: Int = 0, entityName: String? = nil) -> SampleSynthesis {
        var diagnostics: [Diagnostic] = []
        if let userValue = userInfoValue(for: attribute, variant: variant, entityName: entityName, diagnostics: &diagnostics) {
            return SampleSynthesis(value: userValue, origin: .userInfo, diagnostics: diagnostics)
        }
        if let reason = Self.unsynthesizableReason(for: attribute.type) {
            return SampleSynthesis(
                value: nil, origin: nil,
                unavailableReason: "\(reason); set userInfo key '\(Self.sampleValueKey)' to a Swift expression",
                diagnostics: diagnostics)
        }
        switch synthesize(attribute, variant: variant) {
        case .success(let value):
            return SampleSynthesis(value: value, origin: .synthesized, diagnostics: diagnostics)
        case .failure(let failure):
            diagnostics.append(.warning(
                "\(Self.subject(attribute, entityName: entityName)): no sample value satisfies its constraints (\(failure.reason)); "
                    + "set userInfo key '\(Self.sampleValueKey)' to a valid value",
                at: attribute.location))
            return SampleSynthesis(value: nil, origin: nil, unavailableReason: failure.reason, diagnostics: diagnostics)
        }
    }

    /// For each min/max value, min/max length and regular expression of `attribute`: a value just
    /// inside (saves) and one just outside (fails with the returned code). Binary length bounds are
    /// not probed.
    public func boundaryValues(for attribute: Attribute) -> [BoundaryValue] {
        boundaryAnalysis(for: attribute).values
    }

    /// `boundaryValues(for:)` together with the constraints that could not be probed, and why.
    public func boundaryAnalysis(for attribute: Attribute) -> BoundaryAnalysis {
        var probe = BoundaryProbe(attribute: attribute)
        probe.run()
        return BoundaryAnalysis(values: probe.values, skipped: probe.skipped)
    }

    static func subject(_ attribute: Attribute, entityName: String?) -> String {
        "attribute '\(entityName.map { "\($0)." } ?? "")\(attribute.name)'"
    }

    // MARK: userInfo

    private func userInfoValue(
        for attribute: Attribute, variant: Int, entityName: String?, diagnostics: inout [Diagnostic]
    ) -> SampleValue? {
        // Only warnings name the attribute; most samples have none.
        var subject: String { Self.subject(attribute, entityName: entityName) }
        let key = variant > 0 && attribute.userInfo[key: Self.modifiedSampleValueKey] != nil
            ? Self.modifiedSampleValueKey : Self.sampleValueKey
        guard let text = attribute.userInfo[key: key] else { return nil }
        guard let value = Self.parse(userInfoText: text, as: attribute.type) else {
            diagnostics.append(.warning(
                "\(subject): userInfo '\(key)' value \(SampleValue.stringLiteral(text)) is not a valid "
                    + "\(attribute.type.rawValue) value; it is ignored",
                at: attribute.location))
            return nil
        }
        if case .string(let string) = value, let violation = Self.stringViolation(string, of: attribute) {
            diagnostics.append(.warning(
                "\(subject): userInfo '\(key)' value \(SampleValue.stringLiteral(string)) \(violation); "
                    + "saving it will fail validation",
                at: attribute.location))
        }
        return value
    }

    static func parse(userInfoText text: String, as type: AttributeType) -> SampleValue? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch type {
        case .string: return .string(text)
        case .integer16, .integer32, .integer64:
            guard let value = Int64(trimmed), IntegerRange(type).contains(value) else { return nil }
            return .integer(value)
        case .double, .float:
            return Double(trimmed).map(SampleValue.double)
        case .decimal:
            return Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")) == nil ? nil : .decimal(trimmed)
        case .boolean:
            switch trimmed.lowercased() {
            case "yes", "true", "1": return .bool(true)
            case "no", "false", "0": return .bool(false)
            default: return nil
            }
        case .date: return Double(trimmed).map(SampleValue.date)
        case .binary:
            guard trimmed.count % 2 == 0 else { return nil }
            var bytes: [UInt8] = []
            var index = trimmed.startIndex
            while index < trimmed.endIndex {
                let next = trimmed.index(index, offsetBy: 2)
                guard let byte = UInt8(trimmed[index..<next], radix: 16) else { return nil }
                bytes.append(byte)
                index = next
            }
            return .data(bytes)
        case .uuid: return UUID(uuidString: trimmed) == nil ? nil : .uuid(trimmed)
        case .uri: return URL(string: trimmed) == nil ? nil : .url(trimmed)
        case .transformable, .objectID, .undefined, .composite: return .swiftExpression(text)
        }
    }

    /// Why `string` would fail the attribute's length or pattern validation, or nil.
    static func stringViolation(_ string: String, of attribute: Attribute) -> String? {
        let bounds = lengthBounds(of: attribute)
        if !bounds.contains(string) { return "has length \(string.utf16.count), outside \(bounds)" }
        if let pattern = attribute.regularExpression, !pattern.isEmpty {
            guard let witness = try? RegexWitness.shared(pattern: pattern) else { return "cannot be checked against an invalid pattern" }
            if !witness.matches(string) { return "does not match '\(pattern)'" }
        }
        return nil
    }

    // MARK: Synthesis

    private func synthesize(_ attribute: Attribute, variant: Int) -> Result<SampleValue, RegexWitnessFailure> {
        let pick = { (candidates: [SampleValue]) -> Result<SampleValue, RegexWitnessFailure> in
            guard !candidates.isEmpty else { return .failure(RegexWitnessFailure("its minimum exceeds its maximum")) }
            return .success(candidates[min(variant, candidates.count - 1)])
        }
        switch attribute.type {
        case .integer16, .integer32, .integer64:
            return pick(NumericCandidates.integers(for: attribute).map(SampleValue.integer))
        case .double, .float:
            return pick(NumericCandidates.doubles(for: attribute).map(SampleValue.double))
        case .decimal:
            return pick(NumericCandidates.decimals(for: attribute).map(SampleValue.decimal))
        case .date:
            return pick(NumericCandidates.dates(for: attribute).map(SampleValue.date))
        case .boolean:
            let preferred = [true, false]
            let ordered = attribute.defaultValue == .bool(true) ? preferred.reversed() : preferred
            return .success(.bool(ordered[variant % 2]))
        case .string:
            return Self.string(for: attribute, variant: variant, length: Self.lengthBounds(of: attribute)).map(SampleValue.string)
        case .binary:
            let bounds = Self.lengthBounds(of: attribute)
            guard bounds.maximum.map({ $0 >= bounds.minimum }) ?? true else {
                return .failure(RegexWitnessFailure("its minimum length exceeds its maximum length"))
            }
            let count = min(max(4, bounds.minimum), bounds.maximum ?? Int.max)
            return .success(.data((0..<count).map { UInt8(truncatingIfNeeded: $0 + 1 + variant * 0x10) }))
        case .uuid:
            let node = String(variant + 1, radix: 16, uppercase: true)
            return .success(.uuid("00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - node.count)) + node))
        case .uri:
            return .success(.url("https://example.com/\(attribute.name)/\(variant + 1)"))
        case .transformable, .objectID, .undefined, .composite:
            return .failure(RegexWitnessFailure(Self.unsynthesizableReason(for: attribute.type) ?? "unsupported type"))
        }
    }

    /// String bounds are lengths; Binary bounds byte counts (both `.integer` in the schema).
    static func lengthBounds(of attribute: Attribute) -> LengthBounds {
        func count(_ value: AttributeValue?) -> Int? {
            switch value {
            case .integer(let number): return Int(clamping: number)
            case .double(let number): return Int(exactly: number.rounded())
            case .decimal(let text): return Double(text).flatMap { Int(exactly: $0.rounded()) }
            default: return nil
            }
        }
        return LengthBounds(minimum: count(attribute.minValue) ?? 0, maximum: count(attribute.maxValue))
    }

    /// A string within `length` matching the attribute's pattern, or `<name> <variant + 1>` fitted
    /// to the length when there is no pattern.
    static func string(for attribute: Attribute, variant: Int, length: LengthBounds, preferLongest: Bool = false)
        -> Result<String, RegexWitnessFailure>
    {
        if let maximum = length.maximum, maximum < length.minimum {
            return .failure(RegexWitnessFailure("its minimum length exceeds its maximum length"))
        }
        if let pattern = attribute.regularExpression, !pattern.isEmpty {
            do throws(RegexWitnessFailure) {
                let witness = try RegexWitness.shared(pattern: pattern)
                let result = witness.witness(length: length, variant: variant, preferLongest: preferLongest)
                // A pattern admitting a single value keeps it for every variant, like a one-value range.
                if case .failure = result, variant > 0 {
                    return witness.witness(length: length, variant: 0, preferLongest: preferLongest)
                }
                return result
            } catch {
                return .failure(error)
            }
        }
        let target = preferLongest ? length.maximum : nil
        return .success(plainString(base: "\(attribute.name) \(variant + 1)", variant: variant, length: length, exactly: target))
    }

    /// `base` padded with `x` or cut to fit, keeping a distinguishing last character per variant.
    static func plainString(base: String, variant: Int, length: LengthBounds, exactly target: Int? = nil) -> String {
        // ASCII only, so one byte per character (and per UTF-16 unit, as lengths count).
        var bytes = Array(base.utf8.filter { $0 < 0x80 })
        let wanted = target ?? min(max(bytes.count, length.minimum), length.maximum ?? Int.max)
        if bytes.count < wanted {
            bytes += repeatElement(UInt8(ascii: "x"), count: wanted - bytes.count)
        } else if bytes.count > wanted {
            bytes.removeLast(bytes.count - wanted)
            if let last = bytes.indices.last {
                bytes[last] = UInt8(ascii: "1") + UInt8(variant % 9)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

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

    static func double(_ value: AttributeValue?) -> Double? {
        value?.boundMagnitude
    }

    static func decimal(_ value: AttributeValue?) -> Decimal? {
        switch value {
        case .integer(let number): return Decimal(number)
        case .double(let number), .date(let number): return Decimal(string: "\(number)")
        case .decimal(let text): return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        default: return nil
        }
    }

    static func integerBounds(for attribute: Attribute) -> (lower: Int64, upper: Int64) {
        let range = IntegerRange(attribute.type)
        func bound(_ value: AttributeValue?, roundingUp: Bool) -> Int64? {
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

    private static let decimalCandidates = Memo<[AttributeValue?], [String]>()

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

/// Builds the inside/outside pairs of `boundaryAnalysis(for:)`.
private struct BoundaryProbe {
    let attribute: Attribute
    var values: [BoundaryValue] = []
    var skipped: [SkippedBoundary] = []

    init(attribute: Attribute) {
        self.attribute = attribute
    }

    private mutating func add(_ constraint: BoundaryValue.Constraint, _ inside: SampleValue?, _ outside: SampleValue?,
                              _ code: ValidationErrorCode, otherwise reason: String) {
        if let inside, let outside {
            values.append(BoundaryValue(key: attribute.name, constraint: constraint, inside: inside, outside: outside, errorCode: code))
        } else {
            skipped.append(SkippedBoundary(key: attribute.name, constraint: constraint, reason: reason))
        }
    }

    mutating func run() {
        switch attribute.type {
        case .integer16, .integer32, .integer64: probeIntegers()
        case .double, .float: probeDoubles()
        case .decimal: probeDecimals()
        case .date: probeDates()
        case .string: probeStrings()
        // No boundary pairs for these types (a new type must decide here whether it gets them).
        case .boolean, .binary, .uuid, .uri, .transformable, .objectID, .undefined, .composite: break
        }
    }

    private mutating func probeIntegers() {
        let range = IntegerRange(attribute.type)
        let (lower, upper) = NumericCandidates.integerBounds(for: attribute)
        guard lower <= upper else { return }
        if attribute.minValue != nil {
            add(.minimumValue, .integer(lower), lower > range.lower ? .integer(lower - 1) : nil, .numberTooSmall,
                otherwise: "the minimum is the type's smallest value")
        }
        if attribute.maxValue != nil {
            add(.maximumValue, .integer(upper), upper < range.upper ? .integer(upper + 1) : nil, .numberTooLarge,
                otherwise: "the maximum is the type's largest value")
        }
    }

    private mutating func probeDoubles() {
        let isFloat = attribute.type == .float
        // Inside values must survive Float rounding; outside values must stay outside after it.
        func representable(_ value: Double, inward: FloatingPointRoundingRule) -> Double {
            guard isFloat else { return value }
            let float = Float(value)
            if inward == .up, Double(float) < value { return Double(float.nextUp) }
            if inward == .down, Double(float) > value { return Double(float.nextDown) }
            return Double(float)
        }
        func beyond(_ value: Double, by direction: Double) -> Double? {
            for step in [1.0, abs(value) * 1e-3, abs(value) * 1e-6] where step > 0 {
                let candidate = representable(value + direction * step, inward: direction < 0 ? .down : .up)
                if (direction < 0 ? candidate < value : candidate > value), candidate.isFinite { return candidate }
            }
            return nil
        }
        if let lower = NumericCandidates.double(attribute.minValue) {
            add(.minimumValue, .double(representable(lower, inward: .up)), beyond(lower, by: -1).map(SampleValue.double),
                .numberTooSmall, otherwise: "no representable value lies below the minimum")
        }
        if let upper = NumericCandidates.double(attribute.maxValue) {
            add(.maximumValue, .double(representable(upper, inward: .down)), beyond(upper, by: 1).map(SampleValue.double),
                .numberTooLarge, otherwise: "no representable value lies above the maximum")
        }
    }

    private mutating func probeDecimals() {
        let text = { (value: Decimal) in NSDecimalNumber(decimal: value).stringValue }
        if let lower = NumericCandidates.decimal(attribute.minValue) {
            add(.minimumValue, .decimal(text(lower)), .decimal(text(lower - 1)), .numberTooSmall, otherwise: "")
        }
        if let upper = NumericCandidates.decimal(attribute.maxValue) {
            add(.maximumValue, .decimal(text(upper)), .decimal(text(upper + 1)), .numberTooLarge, otherwise: "")
        }
    }

    private mutating func probeDates() {
        if let lower = NumericCandidates.double(attribute.minValue) {
            add(.minimumValue, .date(lower), .date(lower - 1), .dateTooSoon, otherwise: "")
        }
        if let upper = NumericCandidates.double(attribute.maxValue) {
            add(.maximumValue, .date(upper), .date(upper + 1), .dateTooLate, otherwise: "")
        }
    }

    private mutating func probeStrings() {
        let bounds = SampleValueSynthesizer.lengthBounds(of: attribute)
        func string(_ length: LengthBounds, longest: Bool = false) -> SampleValue? {
            guard case .success(let value) = SampleValueSynthesizer.string(
                for: attribute, variant: 0, length: length, preferLongest: longest)
            else { return nil }
            return .string(value)
        }
        if bounds.minimum > 0 {
            // Exactly the minimum where the pattern allows it.
            let inside = string(LengthBounds(minimum: bounds.minimum, maximum: bounds.minimum)) ?? string(bounds)
            let outside = string(LengthBounds(minimum: 0, maximum: bounds.minimum - 1), longest: true)
            add(.minimumLength, inside, outside, .stringTooShort,
                otherwise: "no string shorter than \(bounds.minimum) matches the pattern, so only a multiple-error probe exists")
        }
        if let maximum = bounds.maximum {
            let inside = string(bounds, longest: true)
            let outside = string(LengthBounds(minimum: maximum + 1, maximum: maximum + 64))
            add(.maximumLength, inside, outside, .stringTooLong,
                otherwise: "no string longer than \(maximum) matches the pattern, so only a multiple-error probe exists")
        }
        if let pattern = attribute.regularExpression, !pattern.isEmpty {
            let witness = try? RegexWitness.shared(pattern: pattern)
            let inside = string(bounds)
            var outside: SampleValue?
            var reason = "'\(pattern)' is not a valid ICU regular expression"
            if let witness {
                switch witness.violatingValue(length: bounds) {
                case .success(let value): outside = .string(value)
                case .failure(let failure): reason = failure.reason
                }
            }
            if inside == nil, witness != nil { reason = "no witness fits the length bounds" }
            add(.regularExpression, inside, outside, .stringPatternMatching, otherwise: reason)
        }
    }
}
