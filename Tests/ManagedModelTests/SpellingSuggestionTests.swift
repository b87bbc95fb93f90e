import ManagedModel
import Testing

/// The "did you mean" of every diagnostic: case, spaces, `_` and `-` are free; a short word only matches when
/// nothing but those differ, longer words allow one or two edits (a swap of neighbours is one).
@Suite struct SpellingSuggestionTests {
    static let attributeTypes = ["Integer 16", "Integer 32", "Integer 64", "Decimal", "Double", "String", "Date", "UUID", "URI"]

    @Test("close spellings get the nearest candidate", arguments: [
        ("Integer16", "Integer 16"), ("integer_64", "Integer 64"), ("Deciaml", "Decimal"), ("Strnig", "String"),
        ("uuid", "UUID"), ("Dobule", "Double"), ("URL", "URI"), ("Dat", "Date"),
    ])
    func suggests(word: String, expected: String) {
        #expect(SpellingSuggestion.closest(to: word, in: Self.attributeTypes) == expected)
        #expect(SpellingSuggestion.hint(for: word, in: Self.attributeTypes) == "; did you mean '\(expected)'?")
    }

    @Test("far or short misspellings get none", arguments: ["Float", "Boolean", "Text", "UU", "Binary Data", "Transformable"])
    func noSuggestion(word: String) {
        #expect(SpellingSuggestion.closest(to: word, in: Self.attributeTypes) == nil)
        #expect(SpellingSuggestion.hint(for: word, in: Self.attributeTypes) == "")
    }

    @Test func aNameShorterThanThreeMatchesOnlyUpToCaseAndSpacing() {
        #expect(SpellingSuggestion.closest(to: "i_d", in: ["ID"]) == "ID")
        #expect(SpellingSuggestion.closest(to: "IX", in: ["ID"]) == nil)
    }

    @Test func theWordItselfIsNoSuggestion() {
        #expect(SpellingSuggestion.closest(to: "String", in: ["String"]) == nil)
    }

    @Test func distanceCountsASwapOfNeighboursAsOneEdit() {
        #expect(SpellingSuggestion.distance("genrate", "generate") == 1)
        #expect(SpellingSuggestion.distance("adpot", "adopt") == 1)
        #expect(SpellingSuggestion.distance("Integer-16", "integer 16") == 0)
        #expect(SpellingSuggestion.distance("", "abc") == 3)
    }
}
