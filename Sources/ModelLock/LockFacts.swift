import ManagedModel

/// What the lock records (``StoreFingerprint``): one row per element, its summary the facts Core Data hashes
/// (changing one trips the lock: an error), its documentation those it does not (edit freely). The table of
/// ModelLock.md, "What the lock records", is rendered from ``all``.
package enum LockFacts {
    package static let property = Rule(
        "lock.property", .error,
        summary: "name, optional, `versionHashModifier` (transient properties are left out entirely)",
        documentation: "renaming identifier, user info, validation rules, default value")
    package static let attribute = Rule(
        "lock.attribute", .error,
        summary: "+ attribute type, Allows External Storage, Preserve After Deletion; a derived attribute: its name, "
            + "`versionHashModifier` and derivation expression only, as Core Data spells it (`tags.@count` is `count:(tags)`); "
            + "a composite's elements (nested composites flattened, sorted by name, transient elements skipped)",
        documentation: "value class name, value transformer name, Allows Cloud Encryption, Spotlight, `usesScalarValueType`; "
            + "a derived attribute's type and optionality")
    package static let relationship = Rule(
        "lock.relationship", .error,
        summary: "+ destination entity, inverse name (left out when the relationship is its own inverse), min count, max "
            + "count, ordered",
        documentation: "delete rule")
    package static let entity = Rule(
        "lock.entity", .error,
        summary: "name, abstract, the parent entity's hash, its non-transient attributes and relationships (inherited ones "
            + "through the parent's hash), `versionHashModifier`, uniqueness constraints (each in declared order, the list sorted)",
        documentation: "transient properties, fetched properties, class name, renaming identifier, user info, fetch indexes, "
            + "configurations, Codegen")

    package static let all: [Rule] = [property, attribute, relationship, entity]

    /// The element a row is about: `attribute` for `lock.attribute`.
    static func element(of rule: Rule) -> String { String(rule.id.dropFirst("lock.".count)) }

    /// The table of ModelLock.md, "What the lock records".
    package static func markdownTable() -> String {
        Rule.markdownTable(
            all, header: ["Element", "Hashed, so recorded (changing it trips the lock)", "Not hashed, so not recorded (edit freely)", "ID"]
        ) { [element(of: $0), $0.summary, $0.documentation, "`\($0.id)`"] }
    }
}
