import Foundation
import ManagedModel

/// One model constraint, probed from both sides: `inside` saves, `outside` fails to save with
/// `errorCode` and `NSValidationKeyErrorKey == key`. Each `outside` value violates this constraint
/// only, so Core Data reports exactly this code (not `NSValidationMultipleErrorsError`).
package struct BoundaryValue: Hashable, Sendable {
    package enum Constraint: String, Hashable, Sendable {
        case minimumValue, maximumValue, minimumLength, maximumLength, regularExpression
    }

    /// The attribute name, as Core Data reports it under `NSValidationKeyErrorKey`.
    package var key: String
    package var constraint: Constraint
    package var inside: ModelValue
    package var outside: ModelValue
    package var errorCode: ValidationErrorCode

    package init(key: String, constraint: Constraint, inside: ModelValue, outside: ModelValue, errorCode: ValidationErrorCode) {
        self.key = key
        self.constraint = constraint
        self.inside = inside
        self.outside = outside
        self.errorCode = errorCode
    }
}

/// The probes of one attribute, and the constraints left unprobed.
package struct BoundaryAnalysis: Hashable, Sendable {
    package var values: [BoundaryValue]
    package var skipped: [SkippedBoundary]
}

/// A constraint for which no single-violation probe exists (e.g. a minimum equal to `Int16.min`).
package struct SkippedBoundary: Hashable, Sendable {
    package var key: String
    package var constraint: BoundaryValue.Constraint
    package var reason: String
}

/// Builds the inside/outside pairs of `boundaryAnalysis(for:)`.
struct BoundaryProbe {
    let attribute: Attribute
    var values: [BoundaryValue] = []
    var skipped: [SkippedBoundary] = []

    init(attribute: Attribute) {
        self.attribute = attribute
    }

    private mutating func add(_ constraint: BoundaryValue.Constraint, _ inside: ModelValue?, _ outside: ModelValue?,
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
            add(.minimumValue, .double(representable(lower, inward: .up)), beyond(lower, by: -1).map(ModelValue.double),
                .numberTooSmall, otherwise: "no representable value lies below the minimum")
        }
        if let upper = NumericCandidates.double(attribute.maxValue) {
            add(.maximumValue, .double(representable(upper, inward: .down)), beyond(upper, by: 1).map(ModelValue.double),
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
        func string(_ length: LengthBounds, longest: Bool = false) -> ModelValue? {
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
            var outside: ModelValue?
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
