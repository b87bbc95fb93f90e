import CodeGeneration
import Foundation

/// How the commands print a path: relative to the current folder when inside it, as the paths the user typed (the
/// writer's and the bundle's are absolute).
package enum DisplayPath {
    package static func relativeToCurrentFolder(_ path: String) -> String {
        for folder in Set([FileManager.default.currentDirectoryPath, OutputWriter.standardized(FileManager.default.currentDirectoryPath)]) {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        }
        return path
    }
}
