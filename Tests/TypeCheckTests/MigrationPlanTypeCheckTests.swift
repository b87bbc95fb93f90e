import CodeGeneration
import Foundation
import ManagedModel
import ModelHistory
import ModelLock
import ModelReader
import Testing

/// The migration plan of `Fixtures/MigrationPlan/Journal` (`generate --migration-plan`), with the generated classes,
/// the support file and the app's hook (`Fixtures/Hooks/Journal`), type-checks as one module in the three language
/// modes: the handler's call of the hook, the background context in `performAndWait`, the plan's availability.
/// One module per mode: CI is near its time limit.
@Suite("Migration plan type-checks")
struct MigrationPlanTypeCheckTests {
    static let journal = TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationPlan/Journal.xcdatamodeld").path
    static let hookFolder = TestSupport.packageRoot.appendingPathComponent("Fixtures/Hooks/Journal")

    /// The generated machine and support files, and the app's files, written into `folder`.
    static func writeModule(into folder: URL, accessLevel: GeneratorOptions.AccessLevel) throws -> [URL] {
        // The fixture's lock (Fixtures/MigrationPlan/Journal.managed-codegen.lock) read as `generate` reads it.
        let history = try ModelHistory(locating: journal)
        let current = try history.loadedVersion().schema
        let hooks = ValidationHookScan.scanning(folders: [hookFolder.path], skippingPrefix: CodeGenerator.bannerPrefix)
        let result = try CodeGenerator.generate(
            schema: current, options: .init(accessLevel: accessLevel), hooks: hooks,
            migration: try history.migrationPlanInput(current: current, oldest: nil))
        #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.all)")
        var files: [URL] = []
        for file in result.files where file.kind == .machine || file.kind == .support {
            let url = folder.appendingPathComponent(file.relativePath)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            files.append(url)
        }
        let hook = folder.appendingPathComponent("JournalMigration.swift")
        try FileManager.default.copyItem(at: hookFolder.appendingPathComponent("JournalMigration.swift"), to: hook)
        return files + [hook]
    }

    @Test(arguments: [(5, false, GeneratorOptions.AccessLevel.public), (6, false, .internal), (6, true, .public)])
    func thePlanWithItsHookTypeChecks(swiftVersion: Int, mainActor: Bool, accessLevel: GeneratorOptions.AccessLevel) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("migration-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.writeModule(into: folder, accessLevel: accessLevel)
        #expect(files.contains { $0.lastPathComponent == "JournalMigrationPlan.swift" })
        let result = try TypeCheckHarness.shared().typecheck(
            moduleName: "Journal", moduleFiles: files, swiftVersion: swiftVersion, defaultIsolationMainActor: mainActor)
        #expect(result.isClean, "\(result.summary)")
    }
}

/// The 117-version production history's migration plan (HistoryPlan) type-checks with the current version's classes
/// in Swift 6. Opt-in (`MANAGED_CODEGEN_HISTORY_PLAN=1`, as the history's other plan tests).
@Suite(.enabled(
    if: HistoryPlan.isPresent && HistoryPlan.isOptedIn,
    "../shared/histories is absent or MANAGED_CODEGEN_HISTORY_PLAN is not 1; history migration plan type-check skipped"))
struct HistoryMigrationPlanTypeCheckTests {
    @Test func theRealHistorysPlanTypeChecks() throws {
        let history = try HistoryPlan.make()
        let (result, shipped) = (history.result, history.shipped)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [URL] = []
        for file in result.files where file.kind == .machine || file.kind == .support {
            let url = folder.appendingPathComponent(file.relativePath)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            files.append(url)
        }
        if let hooks = history.hooks {
            let url = folder.appendingPathComponent("WooCommerceMigration.swift")
            try hooks.write(to: url, atomically: true, encoding: .utf8)
            files.append(url)
        }
        let plan = try #require(result.files.first { $0.relativePath == "WooCommerceMigrationPlan.swift" })
        print("history plan: \(shipped.count) versions, \(plan.contents.components(separatedBy: "NSCustomMigrationStage(").count - 1) custom stages, \(plan.contents.utf8.count) bytes")
        let check = try TypeCheckHarness.shared().typecheck(moduleName: "WooCommerce", moduleFiles: files, swiftVersion: 6)
        #expect(check.isClean, "\(check.summary)")
    }
}
