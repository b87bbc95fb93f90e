import Foundation
import ManagedModel
import Testing

@testable import ModelReader

/// Entities are decoded and checked on several cores; what comes out must be what reading them in turn gives.
@Suite("Parallel reading")
struct ParallelReadingTests {
    /// Entity `i` (from 0) of the generated model: name, and the line of its start tag.
    struct GeneratedEntity {
        var name: String
        var line: Int
        var hasBadPattern: Bool
    }

    /// `count` entities, each with an unknown XML attribute (a decoder warning) and a relationship without an
    /// inverse (a check warning); every third has a regular expression that does not compile (a check error).
    /// A fetch request with an unknown attribute and a missing entity sits after every 40th entity, so decoder
    /// warnings of entities and of the model's other elements interleave.
    static func generatedModel(entities count: Int) -> (xml: String, entities: [GeneratedEntity], requests: [(name: String, line: Int)]) {
        var body: [String] = []
        var entities: [GeneratedEntity] = []
        var requests: [(name: String, line: Int)] = []
        let firstLine = 3  // `TestSupport.model` puts the body on line 3
        for index in 0..<count {
            let name = String(format: "E%04d", index)
            let hasBadPattern = index % 3 == 1
            entities.append(GeneratedEntity(name: name, line: firstLine + body.count, hasBadPattern: hasBadPattern))
            body.append(#"<entity name="\#(name)" flavour="x">"#)
            body.append(
                #"<attribute name="text" optional="YES" attributeType="String""#
                    + (hasBadPattern ? #" regularExpressionString="[a-"/>"# : "/>"))
            body.append(#"<relationship name="link" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="E0000"/>"#)
            body.append("</entity>")
            if index % 40 == 39 {
                let requestName = "Request\(index)"
                requests.append((requestName, firstLine + body.count))
                body.append(#"<fetchRequest name="\#(requestName)" entity="Ghost" bogus="1"/>"#)
            }
        }
        return (TestSupport.model(body.joined(separator: "\n")), entities, requests)
    }

    @Test("diagnostics of many entities come out in document order, decoder's first, then each entity's checks")
    func diagnosticsKeepDocumentOrder() throws {
        let generated = Self.generatedModel(entities: 301)
        let resolved = try TestSupport.resolve(generated.xml)

        // Decoder: every element in document order.
        var decoding: [(line: Int, text: String)] = generated.entities.map {
            ($0.line, "\($0.line): warning: unknown attribute 'flavour' on <entity>; ignored")
        }
        decoding += generated.requests.map {
            ($0.line, "\($0.line): warning: unknown attribute 'bogus' on <fetchRequest>; ignored")
        }
        decoding.sort { $0.line < $1.line }
        var expected = decoding.map(\.text)
        // Checks: entity by entity (attributes before relationships), then the fetch requests.
        for entity in generated.entities {
            if entity.hasBadPattern {
                expected.append(
                    "\(entity.line + 1): error: regular expression '[a-' of attribute '\(entity.name).text' does not compile")
            }
            expected.append(
                "\(entity.line + 2): warning: relationship '\(entity.name).link' has no inverse; Core Data cannot keep both sides of the graph consistent"
            )
        }
        for request in generated.requests {
            expected.append("\(request.line): error: entity 'Ghost' of fetch request '\(request.name)' does not exist")
        }

        #expect(resolved.diagnostics.lines == expected)
        #expect(resolved.schema?.entities.map(\.name) == generated.entities.map(\.name))
        #expect(resolved.schema?.fetchRequests.map(\.name) == generated.requests.map(\.name))
    }

    @Test("ModelLoader reports exactly what the resolver reports for a model with many entities")
    func loaderMatchesResolver() throws {
        let generated = Self.generatedModel(entities: 257)
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ParallelReadingTests-\(UUID().uuidString)/Model.xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let contents = folder.appendingPathComponent("contents")
        try Data(generated.xml.utf8).write(to: contents)

        let expected = try TestSupport.resolve(generated.xml, contentsPath: contents.path).diagnostics
        #expect(expected.hasErrors)
        do {
            _ = try ModelLoader.load(folder.path)
            Issue.record("the generated model has errors; loading it should throw")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics == expected)
        }
    }

    @Test("entities among the model's other elements, and <entity> elements deeper down")
    func entitiesAmongOtherElements() throws {
        let xml = TestSupport.model("""
            <configuration name="Main"><memberEntity name="A"/><entity name="NotHandedOff"/></configuration>
            <entity name="A" representedClassName="A" codeGenerationType="bogus"><attribute name="x" attributeType="String" mystery="1"/></entity>
            <fetchRequest name="All" entity="A" surprise="1"/>
            <entity representedClassName="Nameless"/>
            <elements><element name="A" positionX="1" positionY="2" width="3" height="4"/><entity name="Layout"/></elements>
            <entity name="B"><attribute name="y" attributeType="Integer 99"/><entity name="Nested"/></entity>
            <composite name="C"><attribute name="z" attributeType="String"/></composite>
            <entity name="A"/>
            """)
        let resolved = try TestSupport.resolve(xml)
        #expect(resolved.schema?.entities.map(\.name) == ["A", "B", "A"])
        #expect(resolved.diagnostics.lines.contains { $0.hasPrefix("8: warning: unknown element <entity> in <entity>") })
    }

    @Test("a document whose root is not <model> is refused the same way, whatever its <entity> children")
    func notAModel() throws {
        let xml = #"<entity name="A"><entity name="B"/><attribute name="x" attributeType="String"/></entity>"#
        let resolved = try TestSupport.resolve(xml)
        #expect(resolved.schema == nil)
        #expect(resolved.diagnostics.lines == ["1: error: not a Core Data model: root element is <entity>"])
    }

    @Test("entity lines past 65535 are exact")
    func bigLineNumbers() throws {
        let body = (0..<70_000).map { #"<entity name="E\#($0)"/>"# }.joined(separator: "\n")
        let resolved = try TestSupport.resolve(TestSupport.model(body))
        let entities = try #require(resolved.schema?.entities)
        #expect(entities.count == 70_000)
        for index in [0, 65_532, 65_533, 69_999] {
            #expect(entities[index].name == "E\(index)")
            #expect(entities[index].location.line == index + 3)
        }
    }

    @Test("reading the same model again gives the same schema and diagnostics")
    func repeatable() throws {
        let generated = Self.generatedModel(entities: 120)
        let first = try TestSupport.resolve(generated.xml)
        for _ in 0..<3 {
            let again = try TestSupport.resolve(generated.xml)
            #expect(again.schema == first.schema)
            #expect(again.diagnostics == first.diagnostics)
        }
    }

    @Test("an attribute name like a known one (same length and end letters) is unknown; known names are still found")
    func nameSignatureCollision() throws {
        let resolved = try TestSupport.resolve(TestSupport.model("""
            <entity name="Item">
                <attribute name="count" oPtional="YES" optional="YES" attributeType="Integer 16" usesScalarValueType="YES" defaultValueString="3"/>
                <attribute name="size" optionaL="YES" attributeType="Integer 32" usesScalarValueType="NO"/>
            </entity>
            """))
        #expect(resolved.diagnostics.lines == [
            "4: warning: unknown attribute 'oPtional' on <attribute>; ignored; did you mean 'optional'?",
            "5: warning: unknown attribute 'optionaL' on <attribute>; ignored; did you mean 'optional'?",
        ])
        let attributes = try #require(resolved.schema?.entities.first?.attributes)
        #expect(attributes.map(\.isOptional) == [true, false])
        #expect(attributes.map(\.usesScalarValueType) == [true, false])
        #expect(attributes.first?.defaultValue == .integer(3))
    }

    @Test("non-ASCII attribute names: known names are found, the others reported")
    func nonASCIIAttributeNames() throws {
        let resolved = try TestSupport.resolve(TestSupport.model("""
            <entity name="Item">
                <attribute name="title" größe="1" optional="YES" attributeType="String" maxValueString="9"/>
            </entity>
            """))
        #expect(resolved.diagnostics.lines == ["4: warning: unknown attribute 'größe' on <attribute>; ignored"])
        let attribute = try #require(resolved.schema?.entities.first?.attributes.first)
        #expect(attribute.isOptional)
        #expect(attribute.type == .string)
        #expect(attribute.maxValue == .integer(9))
    }
}
