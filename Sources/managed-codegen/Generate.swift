import Adoption
import ArgumentParser
import CodeGeneration
import Foundation
import ManagedCodegenConfig
import ManagedModel
import ModelHistory
import ModelLock
import ModelReader
import SwiftSourceScanning

struct Generate: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate NSManagedObject subclasses (and optionally their tests) from a Core Data model.",
        // Paragraphs without hard line breaks: ArgumentParser wraps them to the terminal's width. The lists and
        // examples keep their lines, each short enough for 80 columns.
        discussion: """
            Writes, for every entity with a custom class and Codegen set to Manual/None:
              <output>/Item+Generated.swift: rewritten on every run; do not edit
              <human-output>/Item.swift: written once, then yours (hooks, helpers);
                (none with --no-human-files; Item+Model.swift: --human-file-suffix)
            and for the model:
              <output>/ManagedValidation+Generated.swift: validation, optional scalars
              <output>/<Model>ModelSupport+Generated.swift: with ordered relationships
              <output>/Dimensions+Generated.swift: a struct per model composite
              <output>/<Model>MigrationPlan.swift: with --migration-plan
              <output>/<Model>PreviewData.swift: with --preview-data
              <tests-output>/<Model>ModelTests.swift: with --tests-output
              <tests-output>/<Model>MigrationPlanTests.swift: with both
            Unchanged files are not rewritten; machine files of removed entities are deleted (only files \
            carrying the generator's banner), their human files are kept with a warning. On any error (an \
            --include naming no entity too) nothing is written.

            Settings come from the flags, then the config file (--config PATH, else managed-codegen.yml in \
            the folder holding the model bundle; its keys are the long names of these flags, its relative \
            paths are relative to it), then the defaults. A list flag (--import, --include, --exclude) \
            replaces the config file's list.

            Examples:
              managed-codegen generate Model.xcdatamodeld \\
                  --output Sources/App/Generated --human-output Sources/App/Model
              managed-codegen generate Model.xcdatamodeld \\
                  --output Generated --human-output Model --check
              managed-codegen generate Model.xcdatamodeld   # folders: managed-codegen.yml
            """
    )

    @OptionGroup var model: ModelOptions

    @Option(name: .long, help: ArgumentHelp("Folder for the machine files (rewritten on every run).", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("Folder for the human files (written only when absent).", valueName: "dir"))
    var humanOutput: String?

    @Option(help: ArgumentHelp(
        "Human files: once (written when absent, then yours; default) or none (never written; no --human-output needed).",
        valueName: "once|none"))
    var humanFiles: GenerateSettings.HumanFiles?

    @Flag(help: "Write no human files (--human-files none).")
    var noHumanFiles = false

    @Option(help: ArgumentHelp(
        "Added to the class name to name its human file: +Model writes Item+Model.swift, so that another Item.swift in the target does not clash (SwiftPM: multiple producers).",
        valueName: "suffix"))
    var humanFileSuffix: String?

    @Option(help: ArgumentHelp(
        "init(context:): unavailable (a compile error naming the designated initializer; default) or deprecated (a warning, while an app moves its call sites over from Xcode's, mogenerator's or SwiftGen's classes). init() and an abstract entity's init(context:) are unavailable in both.",
        valueName: "unavailable|deprecated"))
    var inheritedInitializers: GeneratorOptions.InheritedInitializers?

    @Option(help: ArgumentHelp("Folder for the generated XCTest round-trip and constraint tests.", valueName: "dir"))
    var testsOutput: String?

    @Option(help: ArgumentHelp(
        "Where the generated tests find the compiled model: class (the bundle of a generated class; default), main (Bundle.main) or module (Bundle.module).",
        valueName: "bundle"))
    var testsModelBundle: GeneratorOptions.TestsModelBundle?

    @Option(help: "The module that compiles the generated classes (the tests `@testable import` it). Default: the model's name.")
    var moduleName: String?

    @Option(help: "Access level of the generated declarations: public or internal. Default: public.")
    var accessLevel: GeneratorOptions.AccessLevel?

    @Option(
        name: .customLong("import"),
        help: ArgumentHelp("An extra module every generated file imports (repeatable).", valueName: "module"))
    var imports: [String] = []

    @Option(name: .customLong("include"), help: ArgumentHelp("Generate only this entity (repeatable).", valueName: "entity"))
    var includedEntities: [String] = []

    @Option(name: .customLong("exclude"), help: ArgumentHelp("Never generate this entity (repeatable).", valueName: "entity"))
    var excludedEntities: [String] = []

    @Option(
        name: .customLong("configuration"),
        help: ArgumentHelp("Generate only the entities of this model configuration.", valueName: "name"))
    var configurationName: String?

    @Option(help: ArgumentHelp("A folder of .mustache templates replacing the bundled ones of the same name.", valueName: "dir"))
    var templates: String?

    @Option(
        name: .customLong("hook-sources"),
        help: ArgumentHelp(
            "A folder (or Swift file) to scan for validation hooks, besides --human-output (repeatable); a property gets the bridge Core Data calls only when its hook is found. Key paths there that would trap at run time (NSSortDescriptor(keyPath:) over a property that is not @objc) are errors.",
            valueName: "dir"))
    var hookSources: [String] = []

    @Flag(
        inversion: .prefixedNo,
        help: "Also generate entities whose Codegen is Class Definition or Category/Extension (Xcode generates those itself).")
    var includeXcodeGenerated: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: "Check the synced entities against what NSPersistentCloudKitContainer accepts (default: when the model or a configuration is marked Used with CloudKit); --no-cloudkit for a model marked but never synced.")
    var cloudkit: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: "Also write <Model>MigrationPlan.swift: the staged migration (macOS 14, iOS 17) of stores of every version in the model's lock to the current one, calling the app's willMigrate<From>To<To> hooks found like validation hooks.")
    var migrationPlan: Bool?

    @Option(help: ArgumentHelp(
        "The oldest locked version the migration plan migrates from: older versions are left out of it (their stores then fail to open with Core Data's error 134504, which the app can catch), e.g. to step over a hop lightweight migration cannot infer.",
        valueName: "version"))
    var migrationPlanOldestVersion: String?

    @Flag(
        inversion: .prefixedNo,
        help: "Also write <Model>PreviewData.swift: valid, deterministic objects of every entity for SwiftUI previews and the app's tests (makeContainer(), Item.makePreview(in:)).")
    var previewData: Bool?

    @Flag(help: "Write nothing; exit 1 and list the files that are stale, missing or extra (for CI).")
    var check = false

    @Flag(name: .shortAndLong, help: "Print nothing but diagnostics.")
    var quiet = false

    @OptionGroup var reporting: ReporterOptions

    @OptionGroup(title: "Config file")
    var config: ConfigOptions

    @OptionGroup(title: "Build integration")
    var build: BuildIntegrationOptions

    func validate() throws {
        let scopes = [build.singleFile != nil, build.machineOnly, build.skipMachineFiles == true].filter { $0 }
        if scopes.count > 1 {
            throw ValidationError("--single-file, --machine-only and --skip-machine-files cannot be combined.")
        }
        if let name = build.singleFile, name.contains("/") || !name.hasSuffix(".swift") {
            throw ValidationError("--single-file takes a file name ending in .swift, without folders (the folder is --output).")
        }
        if noHumanFiles && humanFiles == .writeOnce {
            throw ValidationError("--no-human-files and --human-files once cannot be combined.")
        }
        if config.noConfig && config.config != nil {
            throw ValidationError("--config and --no-config cannot be combined.")
        }
    }

    var reporterConfigPath: String? { config.path(besideModel: model.model) }

    /// The settings given on the command line; nil where a flag was not passed.
    var commandLineSettings: GenerateSettings {
        GenerateSettings(
            output: output, humanOutput: humanOutput, testsOutput: testsOutput, moduleName: moduleName,
            accessLevel: accessLevel, imports: imports.isEmpty ? nil : imports,
            includedEntities: includedEntities.isEmpty ? nil : includedEntities,
            excludedEntities: excludedEntities.isEmpty ? nil : excludedEntities,
            configurationName: configurationName, templates: templates,
            includeXcodeGenerated: includeXcodeGenerated, warningsAsErrors: model.warningsAsErrors,
            skipMachineFiles: build.skipMachineFiles, testsModelBundle: testsModelBundle,
            validationSupport: build.validationSupport, hookSources: hookSources.isEmpty ? nil : hookSources,
            humanFiles: noHumanFiles ? .omitted : humanFiles, humanFileSuffix: humanFileSuffix,
            inheritedInitializers: inheritedInitializers, cloudKit: cloudkit, migrationPlan: migrationPlan,
            migrationPlanOldestVersion: migrationPlanOldestVersion, previewData: previewData,
            reporter: reporting.reporter)
    }

    var requestedScope: GenerationRequest.Scope {
        if let name = build.singleFile { return .singleFile(name) }
        if build.machineOnly { return .machineOnly }
        return .all
    }

    /// Flags over the config file over the defaults (see `ConfigOptions`). `--output` sends the machine files
    /// elsewhere: the config file's `tests-output` is then not used (its stale generated files would be deleted, in a
    /// folder this run was not pointed at); ``configFoldersLeftAlone(_:)`` says so.
    func makeRequest(modelName: String, configFile: ConfigFile?) throws -> GenerationRequest {
        var settings = commandLineSettings
        if var fromConfig = configFile?.settings {
            if !configFoldersLeftAlone(configFile).isEmpty { fromConfig.testsOutput = nil }
            settings = settings.filling(from: fromConfig)
        }
        if let targetDirectory = build.targetDirectory {
            if !ConfigFile.absolutePath(model.model).hasPrefix(ConfigFile.absolutePath(targetDirectory) + "/") {
                throw DiagnosticsError(
                    Diagnostic(
                        ConfigRules.modelOutsideTarget,
                        "the model is outside the target's folder \(targetDirectory); move it into the target or run managed-codegen on it directly",
                        at: SourceLocation(path: model.model, line: 0)))
            }
            settings = settings.filling(from: .pluginDefaults(targetDirectory: targetDirectory))
        }
        return try GenerationRequest.resolve(
            settings, modelName: modelName, scope: requestedScope, configPath: configFile?.path)
    }

    /// The config file's folders this run leaves alone because a flag sent the output elsewhere: its `tests-output`
    /// when `--output` is given without `--tests-output` (the folder a write cleans of stale generated files), in a
    /// run that writes tests at all (not `--single-file` or `--machine-only`, the build plugins' runs).
    func configFoldersLeftAlone(_ configFile: ConfigFile?) -> [(key: ConfigKey, folder: String)] {
        guard requestedScope == .all, let configFile, output != nil, testsOutput == nil, let tests = configFile.settings.testsOutput,
            ConfigFile.absolutePath(tests) != ConfigFile.absolutePath(output!)
        else { return [] }
        return [(.testsOutput, tests)]
    }

    func run() throws {
        // The config file is validated first: its errors do not depend on the model.
        let configFile = try config.load(besideModel: model.model)

        // No stamp of the last run: comparing contents keeps unchanged files untouched (Benchmarks/README.md,
        // "No-change runs").
        let history = try ModelHistory(locating: model.model)
        let loaded = try history.loadedVersion(named: model.modelVersion)
        let request = try makeRequest(modelName: loaded.bundle.modelName, configFile: configFile)
        var diagnostics = loaded.diagnostics
        for (key, folder) in configFoldersLeftAlone(configFile) {
            diagnostics.append(
                GenerationRules.configFolderLeftAlone.diagnostic(
                    "--output sends this run's files elsewhere: the config file's `\(key.rawValue)` (\(Self.displayPath(folder))) is left alone, "
                        + "no tests are written; pass --tests-output DIR to write them",
                    at: SourceLocation(path: configFile!.path, line: 0)))
        }
        // The app's own files (not ours): their validation and migration hooks (at paths relative to the current
        // folder when inside it, as the messages about migration hooks name them), and their key-path call sites.
        let appSources = SwiftSourceFiles.read(SwiftSourceFiles.paths(under: request.hookSources))
            .filter { !$0.text.hasPrefix(CodeGenerator.bannerPrefix) }
        let hooks = ValidationHookScan.scanning(appSources.map { (path: Self.displayPath($0.path), text: $0.text) })
        // With a lock: changes to locked versions, and the way from the newest locked version to this one.
        diagnostics.append(contentsOf: try history.lockCheck())
        diagnostics.append(contentsOf: try history.migrationDiagnostics(to: loaded.schema, hooks: hooks, cloudKit: request.options.cloudKit))
        let migration =
            request.migrationPlan ? try history.migrationPlanInput(current: loaded.schema, oldest: request.migrationPlanOldestVersion) : nil
        let pipeline = GenerationPipeline(options: request.options, hooks: hooks, migration: migration)
        let prepared = try diagnostics.rethrowingWith { try pipeline.prepare(loaded.schema) }
        diagnostics.append(contentsOf: prepared.diagnostics)
        diagnostics.append(contentsOf: leftoverHumanFileWarnings(prepared, request))
        diagnostics.append(contentsOf: humanFileNameClashes(prepared, request))
        // The app's key paths over what these classes declare Swift-only: they compile and trap at run time.
        diagnostics.append(contentsOf: KeyPathCheck.diagnostics(appSources, plan: prepared.plan))
        // Every problem is reported before anything is written.
        try DiagnosticPrinter.report(diagnostics, warningsAsErrors: request.warningsAsErrors)

        var destinations = request.destinations
        destinations.modelBundlePath = loaded.bundle.inputPath
        let session = try OutputWriter(destinations: destinations, modelBanner: prepared.banner).begin(check: check)
        do {
            try prepared.render(selecting: request.selection, into: session)
        } catch {
            session.abandon()
            throw error
        }
        let report = try session.commit()
        keepUntilExit((history, prepared))
        if check {
            let found = OutputRules.checkDiagnostics(report, displayPath: Self.displayPath)
            guard report.isUpToDate else {
                var stale = found
                stale.append(.note("to update them, run: \(Self.commandWithoutCheck())"))
                throw DiagnosticsError(stale)
            }
            DiagnosticPrinter.print(found)
            if !quiet { DiagnosticPrinter.output("Generated files are up to date.") }
            return
        }
        if !quiet { DiagnosticPrinter.output(summary(of: report)) }
    }

    /// A warning for each human file of a class this model no longer generates (never deleted: it is the user's).
    private func leftoverHumanFileWarnings(_ prepared: PreparedGeneration, _ request: GenerationRequest) -> Diagnostics {
        var warnings = Diagnostics()
        guard let humanDirectory = request.humanDirectory, request.scope == .all || request.scope == .withoutMachineFiles else {
            return warnings
        }
        let produced = Set(prepared.manifest.filter { $0.kind == .human }.map(\.relativePath))
        for path in LeftoverHumanFiles.find(
            in: humanDirectory, producedNames: produced, modelFileName: prepared.plan.modelFileName,
            machineDirectory: request.machineDirectory, modelBanner: prepared.banner)
        {
            warnings.report(
                OutputRules.leftoverHumanFile,
                "human file of a class \(prepared.plan.modelFileName) no longer generates: it is yours and is kept; "
                    + "delete it, or move what you still need",
                at: SourceLocation(path: Self.displayPath(path), line: 0))
        }
        return warnings
    }

    /// A warning for each app file named like a human file this run writes, outside the human-files folder: a target
    /// with two files of one name does not build ("filename used twice"). Only the hook sources are known to be the
    /// app's, so only their folders are looked at (`ClashingSourceScan`, which `adopt --sources` reports with too).
    private func humanFileNameClashes(_ prepared: PreparedGeneration, _ request: GenerationRequest) -> Diagnostics {
        var warnings = Diagnostics()
        guard let humanDirectory = request.humanDirectory else { return warnings }
        let humanNames = Set(prepared.manifest.filter { $0.kind == .human }.map(\.relativePath))
        var classNames: [String: String] = [:]
        for classPlan in prepared.plan.classes where humanNames.contains(prepared.plan.humanFileName(of: classPlan.className)) {
            classNames[classPlan.className] = classPlan.entityName
        }
        let folders = request.hookSources.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        let humanFolder = OutputWriter.standardized(humanDirectory)
        var reported: Set<String> = []
        // The folders exist and are folders: the scan has nothing to throw.
        for clash in (try? ClashingSourceScan.find(in: folders, classNames: classNames, humanFileSuffix: prepared.plan.humanFileSuffix)) ?? []
        where clash.origin == .humanFileName {
            let path = OutputWriter.standardized(clash.path)
            guard (path as NSString).deletingLastPathComponent != humanFolder, reported.insert(path).inserted,
                humanNames.contains((path as NSString).lastPathComponent)
            else { continue }
            warnings.report(OutputRules.fileNameClash, clash.advice, at: SourceLocation(path: Self.displayPath(path), line: clash.line))
        }
        return warnings
    }

    /// `path` relative to the current folder when inside it, as the paths the user typed: the writer's are absolute.
    static func displayPath(_ path: String) -> String { DisplayPath.relativeToCurrentFolder(path) }

    /// This run's command line without `--check`: the command that brings the files up to date.
    static func commandWithoutCheck() -> String {
        let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--check" }
        return (["managed-codegen"] + arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }).joined(separator: " ")
    }

    private func summary(of report: WriteReport) -> String {
        "\(report.written.count) written, \(report.unchanged.count) unchanged, \(report.deleted.count) deleted"
            + (report.preservedHumanFiles.isEmpty ? "" : ", \(report.preservedHumanFiles.count) human files kept")
    }
}

