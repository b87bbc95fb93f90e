import Testing

import CodeGeneration
@testable import GenerationPlanning

/// The predicate reader that types fetch-template parameters: which key path each `$VARIABLE` meets, and how.
@Suite struct PredicateVariablesTests {
    private func use(_ format: String, _ variable: String) -> PredicateVariables.Use? {
        PredicateVariables(format: format).uses.first { $0.variable == variable }
    }

    @Test func variableOnTheRightOfAComparison() throws {
        let found = try #require(use("price < $MAX_PRICE", "MAX_PRICE"))
        #expect(found.keyPath == "price")
        #expect(found.comparison == "<")
        #expect(found.variableIsRight)
    }

    @Test func keyPathsThroughRelationshipsAndComposites() {
        #expect(use("owner.name == $NAME", "NAME")?.keyPath == "owner.name")
        #expect(use("status IN $S AND size.width >= $MIN_WIDTH", "MIN_WIDTH")?.keyPath == "size.width")
        #expect(use("status IN $S AND size.width >= $MIN_WIDTH", "S")?.comparison == "IN")
    }

    @Test func variableOnTheLeftAndAggregates() throws {
        let left = try #require(use("$ITEM IN items OR ANY items.kind == $KIND", "ITEM"))
        #expect(left.keyPath == "items" && left.comparison == "IN" && !left.variableIsRight)
        let aggregate = try #require(use("$ITEM IN items OR ANY items.kind == $KIND", "KIND"))
        #expect(aggregate.keyPath == "items.kind" && aggregate.isAggregate)
    }

    @Test func modifiersSpellingsAndStrings() {
        #expect(use("name BEGINSWITH[cd] $PREFIX", "PREFIX")?.comparison == "BEGINSWITH")
        #expect(use("a = $X", "X")?.comparison == "==")
        #expect(use("a <> $X", "X")?.comparison == "!=")
        #expect(use("a =< $X", "X")?.comparison == "<=")
        // A `$` inside a quoted string is text, not a variable.
        #expect(PredicateVariables(format: "name == '$NOT' AND code == $CODE").variableNames == ["CODE"])
    }

    @Test func unknownOperandsAndFetchSource() {
        // Arithmetic on the other side: no plain key path.
        #expect(use("price * 2 > $LIMIT", "LIMIT")?.keyPath == nil)
        // `$FETCH_SOURCE.status` is an object's key path, not a comparable variable; `SELF != $FETCH_SOURCE` is.
        let uses = PredicateVariables(format: "status == $FETCH_SOURCE.status AND SELF != $FETCH_SOURCE").uses
        #expect(uses.count == 1 && uses.first?.keyPath == "SELF")
    }

    @Test func variablesInOrderWithoutDuplicates() {
        #expect(PredicateVariables(format: "a == $B OR c == $A OR d == $B").variableNames == ["B", "A"])
    }
}
