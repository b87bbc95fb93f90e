import CodeGeneration
import Foundation
import ManagedModel

/// The settings of `managed-codegen generate` that can come from the command line or a config file.
/// `nil` means "not set here": ``filling(from:)`` layers flags over the config file over the defaults.
///
/// Paths are absolute or relative to the current directory; ``ConfigFile`` resolves its own relative
/// paths against the config file's folder before they get here.
package struct GenerateSettings: Hashable, Sendable {
    /// Machine files (`Item+Generated.swift`, `ManagedValidation+Generated.swift`).
    package var output: String?
    /// Human files (`Item.swift`), written once.
    package var humanOutput: String?
    /// Generated tests; none are written without it.
    package var testsOutput: String?
    package var moduleName: String?
    package var accessLevel: GeneratorOptions.AccessLevel?
    package var imports: [String]?
    package var includedEntities: [String]?
    package var excludedEntities: [String]?
    package var configurationName: String?
    package var templates: String?
    package var includeXcodeGenerated: Bool?
    package var warningsAsErrors: Bool?
    /// Write no machine or support files: the build-tool plugin generates them at build time.
    package var skipMachineFiles: Bool?
    /// Where generated tests find the compiled model.
    package var testsModelBundle: GeneratorOptions.TestsModelBundle?
    /// Generate `ManagedValidation` (default); false for all but one of several models combined into one module file.
    package var validationSupport: Bool?
    /// Folders (or Swift files) scanned for validation hooks, besides the human-files folder.
    package var hookSources: [String]?
    /// Whether human files are written (`human-files: none`, `--no-human-files`: never; then no human-files
    /// folder is needed).
    package var humanFiles: HumanFiles?
    /// Added to the class name to name its human file (`+Model`: `Item+Model.swift`).
    package var humanFileSuffix: String?
    /// `init()` and `init(context:)`: unavailable (default) or deprecated, while an app moves its call sites over.
    package var inheritedInitializers: GeneratorOptions.InheritedInitializers?
    /// Check the model against what `NSPersistentCloudKitContainer` accepts: nil follows the model's "Used with
    /// CloudKit" marks, false checks nothing (`GeneratorOptions.cloudKit`).
    package var cloudKit: Bool?
    /// Also write the migration plan (`<Model>MigrationPlan.swift`) from the model's lock.
    package var migrationPlan: Bool?
    /// The oldest locked version the migration plan migrates from; stores of older versions are left out of it.
    package var migrationPlanOldestVersion: String?
    /// Also write `<Model>PreviewData.swift`: valid, deterministic objects for SwiftUI previews and the app's tests.
    package var previewData: Bool?
    /// How findings are printed (`--reporter`): every command that reports findings reads it, not only `generate`.
    package var reporter: ReportFormat?

    /// `human-files`: `once` (written when absent, then the user's; the default) or `none`.
    package enum HumanFiles: String, Hashable, Sendable, CaseIterable {
        case writeOnce = "once"
        case omitted = "none"
    }

    package init(
        output: String? = nil, humanOutput: String? = nil, testsOutput: String? = nil, moduleName: String? = nil,
        accessLevel: GeneratorOptions.AccessLevel? = nil, imports: [String]? = nil,
        includedEntities: [String]? = nil, excludedEntities: [String]? = nil, configurationName: String? = nil,
        templates: String? = nil, includeXcodeGenerated: Bool? = nil, warningsAsErrors: Bool? = nil,
        skipMachineFiles: Bool? = nil, testsModelBundle: GeneratorOptions.TestsModelBundle? = nil,
        validationSupport: Bool? = nil, hookSources: [String]? = nil, humanFiles: HumanFiles? = nil,
        humanFileSuffix: String? = nil, inheritedInitializers: GeneratorOptions.InheritedInitializers? = nil,
        cloudKit: Bool? = nil, migrationPlan: Bool? = nil, migrationPlanOldestVersion: String? = nil, previewData: Bool? = nil,
        reporter: ReportFormat? = nil
    ) {
        self.previewData = previewData
        self.reporter = reporter
        self.migrationPlanOldestVersion = migrationPlanOldestVersion
        self.cloudKit = cloudKit
        self.migrationPlan = migrationPlan
        self.inheritedInitializers = inheritedInitializers
        self.hookSources = hookSources
        self.humanFiles = humanFiles
        self.humanFileSuffix = humanFileSuffix
        self.output = output
        self.humanOutput = humanOutput
        self.testsOutput = testsOutput
        self.moduleName = moduleName
        self.accessLevel = accessLevel
        self.imports = imports
        self.includedEntities = includedEntities
        self.excludedEntities = excludedEntities
        self.configurationName = configurationName
        self.templates = templates
        self.includeXcodeGenerated = includeXcodeGenerated
        self.warningsAsErrors = warningsAsErrors
        self.skipMachineFiles = skipMachineFiles
        self.testsModelBundle = testsModelBundle
        self.validationSupport = validationSupport
    }

    /// These settings, with `fallback`'s value wherever these have none. Lists are replaced, not merged:
    /// `--import X` on the command line means exactly `X`, whatever the config file lists.
    package func filling(from fallback: GenerateSettings) -> GenerateSettings {
        var merged = self
        for setting in ConfigKey.allCases {
            setting.fill(&merged, from: fallback)
        }
        return merged
    }

    /// The defaults the command plugin relies on: machine files in `<target>/Generated`, human files in
    /// `<target>/Model`, validation hooks anywhere in the target; no tests.
    package static func pluginDefaults(targetDirectory: String) -> GenerateSettings {
        GenerateSettings(
            output: (targetDirectory as NSString).appendingPathComponent("Generated"),
            humanOutput: (targetDirectory as NSString).appendingPathComponent("Model"), hookSources: [targetDirectory])
    }
}

