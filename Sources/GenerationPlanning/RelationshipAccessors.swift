import ManagedModel

/// The mutation accessors Xcode declares for to-many relationships, with the same Swift names and
/// Objective-C selectors, so code written against Xcode's classes keeps compiling.
enum RelationshipAccessors {
    /// Unordered: Core Data implements the KVC set accessors at run time (`@NSManaged`).
    static func unordered(names: AccessorNames, destination: String) -> [AccessorPlan] {
        addAndRemove(names: names, destination: destination, collection: "NSSet").map {
            AccessorPlan(selector: $0.selector, signature: $0.signature, body: nil)
        }
    }

    /// Ordered: implemented in Swift over `helper` (``ModelSupportTypes/orderedRelationship``, the model's support
    /// file), which changes the primitive value between the KVO change notifications. Neither the proxy of
    /// `mutableOrderedSetValue(forKey:)` (it calls these very selectors back) nor Core Data's dynamic ordered mutators
    /// (long broken) are used.
    static func ordered(names: AccessorNames, swiftKeyReference: String, destination: String, helper: String) -> [AccessorPlan] {
        let selector = names.selectors
        // (selector, signature, the helper's call) for the index accessors only ordered relationships have, then the
        // calls behind the four both kinds declare, in `addAndRemove`'s order.
        let indexed: [(selector: String, signature: String, call: String)] = [
            (selector.insertObjectAtIndex, "\(names.insertInto)(_ value: \(destination), at idx: Int)", "insert([value], at: IndexSet(integer: idx)"),
            (selector.removeObjectAtIndex, "\(names.removeFrom)(at idx: Int)", "remove(at: IndexSet(integer: idx)"),
            (selector.insertAtIndexes, "\(names.insertInto)(_ values: [\(destination)], at indexes: NSIndexSet)", "insert(values, at: indexes as IndexSet"),
            (selector.removeAtIndexes, "\(names.removeFrom)(at indexes: NSIndexSet)", "remove(at: indexes as IndexSet"),
            (selector.replaceObjectAtIndex, "\(names.replace)(at idx: Int, with value: \(destination))", "replace(at: IndexSet(integer: idx), with: [value]"),
            (selector.replaceAtIndexes, "\(names.replace)(at indexes: NSIndexSet, with values: [\(destination)])", "replace(at: indexes as IndexSet, with: values"),
        ]
        let addAndRemoveCalls = [
            "append([value]", "remove([value]",
            "append(values.array.compactMap { $0 as? NSManagedObject }", "remove(values.array.compactMap { $0 as? NSManagedObject }",
        ]
        let shared = zip(addAndRemove(names: names, destination: destination, collection: "NSOrderedSet"), addAndRemoveCalls)
            .map { (selector: $0.selector, signature: $0.signature, call: $1) }
        return (indexed + shared).map {
            AccessorPlan(selector: $0.selector, signature: $0.signature, body: "\(helper).\($0.call), forKey: \(swiftKeyReference), of: self)")
        }
    }

    /// The add and remove accessors of both kinds, one object or a `collection` (`NSSet`, `NSOrderedSet`) of them:
    /// `addToTags(_:)`, `removeFromTags(_:)`, `addToTags(_ values:)`, `removeFromTags(_ values:)`.
    private static func addAndRemove(names: AccessorNames, destination: String, collection: String)
        -> [(selector: String, signature: String)]
    {
        let selector = names.selectors
        return [
            (selector.addObject, "\(names.addTo)(_ value: \(destination))"),
            (selector.removeObject, "\(names.removeFrom)(_ value: \(destination))"),
            (selector.add, "\(names.addTo)(_ values: \(collection))"),
            (selector.remove, "\(names.removeFrom)(_ values: \(collection))"),
        ]
    }
}
