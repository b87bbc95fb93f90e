import ManagedModel

/// What of a model `NSPersistentCloudKitContainer` syncs: the entities of the configurations marked "Used with
/// CloudKit", or every entity when the model itself is marked (or `cloudkit: true` says so and no configuration is
/// marked). `cloudkit: false` syncs nothing: a model Xcode's template marked that the app never syncs.
///
/// Core Data's `Default` configuration holds every entity (Xcode writes no members for it).
package struct CloudKitScope: Hashable, Sendable {
    /// One synced group of entities, with why it syncs (for messages).
    package struct Store: Hashable, Sendable {
        /// The marked configuration; nil for the whole model.
        package var configuration: String?
        package var entityNames: [String]
        /// "the model is marked Used with CloudKit", "configuration 'Cloud' is marked Used with CloudKit".
        package var reason: String
        /// How to say the store does not sync, for an app that loads it with `NSPersistentContainer` (or without
        /// `cloudKitContainerOptions`): such a store loads whatever the mark says, so the mark alone is no error.
        package var unmarking: String
    }

    package var stores: [Store]

    /// `setting`: `cloudkit` of the config file (or `--cloudkit`); nil follows the model's marks.
    package init(_ schema: Schema, setting: Bool?) {
        stores = []
        guard setting != false else { return }
        let everyEntity = schema.entities.map(\.name)
        for configuration in schema.configurations where configuration.usedWithCloudKit {
            let members = configuration.name == "Default" && configuration.memberEntities.isEmpty
                ? everyEntity : configuration.memberEntities
            stores.append(Store(
                configuration: configuration.name == "Default" ? nil : configuration.name, entityNames: members,
                reason: "configuration '\(configuration.name)' is marked Used with CloudKit",
                unmarking: "clear Used with CloudKit on configuration '\(configuration.name)' in Xcode's Data Model inspector, or set `cloudkit: false`"))
        }
        if schema.usedWithCloudKit {
            stores.insert(Store(
                configuration: nil, entityNames: everyEntity, reason: "the model is marked Used with CloudKit",
                unmarking: "clear Used with CloudKit in Xcode's Data Model inspector, or set `cloudkit: false`"), at: 0)
        } else if setting == true && stores.isEmpty {
            stores.append(Store(
                configuration: nil, entityNames: everyEntity, reason: "`cloudkit: true` is set", unmarking: "remove `cloudkit: true`"))
        }
    }

    package var isEmpty: Bool { stores.isEmpty }

    /// Each synced entity once, in the model's order, with the first store that syncs it.
    package func syncedEntities(of schema: Schema) -> [(entity: Entity, store: Store)] {
        var owners: [String: Store] = [:]
        for store in stores {
            for name in store.entityNames where owners[name] == nil { owners[name] = store }
        }
        return schema.entities.compactMap { entity in owners[entity.name].map { (entity, $0) } }
    }
}
