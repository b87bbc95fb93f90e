import Foundation
import ManagedCodegenConfig

@testable import managed_codegen

/// Renders the catalog's `CommandLineReference.md` from the argument parser's own description of the tool
/// (what `managed-codegen --experimental-dump-help` prints) and from ``ConfigKey``: a subcommand, flag or key
/// added later is documented by regenerating the article, never by editing it.
enum CommandLineReference {
    static let articlePath = "Sources/managed-codegen/Documentation.docc/CommandLineReference.md"

    /// The parts of ArgumentParser's `ToolInfoV0` JSON the article uses.
    struct Command: Decodable {
        var commandName: String
        var abstract: String?
        var discussion: String?
        var subcommands: [Command]?
        var arguments: [Argument]?
    }

    struct Argument: Decodable {
        struct Name: Decodable {
            var kind: String
            var name: String
        }

        var kind: String
        var shouldDisplay: Bool
        var sectionTitle: String?
        var names: [Name]?
        var valueName: String?
        var allValues: [String]?
        var abstract: String?
        var discussion: String?

        /// `--name` and `-n` as typed, long names first.
        var spellings: [String] {
            let names = names ?? []
            return names.filter { $0.kind != "short" }.map { "--\($0.name)" } + names.filter { $0.kind == "short" }.map { "-\($0.name)" }
        }

        var longNames: [String] { (names ?? []).filter { $0.kind == "long" }.map(\.name) }
    }

    /// The root command as the parser describes it.
    static func tool() throws -> Command {
        struct ToolInfo: Decodable { var command: Command }
        let json: String
        do {
            _ = try ManagedCodegenCommand.parseAsRoot(["--experimental-dump-help"])
            throw CocoaError(.featureUnsupported, userInfo: [NSDebugDescriptionErrorKey: "--experimental-dump-help printed nothing"])
        } catch let error as CocoaError {
            throw error
        } catch {
            json = ManagedCodegenCommand.fullMessage(for: error)
        }
        return try JSONDecoder().decode(ToolInfo.self, from: Data(json.utf8)).command
    }

    /// The subcommands users run (ArgumentParser's own `help` left out), in the parser's order.
    static func subcommands(of tool: Command) -> [Command] {
        (tool.subcommands ?? []).filter { $0.commandName != "help" }
    }

    /// The arguments of a subcommand a user can pass (`--help` is everywhere and said once).
    /// A flag and its `--no-` inversion, which the parser lists as two arguments with one help text, are one.
    static func arguments(of command: Command) -> [Argument] {
        var merged: [Argument] = []
        for argument in command.arguments ?? []
        where argument.shouldDisplay && !argument.longNames.contains("help") && !argument.longNames.contains("version") {
            if var previous = merged.last, previous.kind == "flag", argument.kind == "flag", previous.abstract == argument.abstract,
                argument.longNames.allSatisfy({ name in previous.longNames.contains { "no-\($0)" == name } })
            {
                previous.names = (previous.names ?? []) + (argument.names ?? [])
                merged[merged.count - 1] = previous
            } else {
                merged.append(argument)
            }
        }
        return merged
    }

