import CodeGeneration
import Foundation
import ManagedModel
import ModelReader
import Testing

/// Settings and failure reporting of the generated XCTest files (`<Model>ModelTests.swift`). That the generated
/// tests of every fixture and corpus model type-check is `GeneratedOutputTypeCheckTests`' job.
@Suite("Generated tests type-check against the stub SDK")
struct GeneratedTestsTypeCheckTests {
    static func inventory(modelBundle: GeneratorOptions.TestsModelBundle = .class) throws -> GeneratedSources {
        let loaded = try ModelLoader.load(
            TestSupport.fixtureBundle("Inventory"))
        return try GeneratedSources(
            schema: loaded.schema, label: "Inventory", options: GenerationOptions(moduleName: "Inventory", testsModelBundle: modelBundle))
    }

    @Test("every place the compiled model can come from", arguments: GeneratorOptions.TestsModelBundle.allCases)
    func modelBundleSettings(_ bundle: GeneratorOptions.TestsModelBundle) throws {
        let output = try Self.inventory(modelBundle: bundle)
        defer { output.remove() }
        let tests = try String(contentsOf: output.testsDirectory.appendingPathComponent("InventoryModelTests.swift"), encoding: .utf8)
        let expected = ["class": "Bundle(for: Inventory.Item.self)", "main": "Bundle.main", "module": "Bundle.module"][bundle.rawValue]!
        #expect(tests.contains("let bundle = \(expected)\n"))
        for mode in LanguageMode.allCases {
            let result = try output.typecheck(mode)
            #expect(result.isClean, "\(bundle) (\(mode)):\n\(result.summary)")
        }
    }

    /// An app's test target may default to MainActor (Xcode's per-target "Default Actor Isolation"): the generated
    /// tests compile there because their support types are `nonisolated`; without that, the KVO recorder's override
    /// of NSObject's nonisolated `observeValue(forKeyPath:of:change:context:)` would be main-actor-isolated.
    @Test("the generated tests compile in a test target that defaults to MainActor, and would not without nonisolated")
    func testTargetDefaultingToMainActor() throws {
        let output = try Self.inventory()
        defer { output.remove() }
        let clean = try output.typecheck(.swift6MainActor)
        #expect(clean.isClean, "\(clean.summary)")
        let file = output.testsDirectory.appendingPathComponent("InventoryModelTests.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        let broken = text
            .replacingOccurrences(of: "nonisolated final class InventoryModelTestStore", with: "final class InventoryModelTestStore")
            .replacingOccurrences(of: "private nonisolated final class ChangeRecorder", with: "private final class ChangeRecorder")
        #expect(broken != text)
        try Data(broken.utf8).write(to: file)
        #expect(try output.typecheck(.swift6).isClean, "only a MainActor test target sees it")
        let result = try output.typecheck(.swift6MainActor)
        #expect(result.errors.contains { $0.fileName == "InventoryModelTests.swift" && $0.message.contains("isolation") }, "\(result.summary)")
    }

    /// With `--inherited-initializers deprecated` every suite that builds objects also calls `init(context:)` (the
    /// behaviour docs/core-data-runtime.md's "Transition mode" row cites), inside a deprecated test, so the test
    /// target builds without the warnings the app's own call sites get; Staff has sub-entities. (Inventory's and
    /// Staff's entities all take a required value; TransitionModeTypeCheckTests has the other shapes.)
    @Test("inherited-initializers deprecated: the generated tests call init(context:), without a warning",
          arguments: ["Inventory", "Staff"])
    func deprecatedInheritedInitializersAreTested(fixture: String) throws {
        let schema = try ModelLoader.load(TestSupport.fixtureBundle(fixture)).schema
        var options = GenerationOptions(moduleName: fixture)
        options.inheritedInitializers = .deprecated
        let output = try GeneratedSources(schema: schema, label: fixture, options: options)
        defer { output.remove() }
        let tests = try String(contentsOf: output.testsDirectory.appendingPathComponent("\(fixture)ModelTests.swift"), encoding: .utf8)
        let factories = tests.components(separatedBy: "private func make").count - 1
        let calls = tests.components(separatedBy: "func testInheritedInitializersMakeThisEntity()").count - 1
        #expect(factories > 1 && calls == factories, "one test per suite with a factory: \(calls) of \(factories)")
        #expect(tests.contains("(context: context)\n        assertEqual("))
        for mode in LanguageMode.allCases {
            let result = try output.typecheck(mode)
            #expect(result.isClean, "\(fixture) (\(mode)):\n\(result.summary)")
        }
        // Without the test's own deprecation, each call would warn: the check above would see it.
        let undeprecated = tests.replacingOccurrences(
            of: "@available(*, deprecated, message: \"calls the deprecated inherited initializer on purpose\")\n", with: "")
        #expect(undeprecated != tests)
        try Data(undeprecated.utf8).write(to: output.testsDirectory.appendingPathComponent("\(fixture)ModelTests.swift"))
        let warned = try output.typecheck(.swift6)
        #expect(warned.warnings.count == calls, "\(warned.summary)")
    }

    @Test("a mistake in a generated test is reported")
    func brokenTestIsReported() throws {
        let output = try Self.inventory()
        defer { output.remove() }
        let file = output.testsDirectory.appendingPathComponent("InventoryModelTests.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        // The generated test must pass the values the initializer requires: dropping one is an error.
        let broken = text.replacingOccurrences(of: "let person = Inventory.Person(context: context, name: \"name 1\")", with: "let person = Inventory.Person(context: context)")
        #expect(broken != text)
        try Data(broken.utf8).write(to: file)
        let result = try output.typecheck(.swift5)
        #expect(result.errors.contains { $0.fileName == "InventoryModelTests.swift" && $0.message.contains("unavailable") })
    }
}
