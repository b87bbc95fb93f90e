import Foundation
import ManagedModel

/// Human files of classes the model no longer generates (an entity removed or renamed): never deleted (they are
/// the user's), but named, so that code written for a class that is gone does not linger unnoticed.
package enum LeftoverHumanFiles {
    /// What the human template's first line says after the file name (`// Item.swift: written once by …`).
    static let marker = ": written once by managed-codegen"

    /// The `.swift` files directly in `humanDirectory`, other than the human files this run produces
    /// (`producedNames`), that this generator wrote for this model: their first line says so
    /// (`… for Inventory.xcdatamodeld …`). A file of an earlier release, which does not name the model, counts
    /// when its class's machine file in `machineDirectory` is absent or carries `modelBanner` (this run does not
    /// produce it: it is stale).
    package static func find(
        in humanDirectory: String, producedNames: Set<String>, modelFileName: String, machineDirectory: String?,
        modelBanner: String
    ) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: humanDirectory) else { return [] }
        let folder = humanDirectory.hasSuffix("/") ? humanDirectory : humanDirectory + "/"
        let thisModel = " for \(modelFileName) "
        let stale = machineDirectory.map { Set(OutputWriter.bannerFiles(in: $0, firstLine: modelBanner).map(FilePaths.fileName(of:))) }
        return names.sorted().filter { $0.hasSuffix(".swift") && !producedNames.contains($0) }.compactMap { name -> String? in
            let path = folder + name
            guard let lines = firstLines(of: path), let first = lines.first, first.hasPrefix("// \(name)\(marker)") else { return nil }
            if first.contains(thisModel) { return path }
            guard !first.contains(" for ") else { return nil }  // another model's
            // An earlier release's file: `// The generated declarations are in Item+Generated.swift.`
            guard lines.count > 1, let range = lines[1].range(of: "are in "), let machineDirectory else { return nil }
            let machineFile = String(lines[1][range.upperBound...].dropLast(lines[1].hasSuffix(".") ? 1 : 0))
            let exists = FileManager.default.fileExists(atPath: (machineDirectory as NSString).appendingPathComponent(machineFile))
            return !exists || stale?.contains(machineFile) == true ? path : nil
        }
    }

    private static func firstLines(of path: String) -> [Substring]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1024) else { return nil }
        return Array(String(decoding: head, as: UTF8.self).split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).prefix(2))
    }
}
