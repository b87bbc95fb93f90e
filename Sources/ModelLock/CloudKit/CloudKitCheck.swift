import CoreDataMapping
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
/// Stack Overflow 66380409). Core Data's validator walks `attributesByName` and `relationshipsByName` of every synced
/// entity (read in the iOS 26.1 CoreData binary, `PFCloudKitModelValidator`): transient and derived properties are
/// checked like the others, and the Undefined and Object ID types are refused ("CloudKit integration does not support
/// all attribute types"). Entities outside the synced configurations are not checked.
///
/// A store the app loads without CloudKit (`NSPersistentContainer`, or a description without
/// `cloudKitContainerOptions`) loads whatever the marks say: each error names both ways out, fixing the model or
/// clearing the mark (``CloudKitScope/Store/unmarking``).
package enum CloudKitCheck {
    package static func diagnostics(_ schema: Schema, setting: Bool?) -> Diagnostics {
        let scope = CloudKitScope(schema, setting: setting)
        var diagnostics = Diagnostics()
        guard !scope.isEmpty else { return diagnostics }
        let synced = scope.syncedEntities(of: schema)
        let syncedNames = Set(synced.map(\.entity.name))
        for (entity, store) in synced {
            let tail = " (\(store.reason)): NSPersistentCloudKitContainer refuses to load the store (Core Data error 134060)"
            let orUnmark = "; or, if this store does not sync, \(store.unmarking)"
            if !entity.uniquenessConstraints.isEmpty {
                let list = entity.uniquenessConstraints.map { $0.joined(separator: ", ") }.joined(separator: "; ")
                diagnostics.report(
                    CloudKitRules.uniqueConstraint,
                    "entity \(entity.name) has uniqueness constraints (\(list)), which CloudKit does not support\(tail); "
                        + "remove them and merge duplicates in code\(orUnmark)",
                    at: entity.location)
            }
            // Inherited properties are checked at the first synced entity that has them: at their own entity when it syncs.
            let owners = (schema.ancestors(of: entity).filter { !syncedNames.contains($0.name) }) + [entity]
            for attribute in owners.flatMap(\.attributes) {
                let label = "\(attributeKind(attribute)) \(entity.name).\(attribute.name)"
                if attribute.type == .undefined || attribute.type == .objectID {
                    diagnostics.report(
                        CloudKitRules.unsupportedAttributeType,
                        "\(label) has type \(attribute.type == .objectID ? "Object ID" : "Undefined"), which CloudKit does not "
                            + "support\(tail); give it another type or move it to an entity that does not sync\(orUnmark)",
                        at: attribute.location)
                }
                if attribute.requiresValueInCompiledModel {
                    let unreadable = attribute.unreadableDefaultValue.map { " (its default '\($0)' is not a value of its type)" } ?? ""
                    let advice = attribute.isDerived
                        ? "make it optional (a derived attribute takes no default value)" : "make it optional or give it a default value"
                    diagnostics.report(
                        CloudKitRules.requiredAttribute,
                        "\(label) is required without a default value\(unreadable)\(tail); \(advice)\(orUnmark)",
                        at: attribute.location)
                }
            }
            for relationship in owners.flatMap(\.relationships) {
                let label = "\(relationship.isTransient ? "transient relationship" : "relationship") \(entity.name).\(relationship.name)"
                if !relationship.isOptional {
                    diagnostics.report(
                        CloudKitRules.requiredRelationship, "\(label) is not optional\(tail); make it optional\(orUnmark)",
                        at: relationship.location)
                }
                if relationship.inverseName == nil {
                    diagnostics.report(
                        CloudKitRules.noInverse,
                        "\(label) has no inverse\(tail); add an inverse relationship on \(relationship.destinationEntity)\(orUnmark)",
                        at: relationship.location)
                }
                if relationship.deletionRule == .deny {
                    diagnostics.report(
                        CloudKitRules.denyRule,
                        "\(label) has the Deny delete rule, which CloudKit does not support\(tail); use Nullify or Cascade\(orUnmark)",
                        at: relationship.location)
                }
                if relationship.isToMany && relationship.isOrdered {
                    diagnostics.report(
                        CloudKitRules.orderedRelationship,
                        "\(label) is ordered, which CloudKit does not support\(tail); make it unordered and keep the order in an "
                            + "attribute\(orUnmark)",
                        at: relationship.location)
                }
            }
        }
        for store in scope.stores {
            guard let configuration = store.configuration else { continue }
            let members = Set(store.entityNames)
            for entity in schema.entities where members.contains(entity.name) {
                for relationship in schema.allRelationships(of: entity) where !members.contains(relationship.destinationEntity) {
                    diagnostics.report(
                        CloudKitRules.crossConfiguration,
                        "relationship \(entity.name).\(relationship.name) leads to \(relationship.destinationEntity), which is not in the "
                            + "configuration '\(configuration)' (\(store.reason)): entities of a configuration must not have "
                            + "relationships to entities of another; add \(relationship.destinationEntity) to '\(configuration)' or remove the relationship; "
                            + "or, if this store does not sync, \(store.unmarking)",
                        at: relationship.location)
                }
            }
        }
        return diagnostics
    }

    /// "attribute", "transient attribute", "derived attribute": the validator checks all three alike.
    static func attributeKind(_ attribute: Attribute) -> String {
        attribute.isDerived ? "derived attribute" : attribute.isTransient ? "transient attribute" : "attribute"
    }
}
