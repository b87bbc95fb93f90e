import ArgumentParser
import Foundation
import ManagedModel
import ModelReader

@main
struct ManagedCodegenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "managed-codegen",
        abstract: "Generate typed Core Data classes, validation hooks and round-trip tests from an Xcode model.",
        // Paragraphs without hard line breaks: ArgumentParser wraps them to the terminal's width.
        discussion: """
            MODEL is a .xcdatamodeld bundle, a .xcdatamodel folder or a model's `contents` file. \
            Diagnostics are printed as `path:line: error: message`, so Xcode shows them on the model \
            (--reporter json, sarif or github-actions prints them for CI). \
            Exit status: 0 on success, 1 on any error (nothing is written then).

            Start with `managed-codegen dump MODEL` to see how the model was understood, then \
            `managed-codegen generate MODEL --output Generated --human-output Sources`.

            When you ship, `managed-codegen lock MODEL` records the store schema of the model's versions beside \
            it; `generate` then fails when a locked version changes in a way that breaks installed apps' stores. \
            `managed-codegen migration-check MODEL` reports changes lightweight migration cannot infer.

            Moving over from Xcode's codegen, mogenerator or SwiftGen: `managed-codegen adopt MODEL --sources DIR` \
            lists what to switch and which files will clash. Keeping hand-written classes: \
            `managed-codegen audit MODEL --sources DIR` checks them against the model.
            """,
        version: Version.description,
        subcommands: [Generate.self, Dump.self, Lock.self, MigrationCheckCommand.self, Adopt.self, Audit.self, InputFiles.self, Explain.self]
    )

    /// Every failure exits with status 1, as the command-line contract promises; help and version exit 0.
    ///
    /// A command that reports findings sets the run's `--reporter` format before it runs; with `json` or `sarif`, the
    /// one report document is written when the run ends, whichever way it ends (``DiagnosticPrinter/finish(adding:)``).
    /// A usage error (an unknown flag, a bad value) comes before any command exists: it is text on standard error, with
    /// no report.
    static func main() {
        do {
            var command = try parseAsRoot()
            if let command = command as? ReportingCommand { DiagnosticPrinter.format = command.reportFormat }
            try command.run()
            DiagnosticPrinter.finish()
        } catch let error as DiagnosticsError {
            DiagnosticPrinter.finish(adding: error.diagnostics)
            Foundation.exit(1)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                DiagnosticPrinter.finish()
                exit(withError: error)
            }
            var message = fullMessage(for: error)
            if let unknown = unknownSubcommandMessage(for: Array(CommandLine.arguments.dropFirst())) {
                // ArgumentParser reports `genrate Model …` as "2 unexpected arguments"; say what was meant.
                message = ([unknown] + message.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init))
                    .joined(separator: "\n")
            }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            // A failure that is no diagnostic (no rule row names it) is the text above; a json or sarif document still
            // comes, with the findings collected before it (a usage error comes before any format is set: none).
            DiagnosticPrinter.finish()
            Foundation.exit(1)
        }
    }

    /// The error line for a first argument that is neither an option nor a subcommand, with the nearest
    /// subcommand when one is close; nil when the first argument is fine.
    static func unknownSubcommandMessage(for arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        guard !names.contains(first) else { return nil }
        if let closest = SpellingSuggestion.closest(to: first, in: names) {
            return "Error: Unknown subcommand '\(first)'. Did you mean '\(closest)'?"
        }
        return "Error: Unknown subcommand '\(first)'. The subcommands are \(names.joined(separator: ", "))."
    }
}

/// Options shared by the subcommands that read a model.
struct ModelOptions: ParsableArguments {
    @Argument(help: "A .xcdatamodeld bundle, a .xcdatamodel folder or a `contents` file.")
    var model: String

    @Option(help: "Read this model version (folder name, with or without .xcdatamodel) instead of the current one.")
    var modelVersion: String?

    @Flag(inversion: .prefixedNo, help: "Treat warnings as errors (for CI).")
    var warningsAsErrors: Bool?
}
