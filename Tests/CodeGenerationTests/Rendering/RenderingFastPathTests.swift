import Foundation
import ManagedModel
import ModelReader
import MustacheEngine
import Testing

@testable import CodeGeneration

/// The rendering fast paths must give exactly what the slow, obviously-right paths give.
@Suite struct RenderingFastPathTests {
    /// The byte-wise line split of test statements against the Character-wise split it replaced.
    @Test(arguments: ["", "a", "a\nb", "\n", "\n\n", "a\r\nb", "\r\n\n", "a\rb\n", "é\n\u{301}x", "a\n\n", "日本\n語\n", "x\r", "\r"])
    func linesSplitLikeCharacters(text sample: TextArgument) {
        let text = sample.text
        #expect(text.lines == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// The byte-wise normaliser against the original line-splitting one, on tricky inputs.
    @Test(arguments: [
        "", "\n", "\n\n\n", "  \n\t\n", "a", "a\n", "a  \n\n\n", "\n\n a \t\n", "a\r\nb\r\n", "a\rb\n", "a \r\n b\t\r\n",
        "x\n\n\ny\n\n", "é \n\t\u{301} \nz", "a \u{301}\n", "tab\t\t\nsp  ", "\r\n\r\na\r\n\r\n", "a\n  \n  \nb", "日本 \n語\t",
    ])
    func normalizedMatchesTheLineSplittingVersion(text sample: TextArgument) {
        let text = sample.text
        #expect(TemplateSet.normalized(text) == lineSplittingNormalized(text))
    }

    @Test func normalizedMatchesOnRenderedFixtureText() throws {
        let loaded = try ModelLoader.load(TestSupport.fixtureModels.appendingPathComponent("Vocabulary.xcdatamodeld").path)
        let result = try CodeGenerator.generate(schema: loaded.schema, options: .init(generateXcodeCodegenEntities: true))
        for file in result.files {
            let messy = file.contents.replacingOccurrences(of: "\n", with: "  \r\n").replacingOccurrences(of: "{", with: "{\t\n\n")
            #expect(TemplateSet.normalized(messy) == lineSplittingNormalized(messy), "\(file.relativePath)")
        }
    }

    /// The normaliser as first written (Character-wise split), kept here as the specification.
    private func lineSplittingNormalized(_ text: String) -> String {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { line -> Substring in
                var line = line
                while line.last == " " || line.last == "\t" { line = line.dropLast() }
                return line
            }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines.joined(separator: "\n") + "\n"
    }
}
