import Foundation
import ManagedModel
import Testing

@testable import ModelReader

@Suite("XMLDocumentReader")
struct XMLDocumentReaderTests {
    @Test("elements, attributes in order, lines and element-only children")
    func smallDocument() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift">
                <entity name="Book" representedClassName="Book" syncable="YES">
                    <!-- comments and text are dropped -->
                    <attribute name="title" attributeType="String" defaultValueString="a &amp; b &lt;&#x41;&gt;"/>
                    <attribute name="pages" optional="YES" attributeType="Integer 32" usesScalarValueType="YES"/>
                </entity>
                <elements/>
            </model>
            """
        let root = try XMLDocumentReader.parse(Array(text.utf8), path: "/tmp/Model.xcdatamodel/contents")
        #expect(root.name == "model")
        #expect(root.line == 2)
        #expect(root.attributes.map(\.name) == ["type", "documentVersion", "sourceLanguage"])
        #expect(root[attribute: "sourceLanguage"] == "Swift")
        #expect(root.children.map(\.name) == ["entity", "elements"])
        #expect(root.children.map(\.line) == [3, 8])

        let entity = try #require(root.children(named: "entity").first)
        #expect(entity[attribute: "name"] == "Book")
        let attributes = entity.children(named: "attribute")
        #expect(attributes.map(\.line) == [5, 6])
        #expect(attributes.map { $0[attribute: "name"] } == ["title", "pages"])
        #expect(attributes[0][attribute: "defaultValueString"] == "a & b <A>")
        #expect(attributes[1].attributes.map(\.name) == ["name", "optional", "attributeType", "usesScalarValueType"])
        #expect(entity.children.count == 2)
    }

    @Test("empty attribute values and non-ASCII text survive")
    func emptyAndUnicodeValues() throws {
        let text = #"<model><entity name="Ünïcødé 📚" userInfo=""/></model>"#
        let root = try XMLDocumentReader.parse(Array(text.utf8), path: "contents")
        let entity = try #require(root.children.first)
        #expect(entity[attribute: "name"] == "Ünïcødé 📚")
        #expect(entity[attribute: "userInfo"] == "")
    }

    @Test("line numbers above 65535 are exact")
    func bigLineNumbers() throws {
        let entityCount = 70_000
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<model>\n"
        for index in 0..<entityCount {
            text += "<entity name=\"E\(index)\"/>\n"
        }
        text += "</model>\n"
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("contents")
        try Data(text.utf8).write(to: file)

        let root = try XMLDocumentReader.parse(Array(try Data(contentsOf: file)), path: file.path)
        #expect(root.children.count == entityCount)
        // Entity n sits on line n + 3 (declaration and <model> come first).
        for index in [0, 65_531, 65_532, 65_533, 65_534, 69_999] {
            #expect(root.children[index].line == index + 3)
            #expect(root.children[index][attribute: "name"] == "E\(index)")
        }
    }
}

/// A fresh folder under the system temporary directory, removed when the value is released.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ModelReaderTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
