import ArgumentParser
import Foundation
import ManagedModel

@main
struct ManagedCodegenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "managed-codegen",
        abstract: "Generate typed Core Data classes, validation hooks and round-trip tests from an Xcode model.",
        discussion: """
            MODEL is a .xcdatamodeld bundle, a .xcdatamodel folder or a model's `contents` file.
            Diagnostics are printed as `path:line: error: message`, so Xcode shows them on the model.
            Exit status: 0 on success, 1 on any error (nothing is written then).

            Start with `managed-codegen dump MODEL` to see how the model was understood, then
            `managed-codegen generate MODEL --output Generated --human-output Sources`.
            """,
        version: "0.1.0",
        subcommands: [Generate.self, Dump.self]
    )

    /// Every failure exits with status 1, as the command-line contract promises; help and version exit 0.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as DiagnosticsError {
            DiagnosticPrinter.print(error.diagnostics)
            Foundation.exit(1)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(1)
        }
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

enum DiagnosticPrinter {
    static func print(_ diagnostics: Diagnostics) {
        guard !diagnostics.all.isEmpty else { return }
        let text = diagnostics.all.map(\.description).joined(separator: "\n") + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Prints the diagnostics and throws when they contain errors (after promotion with `--warnings-as-errors`).
    static func report(_ diagnostics: Diagnostics, warningsAsErrors: Bool) throws {
        let effective = warningsAsErrors ? diagnostics.promotingWarnings() : diagnostics
        if effective.hasErrors { throw DiagnosticsError(effective) }
        print(effective)
    }
}
