import Foundation
import ManagedModel
import Testing

@testable import ModelReader

/// The dump's text form: what makes it diff-able and identical everywhere.
@Suite("SchemaDump format")
struct DumpFormatTests {
    @Test("keys sorted by Unicode scalars, two-space indent, trailing newline, empty containers inline")
    func layout() {
        let text = JSONText.object([
            "b": .array([.integer(1), .double(2), .null]),
            "B": .object([:]),
            "a": .array([]),
            "é": .bool(true),
        ]).rendered()
        #expect(text == """
            {
              "B": {},
              "a": [],
              "b": [
                1,
                2.0,
                null
              ],
              "é": true
            }

            """)
    }

    @Test("strings: quotes, backslashes and control characters escaped; slashes and non-ASCII kept")
    func escaping() {
        let text = JSONText.string("a\"b\\c/d\n\t\u{1}ü$").rendered()
        #expect(text == #""a\"b\\c/d\n\t\u0001ü$""# + "\n")
    }

    @Test("typed values name their type; dates carry an ISO 8601 UTC form")
    func values() {
        #expect(SchemaDump.value(.date(0)) == .object(["date": .double(0), "iso8601": .string("2001-01-01T00:00:00Z")]))
        #expect(SchemaDump.value(.decimal("1.50")) == .object(["decimal": .string("1.50")]))
        #expect(SchemaDump.value(.integer(-3)) == .object(["integer": .integer(-3)]))
        #expect(SchemaDump.value(nil) == .null)
    }

    @Test("the same model dumps byte-identically, also when read twice from disk, and holds no absolute path")
    func stable() throws {
        let path = TestSupport.fixtureBundle("Vocabulary")
        let first = SchemaDump.json(try ModelLoader.load(path).schema)
        let second = SchemaDump.json(try ModelLoader.load(path).schema)
        #expect(first == second)
        #expect(!first.contains(TestSupport.packageRoot.path))
        let parsed = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
        #expect(parsed?["dumpFormat"] as? Int == 1)
    }

    @Test("inherited properties are listed with the entity that declares them")
    func inherited() throws {
        let schema = try ModelLoader.load(TestSupport.fixtureBundle("Vocabulary")).schema
        let document = try #require(schema.entity(named: "Document"))
        guard case .object(let members) = SchemaDump.entity(document, in: schema),
            case .array(let inherited) = members["inheritedProperties"]
        else { Issue.record("no inheritedProperties array"); return }
        #expect(inherited.first == .object(["name": .string("checksum"), "kind": .string("attribute"), "from": .string("Asset")]))
        #expect(inherited.count == schema.entity(named: "Asset")?.attributes.count)
    }
}
