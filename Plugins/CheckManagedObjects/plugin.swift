import Foundation
import PackagePlugin

/// `swift package check-managed-objects [--target NAME]... [--no-human-files]`
///
/// `generate-managed-objects --check` without the permission to write into the package: for CI. It runs
/// `managed-codegen generate MODEL --check` for every Core Data model in the chosen Swift targets (all of them by
/// default), which writes nothing and exits 1 listing the stale, missing and extra generated files. A verb of its own
/// because a command plugin's permissions are declared once, in Package.swift, whatever its arguments.
@main
struct CheckManagedObjects: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let noHumanFiles = extractor.extractFlag(named: "no-human-files") > 0
        guard extractor.remainingArguments.isEmpty else { throw PluginError.unknownArguments(extractor.remainingArguments) }
        let tool = try context.tool(named: "managed-codegen").url
        let extra = ["--check"] + (noHumanFiles ? ["--no-human-files"] : [])
        var succeeded = true
        for target in try TargetSelection.choose(in: context.package, named: targetNames) {
            succeeded =
                try runGenerate(target.models, targetName: target.name, targetDirectory: target.directory, tool: tool, extraArguments: extra)
                && succeeded
        }
        if !succeeded { throw PluginError.toolReportedErrors }
    }
}
