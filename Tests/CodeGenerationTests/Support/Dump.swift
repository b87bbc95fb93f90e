import Testing
import Foundation
import ManagedModel
import ModelReader

@testable import CodeGeneration

/// `DUMP_GENERATED=DIR swift test --filter dumpGenerated` writes the Swift-built Inventory's output to DIR.
@Test(.enabled(if: ProcessInfo.processInfo.environment["DUMP_GENERATED"] != nil))
func dumpGenerated() throws {
    let directory = ProcessInfo.processInfo.environment["DUMP_GENERATED"]!
    let schema = ProcessInfo.processInfo.environment["DUMP_SCHEMA"] == "edge" ? TestSchemas.edgeCases() : TestSchemas.inventory()
    let result = try CodeGenerator.generate(schema: schema, configuration: .init())
    print(result.diagnostics.all.map(\.description).joined(separator: "\n"))
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for file in result.files {
        try file.contents.write(toFile: "\(directory)/\(file.relativePath)", atomically: true, encoding: .utf8)
    }
}

/// `DUMP_MODELS=DIR swift test --filter dumpModels` writes the output for every fixture and corpus model
/// version to `DIR/<n>-<model>/`, for type-checking by hand.
@Test(.enabled(if: ProcessInfo.processInfo.environment["DUMP_MODELS"] != nil))
func dumpModels() throws {
    let directory = URL(fileURLWithPath: ProcessInfo.processInfo.environment["DUMP_MODELS"]!)
    var bundles = ReferenceTests.fixtureModels.map { TestSupport.fixturesModels.appendingPathComponent("\($0).xcdatamodeld") }
    for folder in (try? FileManager.default.contentsOfDirectory(atPath: TestSupport.corpus.path).sorted()) ?? [] {
        let url = TestSupport.corpus.appendingPathComponent(folder)
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        if let bundle = contents.first(where: { $0.hasSuffix(".xcdatamodeld") }) ?? contents.first(where: { $0.hasSuffix(".xcdatamodel") }) {
            bundles.append(url.appendingPathComponent(bundle))
        }
    }
    var index = 0
    for bundle in bundles {
        for loaded in try ModelLoader.loadAllVersions(bundle.path) {
            index += 1
            let result = try CodeGenerator.generate(schema: loaded.schema, configuration: .init(generateXcodeCodegenEntities: true))
            let folder = directory.appendingPathComponent("\(index)-\(loaded.schema.modelName)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in result.files where file.kind != .human {
                try Data(file.contents.utf8).write(to: folder.appendingPathComponent(file.relativePath))
            }
        }
    }
}

/// `BENCHMARK_GENERATION=1 swift test --filter benchmarkGeneration`: plan and render a 1,000-entity schema.
@Test(.enabled(if: ProcessInfo.processInfo.environment["BENCHMARK_GENERATION"] != nil))
func benchmarkGeneration() throws {
    let base = TestSchemas.inventory().entities.first { $0.name == "Item" }!
    let entities = (0..<1000).map { index -> Entity in
        var entity = base
        entity.name = "Entity\(index)"
        entity.className = "Entity\(index)"
        entity.representedClassName = "Entity\(index)"
        entity.relationships = []
        return entity
    }
    let schema = Schema(contentsPath: "/big/Big.xcdatamodeld/Big.xcdatamodel/contents", modelName: "Big", versionName: "Big", entities: entities)
    let clock = ContinuousClock()
    let start = clock.now
    let result = try CodeGenerator.generate(schema: schema, configuration: .init())
    let bytes = result.files.reduce(0) { $0 + $1.contents.utf8.count }
    print("benchmark: \(result.files.count) files, \(bytes / 1024) KB in \(clock.now - start)")
    #expect(result.files.count == 2001)
}
