import Foundation
import Testing

/// No Swift file under `Sources` is longer than 600 lines (issue 39): a file that grows past it holds more than one
/// concept and is split by concept, each part named for what it is (Contributing.md, "Architecture").
/// `Templates/EmbeddedTemplates.swift` is generated from the templates and lives outside `Sources`; it is left out
/// by name too, should it ever move.
@Suite struct SourceFileSizeTests {
    static let maximumLines = 600
    static let generatedFiles: Set<String> = ["EmbeddedTemplates.swift"]

    /// The Swift files under `Sources`, as paths relative to the package root, with their line counts (as `wc -l`).
    static func sourceFiles() throws -> [(path: String, lines: Int)] {
        let root = TestSupport.packageRoot
        let sources = root.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var files: [(path: String, lines: Int)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            guard !generatedFiles.contains(url.lastPathComponent) else { continue }
            let bytes = try Data(contentsOf: url)
            let lines = bytes.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            files.append((String(url.path.dropFirst(root.path.count + 1)), lines))
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func noSourceFileIsLongerThanTheLimit() throws {
        let files = try Self.sourceFiles()
        // The walk found the sources (a wrong root would pass with no file at all).
        #expect(files.contains { $0.path == "Sources/CodeGeneration/GenerationPipeline.swift" }, "\(files.prefix(3))")
        for file in files where file.lines > Self.maximumLines {
            Issue.record(
                "\(file.path) has \(file.lines) lines, more than \(Self.maximumLines): split it by concept, one concept per file")
        }
    }
}
