import ManagedModel

/// The validation stage of a model that syncs through `NSPersistentCloudKitContainer`: every synced entity
/// (``CloudKitScope``) against the rules the container enforces when it loads the store (``CloudKitRules``), each
/// broken rule an error at the model element with what to change. Xcode says nothing about them; the app learns of
/// them at launch (Core Data error 134060, "A Core Data error occurred", whose failure reason names the rule).
///
/// The rules: Apple's *Creating a Core Data Model for CloudKit* ("Unique constraints aren't supported", "All
/// relationships must be optional", "All relationships must have an inverse", "The Deny deletion rule is not
/// supported", "Entities in a configuration must not have relationships to entities in another configuration"), and
/// the failure reasons of error 134060 that apps report ("CloudKit integration requires that all attributes be
/// optional, or have a default value set", "… does not support ordered relationships"; CubeLabsNZ/CubeTime#131,
/// Stack Overflow 66380409). Transient properties are not stored, so not synced; a derived attribute's value is
/// computed by the store. Entities outside the synced configurations are not checked.
public enum CloudKitCheck {
    public static func diagnostics(_ schema: Schema, setting: Bool?) -> Diagnostics {
        let scope = CloudKitScope(schema, setting: setting)
        var diagnostics = Diagnostics()
        guard !scope.isEmpty else { return diagnostics }
        let synced = scope.syncedEntities(of: schema)
        let syncedNames = Set(synced.map(\.entity.name))
        for (entity, reason) in synced {
            let tail = " (\(reason)): NSPersistentCloudKitContainer refuses to load the store (Core Data error 134060)"
            if !entity.uniquenessConstraints.isEmpty {
                let list = entity.uniquenessConstraints.map { $0.joined(separator: ", ") }.joined(separator: "; ")
                diagnostics.report(
                    CloudKitRules.uniqueConstraint,
                    "entity \(entity.name) has uniqueness constraints (\(list)), which CloudKit does not support\(tail); "
                        + "remove them and merge duplicates in code",
                    at: entity.location)
            }
            // Inherited properties are checked at the first synced entity that has them: at their own entity when it syncs.
            let owners = (schema.ancestors(of: entity).filter { !syncedNames.contains($0.name) }) + [entity]
            for attribute in owners.flatMap(\.attributes)
            where !attribute.isTransient && !attribute.isDerived && !attribute.isOptional && attribute.defaultValue == nil {
                let unreadable = attribute.unreadableDefaultValue.map { " (its default '\($0)' is not a value of its type)" } ?? ""
                diagnostics.report(
                    CloudKitRules.requiredAttribute,
                    "attribute \(entity.name).\(attribute.name) is required without a default value\(unreadable)\(tail); "
                        + "make it optional or give it a default value",
                    at: attribute.location)
            }
            for relationship in owners.flatMap(\.relationships) where !relationship.isTransient {
                let label = "relationship \(entity.name).\(relationship.name)"
                if !relationship.isOptional {
                    diagnostics.report(
                        CloudKitRules.requiredRelationship, "\(label) is not optional\(tail); make it optional", at: relationship.location)
                }
                if relationship.inverseName == nil {
                    diagnostics.report(
                        CloudKitRules.noInverse,
                        "\(label) has no inverse\(tail); add an inverse relationship on \(relationship.destinationEntity)",
                        at: relationship.location)
                }
                if relationship.deletionRule == .deny {
                    diagnostics.report(
                        CloudKitRules.denyRule,
                        "\(label) has the Deny delete rule, which CloudKit does not support\(tail); use Nullify or Cascade",
                        at: relationship.location)
                }
                if relationship.isToMany && relationship.isOrdered {
                    diagnostics.report(
                        CloudKitRules.orderedRelationship,
                        "\(label) is ordered, which CloudKit does not support\(tail); make it unordered and keep the order in an attribute",
                        at: relationship.location)
                }
            }
        }
        for store in scope.stores {
            guard let configuration = store.configuration else { continue }
            let members = Set(store.entityNames)
            for entity in schema.entities where members.contains(entity.name) {
                for relationship in schema.allRelationships(of: entity) where !relationship.isTransient && !members.contains(relationship.destinationEntity) {
                    diagnostics.report(
                        CloudKitRules.crossConfiguration,
                        "relationship \(entity.name).\(relationship.name) leads to \(relationship.destinationEntity), which is not in the "
                            + "configuration '\(configuration)' (\(store.reason)): entities of a configuration must not have "
                            + "relationships to entities of another; add \(relationship.destinationEntity) to '\(configuration)' or remove the relationship",
                        at: relationship.location)
                }
            }
        }
        return diagnostics
    }
}
