import Foundation

/// Stands in for `Templates/TemplateBundle.swift` in the fuzz build, which compiles without SwiftPM's
/// `.embedInCode`: the templates are read from the source tree (`MANAGED_CODEGEN_TEMPLATES`, set by `scripts/fuzz.sh`).
public enum BundledTemplates {
    public static let sources: [(name: String, bytes: [UInt8])] = {
        guard let directory = ProcessInfo.processInfo.environment["MANAGED_CODEGEN_TEMPLATES"],
            let files = try? FileManager.default.contentsOfDirectory(atPath: directory)
        else { return [] }
        return files.sorted().filter { $0.hasSuffix(".mustache") }.compactMap { file in
            FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent(file))
                .map { (String(file.dropLast(".mustache".count)), [UInt8]($0)) }
        }
    }()
}
