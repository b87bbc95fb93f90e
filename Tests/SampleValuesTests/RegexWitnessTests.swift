import Foundation
import Testing

@testable import SampleValues

/// Whole-string match as Core Data's `MATCHES` performs it, evaluated here independently of the
/// code under test.
func coreDataMatches(_ string: String, _ pattern: String) throws -> Bool {
    let expression = try NSRegularExpression(pattern: "^(?:" + pattern + ")$", options: [])
    let whole = NSRange(location: 0, length: (string as NSString).length)
    // `$` also matches before a final line feed; require the match to end at the real end.
    return expression.matches(in: string, options: [], range: whole).contains { $0.range == whole }
}

struct RealWorldPattern: CustomTestStringConvertible, Sendable {
    var name: String
    var pattern: String
    var testDescription: String { name }
}

let realWorldPatterns: [RealWorldPattern] = [
    .init(name: "email (Apple validation guide)", pattern: #"^.+@([A-Za-z0-9-]+\.)+[A-Za-z]{2}[A-Za-z]*$"#),
    .init(name: "email (common iOS snippet)", pattern: #"[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}"#),
    .init(name: "email (no spaces)", pattern: #"^[^\s@]+@[^\s@]+\.[^\s@]+$"#),
    .init(name: "US phone", pattern: #"^\(?\d{3}\)?[-. ]?\d{3}[-. ]?\d{4}$"#),
    .init(name: "E.164 phone", pattern: #"^\+[1-9]\d{1,14}$"#),
    .init(name: "CN mobile", pattern: #"^((13[0-9])|(15[^4,\D])|(18[0,0-9]))\d{8}$"#),
    .init(name: "UUID", pattern: #"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$"#),
    .init(name: "slug", pattern: #"^[a-z0-9]+(?:-[a-z0-9]+)*$"#),
    .init(name: "hex colour", pattern: #"^#(?:[0-9a-fA-F]{3}){1,2}$"#),
    .init(name: "ISO date", pattern: #"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$"#),
    .init(name: "24h time", pattern: #"^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$"#),
    .init(name: "12h time", pattern: #"^(1[0-2]|0?[1-9]):[0-5][0-9] ?([AaPp][Mm])$"#),
    .init(name: "ISO 8601 timestamp", pattern: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#),
    .init(name: "US ZIP", pattern: #"^\d{5}(-\d{4})?$"#),
    .init(name: "German postal code", pattern: #"^\d{5}$"#),
    .init(name: "UK postcode", pattern: #"^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$"#),
    .init(name: "Canadian postal code", pattern: #"^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$"#),
    .init(name: "IPv4", pattern: #"^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$"#),
    .init(name: "MAC address", pattern: #"^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$"#),
    .init(
        name: "semver",
        pattern: #"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$"#
    ),
    .init(name: "username", pattern: #"^[a-zA-Z][a-zA-Z0-9_]{2,15}$"#),
    .init(name: "password character classes", pattern: #"^[A-Za-z0-9!@#$%^&*]{8,64}$"#),
    .init(name: "currency", pattern: #"^\$?\d{1,3}(,\d{3})*(\.\d{2})?$"#),
    .init(name: "URL", pattern: #"^https?://[\w.-]+(?:\.[\w.-]+)+[\w\-._~:/?#\[\]@!$&'()*+,;=]*$"#),
    .init(name: "Twitter handle", pattern: #"^@\w{1,15}$"#),
    .init(name: "card number groups", pattern: #"^\d{4}( \d{4}){3}$"#),
    .init(name: "IBAN shape", pattern: #"^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$"#),
    .init(name: "hashtag with property", pattern: #"^#[\p{L}0-9_]+$"#),
    .init(name: "case-insensitive flag", pattern: #"(?i)^[a-z]+-id$"#),
    .init(name: "named groups", pattern: #"^(?<year>\d{4})-(?<month>\d{2})$"#),
    .init(name: "unicode escapes", pattern: #"^\u00e9t\u00e9\x{1F600}?$"#),
    .init(name: "no anchors (whole-string semantics)", pattern: #"[A-Z][a-z]+"#),
    .init(name: "alternation", pattern: #"^(red|green|blue)$"#),
    .init(name: "lazy and possessive quantifiers", pattern: #"^a+?b*+c{2,3}?$"#),
    .init(name: "escapes", pattern: #"^\d+\.\d+\s\w+\\\t?$"#),
    .init(name: "POSIX classes", pattern: #"^[[:alpha:]][[:alnum:]]*$"#),
    .init(name: "quoted literal", pattern: #"^\Qa.b\E\d$"#),
    .init(name: "\\A and \\z anchors", pattern: #"\A[a-z]{3}\z"#),
    .init(name: "word boundaries", pattern: #"^\b\w+\b \b\w+\b$"#),
    .init(name: "negated class with escapes", pattern: #"^[^\d\s]{2,4}$"#),
    .init(name: "country code list", pattern: #"^(?:US|CA|GB|DE|FR)$"#),
]

@Suite struct RegexWitnessTests {
    @Test func tableHasAtLeastThirtyPatterns() {
        #expect(realWorldPatterns.count >= 30)
    }

    @Test(arguments: realWorldPatterns)
    func witnessMatchesAndViolatingValueDoesNot(_ entry: RealWorldPattern) throws {
        let witness = try RegexWitness(pattern: entry.pattern)
        let value = try witness.witness().get()
        #expect(try coreDataMatches(value, entry.pattern), "witness \(value) for \(entry.pattern)")

        let second = try witness.witness(variant: 1).get()
        #expect(second != value)
        #expect(try coreDataMatches(second, entry.pattern), "variant \(second) for \(entry.pattern)")

        let violating = try witness.violatingValue().get()
        #expect(try !coreDataMatches(violating, entry.pattern), "violating \(violating) for \(entry.pattern)")
    }

    @Test func witnessesAreShort() throws {
        #expect(try RegexWitness(pattern: #"^\d{5}(-\d{4})?$"#).witness().get() == "00000")
        #expect(try RegexWitness(pattern: #"^(red|green|blue)$"#).witness().get() == "red")
        #expect(try RegexWitness(pattern: #"^.+@([A-Za-z0-9-]+\.)+[A-Za-z]{2}[A-Za-z]*$"#).witness().get() == "a@a.aa")
    }

    @Test func unanchoredPatternMustMatchWholeString() throws {
        let witness = try RegexWitness(pattern: "[0-9]+")
        #expect(witness.matches("123"))
        #expect(!witness.matches("a123"), "Core Data's MATCHES is a whole-string match")
    }

    @Test(arguments: [
        (#"^[a-z]+$"#, 5, 10),
        (#"^\d{3}-\d{4}$"#, 2, 40),
        (#"^[A-Z]{2}[0-9]{2,6}$"#, 7, 7),
        (#"^.+@([A-Za-z0-9-]+\.)+[A-Za-z]{2}[A-Za-z]*$"#, 20, 30),
        (#"^(ab|cde)+$"#, 7, 7),
        (#"^[a-z0-9]+(?:-[a-z0-9]+)*$"#, 40, 60),
    ])
    func witnessRespectsLengthBounds(pattern: String, minimum: Int, maximum: Int) throws {
        let witness = try RegexWitness(pattern: pattern)
        let bounds = LengthBounds(minimum: minimum, maximum: maximum)
        for preferLongest in [false, true] {
            let value = try witness.witness(length: bounds, preferLongest: preferLongest).get()
            #expect((minimum...maximum).contains(value.utf16.count), "\(value) for \(pattern)")
            #expect(try coreDataMatches(value, pattern))
        }
        let shortest = try witness.witness(length: bounds).get()
        let longest = try witness.witness(length: bounds, preferLongest: true).get()
        #expect(shortest.utf16.count <= longest.utf16.count)
        let violating = try witness.violatingValue(length: bounds).get()
        #expect((minimum...maximum).contains(violating.utf16.count))
        #expect(try !coreDataMatches(violating, pattern))
    }

    /// A maximum-length probe needs the longest witness; variable-length repeated groups must not
    /// make that search cubic in the length (Core Data emails are often capped at 254 or more).
    @Test(arguments: [254, 1000])
    func longestWitnessForLongBounds(maximum: Int) throws {
        let pattern = #"^.+@([A-Za-z0-9-]+\.)+[A-Za-z]{2}[A-Za-z]*$"#
        let value = try RegexWitness(pattern: pattern).witness(length: LengthBounds(minimum: 1, maximum: maximum), preferLongest: true).get()
        #expect(value.utf16.count == maximum)
        #expect(try coreDataMatches(value, pattern))
        let groups = try RegexWitness(pattern: "^(ab|c){3,}$").witness(length: LengthBounds(minimum: 1, maximum: maximum), preferLongest: true).get()
        #expect(groups.utf16.count == maximum)
        #expect(try coreDataMatches(groups, "^(ab|c){3,}$"))
    }

    @Test func exactLengthsAreHit() throws {
        let witness = try RegexWitness(pattern: #"^[a-z]+$"#)
        #expect(try witness.witness(length: LengthBounds(minimum: 5, maximum: 10)).get().count == 5)
        #expect(try witness.witness(length: LengthBounds(minimum: 5, maximum: 10), preferLongest: true).get().count == 10)
    }

    @Test(arguments: [
        (#"^\d{3}-\d{4}$"#, 1, 5),
        (#"^(ab)+$"#, 5, 5),
        (#"^[a-z]{10,}$"#, 0, 9),
    ])
    func impossibleLengthBoundsFailWithReason(pattern: String, minimum: Int, maximum: Int) throws {
        let result = try RegexWitness(pattern: pattern).witness(length: LengthBounds(minimum: minimum, maximum: maximum))
        guard case .failure(let failure) = result else {
            Issue.record("expected no witness for \(pattern) in \(minimum)...\(maximum), got \(result)")
            return
        }
        #expect(!failure.reason.isEmpty)
    }

    @Test(arguments: [
        (#"^(?=.*\d)(?=.*[a-z]).{8,}$"#, "lookaround"),
        (#"^(?<!x)abc$"#, "lookaround"),
        (#"^(\w)\1$"#, "backreference"),
        (#"^(?<c>a)\k<c>$"#, "backreference"),
        (#"^[a-z&&[^aeiou]]+$"#, "set operations"),
        (#"^\p{Script=Greek}+$"#, "property"),
    ])
    func unsupportedConstructsGiveReason(pattern: String, expectedReasonFragment: String) throws {
        let result = try RegexWitness(pattern: pattern).witness()
        guard case .failure(let failure) = result else {
            Issue.record("expected failure for \(pattern), got \(result)")
            return
        }
        #expect(failure.reason.contains(expectedReasonFragment), "\(failure.reason)")
    }

    @Test func singleValuedPatternHasNoSecondVariant() throws {
        let witness = try RegexWitness(pattern: #"^\bhello\b world$"#)
        #expect(try witness.witness().get() == "hello world")
        guard case .failure(let failure) = witness.witness(variant: 1) else {
            Issue.record("a literal pattern admits only one value")
            return
        }
        #expect(failure.reason.contains("distinct"))
    }

    @Test func invalidPatternIsRejected() {
        #expect(throws: RegexWitnessFailure.self) { try RegexWitness(pattern: "([a-z") }
    }

    @Test func patternThatAcceptsEverythingHasNoViolatingValue() throws {
        let result = try RegexWitness(pattern: #"[\s\S]*"#).violatingValue()
        guard case .failure = result else {
            Issue.record("expected no violating value, got \(result)")
            return
        }
    }

    @Test func deterministicAcrossInstances() throws {
        for entry in realWorldPatterns {
            let first = try RegexWitness(pattern: entry.pattern)
            let second = try RegexWitness(pattern: entry.pattern)
            #expect(try first.witness().get() == second.witness().get())
            #expect(try first.witness(variant: 1).get() == second.witness(variant: 1).get())
            #expect(try first.violatingValue().get() == second.violatingValue().get())
        }
    }
}
