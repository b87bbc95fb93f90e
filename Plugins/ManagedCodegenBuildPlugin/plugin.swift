import Foundation
import PackagePlugin

/// Generates the machine files of every Core Data model in a target at build time, into the plugin's
/// work directory (never into the sources): one `<Model>+ManagedObjects.swift` per model.
///
/// The build command declares every file the generator reads as an input, so the build system runs it
/// only when one of them changed: the model, and the target's Swift files, where the generator looks for the
/// validation hooks the user wrote (a property gets the bridge Core Data calls only when its hook exists).
/// In an Xcode target, through a link, never under their own paths (``XcodeTargetFiles``).
/// Human files and tests are the command plugin's or the CLI's job.
@main
struct ManagedCodegenBuildPlugin {}

extension BuildCommandPlan {
    func command(executable: URL) -> Command {
        .buildCommand(
            displayName: displayName, executable: executable, arguments: arguments, inputFiles: inputFiles,
            outputFiles: outputFiles)
    }
}

extension ManagedCodegenBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { throw PluginError.notSourceTarget(target.name) }
        let models = ModelInput.models(under: target.directoryURL)
        guard !models.isEmpty else {
            throw PluginError.noModels(target: target.name, directory: target.directoryURL.path)
        }
        let tool = try context.tool(named: "managed-codegen").url
        return try BuildCommandPlan.plans(
            for: models, targetName: target.name, workDirectory: context.pluginWorkDirectoryURL,
            hookSources: [target.directoryURL], swiftSources: target.sourceFiles(withSuffix: "swift").map(\.url)
        ).map { $0.command(executable: tool) }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    // Declares no file of the target under its own path: see XcodeTargetFiles (BuildCommandPlans.swift).
    extension ManagedCodegenBuildPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let tool = try context.tool(named: "managed-codegen").url
            let files = XcodeTargetFiles(
                displayName: target.displayName, files: target.inputFiles.map(\.url),
                projectDirectory: context.xcodeProject.directoryURL, workDirectory: context.pluginWorkDirectoryURL)
            return try files.buildCommandPlans().map { $0.command(executable: tool) }
        }
    }
#endif
