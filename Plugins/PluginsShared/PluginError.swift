import Foundation

/// What the plugins report; the tool's own diagnostics (`path:line: error: …`) are printed by the tool.
enum PluginError: Error, CustomStringConvertible {
    case notSourceTarget(String)
    case noModels(target: String, directory: String)
    case noModelsInPackage(targets: [String])
    case duplicateModelNames(target: String, name: String)
    case unknownArguments([String])
    case generatorFailed(model: String, status: Int32)
    /// Makes `swift package` exit with status 1 after the tool has printed its own messages.
    case toolReportedErrors

    var description: String {
        switch self {
        case .notSourceTarget(let name):
            "target '\(name)' is not a Swift source target; managed-codegen generates Swift into Swift targets only"
        case .noModels(let target, let directory):
            "target '\(target)' has no Core Data model: no .xcdatamodeld bundle or .xcdatamodel folder under \(directory)"
        case .noModelsInPackage(let targets):
            "no Core Data model (.xcdatamodeld or .xcdatamodel) in the Swift source targets \(targets.map { "'\($0)'" }.joined(separator: ", "))"
        case .duplicateModelNames(let target, let name):
            "target '\(target)' has two models named '\(name)'; their generated files would have the same name"
        case .unknownArguments(let arguments):
            "unknown arguments \(arguments.joined(separator: " ")); the plugin takes --target NAME (repeatable), --check and --no-human-files"
        case .generatorFailed(let model, let status):
            "managed-codegen failed for \(model) (exit status \(status)); its messages are above"
        case .toolReportedErrors:
            "managed-codegen reported errors"
        }
    }
}

/// Runs the managed-codegen tool and waits for it; its output goes straight to ours.
enum ToolRunner {
    static func run(_ tool: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Plugin progress goes to standard error, where SwiftPM and Xcode show it.
func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