    static func render() throws -> String {
        let tool = try tool()
        var blocks = [
            """
            # Command-line reference

            Every subcommand of `managed-codegen`, every flag, and every key of the config file.

            ## Overview

            This page is generated from the argument parser's definitions (`managed-codegen --experimental-dump-help`)
            and the config file's key table (`ConfigKey`); `CommandLineReferenceTests` fails when it differs from
            them. After adding a subcommand, flag or key, regenerate it with
            `UPDATE_REFERENCES=1 swift test --disable-xctest --filter CommandLineReferenceTests` and read the diff.
            `managed-codegen help SUBCOMMAND` (or `SUBCOMMAND --help`) prints the same in a terminal;
            `managed-codegen --version` prints the version.
            """
        ]
        for command in [tool] + subcommands(of: tool) {
            blocks.append("## \(command.commandName)")
            blocks += markdown(command.abstract ?? "") + markdown(command.discussion ?? "")
            let arguments = arguments(of: command)
            var sections: [String?] = []
            for argument in arguments where !sections.contains(argument.sectionTitle) { sections.append(argument.sectionTitle) }
            for section in sections {
                if let section { blocks.append("### \(command.commandName): \(section)") }
                let rows = arguments.filter { $0.sectionTitle == section }.map {
                    "| \(nameCell($0)) | \(valueCell($0)) | \(cell($0.abstract ?? "")) |"
                }
                blocks.append((["| Argument | Value | Description |", "|---|---|---|"] + rows).joined(separator: "\n"))
            }
        }
        blocks.append(configKeys(tool))
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The config file's keys, each with the `generate` flag it sets.
    static func configKeys(_ tool: Command) -> String {
        let generate = subcommands(of: tool).first { $0.commandName == "generate" }
        var out = """
            ## Config file keys

            The keys of `managed-codegen.yml` (<doc:ConfigFile>). Each is the long name of the `generate` flag it
            sets; the flag's description is in the `generate` table above. Folders are relative to the config
            file's folder.

            | Key | Value | Flag |
            |---|---|---|
            """
        for key in ConfigKey.allCases {
            let flags = generate.map(arguments(of:))?.filter { $0.longNames.contains(key.rawValue) }.flatMap(\.spellings) ?? []
            let flagCell = flags.isEmpty ? "(none)" : flags.map { "`\($0)`" }.joined(separator: ", ")
            out += "\n| `\(key.rawValue)` | \(valueDescription(key.valueKind)) | \(flagCell) |"
        }
        return out
    }

    static func valueDescription(_ kind: ConfigKey.ValueKind) -> String {
        switch kind {
        case .path: "a folder"
        case .string: "text"
        case .stringList: "a list of names"
        case .pathList: "a list of folders"
        case .boolean: "`true` or `false`"
        case .oneOf(let values): values.map { "`\($0)`" }.joined(separator: ", ")
        }
    }

    static func nameCell(_ argument: Argument) -> String {
        if argument.kind == "positional" { return "`<\(argument.valueName ?? "value")>`" }
        return argument.spellings.map { "`\($0)`" }.joined(separator: ", ")
    }

    static func valueCell(_ argument: Argument) -> String {
        guard argument.kind == "option" else { return "" }
        if let values = argument.allValues, !values.isEmpty { return values.map { "`\($0)`" }.joined(separator: ", ") }
        return "`<\(argument.valueName ?? "value")>`"
    }

    /// Help text as Markdown blocks: runs of indented lines (lists, examples) become code blocks, other lines
    /// paragraphs.
    static func markdown(_ text: String) -> [String] {
        var blocks: [String] = []
        for paragraph in text.components(separatedBy: "\n\n") where !paragraph.isEmpty {
            var prose: [String] = []
            var code: [String] = []
            func flush() {
                if !prose.isEmpty { blocks.append(prose.map(escaped).joined(separator: "\n")) }
                if !code.isEmpty { blocks.append("```text\n" + code.joined(separator: "\n") + "\n```") }
                prose = []
                code = []
            }
            for line in paragraph.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix("  ") {
                    if !prose.isEmpty { flush() }
                    code.append(String(line.dropFirst(2)))
                } else {
                    if !code.isEmpty { flush() }
                    prose.append(line)
                }
            }
            flush()
        }
        return blocks
    }

    static func cell(_ text: String) -> String {
        escaped(text.replacingOccurrences(of: "\n", with: " ")).replacingOccurrences(of: "|", with: "\\|")
    }

    /// Markdown-escapes what help text means literally (`<dir>` is not HTML), outside code spans.
    static func escaped(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            index % 2 == 1 ? String(part) : part.replacingOccurrences(of: "<", with: "\\<").replacingOccurrences(of: "*", with: "\\*")
        }.joined(separator: "`")
    }
}
