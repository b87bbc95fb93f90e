import ManagedModel

/// When a property's Swift type is optional: whether Core Data can hand out nil for it while the program runs. The
/// generated classes declare exactly this, and `audit` expects exactly this of hand-written ones.
extension Attribute {
    /// Optional attributes; transient ones, whose values `refresh(_:mergeChanges: false)` discards
    /// (NSManagedObjectContext reference), required or not; derived ones, which Core Data computes only when the
    /// context saves (NSDerivedAttributeDescription reference).
    package static func mayReadNil(isOptional: Bool, isTransient: Bool, isDerived: Bool) -> Bool {
        isOptional || isTransient || isDerived
    }

    /// ``mayReadNil(isOptional:isTransient:isDerived:)`` of this attribute.
    package var mayReadNil: Bool { Self.mayReadNil(isOptional: isOptional, isTransient: isTransient, isDerived: isDerived) }
}

extension Relationship {
    /// An optional to-one, or a transient one, which a refault discards (NSManagedObjectContext,
    /// `refresh(_:mergeChanges:)`), required or not. A to-many is never nil: Core Data returns an empty set for an
    /// object without members.
    package var mayReadNil: Bool { !isToMany && (isOptional || isTransient) }
}
