import ArgumentParser
import Testing

@testable import managed_codegen

/// What a new user sees first: help text at 80 columns and a mistyped subcommand.
@Suite struct CommandLineHelpTests {
    @Test("a mistyped subcommand names the nearest one", arguments: [
        ("genrate", "Error: Unknown subcommand 'genrate'. Did you mean 'generate'?"),
        ("dmup", "Error: Unknown subcommand 'dmup'. Did you mean 'dump'?"),
        ("migration-chek", "Error: Unknown subcommand 'migration-chek'. Did you mean 'migration-check'?"),
        ("adpot", "Error: Unknown subcommand 'adpot'. Did you mean 'adopt'?"),
        ("adit", "Error: Unknown subcommand 'adit'. Did you mean 'audit'?"),
        ("Model.xcdatamodeld", "Error: Unknown subcommand 'Model.xcdatamodeld'. The subcommands are generate, dump, lock, migration-check, adopt, audit, input-files, explain, help."),
    ])
    func mistypedSubcommand(_ typed: String, _ message: String) {
        #expect(ManagedCodegenCommand.unknownSubcommandMessage(for: [typed, "Model.xcdatamodeld"]) == message)
    }

    @Test("subcommands and options are left to ArgumentParser", arguments: [["generate", "M"], ["dump"], ["lock", "M"], ["migration-check", "M"], ["adopt", "M"], ["audit", "M"], ["explain", "output.missing"], ["help"], ["--version"], []])
    func knownFirstArgument(_ arguments: [String]) {
        #expect(ManagedCodegenCommand.unknownSubcommandMessage(for: arguments) == nil)
    }

    /// The discussions carry no hard line breaks inside paragraphs, and their list and example lines fit,
    /// so ArgumentParser's own wrapping leaves them intact.
    @Test func helpFitsEightyColumns() {
        for help in [ManagedCodegenCommand.helpMessage(columns: 80), ManagedCodegenCommand.helpMessage(for: Generate.self, columns: 80),
                     ManagedCodegenCommand.helpMessage(for: Dump.self, columns: 80),
                     ManagedCodegenCommand.helpMessage(for: Lock.self, columns: 80),
                     ManagedCodegenCommand.helpMessage(for: MigrationCheckCommand.self, columns: 80),
                     ManagedCodegenCommand.helpMessage(for: Adopt.self, columns: 80),
                     ManagedCodegenCommand.helpMessage(for: Audit.self, columns: 80),
                     ManagedCodegenCommand.helpMessage(for: Explain.self, columns: 80)] {
            // ArgumentParser does not wrap its USAGE line.
            let long = help.split(separator: "\n").map(String.init).filter { $0.count > 80 && !$0.hasPrefix("USAGE:") }
            #expect(long.isEmpty)
        }
        let generate = ManagedCodegenCommand.helpMessage(for: Generate.self, columns: 80)
        #expect(generate.contains("\n  <output>/Item+Generated.swift: rewritten on every run; do not edit\n"))
        #expect(generate.contains("\n  managed-codegen generate Model.xcdatamodeld \\\n      --output Sources/App/Generated"))
        #expect(generate.contains("\n  managed-codegen generate Model.xcdatamodeld   # folders: managed-codegen.yml\n"))
        let audit = ManagedCodegenCommand.helpMessage(for: Audit.self, columns: 80)
        #expect(audit.contains("\n  managed-codegen audit Model.xcdatamodeld --sources Sources/App\n"))
    }
}
