// NSManagedObjectModel and NSEntityDescription as the migration plan uses them, read from the fake compiled models
// the tests write: `<Model>.momd/VersionInfo.plist` (`NSManagedObjectModel_CurrentVersionName`) and one
// `<version>.mom` per version, JSON: {"entities": [{"name", "versionHash" (hex), "managedObjectClassName"}]}.
// The entity hashes are the lock's (Sources/ModelLock/StoreFingerprint.swift): the model is only as good as the
// lock's agreement with Core Data on which versions are one schema.

open class NSEntityDescription: NSObject {
    open var name: String?
    /// Apple: "The name of the class that represents the entity" (NSEntityDescription `managedObjectClassName`);
    /// Special Considerations: editable until the model is used by an object graph manager, it raises after.
    open var managedObjectClassName: String! {
        didSet {
            if managedObjectModel?.isUsedByObjectGraphManager == true {
                StagedMigrationModel.raise("NSInternalInconsistencyException", "Can't modify an immutable model.")
            }
        }
    }
    /// Apple: NSEntityDescription `versionHash`; here the lock's entity hash.
    open internal(set) var versionHash: Data
    open internal(set) weak var managedObjectModel: NSManagedObjectModel?

    init(name: String, versionHash: Data, managedObjectClassName: String) {
        self.name = name
        self.versionHash = versionHash
        self.managedObjectClassName = managedObjectClassName
    }
}

open class NSManagedObjectModel: NSObject, NSCopying {
    /// Set when a coordinator uses the model (Apple, NSManagedObjectModel `entities`, Special Considerations: the
    /// model is not editable once "used by an object graph manager"). Its copy is editable.
    var isUsedByObjectGraphManager = false

    open var entities: [NSEntityDescription] {
        didSet { entities.forEach { $0.managedObjectModel = self } }
    }

    public init(entities: [NSEntityDescription]) {
        self.entities = entities
        super.init()
        entities.forEach { $0.managedObjectModel = self }
        StagedMigrationModel.register(self)
    }

    public override convenience init() { self.init(entities: []) }

    /// Apple: `init?(contentsOf:)` reads a `.mom` file, or a `.momd` folder's current version.
    public convenience init?(contentsOf url: URL) {
        var file = url
        if url.pathExtension == "momd" {
            guard let data = try? Data(contentsOf: url.appendingPathComponent("VersionInfo.plist")),
                  let info = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                  let current = info["NSManagedObjectModel_CurrentVersionName"] as? String
            else { return nil }
            file = url.appendingPathComponent(current + ".mom")
        }
        guard let data = try? Data(contentsOf: file),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entities = json["entities"] as? [[String: String]]
        else { return nil }
        self.init(entities: entities.map {
            NSEntityDescription(
                name: $0["name"] ?? "", versionHash: Data(hex: $0["versionHash"] ?? ""),
                managedObjectClassName: $0["managedObjectClassName"] ?? "NSManagedObject")
        })
        StagedMigrationModel.record("load\t\(file.lastPathComponent)")
    }

    open var entitiesByName: [String: NSEntityDescription] {
        Dictionary(entities.compactMap { entity in entity.name.map { ($0, entity) } }, uniquingKeysWith: { first, _ in first })
    }

    /// Apple: NSManagedObjectModel `entityVersionHashesByName`.
    open var entityVersionHashesByName: [String: Data] { entitiesByName.mapValues(\.versionHash) }

    /// Binary: SHA-256 over the entities' version hashes, entities sorted by name, base64. The class names are not
    /// in it (nor in `versionHash`: Apple, NSEntityDescription `versionHash`), so a copy renamed to
    /// `NSManagedObject` keeps its checksum.
    open var versionChecksum: String {
        Self.checksum(entityVersionHashesByName)
    }

    static func checksum(_ hashes: [String: Data]) -> String {
        Data(SHA256.digest(hashes.sorted { $0.key < $1.key }.flatMap { Array($0.value) })).base64EncodedString()
    }

    /// Apple: `isConfiguration(withName:compatibleWithStoreMetadata:)` compares the entity version hashes in the
    /// store's metadata (`NSStoreModelVersionHashesKey`) with the model's.
    open func isConfiguration(withName configuration: String?, compatibleWithStoreMetadata metadata: [String: Any]) -> Bool {
        (metadata[NSStoreModelVersionHashesKey] as? [String: Data]) == entityVersionHashesByName
    }

    /// Apple: NSManagedObjectModel conforms to NSCopying; the copy's entities are copies.
    open func copy(with zone: NSZone? = nil) -> Any {
        NSManagedObjectModel(entities: entities.map {
            NSEntityDescription(name: $0.name ?? "", versionHash: $0.versionHash, managedObjectClassName: $0.managedObjectClassName)
        })
    }
}

open class NSManagedObject: NSObject {
    /// Apple: `class func entity() -> NSEntityDescription`, imported non-optional; nil when live models claim the
    /// class more than once ("Multiple NSEntityDescriptions claim the NSManagedObject subclass", docs/core-data-
    /// runtime.md "`+entity` can be nil"; thread 779255) or not at all.
    open class func entity() -> NSEntityDescription! {
        let claims = StagedMigrationModel.entities(claiming: String(describing: self))
        return claims.count == 1 ? claims[0] : nil
    }
}

extension Data {
    init(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), next > index {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        self.init(bytes)
    }
}
