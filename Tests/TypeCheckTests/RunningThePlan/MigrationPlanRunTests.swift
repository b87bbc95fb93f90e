import CodeGeneration
import Foundation
import ManagedModel
import ModelLock
import ModelReader
import Testing

#if os(Linux)
let stagedMigrationModelRuns = true
#else
let stagedMigrationModelRuns = false
#endif
let stagedMigrationModelSkipped = "the staged-migration model is the module CoreData: it runs on Linux only (on macOS it would clash with Apple's Core Data)"

/// The generated plan of each fixture in `Fixtures/MigrationPlan`, made by the pipeline as `generate
/// --migration-plan` makes it, compiled against the executable staged-migration model and run: a store of every
/// locked version opens at the current version (PlanRunCheck).
@Suite("The generated migration plan runs", .enabled(if: stagedMigrationModelRuns, Comment(rawValue: stagedMigrationModelSkipped)))
struct MigrationPlanRunTests {
    static let folder = TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationPlan")

    /// The fixture's current version, its locked versions in the lock's order, and every version in its bundle.
    static func fixture(_ name: String) throws -> (current: Schema, locked: [Schema], all: [Schema]) {
        let bundle = folder.appendingPathComponent("\(name).xcdatamodeld").path
        let lockPath = folder.appendingPathComponent(ModelLock.fileName(modelName: name)).path
        let lock = try ModelLock.parse(String(contentsOfFile: lockPath, encoding: .utf8), path: lockPath)
        let all = try ModelLoader.loadAllVersions(bundle).map(\.schema)
        let locked = lock.versions.compactMap { version in all.first { $0.versionName == version.versionName } }
        return (try ModelLoader.load(bundle).schema, locked, all)
    }

    /// Generates the plan of `name` (from `skipping` locked versions on) and runs a store of each version it plans for.
    static func runPlan(of name: String, hooks: String?, skipping: Int = 0) throws {
        let (current, locked, all) = try fixture(name)
        let input = MigrationPlanInput(
            lockedVersions: Array(locked.dropFirst(skipping)), lockFileName: ModelLock.fileName(modelName: name),
            leftOutVersionNames: locked.prefix(skipping).map(\.versionName))
        let scan = hooks.map { ValidationHookScan.scanning(folders: [TestSupport.packageRoot.appendingPathComponent("Fixtures/Hooks/\($0)").path], skippingPrefix: CodeGenerator.bannerPrefix) } ?? .none
        let result = try CodeGenerator.generate(schema: current, options: .init(), hooks: scan, migration: input)
        let plan = try #require(result.files.first { $0.relativePath == "\(name)MigrationPlan.swift" })
        let app = try StagedMigrationApp.build(plan: plan.contents, typeName: "\(name)MigrationPlan", modelName: name, versions: all, current: current.versionName)
        defer { try? FileManager.default.removeItem(at: app.folder) }
        var order = input.lockedVersions
        if !order.contains(where: { $0.versionName == current.versionName }) { order.append(current) }
        try PlanRunCheck(app: app, order: order, current: current, plan: plan.contents).run()
    }

    @Test func journalWithItsHook() throws { try Self.runPlan(of: "Journal", hooks: "Journal") }

    @Test func journalWithoutItsHook() throws { try Self.runPlan(of: "Journal", hooks: nil) }

    @Test func countersFromItsSecondVersion() throws { try Self.runPlan(of: "Counters", hooks: nil, skipping: 1) }
}
