// NSManagedObjectModelReference, the stages and NSStagedMigrationManager: the rules by which Core Data picks a
// store's stage and runs the stages from there (binary, and Apple Developer Forums thread 804902's measurements).

open class NSManagedObjectModelReference: NSObject {
    /// Binary: a reference made with `init(model:versionChecksum:)` keeps its model for its whole life.
    let heldModel: NSManagedObjectModel?
    /// Binary: a reference made with `init(fileURL:versionChecksum:)` is resolved, and released, by the manager.
    let fileURL: URL?
    public let versionChecksum: String

    public init(model: NSManagedObjectModel, versionChecksum: String) {
        heldModel = model
        fileURL = nil
        self.versionChecksum = versionChecksum
    }

    public init(fileURL: URL, versionChecksum: String) {
        heldModel = nil
        self.fileURL = fileURL
        self.versionChecksum = versionChecksum
    }

    /// The model, loaded now from the file when the reference holds none (the caller releases it).
    func resolve() throws -> NSManagedObjectModel {
        if let heldModel { return heldModel }
        guard let fileURL, let model = NSManagedObjectModel(contentsOf: fileURL) else {
            throw ModelError.cocoa(134504, "No model at \(fileURL?.path ?? "?") (NSManagedObjectModelReference).")
        }
        return model
    }
}

open class NSMigrationStage: NSObject {
    open var label: String?
}

open class NSLightweightMigrationStage: NSMigrationStage {
    public let versionChecksums: [String]

    /// Binary: a checksum listed twice raises NSInvalidArgumentException.
    public init(_ checksums: [String]) {
        if Set(checksums).count != checksums.count {
            StagedMigrationModel.raise("NSInvalidArgumentException", "Duplicate version checksums detected.")
        }
        versionChecksums = checksums
    }
}

open class NSCustomMigrationStage: NSMigrationStage {
    public let currentModel: NSManagedObjectModelReference
    public let nextModel: NSManagedObjectModelReference
    /// Apple: run before the stage, the store through `manager.container`.
    open var willMigrateHandler: ((NSStagedMigrationManager, NSCustomMigrationStage) throws -> Void)?
    /// Apple: run after the stage, the store through `manager.container`.
    open var didMigrateHandler: ((NSStagedMigrationManager, NSCustomMigrationStage) throws -> Void)?

    /// Binary: equal references raise NSInvalidArgumentException. The model compares their checksums (two
    /// references to one schema are equal for every rule below).
    public init(migratingFrom currentModel: NSManagedObjectModelReference, to nextModel: NSManagedObjectModelReference) {
        if currentModel.versionChecksum == nextModel.versionChecksum {
            StagedMigrationModel.raise(
                "NSInvalidArgumentException", "The current model reference and the next model reference cannot be equal.")
        }
        self.currentModel = currentModel
        self.nextModel = nextModel
    }
}

open class NSStagedMigrationManager: NSObject {
    public let stages: [NSMigrationStage]
    /// Apple: the container of the store being migrated, for the custom stages' handlers. The model sets it while
    /// a custom stage runs (its store open under the model the stage is at) and releases it after.
    open private(set) var container: NSPersistentContainer?

    /// Apple: `init(_:)`, "Core Data processes the migration stages in the order that you provide them".
    /// Binary: one checksum in two stages raises NSInvalidArgumentException. A custom stage's destination that is
    /// the next custom stage's source is not a duplicate (`custom[1->2]->custom[2->3]` migrates, thread 804902).
    /// Which checksums of a custom stage the binary counts is not recorded: the model counts both, so it is
    /// stricter than Core Data may be (a destination listed again in the next lightweight stage raises here).
    public init(_ stages: [NSMigrationStage]) {
        var seen: Set<String> = []
        var previousDestination: String?
        for stage in stages {
            var own: [String]
            switch stage {
            case let lightweight as NSLightweightMigrationStage:
                own = lightweight.versionChecksums
                previousDestination = nil
            case let custom as NSCustomMigrationStage:
                own = [custom.currentModel.versionChecksum, custom.nextModel.versionChecksum]
                if custom.currentModel.versionChecksum == previousDestination { own.removeFirst() }
                previousDestination = custom.nextModel.versionChecksum
            default:
                own = []
            }
            for checksum in own where !seen.insert(checksum).inserted {
                StagedMigrationModel.raise("NSInvalidArgumentException", "Duplicate version checksums across stages detected.")
            }
        }
        self.stages = stages
    }

    /// Where a store starts (binary): at the lightweight stage listing its checksum, at its index there; at the
    /// custom stage whose source it is; at the stage after the custom stage whose destination it is.
    private func start(of checksum: String) -> (stage: Int, index: Int)? {
        for (position, stage) in stages.enumerated() {
            if let lightweight = stage as? NSLightweightMigrationStage, let index = lightweight.versionChecksums.firstIndex(of: checksum) {
                return (position, index)
            }
            if let custom = stage as? NSCustomMigrationStage {
                if custom.currentModel.versionChecksum == checksum { return (position, -1) }
                if custom.nextModel.versionChecksum == checksum { return (position + 1, -1) }
            }
        }
        return nil
    }

