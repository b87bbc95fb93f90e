import CodeGeneration
import Foundation
import ManagedCodegenConfig
import ModelReader
import Testing

/// Runs the plugins the way users do: `swift package … generate-managed-objects` and `swift build` on a
/// copy of Examples/InventoryApp that depends on this package by path.
///
/// Slow on the first run (the copy builds managed-codegen in its own scratch folder,
/// `.build/plugin-tests/scratch`, kept between runs). Set MANAGED_CODEGEN_SKIP_PLUGIN_TESTS=1 to skip.
///
/// Each `swift package`/`swift build` costs 1-10 s even when the tool is built, so these tests run only what the
/// faster tests cannot show: that each plugin finds the models and folders, passes its flags, and surfaces the
/// tool's and its own errors; and that the build-tool plugin runs again exactly when an input changed. What the
/// tool does with a flag (`--check`, `--no-human-files`, their combination) is the CLI tests' (FirstDayCLITests).
@Suite(
    .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["MANAGED_CODEGEN_SKIP_PLUGIN_TESTS"] == nil,
        "MANAGED_CODEGEN_SKIP_PLUGIN_TESTS is set"))
struct PluginIntegrationTests {
    static let workArea = TestSupport.packageRoot.appendingPathComponent(".build/plugin-tests")
    static let scratch = workArea.appendingPathComponent("scratch")
    static let example = workArea.appendingPathComponent("InventoryApp")

    var sources: URL { Self.example.appendingPathComponent("Sources") }
    var keysModel: URL {
        sources.appendingPathComponent("InventoryKeys/Inventory.xcdatamodeld/Inventory.xcdatamodel/contents")
    }
    var buildPluginOutput: URL {
        Self.scratch.appendingPathComponent(
            "plugins/outputs/inventoryapp/InventoryKeys/destination/ManagedCodegenBuildPlugin/Inventory/Inventory+ManagedObjects.swift"
        )
    }

    /// A fresh copy of the example without its generated sources, depending on this package by absolute path.
    func makeExampleCopy(removingGeneratedFiles: Bool = true) throws {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: Self.example)
        try fileManager.createDirectory(at: Self.example, withIntermediateDirectories: true)
        let original = TestSupport.packageRoot.appendingPathComponent("Examples/InventoryApp")
        try fileManager.copyItem(at: original.appendingPathComponent("Sources"), to: sources)
        let manifest = try read(original.appendingPathComponent("Package.swift"))
        #expect(manifest.contains(#"path: "../..""#))
        try write(
            manifest.replacingOccurrences(of: #"path: "../..""#, with: "path: \"\(TestSupport.packageRoot.path)\""),
            to: Self.example.appendingPathComponent("Package.swift"))
        // SwiftPM plans the build again when Package.resolved appears, relinking the plugin's tool, which
        // re-runs every build command of the tool: resolve first, so that the builds measured are plain.
        let resolve = try swift(["package", "resolve"])
        #expect(resolve.status == 0, "\(resolve.output)")
        if removingGeneratedFiles {
            for folder in ["Inventory/Generated", "Inventory/Model", "InventoryKeys/Model"] {
                try fileManager.removeItem(at: sources.appendingPathComponent(folder))
            }
        }
    }

    struct Run {
        var status: Int32
        var output: String
        var seconds: Double
    }

