import Foundation

// The build commands of both conformances, as plain values: no PackagePlugin type appears here, so that
// Tests/PluginTests, which cannot link a plugin, compiles this file (symlinked, as PluginsShared is into the
// plugins) and checks what the Xcode conformance declares. plugin.swift turns each plan into a `Command`.

/// One build command: what the tool is run with and the files the build system checks to decide to rerun it.
struct BuildCommandPlan: Equatable {
    var displayName: String
    var arguments: [String]
    var inputFiles: [URL]
    var outputFiles: [URL]

    /// One command per model, each writing `<Model>+ManagedObjects.swift` into its own folder of the work directory.
    ///
    /// - Parameters:
    ///   - hookSources: passed as `--hook-sources`: the target's folder, or its Swift files when it has no folder.
    ///   - swiftSources: the target's Swift files, inputs of every command (a hook added to `Item.swift` regenerates).
    static func plans(
        for models: [ModelInput], targetName: String, workDirectory: URL, hookSources: [URL], swiftSources: [URL]
    ) throws -> [BuildCommandPlan] {
        var names: Set<String> = []
        return try models.enumerated().map { position, model in
            guard names.insert(model.name).inserted else {
                throw PluginError.duplicateModelNames(target: targetName, name: model.name)
            }
            // One folder per model: the tool deletes stale generated files in its output folder.
            let outputDirectory = workDirectory.appendingPathComponent(model.name)
            return BuildCommandPlan(
                displayName: "Generating \(model.singleFileName) from \(model.url.lastPathComponent)",
                // `--reporter xcode`: Xcode and SwiftPM read `path:line: error:` lines, whatever the config file's `reporter`.
                arguments: [
                    "generate", model.url.path, "--single-file", model.singleFileName, "--output", outputDirectory.path,
                    "--quiet", "--reporter", "xcode",
                ]
                    + hookSources.flatMap { ["--hook-sources", $0.path] }
                    // The models' files are compiled into one module: ManagedValidation comes with the first only.
                    + (position == 0 ? [] : ["--no-validation-support"]),
                inputFiles: model.inputFiles + swiftSources,
                outputFiles: [outputDirectory.appendingPathComponent(model.singleFileName)])
        }
    }
}

/// An Xcode target as the build-tool plugin sees it: what `XcodeTarget` and `XcodePluginContext` provide.
///
/// Xcode treats the files a build-tool plugin's command declares as its inputs as consumed by that command: a
/// target's own `.swift` file declared as an input is no longer compiled (SwiftLint PR #4732: the app then fails to
/// link, `entry point (_main) undefined`; Apple feedback FB11835329, FB11877146). SwiftPM does not do this. So the
/// Xcode commands declare every input through a symbolic link in the plugin's work directory to the folder that
/// holds them all (#4732's approach; #4732 was closed as superseded by #4757, whose text we could not read, and
/// which the issue tracker describes as naming the inputs through a path Xcode does not match): the paths match no file of the target,
/// and the build system, which follows the link when it checks an input's modification, still reruns the command
/// after an edit to the model, the config file, the lock file or a Swift file (a validation hook added). The tool
/// itself reads the real paths. What only a Mac can confirm is listed in Documentation.docc/XcodeProjects.md.
struct XcodeTargetFiles {
    var displayName: String
    /// `XcodeTarget.inputFiles`: the target's sources and resources, a model bundle as one entry.
    var files: [URL]
    var projectDirectory: URL
    var workDirectory: URL

    /// Inside the work directory; a name no model can have (a model's name is its bundle's, which is not hidden).
    static let inputsLinkName = ".target-inputs"

    var inputsLink: URL { workDirectory.appendingPathComponent(Self.inputsLinkName) }

    /// The commands, with every input declared through ``inputsLink``, which this creates (or points anew) to the
    /// deepest folder holding every input.
    func buildCommandPlans() throws -> [BuildCommandPlan] {
        let models = ModelInput.models(among: files)
        guard !models.isEmpty else { throw PluginError.noModels(target: displayName, directory: projectDirectory.path) }
        let swiftSources = files.filter { $0.pathExtension == "swift" }
        var plans = try BuildCommandPlan.plans(
            for: models, targetName: displayName, workDirectory: workDirectory, hookSources: swiftSources,
            swiftSources: swiftSources)
        let root = Self.commonFolder(of: plans.flatMap(\.inputFiles))
        try pointInputsLink(at: root)
        for index in plans.indices {
            plans[index].inputFiles = plans[index].inputFiles.map { Self.path($0, through: inputsLink, standingFor: root) }
        }
        return plans
    }

    /// The deepest folder containing every file (`/` at worst).
    static func commonFolder(of files: [URL]) -> URL {
        var common: [String]?
        for file in files {
            let folder = Array(file.standardizedFileURL.deletingLastPathComponent().pathComponents)
            guard let current = common else {
                common = folder
                continue
            }
            common = Array(zip(current, folder).prefix { $0 == $1 }.map(\.0))
        }
        return URL(fileURLWithPath: NSString.path(withComponents: common ?? ["/"]), isDirectory: true)
    }

    /// `file`, which lies under `root`, named through `link` (a link to `root`).
    static func path(_ file: URL, through link: URL, standingFor root: URL) -> URL {
        let components = file.standardizedFileURL.pathComponents.dropFirst(root.standardizedFileURL.pathComponents.count)
        return components.reduce(link) { $0.appendingPathComponent($1) }
    }

    /// Creates the link, or replaces it when it points elsewhere (the project moved); leaves it alone otherwise,
    /// so that the build system sees the same path from one build to the next.
    private func pointInputsLink(at root: URL) throws {
        let fileManager = FileManager.default
        if let destination = try? fileManager.destinationOfSymbolicLink(atPath: inputsLink.path) {
            if destination == root.path { return }
            try fileManager.removeItem(at: inputsLink)
        }
        try fileManager.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        try fileManager.createSymbolicLink(atPath: inputsLink.path, withDestinationPath: root.path)
    }
}
