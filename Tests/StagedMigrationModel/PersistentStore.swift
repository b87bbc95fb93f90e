// Stores, descriptions, coordinators, containers and contexts. A store is a JSON file at the description's URL:
// {"metadata": {"NSStoreType", "NSStoreModelVersionHashes": {entity: base64}, checksum key (absent in a store
// created before iOS 17)}, "modelCache": {entity: base64} (absent: no model cached in the store)}.

public let NSSQLiteStoreType = "SQLite"
public let NSStoreTypeKey = "NSStoreType"
/// Apple: NSStoreModelVersionHashesKey, "the version hash information for the model used to create the store".
public let NSStoreModelVersionHashesKey = "NSStoreModelVersionHashes"
/// Apple: NSPersistentStoreModelVersionChecksumKey (macOS 15 / iOS 18 in the SDK; binary: staged migration reads the
/// store's checksum from its metadata). Its string value is the model's.
public let NSPersistentStoreModelVersionChecksumKey = "NSPersistentStoreModelVersionChecksumKey"
/// Apple: NSPersistentStoreStagedMigrationManagerOptionKey, "the key for specifying your staged migration manager".
public let NSPersistentStoreStagedMigrationManagerOptionKey = "NSPersistentStoreStagedMigrationManagerOptionKey"
public let NSMigratePersistentStoresAutomaticallyOption = "NSMigratePersistentStoresAutomaticallyOption"
public let NSInferMappingModelAutomaticallyOption = "NSInferMappingModelAutomaticallyOption"

/// The store file: its metadata and the model cached in it.
struct StoreFile {
    var hashes: [String: Data]
    var checksum: String?
    var cachedModelHashes: [String: Data]?

    var metadata: [String: Any] {
        var metadata: [String: Any] = [NSStoreTypeKey: NSSQLiteStoreType, NSStoreModelVersionHashesKey: hashes]
        metadata[NSPersistentStoreModelVersionChecksumKey] = checksum
        return metadata
    }

    /// A store written by `model`: its hashes, its checksum (stores created before iOS 17 have none), its model.
    init(model: NSManagedObjectModel, recordsChecksum: Bool = true, cachesModel: Bool = true) {
        hashes = model.entityVersionHashesByName
        checksum = recordsChecksum ? model.versionChecksum : nil
        cachedModelHashes = cachesModel ? hashes : nil
    }

    init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let metadata = json["metadata"] as? [String: Any],
              let hashes = metadata[NSStoreModelVersionHashesKey] as? [String: String]
        else { throw ModelError.cocoa(259, "The file “\(url.lastPathComponent)” is not a store of the model.") }
        func decode(_ hashes: [String: String]) -> [String: Data] { hashes.mapValues { Data(base64Encoded: $0) ?? Data() } }
        self.hashes = decode(hashes)
        checksum = metadata[NSPersistentStoreModelVersionChecksumKey] as? String
        cachedModelHashes = (json["modelCache"] as? [String: String]).map(decode)
    }

    func write(to url: URL) throws {
        func encode(_ hashes: [String: Data]) -> [String: String] { hashes.mapValues { $0.base64EncodedString() } }
        var metadata: [String: Any] = [NSStoreTypeKey: NSSQLiteStoreType, NSStoreModelVersionHashesKey: encode(hashes)]
        metadata[NSPersistentStoreModelVersionChecksumKey] = checksum
        var json: [String: Any] = ["metadata": metadata]
        json["modelCache"] = cachedModelHashes.map(encode)
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: url)
    }
}

open class NSPersistentStore: NSObject {
    open var url: URL?
    open var metadata: [String: Any]!
    init(url: URL, metadata: [String: Any]) {
        self.url = url
        self.metadata = metadata
    }
}

open class NSPersistentStoreDescription: NSObject {
    open var url: URL?
    open var type: String = NSSQLiteStoreType
    open var configuration: String?
    /// Apple: NSPersistentStoreDescription `options`. The two automatic-migration properties are kept here under
    /// their option keys, on by default (Apple: `shouldMigrateStoreAutomatically`, `shouldInferMappingModel
    /// Automatically`, "The default value is true"); either spelling sets them in the model.
    open private(set) var options: [String: NSObject] = [
        NSMigratePersistentStoresAutomaticallyOption: NSNumber(value: true),
        NSInferMappingModelAutomaticallyOption: NSNumber(value: true),
    ]

    public init(url: URL) { self.url = url }

    open func setOption(_ option: NSObject?, forKey key: String) { options[key] = option }

