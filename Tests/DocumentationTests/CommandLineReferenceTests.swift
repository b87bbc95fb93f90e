import Foundation
import ManagedCodegenConfig
import Testing

@testable import managed_codegen

/// The catalog's command-line reference says what the parser accepts: it is generated from the parser's
/// definitions and the config key table, so nothing has to be remembered when a subcommand or flag is added.
@Suite struct CommandLineReferenceTests {
    static let article = TestSupport.packageRoot.appendingPathComponent(CommandLineReference.articlePath)

    /// `UPDATE_REFERENCES=1 swift test --disable-xctest --filter CommandLineReferenceTests` rewrites it.
    @Test func theArticleIsWhatTheParserDefines() throws {
        assertMatchesReference(try CommandLineReference.render(), reference: Self.article)
    }

    /// Independently of the rendering: every flag of every subcommand, enumerated from the parser, and every
    /// config key appears in the article as typed.
    @Test func everyFlagAndConfigKeyIsInTheArticle() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let tool = try CommandLineReference.tool()
        let subcommands = CommandLineReference.subcommands(of: tool)
        #expect(subcommands.count >= 4)
        for command in subcommands {
            #expect(text.contains("\n## \(command.commandName)\n"), "no section for \(command.commandName)")
            let arguments = CommandLineReference.arguments(of: command)
            #expect(!arguments.isEmpty)
            for spelling in arguments.flatMap(\.spellings) {
                #expect(text.contains("`\(spelling)`"), "\(command.commandName) \(spelling) is not in the reference")
            }
        }
        let generate = try #require(subcommands.first { $0.commandName == "generate" })
        let generateFlags = Set(CommandLineReference.arguments(of: generate).flatMap(\.longNames))
        for key in ConfigKey.allCases {
            #expect(text.contains("\n| `\(key.rawValue)` | "), "config key \(key.rawValue) is not in the reference")
            // The promise of ConfigKey: each key is the long name of the flag it sets.
            #expect(generateFlags.contains(key.rawValue), "config key \(key.rawValue) names no generate flag")
        }
    }
}
