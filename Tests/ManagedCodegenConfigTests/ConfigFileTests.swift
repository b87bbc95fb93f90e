import CodeGeneration
import Foundation
import ManagedCodegenConfig
import ManagedModel
import Testing

/// The diagnostics `ConfigFile.parse` reports for `text`, as the user reads them; empty when it is valid.
func configErrors(_ text: String, path: String) -> [String] {
    do {
        _ = try ConfigFile.parse(text, path: path)
        return []
    } catch let error as DiagnosticsError {
        return error.diagnostics.all.map(\.description)
    } catch {
        return ["unexpected \(error)"]
    }
}

@Suite struct ConfigFileTests {
    let path = "/project/Sources/App/managed-codegen.yml"

    func errors(_ text: String) -> [String] { configErrors(text, path: path) }

    @Test func everyKeyIsReadAndRelativePathsFollowTheConfigFile() throws {
        let config = try ConfigFile.parse(
            """
            # comment
            output: Generated
            human-output: ../App/Model
            tests-output: /abs/Tests
            module-name: App
            access-level: internal
            import: [Combine, SwiftUI]
            include:
              - Item
              - Tag
            exclude: [Legacy]
            configuration: Cloud
            templates: Templates
            include-xcode-generated: true
            warnings-as-errors: false
            skip-machine-files: true
            tests-model-bundle: module
            validation-support: false
            hook-sources: [., /abs/Shared]
            human-files: none
            human-file-suffix: +Model
            inherited-initializers: deprecated
            cloudkit: false
            migration-plan: true
            migration-plan-oldest-version: Journal 2
            preview-data: true
            reporter: sarif
            """, path: path)
        let expected = GenerateSettings(
            output: "/project/Sources/App/Generated", humanOutput: "/project/Sources/App/Model",
            testsOutput: "/abs/Tests", moduleName: "App", accessLevel: .internal, imports: ["Combine", "SwiftUI"],
            includedEntities: ["Item", "Tag"], excludedEntities: ["Legacy"], configurationName: "Cloud",
            templates: "/project/Sources/App/Templates", includeXcodeGenerated: true, warningsAsErrors: false,
            skipMachineFiles: true, testsModelBundle: .module, validationSupport: false,
            hookSources: ["/project/Sources/App", "/abs/Shared"], humanFiles: .omitted, humanFileSuffix: "+Model",
            inheritedInitializers: .deprecated, cloudKit: false, migrationPlan: true,
            migrationPlanOldestVersion: "Journal 2", previewData: true, reporter: .sarif)
        #expect(config.settings == expected)
        // Every key of the reference is exercised above.
        #expect(ConfigKey.allCases.count == 24)
    }

    @Test func emptyFileSetsNothing() throws {
        #expect(try ConfigFile.parse("", path: path).settings == GenerateSettings())
        #expect(try ConfigFile.parse("# only a comment\n", path: path).settings == GenerateSettings())
    }

