import ArgumentParser
import CodeGeneration
import Foundation
import ManagedCodegenConfig
import ManagedModel
import ModelReader
import SourceAudit
import SwiftSourceScanning

struct Audit: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check hand-written NSManagedObject subclasses against the model.",
        discussion: """
            Finds the classes and extensions in the Swift files under --sources that the model's entities name \
            (their class name, or `@objc(Name)` on a class), and reports, at the declaration: an @NSManaged \
            property with no model property under its key, a type Core Data cannot serve for the property, a \
            non-optional declaration over a value that can be nil (errors), an optional one over a required value \
            (a warning), a scalar over an attribute with 'Use Scalar Type' off (a warning), and an @NSManaged \
            method whose selector Core Data does not implement (an error). A model property no class declares is \
            a warning at the model's line (an error with --strict). A Swift key path over a property that is not \
            @objc, passed to NSSortDescriptor(keyPath:), NSExpression(forKeyPath:) or KVO's observe(_:), is an \
            error at its line: it traps at run time. Each declaration gets every finding that applies (`Int` over \
            an optional Integer 64 crashes on arm64_32 watchOS and reads nil as 0). A comparison with zero \
            (`x.count == 0`, `!= 0`, `== false`) over a property the generated class declares an optional scalar \
            is a warning at its line: nil is no longer 0 there. Exit status: 1 when there is an error.

            Example:
              managed-codegen audit Model.xcdatamodeld --sources Sources/App
            """
    )

    @OptionGroup var model: ModelOptions

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("Folders (or .swift files) holding the classes; searched recursively.", valueName: "dir"))
    var sources: [String] = []

    @Flag(help: "Report model properties and classes missing from the sources as errors, not warnings.")
    var strict = false

    @OptionGroup var reporting: ReporterOptions

    var reporterConfigPath: String? { ConfigFile.locate(besideModel: model.model) }

    func validate() throws {
        if sources.isEmpty { throw ValidationError("Missing expected argument '--sources <dir> ...'.") }
    }

    func run() throws {
        let loaded = try ModelLoader.load(model.model, version: model.modelVersion)
        var diagnostics = loaded.diagnostics
        // A misspelt folder must not pass as "nothing to complain about".
        for folder in sources where !FileManager.default.fileExists(atPath: folder) {
            diagnostics.report(InputRules.noSuchSources, "--sources '\(folder)' does not exist")
        }
        let paths = SwiftSourceFiles.paths(under: sources)
        if paths.isEmpty, !diagnostics.hasErrors {
            diagnostics.report(InputRules.noSwiftFiles, "no .swift files under --sources \(sources.joined(separator: " "))")
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        let sourceTexts = SwiftSourceFiles.read(paths)
        let declarations = ManagedDeclarationScan.scanning(sourceTexts)
        // Classes of entities the other versions have are not "classes no entity names" (a version unreadable: none).
        let otherVersions = (try? ModelLoader.loadAllVersions(model.model))?.filter { $0.schema.versionName != loaded.schema.versionName } ?? []
        let classesOfOtherVersions = Set(otherVersions.flatMap { $0.schema.entities.compactMap(\.customClassName) })
        let findings = SourceAudit(
            schema: loaded.schema, declarations: declarations, strict: strict, classesOfOtherVersions: classesOfOtherVersions
        ).diagnostics()
        diagnostics.append(contentsOf: findings)
        diagnostics.append(contentsOf: KeyPathCheck.diagnostics(sourceTexts, schema: loaded.schema, declarations: declarations))
        diagnostics.append(contentsOf: ZeroComparisonCheck.diagnostics(sourceTexts, schema: loaded.schema, declarations: declarations))
        let effective = (model.warningsAsErrors ?? false) ? diagnostics.promotingWarnings() : diagnostics
        DiagnosticPrinter.output(
            "audit: \(paths.count) Swift files against \(loaded.schema.modelName) '\(loaded.schema.versionName)': "
                + "\(effective.errors.count) errors, \(effective.warnings.count) warnings.")
        try DiagnosticPrinter.report(diagnostics, warningsAsErrors: model.warningsAsErrors ?? false)
    }
}
