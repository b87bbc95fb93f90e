import CodeGeneration
import Foundation
import ManagedModel
import ModelLock
import ModelReader
import Testing

/// The 117-version production history in `../shared/histories`, in the order a first `lock` assumes, and its
/// migration plan as `generate --migration-plan` makes it, the app having written every hook the plan asks for: from
/// the version after the last hop lightweight migration cannot infer, as `migration-plan-oldest-version` would start it.
struct HistoryPlan {
    static let bundle = TestSupport.packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/histories/woocommerce__woocommerce-ios__Storage_Storage_Model_WooCommerce.xcdatamodeld/WooCommerce.xcdatamodeld")
    static var isPresent: Bool { FileManager.default.fileExists(atPath: bundle.path) }
    /// The whole history's plan checks run only with `MANAGED_CODEGEN_HISTORY_PLAN=1` (minutes of CPU in CI otherwise).
    static var isOptedIn: Bool { ProcessInfo.processInfo.environment["MANAGED_CODEGEN_HISTORY_PLAN"] == "1" }

    var result: GenerationResult
    /// The versions the plan migrates from, in the lock's order.
    var shipped: [Schema]
    var current: Schema
    /// Every version in the bundle.
    var all: [Schema]
    /// The app's hooks (empty bodies), when the plan asks for any: they are part of the app's module.
    var hooks: String?
    var plan: String { result.files.first { $0.relativePath == "WooCommerceMigrationPlan.swift" }?.contents ?? "" }

    /// The plan through every version, or (`lastVersions`) through the last ones shipped only, the others left out as
    /// `migration-plan-oldest-version` leaves them out (a cheap sample: reading and planning 117 versions is what
    /// costs).
    static func make(lastVersions: Int? = nil) throws -> HistoryPlan {
        let currentModel = try ModelLoader.load(bundle.path)
        let order = ModelLock.assumedShippingOrder(
            naturallyOrdered: currentModel.bundle.versions.map(\.name), current: currentModel.bundle.currentVersionName)
        #expect(order.count == 117)
        let loaded: [Schema]
        if let lastVersions {
            loaded = try order.suffix(lastVersions).map { try ModelLoader.load(bundle.path, version: $0).schema }
        } else {
            loaded = try ModelLoader.loadAllVersions(bundle.path).map(\.schema)
        }
        let schemas = Dictionary(uniqueKeysWithValues: loaded.map { ($0.versionName, $0) })
        var shipped = order.compactMap { schemas[$0] }
        let current = try #require(schemas[currentModel.bundle.currentVersionName])
        var hooksSource: String?
        func generate() throws -> GenerationResult {
            let input = MigrationPlanInput(
                lockedVersions: shipped, lockFileName: "WooCommerce.managed-codegen.lock",
                leftOutVersionNames: Array(order.prefix(order.count - shipped.count)))
            let result = try CodeGenerator.generate(schema: current, options: .init(accessLevel: .public), migration: input)
            // The app has written every hook the plan asks for: each hop's stage then calls its hook.
            let hooks = result.diagnostics.all.filter { $0.ruleID == MigrationPlanRules.missingHook.id }
                .compactMap { $0.message.firstMatch(of: /static func (willMigrate[A-Za-z0-9_]+)\(/)?.output.1 }
            guard !hooks.isEmpty else { return result }
            let source = "import CoreData\n\nextension WooCommerceMigrationPlan {\n"
                + hooks.map { "    nonisolated static func \($0)(_ context: NSManagedObjectContext) throws {}\n" }.joined() + "}\n"
            hooksSource = source
            return try CodeGenerator.generate(
                schema: current, options: .init(accessLevel: .public),
                hooks: ValidationHookScan.scanning([(path: "WooCommerceMigration.swift", text: source)]), migration: input)
        }
        do {
            return HistoryPlan(result: try generate(), shipped: shipped, current: current, all: loaded, hooks: hooksSource)
        } catch let error as DiagnosticsError {
            // Start after the last blocked hop, as `migration-plan-oldest-version` would.
            let blocked = error.diagnostics.all.filter { $0.ruleID == MigrationPlanRules.blockedHop.id }
            let last = try #require(blocked.compactMap { diagnostic in
                shipped.lastIndex { diagnostic.message.contains("to '\($0.versionName)'") }
            }.max())
            print("history plan: \(blocked.count) blocked hops; the plan starts at \(shipped[last].versionName)")
            shipped.removeFirst(last)
            return HistoryPlan(result: try generate(), shipped: shipped, current: current, all: loaded, hooks: hooksSource)
        }
    }
}

/// The history's generated plan run against the staged-migration model: a store of every version it migrates from
/// reaches the current version, with its hooks in order, and never raises (PlanRunCheck). The whole history with
/// `MANAGED_CODEGEN_HISTORY_PLAN=1`; otherwise (CI) the plan of its last 12 versions.
@Suite("The history's migration plan runs", .enabled(
    if: stagedMigrationModelRuns && HistoryPlan.isPresent, "../shared/histories is absent, or not on Linux; history plan run skipped"))
struct HistoryPlanRunTests {
    @Test func aStoreOfEveryShippedVersionOpens() throws {
        let start = Date()
        let history = try HistoryPlan.make(lastVersions: HistoryPlan.isOptedIn ? nil : 12)
        let generated = Date()
        let app = try StagedMigrationApp.build(
            plan: history.plan, typeName: "WooCommerceMigrationPlan", modelName: "WooCommerce", versions: history.all,
            current: history.current.versionName)
        defer { try? FileManager.default.removeItem(at: app.folder) }
        let built = Date()
        var order = history.shipped
        if !order.contains(where: { $0.versionName == history.current.versionName }) { order.append(history.current) }
        try PlanRunCheck(app: app, order: order, current: history.current, plan: history.plan).run()
        print("history plan run: \(StagedMigrationApp.hookNames(calledBy: history.plan).count) hooks, \(history.plan.components(separatedBy: "plan.custom(").count - 1) custom stages")
        print(String(format: "history plan run: generate %.1f s, build %.1f s, stores %.1f s (%@)",
                     generated.timeIntervalSince(start), built.timeIntervalSince(generated), Date().timeIntervalSince(built),
                     "\(history.shipped.count) versions"))
    }
}
