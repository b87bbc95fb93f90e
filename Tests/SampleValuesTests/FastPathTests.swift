import Foundation
import ManagedModel
import TestSupport
import Testing

@testable import SampleValues

/// The byte-level fast paths give what the straightforward Unicode-scalar code gave.
@Suite struct FastPathTests {
    /// The scalar-by-scalar spelling `SwiftSourceText.stringLiteral` had before its byte-level rewrite.
    static func referenceStringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static let awkwardTexts: [String] = [
        "", "plain", "quote \" and backslash \\", "tab\tline\nreturn\r nul\0", "\u{7}\u{1B}\u{7F}",
        "zero\u{200B}width", "soft\u{AD}hyphen", "bidi \u{202E}override", "é combining e\u{301}", "日本語",
        "emoji 👩‍👩‍👧 flag 🇫🇷", "\u{FEFF}bom", "\u{85}next line \u{2028}separator", String(repeating: "x", count: 5000),
        "mixed \u{1F}\u{80}\u{9F}\u{A0}",
    ]

    @Test(arguments: awkwardTexts.map { TextArgument($0) })
    func stringLiteralMatchesScalarSpelling(_ sample: TextArgument) {
        let text = sample.text
        #expect(SwiftSourceText.stringLiteral(text) == Self.referenceStringLiteral(text))
    }

    @Test func stringLiteralMatchesScalarSpellingForEveryScalarUpToU3000() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            if SwiftSourceText.stringLiteral(text) != Self.referenceStringLiteral(text) { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty)
    }

    @Test(arguments: awkwardTexts.map { TextArgument($0) })
    func scalarsInitializerMatchesUnicodeScalarView(_ sample: TextArgument) {
        let scalars = Array(sample.text.unicodeScalars)
        #expect(String(scalars: scalars) == String(String.UnicodeScalarView(scalars)))
        #expect(String(scalars: scalars).unicodeScalars.elementsEqual(scalars))
    }

    /// `isIdentifier`'s ASCII path against the XID properties it stands for, over every ASCII byte in
    /// every position.
    @Test func asciiIdentifierCheckMatchesXIDProperties() {
        func reference(_ name: String) -> Bool {
            guard let first = name.unicodeScalars.first else { return false }
            return (first == "_" || first.properties.isXIDStart)
                && name.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
        }
        var names = ["", "_", "a", "A1", "1a", "a b", "a-b", "Ä", "aÄ", "éclair", "_9"]
        for value in UInt8(0)..<0x80 {
            let character = String(UnicodeScalar(value))
            names += [character, "a" + character, character + "a", "_" + character]
        }
        for name in names {
            #expect(SwiftNames.isIdentifier(name) == reference(name), "\(name.debugDescription)")
        }
    }

    @Test func swiftOnlyTypeNameCheckMatchesCharacterSearch() {
        func reference(_ name: String) -> Bool {
            name.contains("[") || name.contains("<") || name.contains("?") || name.contains("(")
        }
        for name in ["", "NSArray", "[String]", "Set<Int>", "Thing?", "(Int, Int)", "Module.Type", "[\u{301}x]", "Ä<", "É"] {
            #expect(SwiftTypeTable.isSwiftOnlyTypeName(name) == reference(name), "\(name.debugDescription)")
        }
    }

    /// The shared, memoizing witness answers as a freshly compiled one does, for every question asked twice.
    @Test func sharedWitnessAnswersLikeAFreshOne() throws {
        for pattern in ["^[A-Z]{3}-[0-9]{4}$", "^[A-Za-z ]*$", "(US|CA)", "^abc(def)?$", "[a-z]+@[a-z]+\\.com"] {
            let fresh = try RegexWitness(pattern: pattern)
            for _ in 0..<2 {
                let shared = try RegexWitness.shared(pattern: pattern)
                for length in [LengthBounds.unbounded, LengthBounds(minimum: 2, maximum: 12), LengthBounds(minimum: 9, maximum: 9)] {
                    for variant in 0..<4 {
                        for longest in [false, true] {
                            #expect(
                                shared.witness(length: length, variant: variant, preferLongest: longest)
                                    == fresh.witness(length: length, variant: variant, preferLongest: longest))
                        }
                    }
                    #expect(shared.violatingValue(length: length) == fresh.violatingValue(length: length))
                }
            }
        }
        #expect(throws: RegexWitnessFailure.self) { try RegexWitness.shared(pattern: "([a-z]") }
        #expect(throws: RegexWitnessFailure.self) { try RegexWitness.shared(pattern: "([a-z]") }
    }
}
