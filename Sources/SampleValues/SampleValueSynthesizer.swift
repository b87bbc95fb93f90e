import Foundation
import ManagedModel

/// The outcome of synthesizing one attribute's sample value.
package struct SampleSynthesis: Hashable, Sendable {
    package enum Origin: String, Hashable, Sendable {
        /// Derived from the attribute's type and constraints.
        case synthesized
        /// Taken from the attribute's userInfo (`SampleValueSynthesizer.sampleValueKey`).
        case userInfo
    }

    /// nil when the attribute cannot be given a value; see `unavailableReason`.
    package var value: ModelValue?
    package var origin: Origin?
    /// Why `value` is nil, e.g. "Transformable attributes hold arbitrary objects".
    package var unavailableReason: String?
    /// Warnings naming the attribute, located at its model line (never printed here), not yet findings: the caller
    /// reports them under its rule (generated-test planning under `generate.test-not-generated`).
    package var diagnostics: [SampleWarning]

    package init(value: ModelValue?, origin: Origin?, unavailableReason: String? = nil, diagnostics: [SampleWarning] = []) {
        self.value = value
        self.origin = origin
        self.unavailableReason = unavailableReason
        self.diagnostics = diagnostics
    }
}

/// Why a sample value was not synthesized or is doubtful, at the attribute's model line; the caller reports it under
/// its own rule.
package struct SampleWarning: Hashable, Sendable {
    package var message: String
    package var location: SourceLocation?

    package init(_ message: String, at location: SourceLocation?) {
        self.message = message
        self.location = location
    }
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
package struct SampleValueSynthesizer: Sendable {
    package static let sampleValueKey = "managedCodegen.sampleValue"
    package static let modifiedSampleValueKey = "managedCodegen.modifiedSampleValue"

    package init() {}

    /// Why values of `type` cannot be synthesized, or nil when they can.
    package static func unsynthesizableReason(for type: AttributeType) -> String? {
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
    package func sample(for attribute: Attribute, variant: Int = 0, entityName: String? = nil) -> SampleSynthesis {
        var diagnostics: [SampleWarning] = []
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
            diagnostics.append(SampleWarning(
                "\(Self.subject(attribute, entityName: entityName)): no sample value satisfies its constraints (\(failure.reason)); "
                    + "set userInfo key '\(Self.sampleValueKey)' to a valid value",
                at: attribute.location))
            return SampleSynthesis(value: nil, origin: nil, unavailableReason: failure.reason, diagnostics: diagnostics)
        }
    }

    /// How many distinct values `sample(for:variant:)` gives at most (variants 0 to this - 1): the number of
    /// objects of one entity generated tests and preview data make with distinct values.
    package static let distinctVariants = NumericCandidates.candidateCount

    /// The length of the longest String when the model sets no maximum length.
    package static let unboundedLongestLength = 120
    /// The longest String spelled in generated source: a larger maximum length is not reached.
    package static let longestLengthCap = 1_000

    /// The value of `attribute` that takes the most room: Strings at their maximum length (`unboundedLongestLength`
    /// when unbounded, at most `longestLengthCap`) and integers at their maximum; other types as variant 0.
    /// For preview data's `.longest` variant (a layout check), never for tests' values.
    package func longestSample(for attribute: Attribute, entityName: String? = nil) -> SampleSynthesis {
        let typical = sample(for: attribute, entityName: entityName)
        guard typical.origin == .synthesized else { return typical }
        switch attribute.type {
        case .string:
            var length = Self.lengthBounds(of: attribute)
            length.maximum = max(length.minimum, min(length.maximum ?? Self.unboundedLongestLength, Self.longestLengthCap))
            if case .success(let string) = Self.string(for: attribute, variant: 0, length: length, preferLongest: true) {
                return SampleSynthesis(value: .string(string), origin: .synthesized, diagnostics: typical.diagnostics)
            }
            return typical
        case .integer16, .integer32, .integer64:
            let (lower, upper) = NumericCandidates.integerBounds(for: attribute)
            guard lower <= upper else { return typical }
            return SampleSynthesis(value: .integer(upper), origin: .synthesized, diagnostics: typical.diagnostics)
        default:
            return typical
        }
    }

    /// For each min/max value, min/max length and regular expression of `attribute`: a value just
    /// inside (saves) and one just outside (fails with the returned code). Binary length bounds are
    /// not probed.
    package func boundaryValues(for attribute: Attribute) -> [BoundaryValue] {
        boundaryAnalysis(for: attribute).values
    }

    /// `boundaryValues(for:)` together with the constraints that could not be probed, and why.
    package func boundaryAnalysis(for attribute: Attribute) -> BoundaryAnalysis {
        var probe = BoundaryProbe(attribute: attribute)
        probe.run()
        return BoundaryAnalysis(values: probe.values, skipped: probe.skipped)
    }

    static func subject(_ attribute: Attribute, entityName: String?) -> String {
        "attribute '\(entityName.map { "\($0)." } ?? "")\(attribute.name)'"
    }

    // MARK: userInfo

    private func userInfoValue(
        for attribute: Attribute, variant: Int, entityName: String?, diagnostics: inout [SampleWarning]
    ) -> ModelValue? {
        // Only warnings name the attribute; most samples have none.
        var subject: String { Self.subject(attribute, entityName: entityName) }
        let key = variant > 0 && attribute.userInfo[key: Self.modifiedSampleValueKey] != nil
            ? Self.modifiedSampleValueKey : Self.sampleValueKey
        guard let text = attribute.userInfo[key: key] else { return nil }
        guard let value = Self.parse(userInfoText: text, as: attribute.type) else {
            diagnostics.append(SampleWarning(
                "\(subject): userInfo '\(key)' value \(SwiftSourceText.stringLiteral(text)) is not a valid "
                    + "\(attribute.type.rawValue) value; it is ignored",
                at: attribute.location))
            return nil
        }
        if case .string(let string) = value, let violation = Self.stringViolation(string, of: attribute) {
            diagnostics.append(SampleWarning(
                "\(subject): userInfo '\(key)' value \(SwiftSourceText.stringLiteral(string)) \(violation); "
                    + "saving it will fail validation",
                at: attribute.location))
        }
        return value
    }

    static func parse(userInfoText text: String, as type: AttributeType) -> ModelValue? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch type {
        case .string: return .string(text)
        case .integer16, .integer32, .integer64:
            guard let value = Int64(trimmed), IntegerRange(type).contains(value) else { return nil }
            return .integer(value)
        case .double, .float:
            return Double(trimmed).map(ModelValue.double)
        case .decimal:
            return Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")) == nil ? nil : .decimal(trimmed)
        case .boolean:
            switch trimmed.lowercased() {
            case "yes", "true", "1": return .bool(true)
            case "no", "false", "0": return .bool(false)
            default: return nil
            }
        case .date: return Double(trimmed).map(ModelValue.date)
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

    private func synthesize(_ attribute: Attribute, variant: Int) -> Result<ModelValue, RegexWitnessFailure> {
        let pick = { (candidates: [ModelValue]) -> Result<ModelValue, RegexWitnessFailure> in
            guard !candidates.isEmpty else { return .failure(RegexWitnessFailure("its minimum exceeds its maximum")) }
            return .success(candidates[min(variant, candidates.count - 1)])
        }
        switch attribute.type {
        case .integer16, .integer32, .integer64:
            return pick(NumericCandidates.integers(for: attribute).map(ModelValue.integer))
        case .double, .float:
            return pick(NumericCandidates.doubles(for: attribute).map(ModelValue.double))
        case .decimal:
            return pick(NumericCandidates.decimals(for: attribute).map(ModelValue.decimal))
        case .date:
            return pick(NumericCandidates.dates(for: attribute).map(ModelValue.date))
        case .boolean:
            let preferred = [true, false]
            let ordered = attribute.defaultValue == .bool(true) ? preferred.reversed() : preferred
            return .success(.bool(ordered[variant % 2]))
        case .string:
            return Self.string(for: attribute, variant: variant, length: Self.lengthBounds(of: attribute)).map(ModelValue.string)
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
        func count(_ value: ModelValue?) -> Int? {
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
