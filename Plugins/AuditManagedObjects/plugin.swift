import Foundation
import PackagePlugin

/// `swift package audit-managed-objects [--target NAME]... [--strict]`
///
/// Runs `managed-codegen audit MODEL --sources <target folder>` for every Core Data model in the chosen Swift targets
/// (all of them by default): the hand-written (or generated) classes in each target are checked against its models,
/// with the build-tool plugin's generated classes when it writes them (``AuditCommands``).
/// A verb of its own rather than a flag of `generate-managed-objects`: it writes nothing, so it asks for no
/// permission to write into the package.
@main
struct AuditManagedObjects {
    struct Options {
        var targetNames: [String]
        var strict: Bool

        init(_ arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            targetNames = extractor.extractOption(named: "target")
            strict = extractor.extractFlag(named: "strict") > 0
            guard extractor.remainingArguments.isEmpty else {
                throw AuditPluginError.unknownArguments(extractor.remainingArguments)
            }
        }
    }

    /// Audits the classes under `sources` against each of `models`; returns false when any audit found an error.
    ///
    /// - Parameter workDirectory: where the build-tool plugin's file is generated for the audit, for a model whose
    ///   config file says the build-tool plugin writes its machine files (``AuditCommands``).
    func audit(
        _ models: [ModelInput], targetName: String, sources: URL, workDirectory: URL, tool: URL, options: Options
    ) throws -> Bool {
        var succeeded = true
        let commands = try AuditCommands.commands(
            for: models, targetName: targetName, targetDirectory: sources, workDirectory: workDirectory,
            strict: options.strict)
        for (model, command) in zip(models, commands) {
            if let generate = command.generate {
                log("\(targetName): generating the build-tool plugin's \(model.singleFileName) for the audit")
                guard try ToolRunner.run(tool, generate) == 0 else {
                    succeeded = false
                    continue
                }
            }
            log("\(targetName): auditing the classes under \(sources.lastPathComponent)/ against \(model.url.lastPathComponent)")
            if try ToolRunner.run(tool, command.audit) != 0 { succeeded = false }
        }
        return succeeded
    }
}

extension AuditManagedObjects: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let options = try Options(arguments)
        let tool = try context.tool(named: "managed-codegen").url
        var succeeded = true
        for target in try TargetSelection.choose(in: context.package, named: options.targetNames) {
            succeeded =
                try audit(
                    target.models, targetName: target.name, sources: target.directory,
                    workDirectory: context.pluginWorkDirectoryURL.appendingPathComponent(target.name), tool: tool,
                    options: options)
                && succeeded
        }
        if !succeeded { throw AuditPluginError.auditFailed }
    }
}

enum AuditPluginError: Error, CustomStringConvertible {
    case unknownArguments([String])
    /// Makes `swift package` exit with status 1 after the tool has printed its findings.
    case auditFailed

    var description: String {
        switch self {
        case .unknownArguments(let arguments):
            "unknown arguments \(arguments.joined(separator: " ")); the plugin takes --target NAME (repeatable) and --strict"
        case .auditFailed:
            "managed-codegen audit reported errors"
        }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension AuditManagedObjects: XcodeCommandPlugin {
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            let options = try Options(arguments)
            let tool = try context.tool(named: "managed-codegen").url
            let targets = context.xcodeProject.targets.filter {
                options.targetNames.isEmpty || options.targetNames.contains($0.displayName)
            }
            var audited = false
            var succeeded = true
            for target in targets {
                let models = ModelInput.models(among: target.inputFiles.map(\.url))
                // Xcode targets have no source folder of their own: the project's folder holds their classes.
                guard !models.isEmpty else { continue }
                audited = true
                succeeded =
                    try audit(
                        models, targetName: target.displayName, sources: context.xcodeProject.directoryURL,
                        workDirectory: context.pluginWorkDirectoryURL.appendingPathComponent(target.displayName),
                        tool: tool, options: options) && succeeded
            }
            guard audited else { throw PluginError.noModelsInPackage(targets: targets.map(\.displayName)) }
            if !succeeded { throw AuditPluginError.auditFailed }
        }
    }
#endif