    func migrateStore(at url: URL, store: StoreFile, to model: NSManagedObjectModel, configuration: String?) throws {
        // Binary: a store without a checksum in its metadata (created before iOS 17) is placed by the model cached
        // in the store; without one, 134505.
        guard let storeChecksum = store.checksum ?? store.cachedModelHashes.map(NSManagedObjectModel.checksum) else {
            throw ModelError.noChecksum
        }
        // Binary: a store version no stage names fails with 134504.
        guard var position = start(of: storeChecksum) else { throw ModelError.unknownVersion }
        // Binary: the coordinator's checksum in a lightweight stage before the store's (an earlier stage, or the
        // same stage at a lower index) fails with 134506 (measured: `lightweight[3, 4]->custom[1->2]`, thread 804902).
        let target = model.versionChecksum
        for (index, stage) in stages.enumerated() {
            guard let lightweight = stage as? NSLightweightMigrationStage, let at = lightweight.versionChecksums.firstIndex(of: target) else { continue }
            if index < position.stage || (index == position.stage && at < position.index) { throw ModelError.backwards }
        }
        var current = store
        while position.stage < stages.count {
            // Binary: when every remaining stage is lightweight, only the last runs: straight to the current model
            // below (measured: `lightweight[1]->lightweight[2]->lightweight[3]` needs V1->V3 inferable, thread 804902).
            guard let next = stages[position.stage...].firstIndex(where: { $0 is NSCustomMigrationStage }),
                  let custom = stages[next] as? NSCustomMigrationStage
            else { break }
            let source = try custom.currentModel.resolve()
            if current.hashes != source.entityVersionHashesByName {
                // A lightweight stage takes its stores straight to the next stage's source model (thread 804902:
                // `lightweight[1]->custom[2->3]` migrates V1 by inferring V1->V2).
                guard next > position.stage else {
                    // A custom stage's destination entering a custom stage of another source: no source says what
                    // Core Data does; the planner never writes it, and the model refuses it.
                    throw ModelError.cocoa(134504, "The model does not know this plan: a store at \(NSManagedObjectModel.checksum(current.hashes)) enters the custom stage from \(custom.currentModel.versionChecksum).")
                }
                current = try Migration.lightweight(current, at: url, to: source)
            }
            try run(custom, source: source, store: &current, at: url)
            position = (next + 1, -1)
        }
        if current.hashes != model.entityVersionHashesByName {
            try Migration.lightweight(current, at: url, to: model)
        }
    }

    /// A custom stage: `willMigrateHandler` with the store open under the source model, the migration to the
    /// destination model (inferred: Apple, NSCustomMigrationStage; the stage has no mapping model), then
    /// `didMigrateHandler` with the store open under the destination model.
    private func run(_ stage: NSCustomMigrationStage, source: NSManagedObjectModel, store: inout StoreFile, at url: URL) throws {
        let label = stage.label ?? "custom"
        StagedMigrationModel.record("will\t\(label)")
        try open(url, under: source) { try stage.willMigrateHandler?(self, stage) }
        let destination = try stage.nextModel.resolve()
        store = try Migration.migrate(store, at: url, to: destination, kind: "custom")
        StagedMigrationModel.record("did\t\(label)")
        try open(url, under: destination) { try stage.didMigrateHandler?(self, stage) }
    }

    private func open(_ url: URL, under model: NSManagedObjectModel, _ body: () throws -> Void) throws {
        let container = NSPersistentContainer(name: "StagedMigration", managedObjectModel: model)
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
        var failure: Error?
        container.loadPersistentStores { _, error in failure = error }
        if let failure { throw failure }
        self.container = container
        defer { self.container = nil }
        try body()
    }
}

enum Migration {
    /// An inferred (lightweight) migration of the store to `model`. Whether Core Data can infer it is not modelled:
    /// the tests check each hop with `migration-check` (the lock's verdicts).
    @discardableResult
    static func lightweight(_ store: StoreFile, at url: URL, to model: NSManagedObjectModel) throws -> StoreFile {
        try migrate(store, at: url, to: model, kind: "lightweight")
    }

    static func migrate(_ store: StoreFile, at url: URL, to model: NSManagedObjectModel, kind: String) throws -> StoreFile {
        StagedMigrationModel.record("\(kind)\t\(NSManagedObjectModel.checksum(store.hashes))\t\(model.versionChecksum)")
        // A migrated store records the destination model, its checksum and its cache (the migration writes a new
        // store with the destination model).
        let migrated = StoreFile(model: model)
        try migrated.write(to: url)
        return migrated
    }
}
