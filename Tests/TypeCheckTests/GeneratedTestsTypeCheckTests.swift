import CodeGeneration
import Foundation
import ManagedModel
import ModelReader
import Testing

/// The generated XCTest files (`<Model>ModelTests.swift`), with the classes they test, type-check against
/// the stub SDK with zero errors and zero warnings in Swift 5 and Swift 6 modes.
@Suite("Generated tests type-check against the stub SDK")
struct GeneratedTestsTypeCheckTests {
    static let fixtureModels = ["Inventory", "ValidationGuide", "Vocabulary", "Versions"]

    @Test("fixture models", arguments: fixtureModels, [5, 6])
    func fixtureModel(_ name: String, swiftVersion: Int) throws {
        let loaded = try ModelLoader.load(
            TypeCheckHarness.packageRoot.appendingPathComponent("Fixtures/Models/\(name).xcdatamodeld").path)
        let output = try GeneratedOutput(schema: loaded.schema, moduleName: name)
        defer { output.remove() }
        #expect(output.testsFileCount == 1, "no generated tests for \(name)")
        try assertTypeChecks(
            moduleName: name, directory: output.moduleDirectory, testsDirectory: output.testsDirectory,
            swiftVersion: swiftVersion)
    }

    @Test("every place the compiled model can come from", arguments: GeneratorConfiguration.TestsModelBundle.allCases)
    func modelBundleSettings(_ bundle: GeneratorConfiguration.TestsModelBundle) throws {
        let loaded = try ModelLoader.load(
            TypeCheckHarness.packageRoot.appendingPathComponent("Fixtures/Models/Inventory.xcdatamodeld").path)
        let output = try GeneratedOutput(schema: loaded.schema, moduleName: "Inventory", modelBundle: bundle)
        defer { output.remove() }
        let tests = try String(contentsOf: output.testsDirectory.appendingPathComponent("InventoryModelTests.swift"), encoding: .utf8)
        let expected = ["class": "Bundle(for: Item.self)", "main": "Bundle.main", "module": "Bundle.module"][bundle.rawValue]!
        #expect(tests.contains("let bundle = \(expected)\n"))
        try assertTypeChecks(
            moduleName: "Inventory", directory: output.moduleDirectory, testsDirectory: output.testsDirectory, swiftVersion: 6)
    }

    @Test("a mistake in a generated test is reported")
    func brokenTestIsReported() throws {
        let loaded = try ModelLoader.load(
            TypeCheckHarness.packageRoot.appendingPathComponent("Fixtures/Models/Inventory.xcdatamodeld").path)
        let output = try GeneratedOutput(schema: loaded.schema, moduleName: "Inventory")
        defer { output.remove() }
        let file = output.testsDirectory.appendingPathComponent("InventoryModelTests.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        // The generated test must pass the values the initializer requires: dropping one is an error.
        let broken = text.replacingOccurrences(of: "let person = Person(context: context, name: \"name 1\")", with: "let person = Person(context: context)")
        #expect(broken != text)
        try Data(broken.utf8).write(to: file)
        let result = try TypeCheckHarness.shared().typecheck(
            moduleName: "Inventory", moduleFiles: swiftFiles(in: output.moduleDirectory),
            testFiles: swiftFiles(in: output.testsDirectory))
        #expect(result.errors.contains { $0.fileName == "InventoryModelTests.swift" && $0.message.contains("unavailable") })
    }

    static let corpus = TypeCheckHarness.packageRoot.appendingPathComponent("../shared/corpus").standardizedFileURL

    /// The model bundle inside each corpus folder (a `.xcdatamodeld`, else a bare `.xcdatamodel`).
    static var corpusBundles: [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return folders.filter { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") }.sorted().compactMap { folder in
            let url = corpus.appendingPathComponent(folder)
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            let bundle = contents.first { $0.hasSuffix(".xcdatamodeld") } ?? contents.first { $0.hasSuffix(".xcdatamodel") }
            return bundle.map { url.appendingPathComponent($0).path }
        }
    }

    @Test(
        "corpus models", .enabled(if: FileManager.default.fileExists(atPath: corpus.path), "needs ../shared/corpus"),
        arguments: corpusBundles)
    func corpusModel(_ path: String) throws {
        let loaded: LoadedModel
        do {
            loaded = try ModelLoader.load(path)
        } catch {
            print("corpus: \(path) is not loadable; its generated tests are not checked: \(error)")
            return
        }
        let output = try GeneratedOutput(schema: loaded.schema, moduleName: "CorpusModel", includeXcodeGenerated: true)
        defer { output.remove() }
        guard output.testsFileCount > 0 else {
            print("corpus: \(loaded.schema.modelName) generates no classes, so no tests")
            return
        }
        for swiftVersion in [5, 6] {
            try assertTypeChecks(
                moduleName: "CorpusModel", directory: output.moduleDirectory, testsDirectory: output.testsDirectory,
                swiftVersion: swiftVersion)
        }
    }
}

/// Generated classes, support file and tests of one schema in a temporary folder, plus a companion file
/// declaring the app classes that Transformable attributes name.
struct GeneratedOutput {
    let root: URL
    var moduleDirectory: URL { root.appendingPathComponent("Module") }
    var testsDirectory: URL { root.appendingPathComponent("Tests") }
    let testsFileCount: Int

