import Foundation
import Testing

/// `audit-managed-objects`' commands (`AuditCommands`, Plugins/AuditManagedObjects), run with the built tool on a
/// target whose machine files the build-tool plugin writes: the audit reads the generated classes too.
/// (PluginIntegrationTests runs the plugin itself through `swift package`.)
@Suite struct AuditCommandsTests {
    static let tool = TestSupport.packageRoot.appendingPathComponent(".build/debug/managed-codegen")

    /// A target folder holding the Inventory fixture model, `managed-codegen.yml` with `config`, and the human file
    /// `Model/Item.swift` (an extension of the generated class, as `generate` writes it).
    func target(config: String) throws -> (root: URL, models: [ModelInput]) {
        let root = try TestSupport.temporaryDirectory()
        let target = root.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("Model"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: TestSupport.fixtureBundle("Inventory")),
            to: target.appendingPathComponent("Inventory.xcdatamodeld"))
        try write(config, to: target.appendingPathComponent("managed-codegen.yml"))
        try write("import CoreData\n\nextension Item {\n    var label: String { \"item\" }\n}\n", to: target.appendingPathComponent("Model/Item.swift"))
        return (target, ModelInput.models(under: target))
    }

    func run(_ commands: [AuditCommands]) throws -> String {
        var output = ""
        for command in commands {
            if let generate = command.generate {
                let generated = try TestSupport.run(generate, executable: Self.tool.path)
                #expect(generated.status == 0, "\(generated.output)")
            }
            output += try TestSupport.run(command.audit, executable: Self.tool.path).output
        }
        return output
    }

    @Test func theBuildToolPluginsClassesAreGeneratedAndAudited() throws {
        let (target, models) = try target(config: "skip-machine-files: true # the build-tool plugin writes them\nhuman-output: Model\n")
        defer { try? FileManager.default.removeItem(at: target.deletingLastPathComponent().deletingLastPathComponent()) }
        let work = target.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("work/App")
        let commands = try AuditCommands.commands(
            for: models, targetName: "App", targetDirectory: target, workDirectory: work, strict: true)
        // The build-tool plugin's own command, into the audit's work folder; the audit reads its output.
        let build = try BuildCommandPlan.plans(
            for: models, targetName: "App", workDirectory: work, hookSources: [target], swiftSources: [])
        #expect(commands.map(\.generate) == build.map(\.arguments))
        let generatedFile = work.appendingPathComponent("Inventory/Inventory+ManagedObjects.swift")
        #expect(commands.first?.audit.suffix(3) == [target.path, generatedFile.path, "--strict"])

        let output = try run(commands)
        #expect(FileManager.default.fileExists(atPath: generatedFile.path))
        #expect(!output.contains("has no declaration"), "\(output)")
        #expect(output.contains(": 0 errors, 0 warnings."), "\(output)")

        // The audit without the generated file: what the plugin ran before, every property of Item undeclared.
        let withoutGenerated = try TestSupport.run(
            ["audit", models[0].url.path, "--sources", target.path], executable: Self.tool.path)
        #expect(withoutGenerated.output.contains("property 'Item.name' has no declaration in Item"), "\(withoutGenerated.output)")
    }

    @Test func aTargetHoldingItsMachineFilesIsAuditedAlone() throws {
        for config in ["human-output: Model\n", "skip-machine-files: false\n"] {
            let (target, models) = try target(config: config)
            defer { try? FileManager.default.removeItem(at: target.deletingLastPathComponent().deletingLastPathComponent()) }
            let commands = try AuditCommands.commands(
                for: models, targetName: "App", targetDirectory: target, workDirectory: target, strict: false)
            #expect(commands == [AuditCommands(generate: nil, audit: ["audit", models[0].url.path, "--reporter", "xcode", "--sources", target.path])])
        }
    }
}
