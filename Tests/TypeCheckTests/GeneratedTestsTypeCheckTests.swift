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

    @Test("fixture models with -default-isolation MainActor (Swift 6)", arguments: fixtureModels)
    func fixtureModelMainActorDefault(_ name: String) throws {
        let loaded = try ModelLoader.load(
            TypeCheckHarness.packageRoot.appendingPathComponent("Fixtures/Models/\(name).xcdatamodeld").path)
        let output = try GeneratedOutput(schema: loaded.schema, moduleName: name)
        defer { output.remove() }
        try assertTypeChecks(
            moduleName: name, directory: output.moduleDirectory, testsDirectory: output.testsDirectory,
            swiftVersion: 6, defaultIsolationMainActor: true)
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

    /// The corpus models (current versions) in batches that share no top-level name, so that each batch
    /// type-checks as one module: one compiler run per batch instead of one per model.
    static let corpusBatches: [[Schema]] = {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        var batches: [(names: Set<String>, schemas: [Schema])] = []
        let stubHeaders = ["Foundation.h", "CoreData.h"].compactMap {
            try? String(contentsOf: TypeCheckHarness.stubSDKDirectory.appendingPathComponent("clang/\($0)"), encoding: .utf8)
        }.joined()
        for folder in folders.sorted() where folder.hasSuffix(".xcdatamodeld") || folder.hasSuffix(".xcdatamodel") {
            let url = corpus.appendingPathComponent(folder)
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            guard let bundle = contents.first(where: { $0.hasSuffix(".xcdatamodeld") }) ?? contents.first(where: { $0.hasSuffix(".xcdatamodel") }),
                let loaded = try? ModelLoader.load(url.appendingPathComponent(bundle).path)
            else {
                print("corpus: \(folder) is not loadable; its generated tests are not checked")
                continue
            }
            let schema = loaded.schema
            let foreign = AppTypeStubs.foreignModuleNames(in: schema)
            let missing = AppTypeStubs.foundationNames(in: schema).filter { !stubHeaders.contains("@interface \($0) ") }
            guard foreign.isEmpty, missing.isEmpty else {
                print("corpus: \(folder) names classes the stub SDK lacks or other modules hold (\(foreign + missing)); its generated tests are not checked")
                continue
            }
            let names = GeneratedOutput.declaredNames(of: schema, moduleName: "CorpusModel")
            let shadowed = names.intersection(GeneratedOutput.foundationTypeNames)
            guard shadowed.isEmpty else {
                print("corpus: \(folder) declares classes named like Foundation types (\(shadowed.sorted())), which generated code cannot tell apart; not checked")
                continue
            }
            if let index = batches.firstIndex(where: { $0.schemas.count < 12 && $0.names.isDisjoint(with: names) }) {
                batches[index].names.formUnion(names)
                batches[index].schemas.append(schema)
            } else {
                batches.append((names, [schema]))
            }
        }
        return batches.map(\.schemas)
    }()

    /// Type-checks a batch as one module. When the module itself (not the tests) fails, each model is checked
    /// alone, and models whose generated classes do not type-check here are reported and left out: the
    /// generated-output type-check tests cover those; this test is about the generated tests.
    /// Returns the number of models whose tests were checked.
    private func checkCorpusBatch(_ batch: [Schema], swiftVersion: Int) throws -> Int {
        let output = try GeneratedOutput(schemas: batch, moduleName: "CorpusModel")
        defer { output.remove() }
        let result = try TypeCheckHarness.shared().typecheck(
            moduleName: "CorpusModel", moduleFiles: swiftFiles(in: output.moduleDirectory),
            testFiles: swiftFiles(in: output.testsDirectory), swiftVersion: swiftVersion)
        let inModule = result.diagnostics.filter { $0.severity != .note && !$0.fileName.hasSuffix("ModelTests.swift") }
        if !inModule.isEmpty {
            guard batch.count > 1 else {
                print("corpus: \(batch[0].modelName): the generated classes do not type-check (\(inModule[0])); its tests are not checked")
                return 0
            }
            return try batch.reduce(0) { $0 + (try checkCorpusBatch([$1], swiftVersion: swiftVersion)) }
        }
        #expect(result.isClean, "CorpusModel (Swift \(swiftVersion)): \(batch.map(\.modelName))\n\(result.summary)")
        return batch.count
    }

    @Test(
        "corpus models", .enabled(if: FileManager.default.fileExists(atPath: corpus.path), "needs ../shared/corpus"),
        arguments: [5, 6])
    func corpusModels(swiftVersion: Int) throws {
        let batches = Self.corpusBatches
        #expect(batches.flatMap { $0 }.count > 50)
        let clock = ContinuousClock()
        let start = clock.now
        var testedModels = 0
        for batch in batches {
            testedModels += try checkCorpusBatch(batch, swiftVersion: swiftVersion)
        }
        print("corpus: generated tests of \(testedModels) models in \(batches.count) modules type-checked (Swift \(swiftVersion)) in \(clock.now - start)")
    }
}

/// Generated classes, support file and tests of one or more schemas in a temporary folder (one module),
/// plus a companion file declaring what the app would: Transformable attributes' classes and the classes
/// Xcode generates for entities whose Codegen is not Manual/None.
struct GeneratedOutput {
    let root: URL
    var moduleDirectory: URL { root.appendingPathComponent("Module") }
    var testsDirectory: URL { root.appendingPathComponent("Tests") }
    let testsFileCount: Int

    init(schema: Schema, moduleName: String, modelBundle: GeneratorConfiguration.TestsModelBundle = .class) throws {
        try self.init(schemas: [schema], moduleName: moduleName, modelBundle: modelBundle)
    }