    init(
        schema: Schema, moduleName: String, modelBundle: GeneratorConfiguration.TestsModelBundle = .class,
        includeXcodeGenerated: Bool = false
    ) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("generated-tests-\(UUID().uuidString)")
        let moduleDirectory = root.appendingPathComponent("Module")
        let testsDirectory = root.appendingPathComponent("Tests")
        self.root = root
        let configuration = GeneratorConfiguration(
            moduleName: moduleName, generateXcodeCodegenEntities: includeXcodeGenerated, generatesTests: true,
            testsModelBundle: modelBundle)
        let result = try CodeGenerator.generate(schema: schema, configuration: configuration)
        for directory in [moduleDirectory, testsDirectory] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        for file in result.files {
            let directory = file.kind == .tests ? testsDirectory : moduleDirectory
            try Data(file.contents.utf8).write(to: directory.appendingPathComponent(file.relativePath))
        }
        testsFileCount = result.files.filter { $0.kind == .tests }.count
        let companion = AppTypeStubs.source(for: schema, bundleModule: modelBundle == .module)
        if !companion.isEmpty {
            try Data(companion.utf8).write(to: moduleDirectory.appendingPathComponent("AppTypes+Stubs.swift"))
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// What an app target declares and generated code refers to: the classes that Transformable attributes'
/// `customClassName` names (when the stub SDK does not declare them) and SwiftPM's `Bundle.module`.
enum AppTypeStubs {
    /// Type names the stub SDK and the standard library declare.
    static let declaredNames: Set<String> = {
        var names: Set<String> = ["String", "Int", "Double", "Float", "Bool", "Array", "Dictionary", "Set", "Any", "AnyObject"]
        let stub = TypeCheckHarness.stubSDKDirectory
        let files = ["clang/Foundation.h", "clang/CoreData.h", "overlays/Foundation.swift", "overlays/ObjectiveC.swift", "overlays/CoreData.swift"]
        let declaration = try! NSRegularExpression(pattern: #"(?:@interface|@protocol|class|struct|enum|protocol|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        for file in files {
            guard let text = try? String(contentsOf: stub.appendingPathComponent(file), encoding: .utf8) else { continue }
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
            }
        }
        // Objective-C classes the headers declare are imported without their NS prefix when bridged (NSString -> String).
        return names
    }()

    static func source(for schema: Schema, bundleModule: Bool) -> String {
        var names: Set<String> = []
        for attribute in schema.entities.flatMap(\.attributes) + schema.composites.flatMap(\.attributes)
        where attribute.type == .transformable {
            let name = attribute.swiftType.name
            if SwiftNames.isIdentifier(name), !declaredNames.contains(name) { names.insert(name) }
        }
        var lines = names.sorted().map { "@objc(\($0)) public class \($0): NSObject {}" }
        if bundleModule {
            // SwiftPM generates this accessor for a target with resources.
            lines.append("extension Bundle {\n    static var module: Bundle { Bundle.main }\n}")
        }
        return lines.isEmpty ? "" : "import Foundation\n\n" + lines.joined(separator: "\n") + "\n"
    }
}
