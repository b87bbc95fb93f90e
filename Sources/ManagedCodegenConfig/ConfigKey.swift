import CodeGeneration

/// The keys of `managed-codegen.yml`: each is the long name of the `generate` flag it sets, so the
/// config file and `managed-codegen generate --help` document each other.
package enum ConfigKey: String, CaseIterable, Sendable {
    case output
    case humanOutput = "human-output"
    case testsOutput = "tests-output"
    case moduleName = "module-name"
    case accessLevel = "access-level"
    case imports = "import"
    case include
    case exclude
    case configuration
    case templates
    case includeXcodeGenerated = "include-xcode-generated"
    case warningsAsErrors = "warnings-as-errors"
    case skipMachineFiles = "skip-machine-files"
    case testsModelBundle = "tests-model-bundle"
    case validationSupport = "validation-support"
    case hookSources = "hook-sources"
    case humanFiles = "human-files"
    case humanFileSuffix = "human-file-suffix"
    case inheritedInitializers = "inherited-initializers"
    case cloudKit = "cloudkit"
    case migrationPlan = "migration-plan"
    case migrationPlanOldestVersion = "migration-plan-oldest-version"
    case previewData = "preview-data"
    case reporter

    /// The YAML value each key takes.
    package enum ValueKind: Sendable {
        /// A folder, relative to the config file's folder.
        case path
        case string
        case stringList
        /// Folders, each relative to the config file's folder.
        case pathList
        case boolean
        case oneOf([String])
    }

    package var valueKind: ValueKind {
        switch self {
        case .output, .humanOutput, .testsOutput, .templates: .path
        case .moduleName, .configuration, .humanFileSuffix, .migrationPlanOldestVersion: .string
        case .imports, .include, .exclude: .stringList
        case .hookSources: .pathList
        case .includeXcodeGenerated, .warningsAsErrors, .skipMachineFiles, .validationSupport, .cloudKit, .migrationPlan,
            .previewData:
            .boolean
        case .accessLevel: .oneOf(GeneratorOptions.AccessLevel.allCases.map(\.rawValue))
        case .testsModelBundle: .oneOf(GeneratorOptions.TestsModelBundle.allCases.map(\.rawValue))
        case .humanFiles: .oneOf(GenerateSettings.HumanFiles.allCases.map(\.rawValue))
        case .inheritedInitializers: .oneOf(GeneratorOptions.InheritedInitializers.allCases.map(\.rawValue))
        case .reporter: .oneOf(ReportFormat.allCases.map(\.rawValue))
        }
    }

    /// The one place that ties a key to its field in ``GenerateSettings``.
    private var field: Field {
        switch self {
        case .output: .text(\.output)
        case .humanOutput: .text(\.humanOutput)
        case .testsOutput: .text(\.testsOutput)
        case .moduleName: .text(\.moduleName)
        case .configuration: .text(\.configurationName)
        case .templates: .text(\.templates)
        case .imports: .list(\.imports)
        case .include: .list(\.includedEntities)
        case .exclude: .list(\.excludedEntities)
        case .hookSources: .list(\.hookSources)
        case .includeXcodeGenerated: .flag(\.includeXcodeGenerated)
        case .warningsAsErrors: .flag(\.warningsAsErrors)
        case .skipMachineFiles: .flag(\.skipMachineFiles)
        case .validationSupport: .flag(\.validationSupport)
        case .cloudKit: .flag(\.cloudKit)
        case .migrationPlan: .flag(\.migrationPlan)
        case .migrationPlanOldestVersion: .text(\.migrationPlanOldestVersion)
        case .previewData: .flag(\.previewData)
        case .accessLevel: .accessLevel(\.accessLevel)
        case .testsModelBundle: .testsModelBundle(\.testsModelBundle)
        case .humanFiles: .humanFiles(\.humanFiles)
        case .humanFileSuffix: .text(\.humanFileSuffix)
        case .inheritedInitializers: .inheritedInitializers(\.inheritedInitializers)
        case .reporter: .reporter(\.reporter)
        }
    }

    private enum Field {
        case text(WritableKeyPath<GenerateSettings, String?>)
        case list(WritableKeyPath<GenerateSettings, [String]?>)
        case flag(WritableKeyPath<GenerateSettings, Bool?>)
        case accessLevel(WritableKeyPath<GenerateSettings, GeneratorOptions.AccessLevel?>)
        case testsModelBundle(WritableKeyPath<GenerateSettings, GeneratorOptions.TestsModelBundle?>)
        case humanFiles(WritableKeyPath<GenerateSettings, GenerateSettings.HumanFiles?>)
        case inheritedInitializers(WritableKeyPath<GenerateSettings, GeneratorOptions.InheritedInitializers?>)
        case reporter(WritableKeyPath<GenerateSettings, ReportFormat?>)
    }

    /// A parsed value of this key's ``valueKind``.
    enum Value: Equatable {
        case text(String)
        case list([String])
        case flag(Bool)
    }

    func set(_ value: Value, in settings: inout GenerateSettings) {
        switch (field, value) {
        case (.text(let keyPath), .text(let text)): settings[keyPath: keyPath] = text
        case (.list(let keyPath), .list(let list)): settings[keyPath: keyPath] = list
        case (.flag(let keyPath), .flag(let flag)): settings[keyPath: keyPath] = flag
        case (.accessLevel(let keyPath), .text(let text)):
            settings[keyPath: keyPath] = GeneratorOptions.AccessLevel(rawValue: text)
        case (.testsModelBundle(let keyPath), .text(let text)):
            settings[keyPath: keyPath] = GeneratorOptions.TestsModelBundle(rawValue: text)
        case (.humanFiles(let keyPath), .text(let text)):
            settings[keyPath: keyPath] = GenerateSettings.HumanFiles(rawValue: text)
        case (.inheritedInitializers(let keyPath), .text(let text)):
            settings[keyPath: keyPath] = GeneratorOptions.InheritedInitializers(rawValue: text)
        case (.reporter(let keyPath), .text(let text)):
            settings[keyPath: keyPath] = ReportFormat(rawValue: text)
        default: preconditionFailure("\(rawValue): a value of the wrong kind reached the settings")
        }
    }

    func fill(_ settings: inout GenerateSettings, from fallback: GenerateSettings) {
        switch field {
        case .text(let keyPath): settings[keyPath: keyPath] = settings[keyPath: keyPath] ?? fallback[keyPath: keyPath]
        case .list(let keyPath): settings[keyPath: keyPath] = settings[keyPath: keyPath] ?? fallback[keyPath: keyPath]
        case .flag(let keyPath): settings[keyPath: keyPath] = settings[keyPath: keyPath] ?? fallback[keyPath: keyPath]
        case .accessLevel(let keyPath):
            settings[keyPath: keyPath] = settings[keyPath: keyPath] ?? fallback[keyPath: keyPath]
        case .testsModelBundle(let keyPath):
            settings[keyPath: keyPath] = settings[keyPath: keyPath] ?? fallback[keyPath: keyPath]
        case .humanFiles(let keyPath):
            settings[keyPath: keyPath] = settings[keyPath: keyPath] ?? fallback[keyPath: keyPath]
        case .inheritedInitializers(let keyPath):
            settings[keyPath: keyPath] = settings[keyPath: keyPath] ?? fallback[keyPath: keyPath]
        case .reporter(let keyPath):
            settings[keyPath: keyPath] = settings[keyPath: keyPath] ?? fallback[keyPath: keyPath]
        }
    }
}
