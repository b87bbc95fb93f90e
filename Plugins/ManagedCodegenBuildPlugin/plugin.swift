import Foundation
import PackagePlugin

/// Generates the machine files of every Core Data model in a target at build time, into the plugin's
/// work directory (never into the sources): one `<Model>+ManagedObjects.swift` per model.
///
/// The build command declares every file the generator reads as an input, so the build system runs it
/// only when one of them changed: the model, and the target's Swift files, where the generator looks for the
/// validation hooks the user wrote (a property gets the bridge Core Data calls only when its hook exists).
/// Human files and tests are the command plugin's or the CLI's job.
@main
struct ManagedCodegenBuildPlugin {
    /// - Parameters:
    ///   - hookSources: passed as `--hook-sources`: the target's folder, or its Swift files when it has no folder.
    ///   - swiftSources: the target's Swift files, inputs of every command (a hook added to `Item.swift` regenerates).
    func commands(
        for models: [ModelInput], targetName: String, tool: URL, workDirectory: URL, hookSources: [URL], swiftSources: [URL]
    ) throws -> [Command] {
        var names: Set<String> = []
        return try models.enumerated().map { position, model in
            guard names.insert(model.name).inserted else {
                throw PluginError.duplicateModelNames(target: targetName, name: model.name)
            }
            // One folder per model: the tool deletes stale generated files in its output folder.
            let outputDirectory = workDirectory.appendingPathComponent(model.name)
            let output = outputDirectory.appendingPathComponent(model.singleFileName)
            return .buildCommand(
                displayName: "Generating \(model.singleFileName) from \(model.url.lastPathComponent)",
                executable: tool,
                arguments: [
                    "generate", model.url.path, "--single-file", model.singleFileName, "--output", outputDirectory.path,
                    "--quiet",
                ]
                    + hookSources.flatMap { ["--hook-sources", $0.path] }
                    // The models' files are compiled into one module: ManagedValidation comes with the first only.
                    + (position == 0 ? [] : ["--no-validation-support"]),
                inputFiles: model.inputFiles + swiftSources,
                outputFiles: [output]
            )
        }
    }
}

extension ManagedCodegenBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { throw PluginError.notSourceTarget(target.name) }
        let models = ModelInput.models(under: target.directoryURL)
        guard !models.isEmpty else {
            throw PluginError.noModels(target: target.name, directory: target.directoryURL.path)
        }
        return try commands(
            for: models, targetName: target.name, tool: try context.tool(named: "managed-codegen").url,
            workDirectory: context.pluginWorkDirectoryURL, hookSources: [target.directoryURL],
            swiftSources: target.sourceFiles(withSuffix: "swift").map(\.url))
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension ManagedCodegenBuildPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let models = ModelInput.models(among: target.inputFiles.map(\.url))
            guard !models.isEmpty else {
                throw PluginError.noModels(target: target.displayName, directory: context.xcodeProject.directoryURL.path)
            }
            let swiftSources = target.inputFiles.map(\.url).filter { $0.pathExtension == "swift" }
            return try commands(
                for: models, targetName: target.displayName, tool: try context.tool(named: "managed-codegen").url,
                workDirectory: context.pluginWorkDirectoryURL, hookSources: swiftSources, swiftSources: swiftSources)
        }
    }
#endif
