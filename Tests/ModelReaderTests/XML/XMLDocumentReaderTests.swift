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

    @Test("a file read a piece at a time parses as its bytes do; an empty file and a folder say so")
    func fileInput() throws {
        let directory = try ReaderScratchDirectory()
        let file = directory.url.appendingPathComponent("contents")
        let bytes = try XMLReaderFixtures.realModelBytes()
        try Data(bytes).write(to: file)
        #expect(try XMLDocumentReader.parse(fileAt: file.path) == XMLDocumentReader.parse(bytes, path: file.path))

        try Data(" \n\t".utf8).write(to: file)
        let empty = try #require(throws: DiagnosticsError.self) { try XMLDocumentReader.parse(fileAt: file.path) }
        #expect(empty.diagnostics.all.map(\.description) == ["\(file.path): error: the model file is empty"])

        let folder = try #require(throws: DiagnosticsError.self) { try XMLDocumentReader.parse(fileAt: directory.url.path) }
        #expect(folder.diagnostics.all.map(\.description) == ["\(directory.url.path): error: cannot read the model file: Is a directory"])
    }

    @Test("line numbers above 65535 are exact")
    func bigLineNumbers() throws {
        let entityCount = 70_000
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<model>\n"
        for index in 0..<entityCount {
            text += "<entity name=\"E\(index)\"/>\n"
        }
        text += "</model>\n"
        let directory = try ReaderScratchDirectory()
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

/// What libxml2's SAX2 interface hands over for attribute values and lines, pinned down because the reader
/// builds its tree from those events (an `&` arrives re-escaped as `&#38;`; lines come from the parser input).
extension XMLDocumentReaderTests {
    @Test(
        "character references and predefined entities in attribute values are decoded once",
        arguments: [
            ("a &amp; b", "a & b"),
            ("&amp;", "&"),
            ("&#38;", "&"),
            ("&#x26;", "&"),
            ("&amp;&amp;&#38;", "&&&"),
            ("&amp;amp;", "&amp;"),
            ("&amp;#38;", "&#38;"),
            ("&#38;#38;", "&#38;"),
            ("&#x26;#x26;", "&#x26;"),
            ("x&amp;", "x&"),
            ("&lt;&gt;&quot;&apos;", "<>\"'"),
            ("&#x41;&#66;", "AB"),
            ("é&amp;&#xE9;&#x1F4DA;", "é&é📚"),
            ("plain ASCII", "plain ASCII"),
            ("", ""),
        ] as [(String, String)]
    )
    func referencesInAttributeValues(written: String, read: String) throws {
        let root = try XMLDocumentReader.parse(Array("<model a=\"\(written)\" b='\(written)'/>".utf8), path: "contents")
        #expect(root[attribute: "a"] == read)
        #expect(root[attribute: "b"] == read)
    }

    @Test("attribute values are whitespace-normalised as XML requires; referenced whitespace is kept")
    func attributeWhitespace() throws {
        let text = "<model a=\"x\ty\nz\r\nw\" b=\"&#9;&#10;&#13;\" c=\"  two  spaces  \" d=\"é\t&amp;\n\"/>"
        let root = try XMLDocumentReader.parse(Array(text.utf8), path: "contents")
        #expect(root[attribute: "a"] == "x y z w")
        #expect(root[attribute: "b"] == "\t\n\r")
        #expect(root[attribute: "c"] == "  two  spaces  ")
        #expect(root[attribute: "d"] == "é & ")
    }

    @Test("prefixed element and attribute names keep their prefix; namespace declarations are not attributes")
    func qualifiedNames() throws {
        let text = #"<model xmlns="urn:default" xmlns:x="urn:x"><x:entity x:name="A" name="B" xml:lang="en"/></model>"#
        let root = try XMLDocumentReader.parse(Array(text.utf8), path: "contents")
        #expect(root.name == "model")
        #expect(root.attributes.isEmpty)
        let child = try #require(root.children.first)
        #expect(child.name == "x:entity")
        #expect(child.attributes.map(\.name) == ["x:name", "name", "xml:lang"])
        #expect(child.attributes.map(\.value) == ["A", "B", "en"])
    }

    @Test("text, comments, CDATA and processing instructions leave no trace in the tree")
    func nonElementContent() throws {
        let text = "<model>text &amp; <![CDATA[<entity name='no'/>]]><!-- <entity/> --><?pi x?>\n<entity name=\"A\">hello</entity>tail</model>"
        let root = try XMLDocumentReader.parse(Array(text.utf8), path: "contents")
        #expect(root.children.map(\.name) == ["entity"])
        #expect(root.children.first?.children.isEmpty == true)
        #expect(root.children.first?.line == 2)
    }

    @Test("an element's line is where libxml2 stands after the start tag's attributes and blanks")
    func startTagLines() throws {
        let text = "<model>\n<a\n  name=\"A\"\n\n  x=\"1\"\n/>\r\n<b name=\"B\"\r></b>\r<c/></model>"
        let root = try XMLDocumentReader.parse(Array(text.utf8), path: "contents")
        #expect(root.line == 1)
        // The blank line before `/>` is already read when <a> is reported; libxml2 counts only LF (and so CRLF)
        // as a line end, not a lone CR. Both as libxml2's own tree reported them.
        #expect(root.children.map(\.line) == [6, 7, 7])
    }

    @Test("a Data value parses like the same bytes in an array")
    func dataInput() throws {
        let text = "<model>\n<entity name=\"A\" x=\"&amp;\"/>\n</model>"
        #expect(try XMLDocumentReader.parse(Data(text.utf8), path: "contents") == XMLDocumentReader.parse(Array(text.utf8), path: "contents"))
    }
}

extension XMLDocumentReaderTests {
    /// The benchmark size: 1,000 entities, 30 attributes and 4 relationships each (about 5 MB).
    /// The time bound is loose (debug build, shared machine); it catches quadratic work, not drift.
    @Test("a 1,000-entity model of several MB parses completely and quickly")
    func largeModel() throws {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<model type=\"com.apple.IDECoreDataModeler.DataModel\">\n"
        for entity in 0..<1_000 {
            text += "    <entity name=\"Entity\(entity)\" representedClassName=\"Entity\(entity)\" syncable=\"YES\">\n"
            for attribute in 0..<30 {
                text += "        <attribute name=\"attribute\(attribute)\" optional=\"YES\" attributeType=\"String\" defaultValueString=\"value \(entity)-\(attribute)\" regularExpressionString=\"[a-z]+\"/>\n"
            }
            for relationship in 0..<4 {
                text += "        <relationship name=\"link\(relationship)\" optional=\"YES\" toMany=\"YES\" deletionRule=\"Nullify\" destinationEntity=\"Entity\((entity + relationship) % 1_000)\" inverseName=\"link\(relationship)\" inverseEntity=\"Entity\(entity)\"/>\n"
            }
            text += "    </entity>\n"
        }
        text += "</model>\n"
        let bytes = Array(text.utf8)
        #expect(bytes.count > 4_000_000)

        let clock = ContinuousClock()
        let start = clock.now
        let root = try XMLDocumentReader.parse(bytes, path: "Large.xcdatamodel/contents")
        let elapsed = clock.now - start
        #expect(elapsed < .seconds(10), "parsing \(bytes.count) bytes took \(elapsed)")
        #expect(root.children.count == 1_000)
        #expect(root.children.allSatisfy { $0.children.count == 34 })
        let last = try #require(root.children.last)
        #expect(last[attribute: "name"] == "Entity999")
        // Each entity spans 36 lines after the two header lines.
        #expect(last.line == 2 + 999 * 36 + 1)
        #expect(last.children.last?[attribute: "destinationEntity"] == "Entity2")
    }
}

/// A fresh folder under the system temporary directory, removed when the value is released.
final class ReaderScratchDirectory: Sendable {
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

/// Test inputs: the shared model corpus beside the package.
enum XMLReaderFixtures {
    /// `<package>/../shared/corpus`, or nil when this checkout has no corpus next to it.
    static let corpus: URL? = TestSupport.corpusIsPresent ? TestSupport.corpus : nil

    /// The largest current-version `contents` in the corpus; without a corpus, a model written here.
    static func realModelBytes() throws -> [UInt8] {
        if let corpus {
            let files = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: [.fileSizeKey])?
                .compactMap { $0 as? URL }
                .filter { $0.lastPathComponent == "contents" } ?? []
            let sized = try files.map { ($0, try $0.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
            if let largest = sized.max(by: { ($0.1, $0.0.path) < ($1.1, $1.0.path) }) {
                return [UInt8](try Data(contentsOf: largest.0))
            }
        }
        var text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift">

            """
        for index in 0..<40 {
            text += """
                    <entity name="Entity\(index)" representedClassName="Entity\(index)" syncable="YES">
                        <attribute name="title" attributeType="String" defaultValueString="Ünïcødé \(index)"/>
                        <attribute name="count" optional="YES" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
                        <relationship name="next" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Entity\((index + 1) % 40)"/>
                    </entity>

                """
        }
        text += "</model>\n"
        return Array(text.utf8)
    }
}
