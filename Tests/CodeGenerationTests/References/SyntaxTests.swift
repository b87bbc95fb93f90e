import Foundation
import ManagedModel
import ModelReader
import Testing

@testable import CodeGeneration

/// Every generated file is valid Swift (`swiftc -parse`), for the fixtures and the shared corpus.
@Suite struct SyntaxTests {
    @Test func swiftBuiltSchemasParse() throws {
        try expectParses([TestSchemas.inventory(), TestSchemas.edgeCases()], label: "Swift-built schemas")
    }

    @Test func fixtureModelsParse() throws {
        let schemas = try TestSupport.fixtureNames.flatMap {
            try ModelLoader.loadAllVersions(TestSupport.fixtureModels.appendingPathComponent("\($0).xcdatamodeld").path).map(\.schema)
        }
        #expect(schemas.count >= 4)
        try expectParses(schemas, label: "fixtures")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: TestSupport.corpus.path), "needs ../shared/corpus"))
    func corpusModelsParse() throws {
        // Each corpus folder holds one bundle (a `.xcdatamodeld`, else a bare `.xcdatamodel`) and its SOURCE.json.
        let folders = try FileManager.default.contentsOfDirectory(atPath: TestSupport.corpus.path)
            .filter { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") }.sorted()
        var schemas: [Schema] = []
        var unreadable: [String] = []
        for folder in folders {
            let url = TestSupport.corpus.appendingPathComponent(folder)
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            guard let bundle = contents.first(where: { $0.hasSuffix(".xcdatamodeld") }) ?? contents.first(where: { $0.hasSuffix(".xcdatamodel") })
            else {
                unreadable.append(folder)
                continue
            }
            do {
                schemas += try ModelLoader.loadAllVersions(url.appendingPathComponent(bundle).path).map(\.schema)
            } catch {
                unreadable.append(folder)
            }
        }
        print("corpus: \(schemas.count) model versions from \(folders.count) bundles; \(unreadable.count) not loadable: \(unreadable)")
        #expect(schemas.count > 50)
        try expectParses(schemas, label: "corpus")
    }

    /// Generates every schema and parses all files at once. swiftc spends ~40 ms per input file even for
    /// `-parse`, so the files are concatenated (imports may appear anywhere at top level) with a marker per file.
    private func expectParses(_ schemas: [Schema], label: String) throws {
        let root = try TestSupport.temporaryDirectory(label)
        defer { try? FileManager.default.removeItem(at: root) }
        let clock = ContinuousClock()
        let start = clock.now
        var combined = ""
        var fileCount = 0
        for (index, schema) in schemas.enumerated() {
            let result = try CodeGenerator.generate(
                schema: schema, options: GeneratorOptions(generateXcodeCodegenEntities: true))
            for file in result.files {
                // The collection proxies call a class's KVC mutators back (Key-Value Coding Programming Guide,
                // "Accessor Search Patterns"): generated accessors exposed under those selectors must never use them.
                if file.kind == .machine || file.kind == .support {
                    for proxy in ["mutableOrderedSetValue(forKey: ", "mutableSetValue(forKey: ", "mutableArrayValue(forKey: "] {
                        #expect(!file.contents.contains(proxy), "\(schema.modelName) \(file.relativePath) calls \(proxy))")
                    }
                }
                combined += "// MARK: FILE \(index) \(schema.modelName) \(file.kind.rawValue)/\(file.relativePath)\n"
                combined += file.contents
                fileCount += 1
            }
        }
        #expect(fileCount > 0)
        let generated = clock.now
        let path = root.appendingPathComponent("all.swift")
        try Data(combined.utf8).write(to: path)
        let (status, output) = try TestSupport.swiftcParse([path.path])
        print("\(label): generated \(fileCount) files in \(generated - start), parsed in \(clock.now - generated)")
        #expect(status == 0, "swiftc -parse failed for \(label):\n\(output.prefix(4000))")
    }
}
