import CoreDataMapping
import Foundation
import ManagedModel
import TestSupport
import Testing

@testable import SampleValues

/// The byte-level fast paths give what the straightforward Unicode-scalar code gave.
@Suite struct FastPathTests {
    static let awkwardTexts: [String] = [
        "", "plain", "quote \" and backslash \\", "tab\tline\nreturn\r nul\0", "\u{7}\u{1B}\u{7F}",
        "zero\u{200B}width", "soft\u{AD}hyphen", "bidi \u{202E}override", "é combining e\u{301}", "日本語",
        "emoji 👩‍👩‍👧 flag 🇫🇷", "\u{FEFF}bom", "\u{85}next line \u{2028}separator", String(repeating: "x", count: 5000),
        "mixed \u{1F}\u{80}\u{9F}\u{A0}",
    ]

    @Test func stringLiteralEscapesWhatTheLexerTreatsSpecially() {
        let expected: [(text: String, literal: String)] = [
            ("", #""""#), ("plain", #""plain""#), ("quote \" and backslash \\", #""quote \" and backslash \\""#),
            ("tab\tline\nreturn\r nul\0", #""tab\tline\nreturn\r nul\0""#), ("\u{7}\u{7F}", #""\u{7}\u{7F}""#),
            ("zero\u{200B}width", #""zero\u{200B}width""#), ("soft\u{AD}hyphen", #""soft\u{AD}hyphen""#),
            ("\u{FEFF}bom", #""\u{FEFF}bom""#), ("é combining e\u{301} 日本語 🇫🇷", "\"é combining e\u{301} 日本語 🇫🇷\""),
            ("\u{85}next \u{A0}", "\"\u{85}next \u{A0}\""),
        ]
        for (text, literal) in expected {
            #expect(SwiftSourceText.stringLiteral(text) == literal, "\(text.debugDescription)")
        }
    }

    @Test(arguments: awkwardTexts.map { TextArgument($0) })
    func scalarsInitializerMatchesUnicodeScalarView(_ sample: TextArgument) {
        let scalars = Array(sample.text.unicodeScalars)
        #expect(String(scalars: scalars) == String(String.UnicodeScalarView(scalars)))
        #expect(String(scalars: scalars).unicodeScalars.elementsEqual(scalars))
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
