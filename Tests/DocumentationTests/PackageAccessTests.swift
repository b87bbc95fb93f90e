import Foundation
import Testing

/// The package ships a tool, not a library (APIStability.md, "No Swift library"): its targets share declarations
/// with `package` access, and no library product opens them. A `public` declaration would be API nobody promised.
@Suite struct PackageAccessTests {
    /// A line declaring something `public` (after attributes and modifiers); `public` in a string, a comment or a
    /// multi-line string literal (generated Swift, templates) is not a declaration.
    static func publicDeclarations(in text: String) -> [Int] {
        var lines: [Int] = []
        var inMultilineString = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            defer { if quotes % 2 == 1 { inMultilineString.toggle() } }
            guard !inMultilineString else { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            for word in words {
                if word == "public" || word.hasPrefix("public(") {
                    lines.append(index + 1)
                    break
                }
                // Attributes and modifiers may come first; anything else ends the declaration's head.
                let modifiers: Set<Substring> = [
                    "final", "static", "class", "nonisolated", "override", "indirect", "convenience", "required", "mutating",
                    "nonmutating", "lazy", "dynamic",
                ]
                if !(word.hasPrefix("@") || modifiers.contains(word)) { break }
            }
        }
        return lines
    }

    @Test func noTargetDeclaresAnythingPublic() throws {
        let root = TestSupport.packageRoot
        var found: [String] = []
        for folder in ["Sources", "Templates", "Tests/TestSupport"] {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                found += Self.publicDeclarations(in: text).map { "\(folder)/\(file):\($0)" }
            }
        }
        #expect(found.isEmpty, "declare these `package` (APIStability.md, \"No Swift library\"): \(found.prefix(20))")
    }

    @Test func thePackageHasNoLibraryProduct() throws {
        let manifest = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains(".library("), "a library product opens the targets: see APIStability.md, \"No Swift library\"")
    }

    /// The scan itself: a declaration is found, a string, a comment or generated Swift in a literal is not.
    @Test func theScanFindsDeclarationsOnly() {
        let text = """
            public struct A {}
            @MainActor public final class B {}
            package var c = "public var d"
            // public func e()
            let f = \"\"\"
                public init() {}
                \"\"\"
            nonisolated public(set) var g = 0
            """
        #expect(Self.publicDeclarations(in: text) == [1, 2, 8])
    }
}
