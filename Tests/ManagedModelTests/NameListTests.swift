import ManagedModel
import Testing

/// Lists of versions or entities in messages: whole while short, a count with the ends past that (a 117-version
/// history printed every name on one 1,000-character line).
@Suite struct NameListTests {
    @Test func aShortListIsWhole() {
        #expect(NameList.quoted(["Model", "Model 2"], noun: "versions") == "'Model', 'Model 2'")
        #expect(NameList.listed(["A", "B", "C"], noun: "entities") == "A, B, C")
        #expect(NameList.quoted([], noun: "versions") == "")
    }

    @Test func aLongListIsACountWithItsEnds() {
        let names = ["Model"] + (2...117).map { "Model \($0)" }
        let text = NameList.quoted(names, noun: "versions")
        #expect(text == "117 versions: 'Model', 'Model 2', 'Model 3', …, 'Model 117'")
        #expect(NameList.listed((1...7).map { "E\($0)" }, noun: "entities") == "7 entities: E1, E2, E3, …, E7")
    }
}
