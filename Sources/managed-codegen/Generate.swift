import ArgumentParser
import CodeGeneration
import Foundation
import ManagedModel
import ModelReader

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate NSManagedObject subclasses (and optionally their tests) from a Core Data model.",
        discussion: """
            Writes, for every entity with a custom class and Codegen set to Manual/None:
              <output>/Item+Generated.swift        rewritten on every run; do not edit
              <human-output>/Item.swift            written once, then yours (validation hooks, helpers)
              <output>/ManagedValidation+Generated.swift   once per model
              <tests-output>/<Model>ModelTests.swift       with --tests-output
            Unchanged files are not rewritten; machine files of removed entities are deleted (only files
            carrying the generator's banner). On any error nothing is written.

            Examples:
              managed-codegen generate Model.xcdatamodeld --output Sources/App/Generated --human-output Sources/App/Model
              managed-codegen generate Model.xcdatamodeld --output Generated --human-output Model --check
            """
    )

    @OptionGroup var model: ModelOptions

    @Option(name: .long, help: ArgumentHelp("Folder for the machine files (rewritten on every run).", valueName: "dir"))
    var output: String

    @Option(help: ArgumentHelp("Folder for the human files (written only when absent).", valueName: "dir"))
    var humanOutput: String

    @Option(help: ArgumentHelp("Folder for the generated XCTest round-trip and constraint tests.", valueName: "dir"))
    var testsOutput: String?

    @Option(help: "The module that compiles the generated classes (the tests `@testable import` it). Default: the model's name.")
    var moduleName: String?

    @Option(help: "Access level of the generated declarations: public or internal.")
    var accessLevel: GeneratorConfiguration.AccessLevel = .public

    @Option(name: .customLong("import"), help: ArgumentHelp("An extra module every generated file imports (repeatable).", valueName: "module"))
    var imports: [String] = []

    @Option(name: .customLong("include"), help: ArgumentHelp("Generate only this entity (repeatable).", valueName: "entity"))
    var includedEntities: [String] = []

    @Option(name: .customLong("exclude"), help: ArgumentHelp("Never generate this entity (repeatable).", valueName: "entity"))
    var excludedEntities: [String] = []

    @Option(name: .customLong("configuration"), help: ArgumentHelp("Generate only the entities of this model configuration.", valueName: "name"))
    var configurationName: String?

    @Option(help: ArgumentHelp("A folder of .mustache templates replacing the bundled ones of the same name.", valueName: "dir"))
    var templates: String?

    @Flag(help: "Also generate entities whose Codegen is Class Definition or Category/Extension (Xcode generates those itself).")
    var includeXcodeGenerated = false

    @Flag(help: "Write nothing; exit 1 and list the files that are stale, missing or extra (for CI).")
    var check = false

    @Flag(name: .shortAndLong, help: "Print nothing but diagnostics.")
    var quiet = false

    func run() throws {
        let destinations = { (bundlePath: String) in
            OutputWriter.Destinations(
                machineDirectory: output, humanDirectory: humanOutput, testsDirectory: testsOutput, modelBundlePath: bundlePath)
        }
        // Inputs and outputs as the last run left them: print what it printed and stop before reading the model.
        var locateDiagnostics = Diagnostics()
        let stamp = (try? ModelBundle.locate(model.model, diagnostics: &locateDiagnostics)).map { bundle in
            GenerationStamp(
                modelPath: model.model, configuration: makeConfiguration(modelName: bundle.modelName),
                destinations: destinations(bundle.inputPath), flags: stampFlags)
        }
        if !check, let replay = stamp?.replay() {
            if !replay.diagnostics.isEmpty {
                FileHandle.standardError.write(Data((replay.diagnostics.joined(separator: "\n") + "\n").utf8))
            }
            if !quiet { print(summary(of: replay.report)) }
            return
        }

        let loaded = try ModelLoader.load(model.model, version: model.modelVersion)
        let configuration = makeConfiguration(modelName: loaded.bundle.modelName)
        var diagnostics = loaded.diagnostics
        let result: GenerationResult
        do {
            result = try CodeGenerator.generate(schema: loaded.schema, configuration: configuration)
        } catch let error as DiagnosticsError {
            diagnostics.append(contentsOf: error.diagnostics)
            throw DiagnosticsError(diagnostics)
        }
        diagnostics.append(contentsOf: result.diagnostics)
        // Every problem is reported before anything is written.
        try DiagnosticPrinter.report(diagnostics, warningsAsErrors: model.warningsAsErrors)

        let writer = OutputWriter(destinations: destinations(loaded.bundle.inputPath))
        let files = testsOutput == nil ? result.files.filter { $0.kind != .tests } : result.files
        if !check { stamp?.invalidate() }
        let report = try writer.write(files, check: check)
        if check {
            guard report.isUpToDate else {
                var stale = Diagnostics()
                for path in report.stale { stale.error("generated file is out of date: \(path)") }
                for path in report.missing { stale.error("generated file is missing: \(path)") }
                for path in report.extra { stale.error("generated file is no longer produced: \(path)") }
                throw DiagnosticsError(stale)
            }
            if !quiet { print("Generated files are up to date.") }
            return
        }
        let printed = model.warningsAsErrors ? diagnostics.promotingWarnings() : diagnostics
        stamp?.record(report, diagnostics: printed.all.map(\.description))
        if !quiet { print(summary(of: report)) }
    }

    private func makeConfiguration(modelName: String) -> GeneratorConfiguration {
        GeneratorConfiguration(
            accessLevel: accessLevel,
            moduleName: moduleName ?? modelName,
            additionalImports: imports,
            includedEntities: includedEntities.isEmpty ? nil : includedEntities,
            excludedEntities: excludedEntities,
            configurationName: configurationName,
            templatesDirectory: templates,
            generateXcodeCodegenEntities: includeXcodeGenerated
        )
    }

    /// Settings outside the configuration that change what a run prints or writes.
    private var stampFlags: [String] {
        ["version=\(model.modelVersion ?? "")", "warningsAsErrors=\(model.warningsAsErrors)", "tests=\(testsOutput ?? "")"]
    }

    private func summary(of report: WriteReport) -> String {
        "\(report.written.count) written, \(report.unchanged.count) unchanged, \(report.deleted.count) deleted"
            + (report.preservedHumanFiles.isEmpty ? "" : ", \(report.preservedHumanFiles.count) human files kept")
    }
}

extension GeneratorConfiguration.AccessLevel: ExpressibleByArgument {}