/// What one `generate` run does, once flags, config file and defaults are combined.
package struct GenerationRequest: Hashable, Sendable {
    /// Which generated files a run writes.
    package enum Scope: Hashable, Sendable {
        /// Machine, support and human files, and tests when a tests folder is set.
        case all
        /// Machine and support files only (the build-tool plugin, Run Script build phases).
        case machineOnly
        /// Machine and support files, combined into the one file named here (the build-tool plugin:
        /// its output must be known before the tool runs).
        case singleFile(String)
        /// Human files and tests: the build-tool plugin writes the machine files.
        case withoutMachineFiles
    }

    package var options: GeneratorOptions
    package var scope: Scope
    package var machineDirectory: String?
    package var humanDirectory: String?
    package var testsDirectory: String?
    package var warningsAsErrors: Bool
    /// Write the migration plan's file from the model's lock (`--migration-plan`, `migration-plan: true`).
    package var migrationPlan = false
    /// `--migration-plan-oldest-version`: the plan starts at this locked version (nil: at the first).
    package var migrationPlanOldestVersion: String?
    /// Where validation hooks are looked for: the human-files folder (also when this run writes no human
    /// files) and the hook sources, without duplicates, in that order.
    package var hookSources: [String] = []

    /// Combines `settings` (already layered) with the model's name and the command-line-only `scope`.
    /// - Throws: ``DiagnosticsError`` naming what is missing: an output folder the scope needs.
    package static func resolve(
        _ settings: GenerateSettings, modelName: String, scope requestedScope: Scope, configPath: String?
    ) throws -> GenerationRequest {
        var scope = requestedScope
        if scope == .all && settings.skipMachineFiles == true { scope = .withoutMachineFiles }
        let needsMachine = scope != .withoutMachineFiles
        let writesTests = scope == .all || scope == .withoutMachineFiles
        let writesHuman = writesTests && settings.humanFiles != .omitted
        var diagnostics = Diagnostics()
        if let suffix = settings.humanFileSuffix,
            suffix.contains("/") || suffix.contains("\0") || suffix == "+Generated" || suffix.hasSuffix(".swift")
        {
            diagnostics.report(
                ConfigRules.invalidHumanFileSuffix,
                "the human-file suffix '\(suffix)' must be part of a file name (no '/', not '+Generated', no '.swift'): e.g. +Model for Item+Model.swift")
        }
        let origin = configPath.map { " or `\(ConfigKey.output.rawValue)` in \($0)" } ?? ""
        if needsMachine && settings.output == nil {
            diagnostics.report(ConfigRules.noOutputFolder, "no output folder for the machine files: pass --output DIR\(origin)")
        }
        if writesHuman && settings.humanOutput == nil {
            let humanOrigin = configPath.map { " or `\(ConfigKey.humanOutput.rawValue)` in \($0)" } ?? ""
            diagnostics.report(
                ConfigRules.noOutputFolder,
                "no output folder for the human files: pass --human-output DIR\(humanOrigin), or --no-human-files to write none")
        }
        let testsDirectory = writesTests ? settings.testsOutput : nil
        if !needsMachine && !writesHuman && testsDirectory == nil {
            diagnostics.report(
                ConfigRules.nothingToWrite, "nothing to write: --skip-machine-files with --no-human-files and no --tests-output")
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        return GenerationRequest(
            options: GeneratorOptions(
                accessLevel: settings.accessLevel ?? .public,
                moduleName: settings.moduleName ?? modelName,
                additionalImports: settings.imports ?? [],
                includedEntities: settings.includedEntities.flatMap { $0.isEmpty ? nil : $0 },
                excludedEntities: settings.excludedEntities ?? [],
                configurationName: settings.configurationName,
                templatesDirectory: settings.templates,
                generateXcodeCodegenEntities: settings.includeXcodeGenerated ?? false,
                generatesTests: testsDirectory != nil,
                testsModelBundle: settings.testsModelBundle ?? .class,
                generatesValidationSupport: settings.validationSupport ?? true,
                humanFileSuffix: settings.humanFileSuffix ?? "",
                inheritedInitializers: settings.inheritedInitializers ?? .unavailable,
                cloudKit: settings.cloudKit,
                generatesPreviewData: settings.previewData ?? false
            ),
            scope: scope,
            machineDirectory: needsMachine ? settings.output : nil,
            humanDirectory: writesHuman ? settings.humanOutput : nil,
            testsDirectory: testsDirectory,
            warningsAsErrors: settings.warningsAsErrors ?? false,
            migrationPlan: settings.migrationPlan ?? false,
            migrationPlanOldestVersion: settings.migrationPlanOldestVersion,
            hookSources: ([settings.humanOutput].compactMap { $0 } + (settings.hookSources ?? [])).reduce(into: []) { all, path in
                if !all.contains(path) { all.append(path) }
            }
        )
    }

    /// The files this request writes, out of the generator's manifest.
    package var selection: FileSelection {
        switch scope {
        case .singleFile(let name): .combined(named: name)
        case .machineOnly: .kinds([.machine, .support])
        case .all, .withoutMachineFiles:
            .kinds(Set([scope == .all ? [.machine, .support] : [], humanDirectory != nil ? [.human] : [], testsDirectory != nil ? [.tests] : []].joined()))
        }
    }

    /// Where the writer puts each kind. Kinds this request does not write share a folder it does write, so
    /// that the writer's stale-file cleanup (banner files in the machine folder) never reaches a folder
    /// this run does not own.
    package var destinations: OutputWriter.Destinations {
        let machine = machineDirectory ?? humanDirectory ?? testsDirectory!
        return OutputWriter.Destinations(
            machineDirectory: machine, humanDirectory: humanDirectory ?? machine, testsDirectory: testsDirectory)
    }
}
