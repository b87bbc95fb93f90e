import Foundation

// Plain values, no PackagePlugin type: Tests/PluginTests compiles this file (symlinked) and checks the commands.

/// The tool runs of `audit-managed-objects` for one target: `audit MODEL --sources <target folder>` for each model,
/// preceded, when the build-tool plugin writes the model's machine files (`skip-machine-files: true` in the config
/// file beside the model), by the build-tool plugin's own `generate` command into this plugin's work folder, whose
/// output the audit reads too. Without it the generated classes exist only in the build folder, and every model
/// property of a class the target extends is reported as having no declaration. Generating anew rather than reading
/// the build's output: the audit then works before the first build and never reads a stale file.
struct AuditCommands: Equatable {
    /// `generate …` (the build-tool plugin's arguments), or nil when the target holds its machine files.
    var generate: [String]?
    var audit: [String]

    /// - Parameter workDirectory: this target's folder in the plugin's work directory.
    static func commands(
        for models: [ModelInput], targetName: String, targetDirectory: URL, workDirectory: URL, strict: Bool
    ) throws -> [AuditCommands] {
        let buildPlans = try BuildCommandPlan.plans(
            for: models, targetName: targetName, workDirectory: workDirectory, hookSources: [targetDirectory],
            swiftSources: [])
        return zip(models, buildPlans).map { model, plan in
            let generatedByBuildPlugin = model.configFile.map(ConfigFileScanner.skipsMachineFiles(in:)) ?? false
            let generatedFiles = generatedByBuildPlugin ? plan.outputFiles : []
            return AuditCommands(
                generate: generatedByBuildPlugin ? plan.arguments : nil,
                // `--reporter xcode`, as the build-tool plugin's command: what Xcode and SwiftPM read, whatever the config says.
                audit: ["audit", model.url.path, "--reporter", "xcode", "--sources", targetDirectory.path] + generatedFiles.map(\.path)
                    + (strict ? ["--strict"] : []))
        }
    }
}
