import Foundation
import ManagedModel
import ModelReader
import Testing

@testable import CodeGeneration

/// Whole generated files compared with `Fixtures/Expected/Generated/<Model>/<kind>/<file>`.
/// `UPDATE_REFERENCES=1 swift test --filter ReferenceTests` rewrites them (then read every diff).
@Suite struct ReferenceTests {
    @Test func swiftBuiltInventory() throws {
        try compare(CodeGenerator.generate(schema: TestSchemas.inventory(), options: .init()), to: "SwiftBuilt/Inventory")
    }

    @Test func swiftBuiltEdgeCases() throws {
        try compare(CodeGenerator.generate(schema: TestSchemas.edgeCases(), options: .init()), to: "SwiftBuilt/EdgeCases")
    }

    @Test func internalAccessLevelAndExtraImports() throws {
        let options = GeneratorOptions(accessLevel: .internal, additionalImports: ["Combine"], includedEntities: ["Item"])
        try compare(CodeGenerator.generate(schema: TestSchemas.inventory(), options: options), to: "SwiftBuilt/InventoryInternal")
    }

    @Test(arguments: TestSupport.fixtureNames)
    func fixtureModel(_ name: String) throws {
        let loaded = try ModelLoader.load(TestSupport.fixtureModels.appendingPathComponent("\(name).xcdatamodeld").path)
        // With the generated tests (`tests/<Model>ModelTests.swift`) and their warnings in diagnostics.txt, and the
        // validation hooks of the app's files in `Fixtures/Hooks/<Model>` when there are any.
        let hooks = ValidationHookScan.scanning(
            folders: [TestSupport.packageRoot.appendingPathComponent("Fixtures/Hooks/\(name)").path], skippingPrefix: CodeGenerator.bannerPrefix)
        try compare(CodeGenerator.generate(schema: loaded.schema, options: .init(generatesTests: true), hooks: hooks), to: name)
    }

    /// `--preview-data`: the preview file (`Fixtures/Expected/Generated/PreviewData/<Model>`), alone: the other files are
    /// the fixture's own references, unchanged by the flag but for the generated tests (checked here too), whose parts
    /// the flag adds are compared for Inventory (`PreviewData/InventoryTests/parts.swift`).
    @Test(arguments: ["Inventory", "Staff"])
    func previewData(_ name: String) throws {
        let loaded = try ModelLoader.load(TestSupport.fixtureModels.appendingPathComponent("\(name).xcdatamodeld").path)
        let hooks = ValidationHookScan.scanning(
            folders: [TestSupport.packageRoot.appendingPathComponent("Fixtures/Hooks/\(name)").path], skippingPrefix: CodeGenerator.bannerPrefix)
        var result = try CodeGenerator.generate(
            schema: loaded.schema, options: .init(generatesTests: true, generatesPreviewData: true), hooks: hooks)
        let without = try CodeGenerator.generate(schema: loaded.schema, options: .init(generatesTests: true), hooks: hooks)
        let previewFile = "\(name)PreviewData.swift"
        #expect(result.files.filter { $0.relativePath != previewFile && $0.kind != .tests } == without.files.filter { $0.kind != .tests })
        let tests = try #require(result.files.first { $0.kind == .tests }).contents
        result.files = result.files.filter { $0.relativePath == previewFile }
        try compare(result, to: "PreviewData/\(name)")
        guard name == "Inventory" else { return }
        // The store's model comes from the preview data; the preview data's test class ends the file.
        let load = try #require(tests.range(of: "        init() throws {\n")).lowerBound
        let loadEnd = try #require(tests.range(of: "\n        }\n", range: load..<tests.endIndex)).upperBound
        let suite = try #require(tests.range(of: "/// The preview data (")).lowerBound
        let parts = String(tests[load..<loadEnd]) + "// …\n\n" + String(tests[suite...])
        #expect(!String(tests[load..<loadEnd]).contains("Bundle(for:"))
        let reference = TestSupport.expectedGenerated.appendingPathComponent("PreviewData/InventoryTests/parts.swift")
        if TestSupport.updatingReferences {
            try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(parts.utf8).write(to: reference)
        } else {
            assertMatchesReference(parts, reference: reference)
        }
    }

    @Test func outputIsIdenticalAcrossRuns() throws {
        let first = try CodeGenerator.generate(schema: TestSchemas.inventory(), options: .init())
        for _ in 0..<3 {
            #expect(try CodeGenerator.generate(schema: TestSchemas.inventory(), options: .init()).files == first.files)
        }
        for file in first.files {
            #expect(!file.contents.contains("\r"))
            #expect(file.contents.hasSuffix("\n") && !file.contents.hasSuffix("\n\n"))
        }
    }

    /// Every file and the diagnostics (`diagnostics.txt`) must match; files that are no longer generated fail too.
    private func compare(_ result: GenerationResult, to reference: String) throws {
        let directory = TestSupport.expectedGenerated.appendingPathComponent(reference)
        var expected: [String: String] = [:]
        for file in result.files { expected["\(file.kind.rawValue)/\(file.relativePath)"] = file.contents }
        // Paths relative to the package, so references do not depend on where the package is checked out.
        let diagnostics = TestSupport.relative(result.diagnostics.all.map(\.description).joined(separator: "\n"))
        expected["diagnostics.txt"] = diagnostics.isEmpty ? "" : diagnostics + "\n"

        if TestSupport.updatingReferences {
            try? FileManager.default.removeItem(at: directory)
            for (path, contents) in expected {
                let url = directory.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: url)
            }
            return
        }
        var onDisk: Set<String> = []
        if let enumerator = FileManager.default.enumerator(atPath: directory.path) {
            for case let path as String in enumerator where path.hasSuffix(".swift") || path.hasSuffix(".txt") {
                onDisk.insert(path)
            }
        }
        #expect(onDisk == Set(expected.keys), "reference files of \(reference) differ; UPDATE_REFERENCES=1 rewrites them")
        for (path, contents) in expected.sorted(by: { $0.key < $1.key }) {
            assertMatchesReference(contents, reference: directory.appendingPathComponent(path))
        }
    }
}
