import ManagedModel

/// What `generate` reports about an entity `NSPersistentCloudKitContainer` syncs (``CloudKitCheck``): one row per
/// rule the container enforces when it loads the store. The table of WarningsAndErrors.md, "CloudKit", is rendered
/// from ``all``. Sources: Apple's *Creating a Core Data Model for CloudKit* (its table of "CloudKit schema
/// limitation"s), the Core Data error 134060 texts apps report, and what the validator walks (every attribute and
/// relationship of a synced entity, transient and derived ones too; docs/core-data-runtime.md, "CloudKit"). Each
/// error also names the other way out: a store the app loads without CloudKit (`NSPersistentContainer`, or no
/// `cloudKitContainerOptions`) loads whatever the mark says, so clearing the mark (or `cloudkit: false`) is one.
package enum CloudKitRules {
    package static let uniqueConstraint = Rule(
        "cloudkit.unique-constraint", .error,
        summary: "a synced entity with uniqueness constraints",
        documentation: "Apple: \"Unique constraints aren't supported\"; the store does not load (error 134060). Remove the "
            + "constraints and de-duplicate in code")
    package static let requiredAttribute = Rule(
        "cloudkit.required-attribute", .error,
        summary: "a synced entity's attribute (transient and derived ones too) that is required and has no default value",
        documentation: "error 134060, \"CloudKit integration requires that all attributes be optional, or have a default value "
            + "set\": make it optional or give it a default value (a derived attribute takes no default: make it optional). "
            + "An integer, Boolean or floating-point default whose text is not of its type still counts: momc compiles it "
            + "to a number")
    package static let unsupportedAttributeType = Rule(
        "cloudkit.unsupported-attribute-type", .error,
        summary: "a synced entity's attribute of type Undefined or Object ID (transient ones too)",
        documentation: "error 134060, \"CloudKit integration does not support all attribute types\": give it another type, "
            + "or move it to an entity that does not sync")
    package static let requiredRelationship = Rule(
        "cloudkit.required-relationship", .error,
        summary: "a synced entity's relationship that is not optional (a to-many and a transient one too)",
        documentation: "Apple: \"All relationships must be optional\" (changes may not be saved atomically); error 134060: make it optional")
    package static let noInverse = Rule(
        "cloudkit.no-inverse", .error,
        summary: "a synced entity's relationship without an inverse",
        documentation: "Apple: \"All relationships must have an inverse, in case the records synchronize out of order\": add one")
    package static let denyRule = Rule(
        "cloudkit.deny-rule", .error,
        summary: "a synced entity's relationship with the Deny delete rule",
        documentation: "Apple: the Deny deletion rule is not supported: use Nullify or Cascade")
    package static let orderedRelationship = Rule(
        "cloudkit.ordered-relationship", .error,
        summary: "a synced entity's ordered to-many relationship",
        documentation: "error 134060, \"CloudKit integration does not support ordered relationships\": make it unordered "
            + "(keep the order in an attribute)")
    package static let crossConfiguration = Rule(
        "cloudkit.cross-configuration", .error,
        summary: "a relationship from an entity of a configuration marked Used with CloudKit to an entity outside it",
        documentation: "Apple: \"Entities in a configuration must not have relationships to entities in another "
            + "configuration\": add the destination to the configuration, or drop the relationship")

    package static let all: [Rule] = [
        uniqueConstraint, requiredAttribute, unsupportedAttributeType, requiredRelationship, noInverse, denyRule, orderedRelationship, crossConfiguration,
    ]

    /// The table of WarningsAndErrors.md, "CloudKit".
    package static func markdownTable() -> String {
        Rule.markdownTable(all, header: ["Found", "Severity", "Why, and what to change", "ID"]) {
            [$0.summary, $0.severity.documented, $0.documentation, "`\($0.id)`"]
        }
    }
}