    open var shouldMigrateStoreAutomatically: Bool {
        get { (options[NSMigratePersistentStoresAutomaticallyOption] as? NSNumber)?.boolValue ?? false }
        set { options[NSMigratePersistentStoresAutomaticallyOption] = NSNumber(value: newValue) }
    }
    open var shouldInferMappingModelAutomatically: Bool {
        get { (options[NSInferMappingModelAutomaticallyOption] as? NSNumber)?.boolValue ?? false }
        set { options[NSInferMappingModelAutomaticallyOption] = NSNumber(value: newValue) }
    }
}

open class NSPersistentStoreCoordinator: NSObject {
    public let managedObjectModel: NSManagedObjectModel
    open private(set) var persistentStores: [NSPersistentStore] = []

    public init(managedObjectModel model: NSManagedObjectModel) {
        managedObjectModel = model
        model.isUsedByObjectGraphManager = true
    }

    /// Apple: `metadataForPersistentStore(ofType:at:options:)`, the store's metadata without opening it.
    open class func metadataForPersistentStore(ofType storeType: String, at url: URL, options: [AnyHashable: Any]? = nil) throws -> [String: Any] {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ModelError.cocoa(260, "The file “\(url.lastPathComponent)” couldn’t be opened because there is no such file.")
        }
        return try StoreFile(contentsOf: url).metadata
    }

    /// Opens the store a description names, as `loadPersistentStores` does: creates it, opens it when the model
    /// matches it, or migrates it.
    func addPersistentStore(with description: NSPersistentStoreDescription) throws {
        guard let url = description.url else { throw ModelError.cocoa(134070, "The store description has no URL.") }
        if !FileManager.default.fileExists(atPath: url.path) {
            try StoreFile(model: managedObjectModel, recordsChecksum: StagedMigrationModel.storesRecordChecksum,
                          cachesModel: StagedMigrationModel.storesCacheModel).write(to: url)
            StagedMigrationModel.record("create\t\(managedObjectModel.versionChecksum)")
        } else {
            let store = try StoreFile(contentsOf: url)
            // Apple (Migrating stores / isConfiguration(withName:compatibleWithStoreMetadata:)): a store whose
            // entity hashes match the model opens without migration; no stage runs.
            if !managedObjectModel.isConfiguration(withName: description.configuration, compatibleWithStoreMetadata: store.metadata) {
                // Binary: staged migration needs both automatic options on (else 134100); without them there is
                // no migration at all (Apple: NSPersistentStoreIncompatibleVersionHashError).
                guard description.shouldMigrateStoreAutomatically && description.shouldInferMappingModelAutomatically else {
                    throw ModelError.incompatible
                }
                if let manager = description.options[NSPersistentStoreStagedMigrationManagerOptionKey] as? NSStagedMigrationManager {
                    try manager.migrateStore(at: url, store: store, to: managedObjectModel, configuration: description.configuration)
                } else {
                    // Without a manager: automatic lightweight migration straight to the current model (Apple,
                    // "Using Lightweight Migration").
                    try Migration.lightweight(store, at: url, to: managedObjectModel)
                }
            }
        }
        persistentStores.append(NSPersistentStore(url: url, metadata: try StoreFile(contentsOf: url).metadata))
    }
}

open class NSPersistentContainer: NSObject {
    public let name: String
    public let managedObjectModel: NSManagedObjectModel
    public let persistentStoreCoordinator: NSPersistentStoreCoordinator
    open var persistentStoreDescriptions: [NSPersistentStoreDescription]

    public init(name: String, managedObjectModel model: NSManagedObjectModel) {
        self.name = name
        managedObjectModel = model
        persistentStoreCoordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        persistentStoreDescriptions = [NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null/\(name).sqlite"))]
    }

    /// Apple: `loadPersistentStores(completionHandler:)`, once per description, the error in the handler.
    open func loadPersistentStores(completionHandler block: (NSPersistentStoreDescription, Error?) -> Void) {
        for description in persistentStoreDescriptions {
            do {
                try persistentStoreCoordinator.addPersistentStore(with: description)
                block(description, nil)
            } catch {
                block(description, error)
            }
        }
    }

    open lazy var viewContext = NSManagedObjectContext(coordinator: persistentStoreCoordinator)

    /// Apple: `newBackgroundContext()`, a private-queue context of the container's coordinator.
    open func newBackgroundContext() -> NSManagedObjectContext { NSManagedObjectContext(coordinator: persistentStoreCoordinator) }
}

open class NSManagedObjectContext: NSObject {
    open var persistentStoreCoordinator: NSPersistentStoreCoordinator?
    /// The model holds no rows: a hook changes nothing it could save.
    open var hasChanges: Bool { false }

    init(coordinator: NSPersistentStoreCoordinator) { persistentStoreCoordinator = coordinator }

    open func save() throws {}

    /// Apple: `performAndWait(_:)` runs the block on the context's queue and returns its value.
    open func performAndWait<T>(_ block: () throws -> T) rethrows -> T { try block() }
}
