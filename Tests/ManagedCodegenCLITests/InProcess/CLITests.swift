import CodeGeneration
import Foundation
import ManagedCodegenConfig
import ManagedModel
import ModelReader
import Testing

@testable import managed_codegen

/// The `generate` command in-process: flags, config file discovery and precedence, build-tool modes.
@Suite struct CLITests {
    func generate(_ arguments: [String]) throws {
        let command = try Generate.parse(arguments + ["--quiet"])
        try command.run()
    }

    func diagnostics(of arguments: [String]) -> [String] {
        do {
            try generate(arguments)
            return []
        } catch let error as DiagnosticsError {
            return error.diagnostics.all.map(\.description)
        } catch {
            return [Generate.fullMessage(for: error)]
        }
    }

    @Test func outputAndHumanOutputWorkWithoutAConfigFile() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try copyInventoryModel(into: directory)
        let machine = directory.appendingPathComponent("Out/Generated")
        let human = directory.appendingPathComponent("Out/Model")
        try generate([model.path, "--output", machine.path, "--human-output", human.path])
        #expect(
            fileNames(in: machine) == [
                "InventoryModelSupport+Generated.swift", "Item+Generated.swift", "ManagedValidation+Generated.swift",
                "Person+Generated.swift", "Tag+Generated.swift",
            ])
        #expect(fileNames(in: human) == ["Item.swift", "Person.swift", "Tag.swift"])
        #expect(try read(machine.appendingPathComponent("Item+Generated.swift")).contains("nonisolated public final class Item"))
    }

    @Test func withoutFoldersOrConfigTheErrorSaysWhatToPass() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try copyInventoryModel(into: directory)
        #expect(
            diagnostics(of: [model.path]) == [
                "managed-codegen: error: no output folder for the machine files: pass --output DIR",
                "managed-codegen: error: no output folder for the human files: pass --human-output DIR, or --no-human-files to write none",
            ])
    }

    @Test func theConfigBesideTheModelIsReadAndFlagsOverrideIt() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try copyInventoryModel(into: directory)
        let app = model.deletingLastPathComponent()
        try write(
            "output: Generated\nhuman-output: Model\naccess-level: internal\nimport: [Combine]\nexclude: [Tag]\n",
            to: app.appendingPathComponent("managed-codegen.yml"))
        try generate([model.path])
        let item = try read(app.appendingPathComponent("Generated/Item+Generated.swift"))
        #expect(item.contains("\nnonisolated final class Item"))
        #expect(item.contains("import Combine"))
        #expect(!fileNames(in: app.appendingPathComponent("Generated")).contains("Tag+Generated.swift"))
        #expect(fileNames(in: app.appendingPathComponent("Model")) == ["Item.swift", "Person.swift"])

        // Flags win: access level, output folder, and a list flag replaces the config's list.
        let elsewhere = directory.appendingPathComponent("Elsewhere")
        try generate([model.path, "--access-level", "public", "--output", elsewhere.path, "--exclude", "Person"])
        let overridden = fileNames(in: elsewhere)
        #expect(overridden == ["Item+Generated.swift", "ManagedValidation+Generated.swift", "Tag+Generated.swift"])
        #expect(try read(elsewhere.appendingPathComponent("Item+Generated.swift")).contains("nonisolated public final class Item"))

        // --no-config ignores it (and then the folders must be given).
        #expect(diagnostics(of: [model.path, "--no-config"]).count == 2)
    }

    @Test func anExplicitConfigFileIsUsedAndItsErrorsAreReportedBeforeTheModelIsRead() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("Config/codegen.yml")
        try write("output: Out\nhuman-output: Human\nwarnings-as-errors: yes please\n", to: config)
        let missingModel = directory.appendingPathComponent("Missing.xcdatamodeld").path
        #expect(
            diagnostics(of: [missingModel, "--config", config.path]) == [
                "\(config.path):3: error: 'warnings-as-errors' must be true or false, not 'yes please'"
            ])
        try write("output: Out\nhuman-output: Human\n", to: config)
        let model = try copyInventoryModel(into: directory)
        try generate([model.path, "--config", config.path])
        #expect(fileNames(in: directory.appendingPathComponent("Config/Human")) == ["Item.swift", "Person.swift", "Tag.swift"])
        // A missing model is reported with its path.
        let missing = diagnostics(of: [missingModel, "--config", config.path])
        #expect(missing == ["\(missingModel): error: no model found: no such file or folder"])
    }

    @Test func singleFileWritesOneFileAndNothingElse() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try copyInventoryModel(into: directory)
        // A config with human and tests folders: the build-tool mode ignores them.
        try write(
            "output: Generated\nhuman-output: Model\ntests-output: Tests\n",
            to: model.deletingLastPathComponent().appendingPathComponent("managed-codegen.yml"))
        let work = directory.appendingPathComponent("Work")
        try generate([model.path, "--single-file", "Inventory+ManagedObjects.swift", "--output", work.path])
        #expect(fileNames(in: work) == ["Inventory+ManagedObjects.swift"])
        #expect(fileNames(in: model.deletingLastPathComponent()) == ["Inventory.xcdatamodeld", "managed-codegen.yml"])
        let text = try read(work.appendingPathComponent("Inventory+ManagedObjects.swift"))
        #expect(text.hasPrefix("// Generated by managed-codegen"))
        for name in ["class Item", "class Person", "class Tag", "enum ManagedValidation"] {
            #expect(text.contains(name), "\(name) missing from the single file")
        }
        // The same bytes as the pipeline combines in memory.
        let file = work.appendingPathComponent("Inventory+ManagedObjects.swift")
        let config = try ConfigFile.load(model.deletingLastPathComponent().appendingPathComponent("managed-codegen.yml").path)
        let loaded = try ModelLoader.load(model.path)
        let request = try GenerationRequest.resolve(
            GenerateSettings(output: work.path).filling(from: config.settings), modelName: loaded.bundle.modelName,
            scope: .singleFile("Inventory+ManagedObjects.swift"), configPath: config.path)
        let inMemory = GeneratedFiles()
        try GenerationPipeline(options: request.options).run(loaded.schema, selecting: request.selection, into: inMemory)
        #expect(try Data(contentsOf: file) == Data(inMemory.files[0].utf8))
        // Unchanged output is not rewritten: the build system's no-op rebuilds depend on it.
        let before = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        try generate([model.path, "--single-file", "Inventory+ManagedObjects.swift", "--output", work.path])
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == before)

        #expect(
            diagnostics(of: [model.path, "--single-file", "Sub/X.swift", "--output", work.path]).first?
                .contains("--single-file takes a file name ending in .swift") == true)
        #expect(
            diagnostics(of: [model.path, "--single-file", "X.swift", "--machine-only", "--output", work.path]).first?
                .contains("cannot be combined") == true)
    }

    @Test func machineOnlyAndSkipMachineFilesSplitTheFiles() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try copyInventoryModel(into: directory)
        let machine = directory.appendingPathComponent("G")
        let human = directory.appendingPathComponent("H")
        try generate([model.path, "--machine-only", "--output", machine.path])
        #expect(fileNames(in: machine).count == 5)
        #expect(fileNames(in: human).isEmpty)
        try generate([model.path, "--skip-machine-files", "--human-output", human.path, "--output", machine.path])
        #expect(fileNames(in: human) == ["Item.swift", "Person.swift", "Tag.swift"])
        // The machine files of the earlier run are left alone.
        #expect(fileNames(in: machine).count == 5)
    }

    @Test func targetDirectoryGivesDefaultsAndRejectsModelsOutsideIt() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try copyInventoryModel(into: directory)
        let target = model.deletingLastPathComponent()
        try generate([model.path, "--target-directory", target.path])
        #expect(fileNames(in: target.appendingPathComponent("Generated")).count == 5)
        #expect(fileNames(in: target.appendingPathComponent("Model")).count == 3)

        let other = directory.appendingPathComponent("Other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        #expect(
            diagnostics(of: [model.path, "--target-directory", other.path]) == [
                "\(model.path): error: the model is outside the target's folder \(other.path); move it into the target or run managed-codegen on it directly"
            ])
    }
}