    init(schemas: [Schema], moduleName: String, modelBundle: GeneratorConfiguration.TestsModelBundle = .class) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("generated-tests-\(UUID().uuidString)")
        self.root = root
        let moduleDirectory = root.appendingPathComponent("Module")
        let testsDirectory = root.appendingPathComponent("Tests")
        for directory in [moduleDirectory, testsDirectory] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        var testsFileCount = 0
        var companions: [String] = []
        for schema in schemas {
            let result = try CodeGenerator.generate(schema: schema, configuration: Self.configuration(moduleName, modelBundle))
            for file in result.files {
                let directory = file.kind == .tests ? testsDirectory : moduleDirectory
                // One support file per module: every model's is the same apart from its banner.
                let url = directory.appendingPathComponent(file.relativePath)
                if file.kind == .support, FileManager.default.fileExists(atPath: url.path) { continue }
                try Data(file.contents.utf8).write(to: url)
            }
            testsFileCount += result.files.filter { $0.kind == .tests }.count
            companions += AppTypeStubs.declarations(for: schema, plan: result.plan)
        }
        self.testsFileCount = testsFileCount
        if modelBundle == .module {
            // SwiftPM generates this accessor for a target with resources.
            companions.append("extension Bundle {\n    static var module: Bundle { Bundle.main }\n}")
        }
        if !companions.isEmpty {
            let source = "import CoreData\nimport Foundation\n\n" + Array(Set(companions)).sorted().joined(separator: "\n") + "\n"
            try Data(source.utf8).write(to: moduleDirectory.appendingPathComponent("AppTypes+Stubs.swift"))
        }
    }

    static func configuration(_ moduleName: String, _ modelBundle: GeneratorConfiguration.TestsModelBundle) -> GeneratorConfiguration {
        GeneratorConfiguration(moduleName: moduleName, generatesTests: true, testsModelBundle: modelBundle)
    }

    /// Top-level names the schema's generated module and tests declare; schemas sharing none fit in one module.
    static func declaredNames(of schema: Schema, moduleName: String) -> Set<String> {
        let (plan, _) = CodeGenerator.makePlan(schema: schema, configuration: configuration(moduleName, .class))
        var names = Set(plan.classes.flatMap { [$0.className, "\($0.className)Validating"] })
        names.formUnion(plan.skippedEntities.filter { $0.reason == .xcodeGeneratesClass }.compactMap { schema.entity(named: $0.entityName)?.className })
        names.formUnion(AppTypeStubs.classNames(for: schema))
        if let tests = CodeGenerator.makeTestPlan(schema: schema, plan: plan, configuration: configuration(moduleName, .class)).0 {
            names.insert(tests.storeTypeName)
            names.formUnion(tests.suites.map(\.suiteName))
        }
        return names
    }

    /// Types generated code names unqualified; a class of the same name in the module would shadow them.
    static let foundationTypeNames: Set<String> = [
        "Data", "Date", "UUID", "URL", "String", "Set", "Array", "Decimal", "Double", "Float", "Bool", "Int16", "Int32",
        "Int64", "TimeInterval", "Bundle", "Error", "Result", "NSNumber", "NSDecimalNumber", "NSObject", "NSOrderedSet",
        "NSSet", "NSPredicate", "NSError", "NSManagedObject", "NSManagedObjectID", "NSManagedObjectContext",
    ]

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// What an app target declares and generated code refers to: the classes that Transformable attributes'
/// `customClassName` names, and SwiftPM's `Bundle.module`. Same rule as the generated-output type-check
/// tests: names starting with `NS` must come from the stub SDK (no companion, so a gap in the stub shows);
/// Swift-only spellings get none; other bare names become `@objc(Name) nonisolated public class Name: NSObject {}`.
enum AppTypeStubs {
    /// Bare `NS…` class names: Foundation's (or AppKit's), which the stub SDK must declare.
    static func foundationNames(in schema: Schema) -> [String] {
        transformableClassNames(in: schema).filter { !$0.contains(".") && $0.hasPrefix("NS") }
    }

    /// Names qualified by a module other than Apple's (`UIKit.UIColor`): a project would import that module.
    static func foreignModuleNames(in schema: Schema) -> [String] {
        transformableClassNames(in: schema).filter { $0.contains(".") && !$0.hasPrefix("Foundation.") && !$0.hasPrefix("Swift.") }
    }

    /// The bare class names that get a companion declaration.
    static func classNames(for schema: Schema) -> [String] {
        transformableClassNames(in: schema).filter { !$0.contains(".") && !$0.hasPrefix("NS") }
    }

    /// Companion declarations: Transformable classes, and the classes Xcode generates itself.
    static func declarations(for schema: Schema, plan: GenerationPlan) -> [String] {
        // `nonisolated`: under MainActor default isolation the implicit initializers must match NSObject's.
        var lines = classNames(for: schema).map { "@objc(\($0)) nonisolated public class \($0): NSObject {}" }
        for skipped in plan.skippedEntities where skipped.reason == .xcodeGeneratesClass {
            if let name = schema.entity(named: skipped.entityName)?.className, SwiftNames.isIdentifier(name) {
                lines.append("@objc(\(name)) nonisolated public class \(name): NSManagedObject {}")
            }
        }
        return lines
    }

    private static func transformableClassNames(in schema: Schema) -> [String] {
        var names: Set<String> = []
        for attribute in schema.entities.flatMap(\.attributes) + schema.composites.flatMap(\.attributes)
        where attribute.type == .transformable {
            guard let name = SwiftTypeTable.transformableClassName(attribute.customClassName),
                !SwiftTypeTable.isSwiftOnlyTypeName(name),
                name.split(separator: ".").allSatisfy({ SwiftNames.isIdentifier(String($0)) })
            else { continue }
            names.insert(name)
        }
        return names.sorted()
    }
}
