import ManagedModel

/// Whether a stored value must be present: the one answer, asked by the migration verdicts (`MigrationCheck`), the
/// shipped-store tests (`ShippedStoreTestPlanner`, `ShippedStoreLineage`), the typed extras (an ignored attribute) and
/// the CloudKit check (`CloudKitCheck`). A site that needs another combination of the flags uses a variant named
/// here, not its own.
///
/// Core Data's rule, as docs/core-data-runtime.md states it ("What the model lock and `migration-check` rely on";
/// "What the every shipped version opens tests rely on"): a non-optional property without a default value is
/// validated, so an object without a value is not saved, and a migration that makes it required "may fail" for the
/// rows without one ("An optional attribute becoming non-optional is inferred 'and defining a default value'",
/// Lightweight Migration); a to-many relationship with a minimum count of 0 never fails. A default value is what
/// Core Data gives an object it inserts. Transient attributes are not stored, and Core Data computes a derived
/// attribute itself when the context saves (NSDerivedAttributeDescription).
extension Attribute {
    /// Non-optional without a default value: Core Data insists on a value the model does not supply.
    package var requiresValue: Bool { !isOptional && defaultValue == nil }

    /// ``requiresValue`` of a value the app must put into the store: not transient (nothing stored) and not derived
    /// (Core Data computes it). The migration verdicts, the shipped-store tests and the typed extras ask this.
    package var requiresStoredValue: Bool { requiresValue && !isTransient && !isDerived }

    /// Optional without a default value: an object can be saved without a value, so a store may hold rows lacking
    /// it (the shipped-store tests save one such row before a hop makes it required). With a default, every object
    /// gets one when it is inserted.
    package var maySaveWithoutValue: Bool { isOptional && defaultValue == nil }

    /// The CloudKit check's variant of ``requiresValue``: `NSPersistentCloudKitContainer`'s validator walks every
    /// attribute of a synced entity, transient and derived ones too, and counts the default the compiled model holds
    /// (``hasCompiledDefault``), not the one the reader could read (docs/core-data-runtime.md, "What the CloudKit
    /// check relies on").
    package var requiresValueInCompiledModel: Bool { !isOptional && !hasCompiledDefault }

    /// Whether the compiled model holds a default value for the attribute. A default the reader cannot read as the
    /// attribute's type (`defaultValueString="NO"` left on a Boolean turned Integer 16) still compiles to a number
    /// for the integer, Boolean and floating-point types: momc reads the text with `NSString`'s `integerValue`,
    /// `boolValue`, `floatValue` and `doubleValue` (atomicbird/momcom, the open-source momc, `NSAttributeDescription+momc.m`),
    /// which give a number for any text (0 for "NO"), and a shipped app whose synced entity has a required Integer 16
    /// with that default loads in `NSPersistentCloudKitContainer` (docs/core-data-runtime.md, "CloudKit").
    package var hasCompiledDefault: Bool {
        if defaultValue != nil { return true }
        guard unreadableDefaultValue != nil else { return false }
        switch type {
        case .integer16, .integer32, .integer64, .boolean, .float, .double: return true
        case .decimal, .string, .date, .binary, .uuid, .uri, .transformable, .objectID, .undefined, .composite: return false
        }
    }
}

extension Relationship {
    /// Whether every object, and every existing row a migration makes it required for, needs a destination: a
    /// non-optional to-one, or a non-optional to-many whose minimum count is above 0 (an empty set is a valid value of
    /// a required to-many: docs/core-data-runtime.md, "What the model lock and `migration-check` rely on", "a to-many
    /// with min 0 never"). The migration verdicts and the shipped-store lineage ask this.
    package var requiresDestination: Bool { !isOptional && (!isToMany || (minCount ?? 0) > 0) }

    /// The generated tests' variant: how many destinations an object they create is given for a relationship it
    /// must have (a non-optional one): one for a to-one, `max(minCount, 1)` for a to-many. A required to-many with
    /// minimum 0 still gets one member: the tests do not rely on an empty set passing Core Data's validation at save,
    /// which docs/core-data-runtime.md states only for migration. The round trip, the object graph builder and the
    /// shipped-store object graph ask this.
    package var destinationsGivenByTests: Int { isToMany ? max(minCount ?? 1, 1) : 1 }
}