    @Test func unknownKeyNamesTheKeyAndLineAndSuggests() {
        #expect(
            errors("output: Generated\nhuman-ouput: Model\n") == [
                "\(path):2: error: unknown key 'human-ouput'; did you mean 'human-output'?"
            ])
        let far = errors("\n\nfrobnicate: 1\n")
        #expect(far.count == 1)
        #expect(far.first?.hasPrefix("\(path):3: error: unknown key 'frobnicate'; the keys are output, human-output") == true)
    }

    @Test func wrongTypesAndBadValuesNameTheKey() {
        #expect(
            errors(
                """
                access-level: private
                import: Combine
                include-xcode-generated: maybe
                output: [a, b]
                module-name:
                exclude: [Item, [Nested]]
                """) == [
                    "\(path):1: error: 'access-level' must be public or internal, not 'private'",
                    "\(path):2: error: 'import' must be a list of names (`[A, B]` or `- A` lines), not 'Combine'",
                    "\(path):3: error: 'include-xcode-generated' must be true or false, not 'maybe'",
                    "\(path):4: error: 'output' must be a folder path, not a list",
                    "\(path):5: error: 'module-name' must be a name, not an empty value",
                    "\(path):6: error: every element of 'exclude' must be a name, not a list",
                ])
    }

    @Test func previewDataIsOffUnlessTheFlagOrTheConfigTurnsItOn() throws {
        func resolved(_ settings: GenerateSettings) throws -> Bool {
            try GenerationRequest.resolve(settings, modelName: "M", scope: .all, configPath: nil).options.generatesPreviewData
        }
        #expect(try resolved(GenerateSettings(output: "o", humanOutput: "h")) == false)
        let config = try ConfigFile.parse("preview-data: true\n", path: path).settings
        #expect(try resolved(GenerateSettings(output: "o", humanOutput: "h").filling(from: config)))
        // A flag wins over the config file (`--no-preview-data`).
        #expect(try resolved(GenerateSettings(output: "o", humanOutput: "h", previewData: false).filling(from: config)) == false)
    }

    @Test func inheritedInitializersTakesTwoValuesAndDefaultsToUnavailable() throws {
        #expect(errors("inherited-initializers: warn\n") == [
            "\(path):1: error: 'inherited-initializers' must be unavailable or deprecated, not 'warn'"
        ])
        func resolved(_ settings: GenerateSettings) throws -> GeneratorOptions.InheritedInitializers {
            try GenerationRequest.resolve(settings, modelName: "M", scope: .machineOnly, configPath: nil).options.inheritedInitializers
        }
        #expect(try resolved(GenerateSettings(output: "o")) == .unavailable)
        let config = try ConfigFile.parse("inherited-initializers: deprecated\n", path: path).settings
        #expect(try resolved(GenerateSettings(output: "o").filling(from: config)) == .deprecated)
        // A flag wins over the config file.
        #expect(try resolved(GenerateSettings(output: "o", inheritedInitializers: .unavailable).filling(from: config)) == .unavailable)
    }

    @Test func duplicateKeysAndSyntaxErrorsHaveLines() {
        let duplicate = errors("output: A\nhuman-output: B\noutput: C\n")
        #expect(duplicate.count == 1)
        #expect(duplicate.first?.contains("duplicate key 'output'") == true)
        #expect(duplicate.first?.hasPrefix("\(path):") == true)

        let syntax = errors("output: Generated\nimport: [Combine\nhuman-output: Model\n")
        #expect(syntax.count == 1)
        #expect(syntax.first?.hasPrefix("\(path):") == true)
        #expect(syntax.first?.contains("error: invalid YAML") == true)
        #expect(syntax.first?.hasPrefix("\(path):0:") == false)
    }

    @Test func theFileMustBeAMapping() {
        #expect(errors("- output\n- Generated\n").first?.contains("must be a mapping of settings") == true)
        #expect(
            errors("just text\n") == [
                "\(path):1: error: the config file must be a mapping of settings (`key: value` lines), not 'just text'"
            ])
    }

    @Test func missingFileIsAnError() {
        #expect(throws: DiagnosticsError.self) { try ConfigFile.load("/nonexistent/managed-codegen.yml") }
    }

    @Test func theConfigBelongsBesideTheModelBundle() throws {
        #expect(ConfigFile.directory(besideModel: "/p/App/Model.xcdatamodeld") == "/p/App")
        #expect(ConfigFile.directory(besideModel: "/p/App/Model.xcdatamodeld/Model 2.xcdatamodel") == "/p/App")
        #expect(ConfigFile.directory(besideModel: "/p/App/Model.xcdatamodeld/Model.xcdatamodel/contents") == "/p/App")
        #expect(ConfigFile.directory(besideModel: "/p/App/Model.xcdatamodel/") == "/p/App")
        #expect(ConfigFile.directory(besideModel: "/p/App/Folder/contents") == "/p/App")

        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundle = try copyInventoryModel(into: directory)
        #expect(ConfigFile.locate(besideModel: bundle.path) == nil)
        let config = bundle.deletingLastPathComponent().appendingPathComponent(ConfigFile.fileName)
        try write("output: G\n", to: config)
        #expect(ConfigFile.locate(besideModel: bundle.path) == config.path)
        #expect(ConfigFile.locate(besideModel: bundle.appendingPathComponent("Inventory.xcdatamodel").path) == config.path)
    }
}

@Suite struct SettingsPrecedenceTests {
    @Test func flagsWinOverTheConfigWhichWinsOverDefaults() {
        let flags = GenerateSettings(output: "flag-out", accessLevel: .internal, imports: ["FlagKit"])
        let config = GenerateSettings(
            output: "config-out", humanOutput: "config-human", accessLevel: .public, imports: ["A", "B"],
            includeXcodeGenerated: true)
        let defaults = GenerateSettings.pluginDefaults(targetDirectory: "/t")
        let merged = flags.filling(from: config).filling(from: defaults)
        #expect(merged.output == "flag-out")
        #expect(merged.humanOutput == "config-human")
        #expect(merged.accessLevel == .internal)
        // Lists are replaced, not merged.
        #expect(merged.imports == ["FlagKit"])
        #expect(merged.includeXcodeGenerated == true)
        #expect(GenerateSettings().filling(from: defaults).output == "/t/Generated")
        #expect(GenerateSettings().filling(from: defaults).humanOutput == "/t/Model")
    }

