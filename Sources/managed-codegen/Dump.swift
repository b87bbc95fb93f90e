import ArgumentParser
import Foundation
import ManagedCodegenConfig
import ManagedModel
import ModelReader

struct Dump: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the resolved schema as JSON: exactly what the generator understood from the model.",
        discussion: """
            The JSON is stable (sorted keys, no paths, no timestamps), so it can be committed and diffed. \
            With --all-versions, prints a JSON array with one schema per model version, oldest first.
            """
    )

    @OptionGroup var model: ModelOptions

    @Flag(help: "Dump every version of the model, not only the current one.")
    var allVersions = false

    @OptionGroup var reporting: ReporterOptions

    var reporterConfigPath: String? { ConfigFile.locate(besideModel: model.model) }

    func validate() throws {
        if allVersions && model.modelVersion != nil {
            throw ValidationError("--all-versions and --model-version cannot be combined.")
        }
    }

    func run() throws {
        let loaded = allVersions
            ? try ModelLoader.loadAllVersions(model.model)
            : [try ModelLoader.load(model.model, version: model.modelVersion)]
        var diagnostics = Diagnostics()
        for version in loaded { diagnostics.append(contentsOf: version.diagnostics) }
        try DiagnosticPrinter.report(diagnostics, warningsAsErrors: model.warningsAsErrors ?? false)
        let json: String
        if allVersions {
            let bodies = loaded.map { SchemaDump.json($0.schema).trimmingCharacters(in: .newlines) }
            json = "[\n" + bodies.joined(separator: ",\n") + "\n]\n"
        } else {
            json = SchemaDump.json(loaded[0].schema)
        }
        DiagnosticPrinter.output(json)
    }
}
