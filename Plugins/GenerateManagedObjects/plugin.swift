import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-managed-objects [--target NAME]... [--check]
/// [--no-human-files]`
///
/// (`swift package check-managed-objects` is the same check without the permission to write: check-managed-objects.)
///
/// Runs `managed-codegen generate` for every Core Data model in the chosen Swift targets (all of them by
/// default). The folders come from the model's `managed-codegen.yml`; where it sets none, machine files
/// go to `<target>/Generated` and human files to `<target>/Model` (none with `--no-human-files` or
/// `human-files: none`).
@main
struct GenerateManagedObjects {
    struct Options {
        var targetNames: [String]
        var check: Bool
        var noHumanFiles: Bool

        init(_ arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            targetNames = extractor.extractOption(named: "target")
            check = extractor.extractFlag(named: "check") > 0
            noHumanFiles = extractor.extractFlag(named: "no-human-files") > 0
            guard extractor.remainingArguments.isEmpty else {
                throw PluginError.unknownArguments(extractor.remainingArguments)
            }
        }
    }

    /// Generates for `models` of one target; returns false when the tool failed for any of them.
    func generate(
        _ models: [ModelInput], targetName: String, targetDirectory: URL, tool: URL, options: Options
    ) throws -> Bool {
        var extra: [String] = []
        if options.check { extra.append("--check") }
        if options.noHumanFiles { extra.append("--no-human-files") }
        return try runGenerate(models, targetName: targetName, targetDirectory: targetDirectory, tool: tool, extraArguments: extra)
    }
}

extension GenerateManagedObjects: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let options = try Options(arguments)
        let tool = try context.tool(named: "managed-codegen").url
        var succeeded = true
        for target in try TargetSelection.choose(in: context.package, named: options.targetNames) {
            succeeded =
                try generate(target.models, targetName: target.name, targetDirectory: target.directory, tool: tool, options: options)
                && succeeded
        }
        if !succeeded { throw ExitCode.failure }
    }
}

/// Makes `swift package` exit with status 1 after the tool has printed its own messages.
struct ExitCode: Error, CustomStringConvertible {
    static let failure = ExitCode()
    var description: String { "managed-codegen reported errors" }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension GenerateManagedObjects: XcodeCommandPlugin {
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            let options = try Options(arguments)
            let tool = try context.tool(named: "managed-codegen").url
            let targets = context.xcodeProject.targets.filter {
                options.targetNames.isEmpty || options.targetNames.contains($0.displayName)
            }
            var generated = false
            var succeeded = true
            for target in targets {
                let models = ModelInput.models(among: target.inputFiles.map(\.url))
                guard !models.isEmpty else {
                    if !options.targetNames.isEmpty {
                        throw PluginError.noModels(target: target.displayName, directory: context.xcodeProject.directoryURL.path)
                    }
                    continue
                }
                generated = true
                for model in models {
                    // Xcode targets have no source folder of their own: the model's folder stands in for it.
                    succeeded =
                        try generate(
                            [model], targetName: target.displayName, targetDirectory: model.url.deletingLastPathComponent(),
                            tool: tool, options: options) && succeeded
                }
            }
            guard generated else { throw PluginError.noModelsInPackage(targets: targets.map(\.displayName)) }
            if !succeeded { throw ExitCode.failure }
        }
    }
#endif