/// Where the settings come from. Precedence: command-line flags, then the config file, then the defaults.
struct ConfigOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A managed-codegen.yml config file. Default: managed-codegen.yml in the folder holding the model bundle, when present.",
            valueName: "path"))
    var config: String?

    @Flag(help: "Ignore managed-codegen.yml beside the model.")
    var noConfig = false

    /// The config file to use, validated; nil when there is none (or `--no-config`).
    func load(besideModel modelPath: String) throws -> ConfigFile? {
        try path(besideModel: modelPath).map(ConfigFile.load)
    }

    /// The config file's path, without reading it: `--config`, else the one beside the model; nil with `--no-config`.
    func path(besideModel modelPath: String) -> String? {
        if let config { return config }
        if noConfig { return nil }
        return ConfigFile.locate(besideModel: modelPath)
    }
}

/// Options for builds: the SwiftPM plugins and Xcode Run Script phases.
struct BuildIntegrationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write the machine and support files combined into this one file in the --output folder, and nothing else (for build-tool plugins: the output is known before the tool runs).",
            valueName: "name.swift"))
    var singleFile: String?

    @Flag(help: "Write only the machine and support files: no human files, no tests.")
    var machineOnly = false

    @Flag(
        inversion: .prefixedNo,
        help: "Write no machine or support files, only human files and tests: the build-tool plugin generates the machine files.")
    var skipMachineFiles: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: "Generate ManagedValidation, which every generated class uses (default). --no-validation-support for all but one of several models combined into one module with --single-file, which would declare it twice.")
    var validationSupport: Bool?

    @Option(
        help: ArgumentHelp(
            "The source folder of the target holding the model (set by the command plugin): outputs set neither by flags nor by the config file go to <dir>/Generated (machine) and <dir>/Model (human).",
            valueName: "dir"))
    var targetDirectory: String?
}

extension GeneratorOptions.AccessLevel: ExpressibleByArgument {}
extension GeneratorOptions.TestsModelBundle: ExpressibleByArgument {}
extension GeneratorOptions.InheritedInitializers: ExpressibleByArgument {}
extension GenerateSettings.HumanFiles: ExpressibleByArgument {}
