import Foundation
import ManagedModel
import Testing

@testable import ModelReader

/// Hostile or broken `contents` files: each must end in one clear, located diagnostic, never a crash,
/// never network or file access, never leaked file contents.
@Suite("Bad XML input")
struct BadInputXMLTests {
    static let path = "/models/Bad.xcdatamodeld/Bad.xcdatamodel/contents"

    /// Parses `bytes`, expecting failure; returns the single error diagnostic.
    func parseError(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
        let error = try #require(throws: DiagnosticsError.self, sourceLocation: sourceLocation) {
            try XMLDocumentReader.parse(bytes, path: Self.path)
        }
        #expect(error.diagnostics.all.count == 1, sourceLocation: sourceLocation)
        let diagnostic = try #require(error.diagnostics.errors.first, sourceLocation: sourceLocation)
        #expect(diagnostic.location?.path == Self.path, sourceLocation: sourceLocation)
        return diagnostic
    }

    func parseError(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
        try parseError(Array(text.utf8), sourceLocation: sourceLocation)
    }

    @Test(
        "malformed XML names the line and libxml2's reason",
        arguments: [
            ("<model>\n<entity name=\"A\">\n</model>", 3, "Opening and ending tag mismatch"),
            ("<model>\n<entity name=\"A/>\n</model>", 3, "Unescaped '<' not allowed in attributes values"),
            ("<model>\n\n<entity name=\"A\" a=\"&bogus;\"/>\n</model>", 3, "Entity 'bogus' not defined"),
            ("<model/>\n<model/>", 2, "Extra content at the end of the document"),
            ("just text", 1, "Start tag expected"),
            ("<model>\n<entity name='A' name='B'/>\n</model>", 2, "Attribute name redefined"),
        ] as [(TextArgument, Int, String)]
    )
    func malformed(text: TextArgument, line: Int, reason: String) throws {
        let diagnostic = try parseError(text.text)
        #expect(diagnostic.message.hasPrefix("malformed XML: "))
        #expect(diagnostic.message.contains(reason))
        #expect(!diagnostic.message.contains("\n"))
        #expect(diagnostic.location?.line == line)
        #expect(diagnostic.description.hasPrefix("\(Self.path):\(line): error: malformed XML: "))
    }

    @Test("empty and blank files say so", arguments: ["", "   \n\n  "])
    func emptyFile(text: TextArgument) throws {
        let diagnostic = try parseError(text.text)
        #expect(diagnostic.message == "the model file is empty")
    }

    @Test("a model truncated at every tenth of its length is reported at or before the cut")
    func truncated() throws {
        let model = try XMLReaderFixtures.realModelBytes()
        #expect(try XMLDocumentReader.parse(model, path: Self.path).name == "model")
        for tenth in 1...9 {
            let prefix = Array(model.prefix(model.count * tenth / 10))
            let diagnostic = try parseError(prefix)
            let linesInPrefix = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let line = try #require(diagnostic.location?.line)
            #expect((1...linesInPrefix).contains(line), "tenth \(tenth): line \(line) of \(linesInPrefix)")
            #expect(diagnostic.message.hasPrefix("malformed XML: "), "tenth \(tenth): \(diagnostic.message)")
        }
    }

    @Test("XXE: an external entity is refused and the file's contents never appear")
    func externalEntity() throws {
        let directory = try ReaderScratchDirectory()
        let secret = "SECRET-\(UUID().uuidString)"
        let secretFile = directory.url.appendingPathComponent("secret.txt")
        try Data(secret.utf8).write(to: secretFile)
        let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? ""

        for target in [secretFile.absoluteString, "file:///etc/passwd"] {
            let text = """
                <?xml version="1.0"?>
                <!DOCTYPE model [<!ENTITY x SYSTEM "\(target)">]>
                <model><entity name="&x;">&x;</entity></model>
                """
            let diagnostic = try parseError(text)
            #expect(diagnostic.message.contains("document type declarations are not allowed"))
            #expect(diagnostic.location?.line == 2)
            #expect(!diagnostic.description.contains(secret))
            if let firstLine = passwd.split(separator: "\n").first {
                #expect(!diagnostic.description.contains(firstLine))
            }
        }
    }

    @Test("billion laughs is refused quickly")
    func billionLaughs() throws {
        var declarations = #"<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            let references = String(repeating: "&lol\(level - 1);", count: 10)
            declarations += "\n<!ENTITY lol\(level) \"\(references)\">"
        }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE model [\n\(declarations)\n]>\n<model name=\"&lol9;\">&lol9;</model>"
        let clock = ContinuousClock()
        let start = clock.now
        let diagnostic = try parseError(text)
        #expect(clock.now - start < .seconds(2))
        #expect(diagnostic.message.contains("document type declarations are not allowed"))
        #expect(diagnostic.location?.line == 2)
    }

    @Test("an external DTD is refused without fetching it")
    func externalDTD() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let diagnostic = try parseError(
            "<?xml version=\"1.0\"?>\n\n<!DOCTYPE model SYSTEM \"http://example.invalid/x.dtd\">\n<model/>"
        )
        #expect(clock.now - start < .seconds(2))
        #expect(diagnostic.message.contains("document type declarations are not allowed"))
        #expect(diagnostic.location?.line == 3)
    }

    @Test("a DOCTYPE without subsets is refused too")
    func bareDoctype() throws {
        let diagnostic = try parseError("<!DOCTYPE model>\n<model/>")
        #expect(diagnostic.message.contains("document type declarations are not allowed"))
        #expect(diagnostic.location?.line == 1)
    }

    @Test("content that contradicts the declared encoding is an error, not silently converted")
    func wrongDeclaredEncoding() throws {
        let diagnostic = try parseError("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<model/>")
        #expect(diagnostic.message.hasPrefix("malformed XML: "))
        #expect(!diagnostic.message.contains("not valid UTF-8"))
    }

    @Test("bytes that are not UTF-8 are named in a readable message")
    func notUTF8() throws {
        // "café" in ISO-8859-1 on line 2, without an encoding declaration.
        let bytes = Array("<model>\n<entity name=\"caf".utf8) + [0xE9] + Array("\"/>\n</model>".utf8)
        let diagnostic = try parseError(bytes)
        #expect(diagnostic.message.hasPrefix("malformed XML: the file is not valid UTF-8"))
        #expect(diagnostic.message.contains("0xE9"))
        #expect(!diagnostic.message.contains("indicate encoding !"))
        #expect(diagnostic.location?.line == 2)
    }

    /// Behaviour chosen: libxml2's default limit (10,000,000 bytes per attribute value without
    /// XML_PARSE_HUGE) stays on. Values up to it parse exactly; a 10 MiB value is a located error.
    @Test("attribute values parse up to libxml2's 10,000,000-byte limit; 10 MiB is an error")
    func hugeAttributeValue() throws {
        let underLimit = String(repeating: "a", count: 9_000_000)
        let root = try XMLDocumentReader.parse(Array("<model>\n<entity name=\"\(underLimit)\"/>\n</model>".utf8), path: Self.path)
        #expect(root.children.first?[attribute: "name"]?.utf8.count == 9_000_000)

        let tenMiB = String(repeating: "a", count: 10 * 1024 * 1024)
        let diagnostic = try parseError("<model>\n<entity name=\"\(tenMiB)\"/>\n</model>")
        #expect(diagnostic.message.hasPrefix("malformed XML: AttValue length too long"))
        #expect(diagnostic.message.contains("10,000,000 bytes"))
        #expect(diagnostic.message.utf8.count < 500)
        #expect((diagnostic.location?.line ?? 0) >= 1)
    }

    @Test("10,000 nested elements stop at libxml2's depth limit with a diagnostic")
    func deepNesting() throws {
        let depth = 10_000
        var text = "<model>\n"
        for _ in 0..<depth { text += "<e>\n" }
        for _ in 0..<depth { text += "</e>\n" }
        text += "</model>\n"
        let diagnostic = try parseError(text)
        #expect(diagnostic.message.hasPrefix("malformed XML: "))
        #expect(diagnostic.message == "malformed XML: elements are nested deeper than libxml2's limit of 256 levels")
        // The 257th <e> opens on line 258 (line 1 is <model>).
        #expect(diagnostic.location?.line == 258)
    }

    @Test("nesting within the limit is kept whole")
    func nestingWithinLimit() throws {
        let depth = 200
        let text = String(repeating: "<e>", count: depth) + String(repeating: "</e>", count: depth)
        var node = try XMLDocumentReader.parse(Array(text.utf8), path: Self.path)
        var levels = 1
        while let child = node.children.first {
            node = child
            levels += 1
        }
        #expect(levels == depth)
    }
}
