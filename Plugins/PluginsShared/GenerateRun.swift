import Foundation

#if canImport(PackagePlugin)
    import PackagePlugin

    /// `managed-codegen generate` for the models of one target: what generate-managed-objects runs, and, with
    /// `--check` among `extraArguments`, check-managed-objects (a verb of its own because a command plugin's permissions
    /// are fixed in Package.swift: the check writes nothing and asks for no permission to write). False when the tool
    /// failed for any model.
    func runGenerate(
        _ models: [ModelInput], targetName: String, targetDirectory: URL, tool: URL, extraArguments: [String]
    ) throws -> Bool {
        var succeeded = true
        for model in models {
            let config =
                model.configFile.map { "settings from \($0.lastPathComponent)" }
                ?? "no \(ModelInput.configFileName) beside it: machine files into Generated/, human files into Model/"
            log("\(targetName): \(model.url.lastPathComponent) (\(config))")
            // `--reporter xcode`: SwiftPM and Xcode read `path:line: error:` lines, one model after the other, whatever the
            // config file's `reporter` says.
            let arguments =
                ["generate", model.url.path, "--target-directory", targetDirectory.path, "--reporter", "xcode"] + extraArguments
            let status = try ToolRunner.run(tool, arguments)
            if status != 0 {
                Diagnostics.error(PluginError.generatorFailed(model: model.url.path, status: status).description)
                succeeded = false
            }
        }
        return succeeded
    }
#endif