    func swift(_ arguments: [String]) throws -> Run {
        let command =
            ["swift"] + arguments.prefix(1) + ["--package-path", Self.example.path, "--scratch-path", Self.scratch.path]
            + arguments.dropFirst()
        try write(
            ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: "\n"),
            to: Self.workArea.appendingPathComponent("logs/environment.txt"))
        let start = Date()
        let (status, output) = try TestSupport.run(command)
        let run = Run(status: status, output: output, seconds: Date().timeIntervalSince(start))
        // Each run's output is kept for reading after a failure.
        let log = Self.workArea.appendingPathComponent("logs/\(Date().timeIntervalSince1970)-\(arguments[0]).log")
        try? write("\(command.joined(separator: " "))\n\n\(run.output)", to: log)
        print(
            "[PluginIntegrationTests] swift \(arguments.joined(separator: " ")): exit \(run.status) in \(String(format: "%.1f", run.seconds)) s (log: \(log.path))"
        )
        return run
    }

    func generateManagedObjects(_ extra: [String] = []) throws -> Run {
        try swift(["package", "--allow-writing-to-package-directory", "generate-managed-objects"] + extra)
    }

    /// Every file under `directory` with its modification date: what a build's recompilation depends on.
    func modificationDates(under directory: URL) -> [String: Date] {
        var dates: [String: Date] = [:]
        let keys: Set<URLResourceKey> = [.contentModificationDateKey, .isRegularFileKey]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: Array(keys))
        while let url = enumerator?.nextObject() as? URL {
            guard let values = try? url.resourceValues(forKeys: keys), values.isRegularFile == true,
                let date = values.contentModificationDate
            else { continue }
            dates[url.path] = date
        }
        return dates
    }

    /// What the generator produces for the model of `target`, computed in-process from the same config file.
    func expectedFiles(target: String) throws -> [String: String] {
        let directory = sources.appendingPathComponent(target)
        let model = directory.appendingPathComponent("Inventory.xcdatamodeld").path
        let config = try ConfigFile.load(directory.appendingPathComponent(ConfigFile.fileName).path)
        let loaded = try ModelLoader.load(model)
        let request = try GenerationRequest.resolve(
            config.settings.filling(from: .pluginDefaults(targetDirectory: directory.path)),
            modelName: loaded.bundle.modelName, scope: .all, configPath: config.path)
        let files = GeneratedFiles()
        try GenerationPipeline(options: request.options).run(loaded.schema, selecting: request.selection, into: files)
        var expected: [String: String] = [:]
        for file in files.files {
            let folder = file.kind == .human ? request.humanDirectory! : request.machineDirectory!
            expected[URL(fileURLWithPath: folder).appendingPathComponent(file.relativePath).standardizedFileURL.path] =
                file.contents
        }
        return expected
    }

    @Test func commandPluginWritesTheConfiguredFilesAndASecondRunRewritesNothing() throws {
        try makeExampleCopy()
        let first = try generateManagedObjects()
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains("Inventory: Inventory.xcdatamodeld (settings from managed-codegen.yml)"))

        #expect(
            fileNames(in: sources.appendingPathComponent("Inventory/Generated")) == [
                "InventoryModelSupport+Generated.swift", "Item+Generated.swift", "ManagedValidation+Generated.swift",
                "Person+Generated.swift", "Tag+Generated.swift",
            ])
        #expect(fileNames(in: sources.appendingPathComponent("Inventory/Model")) == ["Item.swift", "Person.swift", "Tag.swift"])
        // InventoryKeys leaves its machine code to the build-tool plugin (skip-machine-files).
        #expect(
            fileNames(in: sources.appendingPathComponent("InventoryKeys/Model")) == ["Item.swift", "Person.swift", "Tag.swift"])
        #expect(!FileManager.default.fileExists(atPath: sources.appendingPathComponent("InventoryKeys/Generated").path))
        for target in ["Inventory", "InventoryKeys"] {
            for (path, contents) in try expectedFiles(target: target) {
                #expect(try read(URL(fileURLWithPath: path)) == contents, "\(path) differs from the generator's output")
            }
        }

        let before = modificationDates(under: sources)
        let second = try generateManagedObjects()
        #expect(second.status == 0, "\(second.output)")
        #expect(modificationDates(under: sources) == before)
        #expect(second.output.contains("0 written, 5 unchanged, 0 deleted, 3 human files kept"))

        // --check reaches the tool: an edited file fails it (the second run above shows the files are current).
        try write("// edited\n", to: sources.appendingPathComponent("Inventory/Generated/Tag+Generated.swift"))
        let stale = try generateManagedObjects(["--check"])
        #expect(stale.status != 0)
        #expect(stale.output.contains("Inventory/Generated/Tag+Generated.swift: error: generated file is out of date"), "\(stale.output)")
        #expect(stale.output.contains("note: to update them, run: managed-codegen generate "), "\(stale.output)")

        // --no-human-files reaches the tool: no human file is written.
        try FileManager.default.removeItem(at: sources.appendingPathComponent("Inventory/Model"))
        let noHuman = try generateManagedObjects(["--no-human-files", "--target", "Inventory"])
        #expect(noHuman.status == 0, "\(noHuman.output)")
        #expect(!FileManager.default.fileExists(atPath: sources.appendingPathComponent("Inventory/Model").path))
    }

    @Test func buildToolPluginRunsOnBuildAndAgainOnlyWhenTheModelChanged() throws {
        try makeExampleCopy(removingGeneratedFiles: false)
        let first = try swift(["build"])
        #expect(first.status == 0, "\(first.output)")
        let generated = try read(buildPluginOutput)
        #expect(generated.contains("public enum ItemKeys {"))
        #expect(generated.contains(#"public static let stockCount = "stockCount""#))

        let dateAfterFirstBuild = try buildPluginOutput.resourceValues(forKeys: [.contentModificationDateKey])
            .contentModificationDate
        let noOp = try swift(["build"])
        #expect(noOp.status == 0, "\(noOp.output)")
        #expect(!noOp.output.contains("Generating Inventory+ManagedObjects.swift"), "\(noOp.output)")
        #expect(
            try buildPluginOutput.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
                == dateAfterFirstBuild)

        let model = try read(keysModel)
        let tag = #"<entity name="Tag" representedClassName="Tag" syncable="YES">"#
        #expect(model.contains(tag))
        try write(
            model.replacingOccurrences(of: tag, with: tag + #"<attribute name="colour" optional="YES" attributeType="String"/>"#),
            to: keysModel)
        let changed = try swift(["build"])
        #expect(changed.status == 0, "\(changed.output)")
        #expect(
            changed.output.contains("Generating Inventory+ManagedObjects.swift from Inventory.xcdatamodeld"), "\(changed.output)")
        #expect(try read(buildPluginOutput).contains(#"public static let colour = "colour""#))

        // The target's Swift files are inputs too (validation hooks are found there): a new one runs the tool again,
        // and the build after it does not, though the output's text did not change (the tool rewrote it).
        try write("public let extraConstant = 1\n", to: sources.appendingPathComponent("InventoryKeys/Extra.swift"))
        let sourceAdded = try swift(["build"])
        #expect(sourceAdded.status == 0, "\(sourceAdded.output)")
        #expect(sourceAdded.output.contains("Generating Inventory+ManagedObjects.swift"), "\(sourceAdded.output)")
        let noOpAfterSource = try swift(["build"])
        #expect(!noOpAfterSource.output.contains("Generating Inventory+ManagedObjects.swift"), "\(noOpAfterSource.output)")
    }

    /// `swift package audit-managed-objects`: no write permission asked; the generated classes of the example pass,
    /// a hand-written mistake fails the command with the tool's `path:line: error:` line.
    /// `check-managed-objects` is `generate-managed-objects --check` without `--allow-writing-to-package-directory`
    /// (it declares no permission, so SwiftPM asks for none, which CI cannot answer): current files pass, a stale
    /// one fails, and nothing is written.
    @Test func checkPluginNeedsNoPermissionAndWritesNothing() throws {
        try makeExampleCopy(removingGeneratedFiles: false)
        let current = try swift(["package", "check-managed-objects", "--target", "Inventory"])
        #expect(current.status == 0, "\(current.output)")
        let stalePath = sources.appendingPathComponent("Inventory/Generated/Tag+Generated.swift")
        try write("// edited\n", to: stalePath)
        let before = modificationDates(under: sources)
        let stale = try swift(["package", "check-managed-objects"])
        #expect(stale.status != 0)
        #expect(stale.output.contains("Inventory/Generated/Tag+Generated.swift: error: generated file is out of date"), "\(stale.output)")
        #expect(modificationDates(under: sources) == before)
        #expect(try read(stalePath) == "// edited\n")
    }

    @Test func auditPluginReportsTheToolsFindings() throws {
        try makeExampleCopy(removingGeneratedFiles: false)
        let clean = try swift(["package", "audit-managed-objects", "--target", "Inventory"])
        #expect(clean.status == 0, "\(clean.output)")
        #expect(clean.output.contains("0 errors, 0 warnings"), "\(clean.output)")

        // A target whose classes the build-tool plugin generates (skip-machine-files): InventoryKeys with the default
        // templates and Inventory's human files (extensions of the generated classes). The audit reads the classes
        // the plugin generates for it; without them, every model property is "has no declaration".
        let keys = sources.appendingPathComponent("InventoryKeys")
        let keysConfig = keys.appendingPathComponent("managed-codegen.yml")
        try write(
            try read(keysConfig).split(separator: "\n").filter { !$0.hasPrefix("templates:") }.joined(separator: "\n"),
            to: keysConfig)
        for name in ["Item.swift", "Person.swift", "Tag.swift"] {
            let human = keys.appendingPathComponent("Model/\(name)")
            try FileManager.default.removeItem(at: human)
            try FileManager.default.copyItem(at: sources.appendingPathComponent("Inventory/Model/\(name)"), to: human)
        }
        let buildTool = try swift(["package", "audit-managed-objects", "--target", "InventoryKeys", "--strict"])
        #expect(buildTool.status == 0, "\(buildTool.output)")
        #expect(buildTool.output.contains("generating the build-tool plugin's Inventory+ManagedObjects.swift"), "\(buildTool.output)")
        #expect(!buildTool.output.contains("has no declaration"), "\(buildTool.output)")
        #expect(buildTool.output.contains("0 errors, 0 warnings"), "\(buildTool.output)")

        let mistake = sources.appendingPathComponent("Inventory/Model/Mistake.swift")
        try write("import CoreData\n\nextension Item {\n    @NSManaged var sku: String\n}\n", to: mistake)
        let failing = try swift(["package", "audit-managed-objects", "--target", "Inventory", "--strict"])
        #expect(failing.status != 0)
        #expect(
            failing.output.contains("Mistake.swift:4: error: @NSManaged property 'sku' is not a property of entity 'Item'"),
            "\(failing.output)")
        let unknown = try swift(["package", "audit-managed-objects", "--strcit"])
        #expect(unknown.status != 0)
        #expect(unknown.output.contains("unknown arguments --strcit"), "\(unknown.output)")
    }

    /// The tool's errors reach the user through the command plugin (a misspelt config key) and the build-tool
    /// plugin (a bundle without contents); the command plugin's own error names a target without a model.
    @Test func errorsAreReadable() throws {
        try makeExampleCopy(removingGeneratedFiles: false)
        // A misspelt key: the config file's path and line. (The tool finds the config beside the model, in both
        // plugins alike; the build-tool plugin's path for the tool's errors is shown below.)
        let config = sources.appendingPathComponent("InventoryKeys/managed-codegen.yml")
        let configText = try read(config)
        try write(configText + "acess-level: internal\n", to: config)
        let expectedLine = try read(config).split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let message = "managed-codegen.yml:\(expectedLine): error: unknown key 'acess-level'; did you mean 'access-level'?"
        let command = try generateManagedObjects(["--target", "InventoryKeys"])
        #expect(command.status != 0)
        #expect(command.output.contains(message), "\(command.output)")
        try write(configText, to: config)

        // A target without a model, named explicitly; and a model whose bundle lost its contents.
        try write("public let answer = 42\n", to: sources.appendingPathComponent("Utilities/Utilities.swift"))
        let manifest = Self.example.appendingPathComponent("Package.swift")
        try write(
            try read(manifest).replacingOccurrences(
                of: "    targets: [\n", with: "    targets: [\n        .target(name: \"Utilities\"),\n"), to: manifest)
        let noModel = try generateManagedObjects(["--target", "Utilities"])
        #expect(noModel.status != 0)
        #expect(noModel.output.contains("target 'Utilities' has no Core Data model"), "\(noModel.output)")

        try FileManager.default.removeItem(at: keysModel)
        let missingMessage = "Inventory.xcdatamodel: error: the model version folder has no 'contents' file"
        // The build-tool plugin declares only existing inputs, so the tool runs and says what is wrong.
        let missingInBuild = try swift(["build"])
        #expect(missingInBuild.status != 0)
        #expect(missingInBuild.output.contains(missingMessage), "\(missingInBuild.output)")
    }
}
