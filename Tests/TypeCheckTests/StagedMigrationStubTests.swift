import Foundation
import Testing

/// The stub SDK's staged-migration API (issue 36) has Apple's shapes: code written the way Apple's pages declare
/// it type-checks in the three language modes, and a call with a label Apple does not declare does not.
@Suite("Staged migration API in the stub SDK")
struct StagedMigrationStubTests {
    static let usage = """
        import CoreData

        @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
        func makeManager(bundle: Bundle, modelURL: URL, description: NSPersistentStoreDescription) throws -> NSStagedMigrationManager {
            let checksums: [String: String] = try NSManagedObjectModel.checksumsForVersionedModel(at: modelURL)
            let first = NSManagedObjectModel(contentsOf: modelURL.appendingPathComponent("Model.mom"))!
            let v1 = NSManagedObjectModelReference(model: first, versionChecksum: first.versionChecksum)
            let v2 = NSManagedObjectModelReference(name: "Model", in: bundle, versionChecksum: checksums["Model 2"] ?? "")
            let v3 = NSManagedObjectModelReference(fileURL: modelURL, versionChecksum: v2.versionChecksum)
            let lightweight = NSLightweightMigrationStage([v1.versionChecksum, v2.versionChecksum])
            lightweight.label = "Model -> Model 2"
            let custom = NSCustomMigrationStage(migratingFrom: v2, to: v3)
            custom.willMigrateHandler = { manager, stage in
                guard let container = manager.container else { return }
                let _: NSManagedObjectModel = stage.currentModel.resolvedModel
                try container.viewContext.save()
            }
            custom.didMigrateHandler = nil
            let manager = NSStagedMigrationManager([lightweight, custom])
            let _: [NSMigrationStage] = manager.stages
            let _: [String] = lightweight.versionChecksums
            description.setOption(manager, forKey: NSPersistentStoreStagedMigrationManagerOptionKey)
            return manager
        }

        // What the migration plan's `configure` uses (issue 44), as Apple's pages declare it.
        func storeNeedsMigration(_ description: NSPersistentStoreDescription, model: NSManagedObjectModel) -> Bool {
            guard let url = description.url, url.isFileURL, FileManager.default.fileExists(atPath: url.path) else { return false }
            guard let metadata: [String: Any] = try? NSPersistentStoreCoordinator.metadataForPersistentStore(
                ofType: description.type, at: url, options: description.options)
            else { return false }
            for entity in model.entities { entity.managedObjectClassName = "NSManagedObject" }
            description.shouldMigrateStoreAutomatically = true
            description.shouldInferMappingModelAutomatically = true
            return !model.isConfiguration(withName: description.configuration, compatibleWithStoreMetadata: metadata)
        }

        """

    static func typecheck(_ source: String, swiftVersion: Int, mainActor: Bool = false) throws -> TypeCheckResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("staged-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Usage.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return try TypeCheckHarness.shared().typecheck(
            moduleName: "StagedMigrationUsage", moduleFiles: [file], swiftVersion: swiftVersion, defaultIsolationMainActor: mainActor)
    }

    @Test(arguments: [(5, false), (6, false), (6, true)])
    func appleShapedUsageTypeChecks(swiftVersion: Int, mainActor: Bool) throws {
        let result = try Self.typecheck(Self.usage, swiftVersion: swiftVersion, mainActor: mainActor)
        #expect(result.errors.isEmpty && result.warnings.isEmpty, "\(result.summary)")
    }

    /// `init(migratingFrom:to:)` is the only custom-stage initializer Swift sees: SwiftData's `fromVersion:` label
    /// is refused.
    @Test func aLabelAppleDoesNotDeclareIsRefused() throws {
        let wrong = Self.usage.replacingOccurrences(of: "NSCustomMigrationStage(migratingFrom: v2, to: v3)", with: "NSCustomMigrationStage(fromVersion: v2, toVersion: v3)")
        let result = try Self.typecheck(wrong, swiftVersion: 5)
        #expect(!result.errors.isEmpty)
    }

    /// `isConfiguration(withName:compatibleWithStoreMetadata:)` is Apple's Swift name (CoreData.apinotes), not the
    /// name Swift would derive from the selector.
    @Test func theCompatibilityCheckHasApplesSwiftName() throws {
        let wrong = Self.usage.replacingOccurrences(of: "model.isConfiguration(withName: description.configuration,", with: "model.isConfiguration(description.configuration,")
        #expect(wrong != Self.usage)
        let result = try Self.typecheck(wrong, swiftVersion: 5)
        #expect(!result.errors.isEmpty)
    }
}