    @Test func explicitFalseFlagOverridesATrueConfig() {
        let merged = GenerateSettings(includeXcodeGenerated: false, warningsAsErrors: false)
            .filling(from: GenerateSettings(includeXcodeGenerated: true, warningsAsErrors: true))
        #expect(merged.includeXcodeGenerated == false)
        #expect(merged.warningsAsErrors == false)
    }

    @Test func resolvingNamesTheMissingFolderAndWhereToSetIt() throws {
        do {
            _ = try GenerationRequest.resolve(
                GenerateSettings(output: "o"), modelName: "M", scope: .all, configPath: "/c/managed-codegen.yml")
            Issue.record("a missing human folder must be an error")
        } catch let error as DiagnosticsError {
            #expect(
                error.diagnostics.all.map(\.message) == [
                    "no output folder for the human files: pass --human-output DIR or `human-output` in /c/managed-codegen.yml, or --no-human-files to write none"
                ])
        }
        // `human-files: none`: no human folder needed, no human file written, tests still are.
        let none = try GenerationRequest.resolve(
            GenerateSettings(output: "o", testsOutput: "t", humanFiles: .omitted), modelName: "M", scope: .all, configPath: nil)
        #expect(none.humanDirectory == nil && none.testsDirectory == "t")
        #expect(none.selection == .kinds([.machine, .support, .tests]))
        // A suffix that is not part of a file name is refused.
        #expect(throws: DiagnosticsError.self) {
            try GenerationRequest.resolve(
                GenerateSettings(output: "o", humanOutput: "h", humanFileSuffix: "/x"), modelName: "M", scope: .all, configPath: nil)
        }
        // Build-tool modes need no human folder.
        let single = try GenerationRequest.resolve(
            GenerateSettings(output: "o", testsOutput: "t"), modelName: "M", scope: .singleFile("M.swift"), configPath: nil)
        #expect(single.humanDirectory == nil)
        #expect(single.testsDirectory == nil)
        #expect(single.options.moduleName == "M")
        #expect(single.options.accessLevel == .public)
        // skip-machine-files needs no machine folder.
        let humanOnly = try GenerationRequest.resolve(
            GenerateSettings(humanOutput: "h", skipMachineFiles: true), modelName: "M", scope: .all, configPath: nil)
        #expect(humanOnly.scope == .withoutMachineFiles)
        #expect(humanOnly.destinations.machineDirectory == "h")
    }

    @Test func scopesSelectTheirFiles() throws {
        let files = [
            GeneratedFile(relativePath: "Item+Generated.swift", contents: "// Generated by managed-codegen\nA\n", kind: .machine),
            GeneratedFile(relativePath: "Item.swift", contents: "H\n", kind: .human),
            GeneratedFile(relativePath: "ManagedValidation+Generated.swift", contents: "S\n", kind: .support),
            GeneratedFile(relativePath: "MTests.swift", contents: "T\n", kind: .tests),
        ]
        func request(_ scope: GenerationRequest.Scope, tests: String? = nil) throws -> GenerationRequest {
            try GenerationRequest.resolve(
                GenerateSettings(output: "o", humanOutput: "h", testsOutput: tests), modelName: "M", scope: scope,
                configPath: nil)
        }
        #expect(
            try request(.all).selection.apply(to: files).map(\.relativePath) == [
                "Item+Generated.swift", "Item.swift", "ManagedValidation+Generated.swift",
            ])
        #expect(try request(.all, tests: "t").selection.apply(to: files).count == 4)
        #expect(try request(.machineOnly, tests: "t").selection.apply(to: files).map(\.kind) == [.machine, .support])
        #expect(try request(.withoutMachineFiles, tests: "t").selection.apply(to: files).map(\.kind) == [.human, .tests])
        let single = try request(.singleFile("M+ManagedObjects.swift")).selection.apply(to: files)
        #expect(single.map(\.relativePath) == ["M+ManagedObjects.swift"])
        #expect(
            single.first?.contents == "// Generated by managed-codegen\nA\n\n// MARK: - ManagedValidation+Generated.swift\n\nS\n")
    }
}
