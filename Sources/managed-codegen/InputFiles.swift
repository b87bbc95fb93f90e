import ArgumentParser
import CodeGeneration
import Foundation
import ManagedCodegenConfig
import ManagedModel
import ModelHistory
import ModelLock
import ModelReader

/// `managed-codegen input-files MODEL`: the files `generate` reads, for the input file list (`.xcfilelist`) of an
/// Xcode Run Script phase, so that the list follows the model instead of being written by hand.
struct InputFiles: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "input-files",
        abstract: "Print the files generate reads, one per line: the input file list (.xcfilelist) of a Run Script phase.",
        discussion: """
            Prints the contents file of every model version, the bundle's .xccurrentversion, the config file and the \
            lock file (when they exist), and the Swift files generate scans for validation hooks (--hook-sources, \
            --human-output, and the config file's human-output and hook-sources). With --srcroot DIR each path under DIR \
            is printed as $(SRCROOT)/path, as Xcode expands it. Run it again when a version, a config file or a \
            file with hooks is added.
            """
    )

    @Argument(help: "A .xcdatamodeld bundle, a .xcdatamodel folder or a `contents` file.")
    var model: String

    @OptionGroup var config: ConfigOptions

    @Option(
        name: .customLong("hook-sources"),
        help: ArgumentHelp("A folder (or Swift file) generate scans for validation hooks (repeatable).", valueName: "dir"))
    var hookSources: [String] = []

    @Option(help: ArgumentHelp("The folder of the human files, which generate scans for validation hooks too.", valueName: "dir"))
    var humanOutput: String?

    @Option(help: ArgumentHelp("Print paths under this folder as $(SRCROOT)/…: pass the Xcode project's folder.", valueName: "dir"))
    var srcroot: String?

    func validate() throws {
        if config.noConfig && config.config != nil {
            throw ValidationError("--config and --no-config cannot be combined.")
        }
    }

    func run() throws {
        let configFile = try config.load(besideModel: model)
        var diagnostics = Diagnostics()
        let bundle = try ModelBundle.locate(model, diagnostics: &diagnostics)
        DiagnosticPrinter.print(diagnostics)

        var paths = bundle.versions.map(\.contentsPath)
        // A .xcdatamodeld bundle names its current version in .xccurrentversion, beside the version folders.
        if let contents = paths.first {
            let bundleFolder = ((contents as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            let currentVersion = (bundleFolder as NSString).appendingPathComponent(".xccurrentversion")
            if FileManager.default.fileExists(atPath: currentVersion) { paths.append(currentVersion) }
        }
        if let configFile { paths.append(configFile.path) }
        let lock = ModelHistory.lockPath(modelPath: model, modelName: bundle.modelName)
        if FileManager.default.fileExists(atPath: lock) { paths.append(lock) }
        let hookFolders =
            hookSources + [humanOutput].compactMap { $0 }
            + [configFile?.settings.humanOutput].compactMap { $0 } + (configFile?.settings.hookSources ?? [])
        paths += ValidationHookScan.sourcePaths(under: hookFolders, skippingPrefix: CodeGenerator.bannerPrefix)

        var seen: Set<String> = []
        let lines = paths.map(display).filter { seen.insert($0).inserted }
        FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// `$(SRCROOT)/App/Model.xcdatamodeld/…` under --srcroot; otherwise relative to the current folder when under it,
    /// as the other commands print paths.
    private func display(_ path: String) -> String {
        let absolute = ConfigFile.absolutePath(path)
        let (root, prefix) =
            srcroot.map { (ConfigFile.absolutePath($0), "$(SRCROOT)/") }
            ?? (ConfigFile.absolutePath(FileManager.default.currentDirectoryPath), "")
        guard absolute.hasPrefix(root + "/") else { return absolute }
        return prefix + absolute.dropFirst(root.count + 1)
    }
}
