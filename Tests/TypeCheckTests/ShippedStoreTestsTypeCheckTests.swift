import CodeGeneration
import Foundation
import ManagedModel
import ModelHistory
import ModelLock
import ModelReader
import Testing

/// The generated "every shipped version opens" tests (`<Model>MigrationPlanTests.swift`, issue 36) type-check in the
/// three language modes beside the model's generated classes, model tests and the generated migration plan they
/// open the stores through (one run of the generator, as `generate --migration-plan --tests-output` writes them).
@Suite("Shipped-store tests type-check against the stub SDK")
struct ShippedStoreTestsTypeCheckTests {
    /// The current version's classes, model tests, migration plan through `shipped` and the shipped-store tests, laid
    /// out for the compiler, with the app's migration hooks of `Fixtures/Hooks/<Model>/<Model>Migration.swift` when
    /// there is such a file; the caller removes the folder.
    static func sources(current: Schema, shipped: [Schema]) throws -> (GeneratedSources, testFiles: [URL], rendered: String) {
        try sources(current: current, migration: MigrationPlanInput(lockedVersions: shipped, lockFileName: ModelLock.fileName(modelName: current.modelName)))
    }

    /// As ``sources(current:shipped:)``, with the plan's input as given (a model's history gives it as `generate` does).
    static func sources(current: Schema, migration: MigrationPlanInput) throws -> (GeneratedSources, testFiles: [URL], rendered: String) {
        let hookFile = TestSupport.packageRoot.appendingPathComponent("Fixtures/Hooks/\(current.modelName)/\(current.modelName)Migration.swift")
        let options = GenerationOptions(
            moduleName: current.modelName, appSource: try? String(contentsOf: hookFile, encoding: .utf8),
            migration: migration)
        let output = try GeneratedSources(schema: current, label: current.modelName, options: options)
        let testsFile = "\(SwiftNames.modelTypeName(current.modelName))MigrationPlanTests.swift"
        let url = try #require(output.testFiles.first { $0.lastPathComponent == testsFile })
        #expect(output.moduleFiles.contains { $0.lastPathComponent == "\(SwiftNames.modelTypeName(current.modelName))MigrationPlan.swift" })
        return (output, output.testFiles, try String(contentsOf: url, encoding: .utf8))
    }

    static func typecheck(_ output: GeneratedSources, testFiles: [URL], _ mode: LanguageMode) throws -> TypeCheckResult {
        try TypeCheckHarness.shared().typecheck(
            moduleName: output.moduleName, moduleFiles: output.moduleFiles, testFiles: testFiles, swiftVersion: mode.swiftVersion,
            defaultIsolationMainActor: mode.defaultIsolationMainActor, testsAlsoOnMainActor: mode.defaultIsolationMainActor,
            dependencies: output.dependencies)
    }

    /// Journal (Fixtures/MigrationPlan): every kind of hop, an entity added in the last version.
    @Test("the Journal fixture's shipped-store tests type-check in the three language modes")
    func journal() throws {
        // The fixture's bundle and lock, read as `generate --migration-plan` reads them.
        let history = try ModelHistory(locating: TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationPlan/Journal.xcdatamodeld").path)
        let current = try history.loadedVersion().schema
        let (output, testFiles, rendered) = try Self.sources(current: current, migration: try history.migrationPlanInput(current: current, oldest: nil))
        defer { output.remove() }
        #expect(rendered.contains("func testStoreOfJournal5Opens()"))
        for mode in LanguageMode.allCases {
            let result = try Self.typecheck(output, testFiles: testFiles, mode)
            #expect(result.isClean, "Journal (\(mode)):\n\(result.summary)")
        }
    }
}

private let history = TestSupport.packageRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/histories/woocommerce__woocommerce-ios__Storage_Storage_Model_WooCommerce.xcdatamodeld/WooCommerce.xcdatamodeld")

/// The 117-version production history in `../shared/histories`, in the order a first `lock` assumes: its shipped-store
/// tests (one per version) type-check with the current version's classes and model tests. Opt-in
/// (`MANAGED_CODEGEN_HISTORY_PLAN=1`, as the history's plan test). With every version's statements written out, the
/// file was 111,280 lines, 7.8 MB, and type-checking it in Swift 6 took 834 s on the shared 2-core machine; with the
/// statements of entities unchanged between versions shared (`fill<Entity><n>`, `check<Entity><n>`) it is 20,290
/// lines, 1.1 MB, type-checked in 20 s (reading 4 s, generating 4 s). An earlier spelling of the value checks
/// (`assertEqual(Set(objects.compactMap { … }), […])`, a closure to infer per check) had not finished after 12 minutes.
@Suite(.enabled(
    if: FileManager.default.fileExists(atPath: history.path) && ProcessInfo.processInfo.environment["MANAGED_CODEGEN_HISTORY_PLAN"] == "1",
    "../shared/histories is absent or MANAGED_CODEGEN_HISTORY_PLAN is not 1; history shipped-store tests type-check skipped"))
struct HistoryShippedStoreTestsTypeCheckTests {
    @Test func theRealHistorysShippedStoreTestsTypeCheck() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let loaded = try ModelLoader.loadAllVersions(history.path)
        let bundle = try #require(loaded.first?.bundle)
        let schemas = Dictionary(uniqueKeysWithValues: loaded.map { ($0.schema.versionName, $0.schema) })
        let order = ModelLock.assumedShippingOrder(naturallyOrdered: bundle.versions.map(\.name), current: bundle.currentVersionName)
        let shipped = order.compactMap { schemas[$0] }
        #expect(shipped.count == 117)
        let current = try #require(schemas[bundle.currentVersionName])
        let read = clock.now
        let (output, testFiles, rendered) = try ShippedStoreTestsTypeCheckTests.sources(current: current, shipped: shipped)
        defer { output.remove() }
        let generated = clock.now
        #expect(rendered.components(separatedBy: "    func testStoreOf").count - 1 == 117)
        let skipped = rendered.components(separatedBy: "throw XCTSkip(\"no store").count - 1
        let fills = rendered.components(separatedBy: "    private func fill").count - 1
        let checks = rendered.components(separatedBy: "    private func check").count - 1
        let result = try ShippedStoreTestsTypeCheckTests.typecheck(output, testFiles: testFiles, .swift6)
        let checked = clock.now
        print("""
            history shipped-store tests: reading \(read - start), generating \(generated - read), \
            type-checking (Swift 6) \(checked - generated); \(rendered.utf8.count) bytes, \
            \(rendered.split(separator: "\n").count) lines, \(skipped) versions skipped, \(fills) fill and \(checks) check functions
            """)
        #expect(result.isClean, "\(result.summary)")
    }
}
