import Foundation
import ManagedCodegenTemplates
import Testing

/// The templates compiled into the binary are exactly `Templates/Swift`. They are compiled in as Swift string literals
/// in Templates/EmbeddedTemplates.swift, which this test writes (`UPDATE_REFERENCES=1 swift test --filter
/// TemplateEmbeddingTests`, then build again): SwiftPM's `.embedInCode` makes a `[UInt8]` literal of every byte, which
/// cost a plugin user's first build 5.4 s of CPU against 0.1 s for the same text as strings (Benchmarks/README.md,
/// "A plugin user's first build").
@Suite struct TemplateEmbeddingTests {
    static let folder = TestSupport.packageRoot.appendingPathComponent("Templates/Swift")

    static func templateFiles() throws -> [(name: String, text: String)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
        return try files.sorted().map { file in
            (String(file.dropLast(".mustache".count)), try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        }
    }

    /// A raw string literal of `text`, with as many `#` as it takes for no quote run or backslash in it to end or
    /// escape the literal. The closing delimiter's own line drops the newline before it, so the value is `text`.
    static func rawLiteral(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
    }

    static func embeddedSource(_ templates: [(name: String, text: String)]) -> String {
        var source = """
            // Generated from Templates/Swift by TemplateEmbeddingTests: do not edit. After changing a template, run
            // `UPDATE_REFERENCES=1 swift test --filter TemplateEmbeddingTests` and build again.

            extension BundledTemplates {
                /// `(name without .mustache, text)` of every file in Templates/Swift, sorted by name.
                public static let sources: [(name: String, text: String)] = [

            """
        for template in templates {
            source += "        (\"\(template.name)\", \(rawLiteral(template.text))),\n"
        }
        source += "    ]\n}\n"
        return source
    }

    @Test func embeddedSourceIsTheTemplatesFolder() throws {
        assertMatchesReference(
            Self.embeddedSource(try Self.templateFiles()),
            reference: TestSupport.packageRoot.appendingPathComponent("Templates/EmbeddedTemplates.swift"))
    }

    @Test func compiledInTemplatesAreTheTemplatesFolderByteForByte() throws {
        let files = try Self.templateFiles()
        let embedded = BundledTemplates.sources
        #expect(embedded.map(\.name) == files.map(\.name), "Templates/EmbeddedTemplates.swift is stale: rebuild after regenerating it")
        for template in embedded {
            let onDisk = try Data(contentsOf: Self.folder.appendingPathComponent("\(template.name).mustache"))
            #expect(template.text.utf8.elementsEqual(onDisk), "\(template.name).mustache differs from the compiled-in copy")
        }
    }

    @Test func rawLiteralsNeedNoEscapes() {
        #expect(Self.rawLiteral("a") == "#\"\"\"\na\n\"\"\"#")
        #expect(Self.rawLiteral("say \"#hi\" \\#(x)\n") == "##\"\"\"\nsay \"#hi\" \\#(x)\n\n\"\"\"##")
    }
}
