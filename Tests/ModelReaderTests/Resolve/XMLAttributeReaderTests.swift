import Foundation
import ManagedModel
import Testing

@testable import ModelReader

/// The attribute reader: many attributes, names equal only under Unicode equivalence, attribute types.
@Suite("XMLAttributeReader")
struct XMLAttributeReaderTests {
    func attribute(_ xml: String) throws -> (attribute: Attribute, messages: [String]) {
        let result = try TestSupport.resolve(
            TestSupport.model("<entity name=\"E\" representedClassName=\"E\">\n\(xml)\n</entity>"))
        let attribute = try #require(result.schema?.entities.first?.attributes.first)
        return (attribute, result.diagnostics.all.map(\.message))
    }

    @Test("known names after the sixteenth attribute are still read, unknown ones reported in order")
    func manyAttributes() throws {
        let unknown = (1...18).map { "p\($0)" }
        let xml = "<attribute name=\"a\" attributeType=\"String\" "
            + unknown.map { "\($0)=\"1\"" }.joined(separator: " ")
            + " optional=\"YES\" indexed=\"YES\" elementID=\"id\" defaultValueString=\"x\"/>"
        let (attribute, messages) = try attribute(xml)
        #expect(attribute.isOptional && attribute.isIndexed)
        #expect(attribute.elementID == "id")
        #expect(attribute.defaultValue == .string("x"))
        #expect(messages == unknown.map { "unknown attribute '\($0)' on <attribute>; ignored" })
    }

    @Test("a name equal to a known one only under Unicode equivalence is read as that name")
    func unicodeEquivalentName() throws {
        // U+212A KELVIN SIGN is canonically equivalent to "K": Swift's String == says they are equal.
        let (_, messages) = try attribute("<attribute name=\"a\" attributeType=\"String\" \u{212A}ind=\"1\"/>")
        #expect(messages == ["unknown attribute '\u{212A}ind' on <attribute>; ignored"])
        let model = TestSupport.model("").replacingOccurrences(of: "<model ", with: "<model usedWithCloud\u{212A}it=\"YES\" ")
        let result = try TestSupport.resolve(model)
        #expect(result.schema?.usedWithCloudKit == true)
        #expect(result.diagnostics.all.isEmpty)
    }

    @Test("attribute types are found by their exact spelling only")
    func attributeTypes() throws {
        #expect(try attribute("<attribute name=\"a\" attributeType=\"Integer 16\"/>").attribute.type == .integer16)
        let result = try TestSupport.resolve(
            TestSupport.model("<entity name=\"E\"><attribute name=\"a\" attributeType=\"integer 16\"/></entity>"))
        #expect(result.diagnostics.all.map(\.message) == ["unknown attributeType 'integer 16' of attribute 'a'; did you mean 'Integer 16'?"])
    }

    @Test("duplicate names: each repeat names the line of the first, ASCII or not")
    func duplicateNames() {
        let found = DuplicateNames.find(in: ["a", "b", "a", "c", "a", "b"])
        #expect(found.map(\.position) == [2, 4, 5])
        #expect(found.map(\.first) == [0, 0, 1])
        let unicode = DuplicateNames.find(in: ["caf\u{E9}", "cafe\u{301}", "x"])
        #expect(unicode.map(\.position) == [1] && unicode.map(\.first) == [0])
    }
}
