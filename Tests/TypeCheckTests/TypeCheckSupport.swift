import CodeGeneration
import Foundation
import ModelReader
import Testing

/// Every file of this target sees the shared test support (paths, fixture list, reference assertions).
@_exported import TestSupport

/// The hand-written reference sample in the shape of generated code (Samples/Inventory + Samples/InventoryTests).
enum InventorySample {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Samples")
    static let moduleDirectory = directory.appendingPathComponent("Inventory")
    static let testsDirectory = directory.appendingPathComponent("InventoryTests")
}

/// Swift files directly inside `directory`, sorted for stable diagnostics.
func swiftFiles(in directory: URL) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "swift" }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
}

/// Type-checks generated output (a module directory and optionally its generated tests) and records an issue
/// for every error and warning. For the lead: call it on the generator's output directory.
@discardableResult
func assertTypeChecks(moduleName: String, directory: URL, testsDirectory: URL? = nil, swiftVersion: Int = 5,
                      defaultIsolationMainActor: Bool = false,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> TypeCheckResult {
    let harness = try TypeCheckHarness.shared()
    let moduleFiles = try swiftFiles(in: directory)
    try #require(!moduleFiles.isEmpty, "no Swift files in \(directory.path)", sourceLocation: sourceLocation)
    let testFiles = try testsDirectory.map(swiftFiles(in:)) ?? []
    let result = try harness.typecheck(moduleName: moduleName, moduleFiles: moduleFiles, testFiles: testFiles,
                                       swiftVersion: swiftVersion, defaultIsolationMainActor: defaultIsolationMainActor)
    #expect(result.errors.isEmpty && result.warnings.isEmpty,
            "\(moduleName) (Swift \(swiftVersion)\(defaultIsolationMainActor ? ", MainActor default isolation" : "")):\n\(result.summary)",
            sourceLocation: sourceLocation)
    return result
}

/// A copy of the sample in a temporary directory, for tests that change or add files.
struct ScratchSample {
    let root: URL
    var moduleDirectory: URL { root.appendingPathComponent("Inventory") }
    var testsDirectory: URL { root.appendingPathComponent("InventoryTests") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-sample-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: InventorySample.moduleDirectory, to: moduleDirectory)
        try FileManager.default.copyItem(at: InventorySample.testsDirectory, to: testsDirectory)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// The file named `name` in the module or the tests directory.
    func file(named name: String) throws -> URL {
        for directory in [moduleDirectory, testsDirectory] {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        throw ScratchSampleError(message: "no sample file named \(name)")
    }

    func typecheck(swiftVersion: Int = 5) throws -> TypeCheckResult {
        try TypeCheckHarness.shared().typecheck(
            moduleName: "Inventory", moduleFiles: swiftFiles(in: moduleDirectory),
            testFiles: swiftFiles(in: testsDirectory), swiftVersion: swiftVersion)
    }
}

struct ScratchSampleError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The generator's output for a fixture model (`Fixtures/Models/<model>.xcdatamodeld`, default options) in a fresh
/// folder, beside an `App` folder for app code that uses it: what the usage tests type-check.
struct GeneratedFixtureModule {
    let root: URL
    let module: URL
    var app: URL { root.appendingPathComponent("App") }

    init(model: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("\(model)-usage-\(UUID().uuidString)")
        module = root.appendingPathComponent(model)
        try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        let bundle = TestSupport.packageRoot.appendingPathComponent("Fixtures/Models/\(model).xcdatamodeld")
        for file in try CodeGenerator.generate(schema: ModelLoader.load(bundle.path).schema, options: .init()).files {
            try file.contents.write(to: module.appendingPathComponent(file.relativePath), atomically: true, encoding: .utf8)
        }
    }

    /// Writes `source` as `App/App.swift`.
    func writeApp(_ source: String) throws {
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try source.write(to: app.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
