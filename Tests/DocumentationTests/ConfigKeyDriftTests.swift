import ManagedCodegenConfig
import Testing

@testable import managed_codegen

/// Every `generate` flag is a `managed-codegen.yml` key (`ConfigKey`), or says here why it is not: a flag added to
/// the parser without a key, or a key that lost its flag, fails, instead of a config file silently ignoring it.
@Suite struct ConfigKeyDriftTests {
    /// The `generate` flags that are intentionally not config keys, each with the reason (by its long name).
    static let commandLineOnly: [String: String] = [
        "model-version": "chooses which version of the model one run reads; a config file describes how a model is generated",
        "no-human-files": "a spelling of --human-files none, which the key human-files sets",
        "check": "a mode of one run (CI), not a setting of the project: the same config serves generate and generate --check",
        "quiet": "how one run prints, not what it generates",
        "config": "names the config file itself",
        "no-config": "ignores the config file itself",
        "single-file": "set per invocation by the build-tool plugin, whose output file name it must know before the tool runs",
        "machine-only": "set per invocation by build integrations (Xcode Run Script phases) that generate the machine files only",
        "target-directory": "set by the command plugin to the target it runs on; the config file's folder plays that part",
    ]

    static func generateFlags() throws -> [CommandLineReference.Argument] {
        let tool = try CommandLineReference.tool()
        let generate = try #require(CommandLineReference.subcommands(of: tool).first { $0.commandName == "generate" })
        return CommandLineReference.arguments(of: generate).filter { $0.kind != "positional" }
    }

    @Test func everyGenerateFlagIsAConfigKeyOrSaysWhyNot() throws {
        let keys = Set(ConfigKey.allCases.map(\.rawValue))
        let flags = try Self.generateFlags()
        #expect(flags.count > keys.count)
        for flag in flags {
            let names = flag.longNames
            let isKey = names.contains(where: keys.contains)
            let isListed = names.contains { Self.commandLineOnly[$0] != nil }
            #expect(
                isKey || isListed,
                "generate \(flag.spellings.joined(separator: ", ")) is neither a ConfigKey nor in ConfigKeyDriftTests.commandLineOnly (with why)")
            #expect(!(isKey && isListed), "--\(names[0]) is a ConfigKey and listed as command-line only")
        }
    }

    /// The list cannot go stale: each entry is a flag `generate` parses, and has a reason.
    @Test func everyCommandLineOnlyEntryIsAFlag() throws {
        let names = Set(try Self.generateFlags().flatMap(\.longNames))
        for (name, reason) in Self.commandLineOnly {
            #expect(names.contains(name), "commandLineOnly lists --\(name), which generate does not parse")
            #expect(!reason.isEmpty)
        }
    }
}
