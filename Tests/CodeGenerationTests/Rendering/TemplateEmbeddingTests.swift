import Foundation
import ManagedCodegenTemplates
import Testing

/// The templates compiled into the binary are exactly `Templates/Swift`. They are compiled in as Swift string literals
/// in Templates/EmbeddedTemplates.swift, which `scripts/embed-templates.sh` writes; this suite only checks it (it never
/// writes) and names the command to run when it is stale. Not SwiftPM's `.embedInCode`: it makes a `[UInt8]` literal
/// of every byte, which cost a plugin user's first build 5.4 s of CPU against 0.1 s for the same text as strings
/// (Benchmarks/README.md, "A plugin user's first build").
@Suite struct TemplateEmbeddingTests {
    static let folder = TestSupport.packageRoot.appendingPathComponent("Templates/Swift")
    static let script = TestSupport.packageRoot.appendingPathComponent("scripts/embed-templates.sh").path

    static func templateFiles() throws -> [(name: String, text: String)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
        return try files.sorted().map { file in
            (String(file.dropLast(".mustache".count)), try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        }
    }

    @Test func embeddedSourceIsWhatTheScriptWrites() throws {
        let run = try TestSupport.run(["bash", Self.script, "--check"])
        #expect(
            run.status == 0,
            "Templates/EmbeddedTemplates.swift is stale: run scripts/embed-templates.sh, then build again\n\(run.output)")
    }

    @Test func compiledInTemplatesAreTheTemplatesFolderByteForByte() throws {
        let files = try Self.templateFiles()
        let embedded = BundledTemplates.sources
        #expect(
            embedded.map(\.name) == files.map(\.name),
            "Templates/EmbeddedTemplates.swift is stale: run scripts/embed-templates.sh, then build again")
        for template in embedded {
            let onDisk = try Data(contentsOf: Self.folder.appendingPathComponent("\(template.name).mustache"))
            #expect(template.text.utf8.elementsEqual(onDisk), "\(template.name).mustache differs from the compiled-in copy")
        }
    }

    /// Quote runs and backslashes followed by `#`s need a longer delimiter; the value stays the text, trailing
    /// newlines included. Checked by compiling the script's output and printing the literals back.
    @Test func rawLiteralsNeedNoEscapes() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let texts = [
            "a": "a", "b-quotes": "say \"#hi\" \\#(x)\n", "c-more": "\"\"\"## and \\##\n\n", "d-percent": "100% {{x}}\n",
        ]
        for (name, text) in texts {
            try Data(text.utf8).write(to: folder.appendingPathComponent("\(name).mustache"))
        }
        try Data("not a template".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let printed = try TestSupport.run(["bash", Self.script, "--print", folder.path])
        try #require(printed.status == 0, "\(printed.output)")
        #expect(printed.output.contains("(\"b-quotes\", ##\"\"\"\nsay \"#hi\" \\#(x)\n\n\"\"\"##)"))
        #expect(printed.output.contains("(\"c-more\", ###\"\"\""))
        let program = folder.appendingPathComponent("main.swift")
        // A script has no package: the list's `package` access (our targets share it) becomes the default here.
        let source = "enum BundledTemplates {}\n" + printed.output.replacingOccurrences(of: "package static let sources", with: "static let sources")
            + "for t in BundledTemplates.sources { print(t.name, Array(t.text.utf8)) }\n"
        try Data(source.utf8).write(to: program)
        let ran = try TestSupport.run(["swift", program.path], in: folder)
        try #require(ran.status == 0, "\(ran.output)")
        let expected = texts.keys.sorted().map { "\($0) \(Array(texts[$0]!.utf8))" }.joined(separator: "\n") + "\n"
        #expect(ran.output == expected)
    }
}
