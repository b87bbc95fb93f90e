import Foundation
import ManagedModel
import Testing

/// The staged-migration model bites: hand-written plans Core Data refuses are refused by the model with Core Data's
/// exception or error, and the rules the generated plans are checked against each fail a plan that breaks them.
/// One app holds every case (`PLAN_CASE` picks it).
@Suite("The staged-migration model", .enabled(if: stagedMigrationModelRuns, Comment(rawValue: stagedMigrationModelSkipped)))
struct StagedMigrationModelTests {
    static let plan = """
        import CoreData
        import Foundation

        enum HandWrittenPlan {
            static func makeStagedMigrationManager(in bundle: Bundle) throws -> NSStagedMigrationManager {
                let momd = bundle.url(forResource: "Journal", withExtension: "momd")!
                func held(_ version: String) -> NSManagedObjectModelReference {
                    let model = NSManagedObjectModel(contentsOf: momd.appendingPathComponent(version + ".mom"))!
                    return NSManagedObjectModelReference(model: model, versionChecksum: model.versionChecksum)
                }
                func file(_ version: String) -> NSManagedObjectModelReference {
                    let url = momd.appendingPathComponent(version + ".mom")
                    return NSManagedObjectModelReference(fileURL: url, versionChecksum: NSManagedObjectModel(contentsOf: url)!.versionChecksum)
                }
                switch ProcessInfo.processInfo.environment["PLAN_CASE"] ?? "" {
                case "checksum twice in a stage":
                    return NSStagedMigrationManager([NSLightweightMigrationStage([held("Journal").versionChecksum, held("Journal").versionChecksum])])
                case "custom stage between equal checksums":
                    // 'Journal 3' has the store schema of 'Journal 2': one checksum.
                    return NSStagedMigrationManager([NSCustomMigrationStage(migratingFrom: held("Journal 2"), to: held("Journal 3"))])
                case "checksum in two stages":
                    return NSStagedMigrationManager([
                        NSLightweightMigrationStage([held("Journal 2").versionChecksum]), NSLightweightMigrationStage([held("Journal 3").versionChecksum]),
                    ])
                case "class names after use":
                    let model = NSManagedObjectModel(contentsOf: momd.appendingPathComponent("Journal.mom"))!
                    _ = NSPersistentStoreCoordinator(managedObjectModel: model)
                    for entity in model.entities { entity.managedObjectClassName = "NSManagedObject" }
                    return NSStagedMigrationManager([])
                case "held references":
                    let stage = NSCustomMigrationStage(migratingFrom: held("Journal 4"), to: held("Journal 5"))
                    stage.willMigrateHandler = { manager, _ in
                        let context = manager.container!.newBackgroundContext()
                        try context.performAndWait { try willMigrateJournal4ToJournal5(context) }
                    }
                    return NSStagedMigrationManager([NSLightweightMigrationStage([held("Journal").versionChecksum]), stage])
                case "file references":
                    return NSStagedMigrationManager([NSLightweightMigrationStage([file("Journal").versionChecksum]), NSCustomMigrationStage(migratingFrom: file("Journal 4"), to: file("Journal 5"))])
                default:
                    return NSStagedMigrationManager([
                        NSLightweightMigrationStage([held("Journal").versionChecksum, held("Journal 4").versionChecksum, held("Journal 5").versionChecksum]),
                    ])
                }
            }

        }
        """

    static func app() throws -> StagedMigrationApp {
        let (current, _, all) = try MigrationPlanRunTests.fixture("Journal")
        return try StagedMigrationApp.build(plan: plan, typeName: "HandWrittenPlan", modelName: "Journal", versions: all, current: current.versionName)
    }

    /// One app for every case (one compilation: CI's time).
    @Test func handWrittenPlans() throws {
        let app = try Self.app()
        defer { try? FileManager.default.removeItem(at: app.folder) }
        try theUncatchableRaisesTerminateTheApp(app)
        try loadingErrors(app)
        try heldModelsClaimTheAppsClasses(app)
    }

    func theUncatchableRaisesTerminateTheApp(_ app: StagedMigrationApp) throws {
        try app.createStore("journal", version: "Journal")
        let invalidArgument = "NSInvalidArgumentException"
        for (planCase, exception, reason) in [
            ("checksum twice in a stage", invalidArgument, "Duplicate version checksums detected."),
            ("custom stage between equal checksums", invalidArgument, "The current model reference and the next model reference cannot be equal."),
            ("checksum in two stages", invalidArgument, "Duplicate version checksums across stages detected."),
            ("class names after use", "NSInternalInconsistencyException", "Can't modify an immutable model."),
        ] {
            let run = try app.open("journal", environment: ["PLAN_CASE": planCase])
            #expect(run.raised == "\(exception)\t\(reason)", "\(planCase): \(run)")
            #expect(run.status == 134, "\(planCase): \(run)")
            #expect(run.result == nil, "\(planCase): \(run)")
        }
    }

    func loadingErrors(_ app: StagedMigrationApp) throws {
        // The container at 'Journal' (listed before 'Journal 4' in the stage): the store cannot go back.
        try app.createStore("journal4", version: "Journal 4")
        #expect(try app.open("journal4", options: ["container=Journal"]).result?.prefix(2) == ["error", "134506"])
        // 'Journal 2' is in no stage of the default plan.
        try app.createStore("journal2", version: "Journal 2")
        #expect(try app.open("journal2").result?.prefix(2) == ["error", "134504"])
        // Staged migration needs both automatic options.
        try app.createStore("options", version: "Journal")
        #expect(try app.open("options", options: ["options-off"]).result?.prefix(2) == ["error", "134100"])
        // A store created before iOS 17 has no checksum: the model cached in the store places it, else 134505.
        try app.createStore("cached", version: "Journal", beforeIOS17: true)
        #expect(try app.open("cached").result?.first == "opened")
        try app.createStore("uncached", version: "Journal", beforeIOS17: true, modelCached: false)
        #expect(try app.open("uncached").result?.prefix(2) == ["error", "134505"])
        // Every remaining stage lightweight: one migration, straight to the current model.
        let straight = try app.open("options")
        #expect(straight.events.filter { $0.first == "lightweight" }.count == 1, "\(straight)")
        #expect(straight.result?.first == "opened", "\(straight)")
    }

    /// References made with a model keep it: its entities claim the app's classes beside the container's model.
    /// References made with a file are resolved and released by the manager. The custom stage's context is open
    /// under the stage's source model.
    func heldModelsClaimTheAppsClasses(_ app: StagedMigrationApp) throws {
        try app.createStore("held", version: "Journal")
        let held = try app.open("held", environment: ["PLAN_CASE": "held references"])
        #expect(held.result?.first == "opened", "\(held)")
        #expect(held.claims["Entry"] ?? 0 > 1, "\(held)")
        let checksums = try app.checksums(of: ["Journal 4"])
        #expect(held.hookCalls.map(\.name) == ["willMigrateJournal4ToJournal5"], "\(held)")
        #expect(held.hookCalls.first?.checksum == checksums["Journal 4"], "\(held)")
        #expect(held.hookCalls.first?.classes.contains("Entry") == true, "\(held)")
        try app.createStore("file", version: "Journal")
        let file = try app.open("file", environment: ["PLAN_CASE": "file references"])
        #expect(file.result?.first == "opened", "\(file)")
        #expect(file.claims["Entry"] == 1, "\(file)")
    }
}
