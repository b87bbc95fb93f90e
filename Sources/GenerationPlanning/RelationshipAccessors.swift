import ManagedModel

/// The mutation accessors Xcode declares for to-many relationships, with the same Swift names and
/// Objective-C selectors, so code written against Xcode's classes keeps compiling.
enum RelationshipAccessors {
    /// Unordered: Core Data implements the KVC set accessors at run time (`@NSManaged`).
    static func unordered(names: AccessorNames, destination: String) -> [AccessorPlan] {
        let selector = names.selectors
        return [
            AccessorPlan(selector: selector.addObject, signature: "\(names.addTo)(_ value: \(destination))", body: nil),
            AccessorPlan(selector: selector.removeObject, signature: "\(names.removeFrom)(_ value: \(destination))", body: nil),
            AccessorPlan(selector: selector.add, signature: "\(names.addTo)(_ values: NSSet)", body: nil),
            AccessorPlan(selector: selector.remove, signature: "\(names.removeFrom)(_ values: NSSet)", body: nil),
        ]
    }

    /// Ordered: implemented in Swift over `helper` (``ModelSupportTypes/orderedRelationship``, the model's support
    /// file), which changes the primitive value between the KVO change notifications. Neither the proxy of
    /// `mutableOrderedSetValue(forKey:)` (it calls these very selectors back) nor Core Data's dynamic ordered mutators
    /// (long broken) are used.
    static func ordered(names: AccessorNames, swiftKeyReference: String, destination: String, helper: String) -> [AccessorPlan] {
        let selector = names.selectors
        let target = "forKey: \(swiftKeyReference), of: self)"
        func change(_ call: String) -> String { "\(helper).\(call), \(target)" }
        return [
            AccessorPlan(
                selector: selector.insertObjectAtIndex,
                signature: "\(names.insertInto)(_ value: \(destination), at idx: Int)",
                body: change("insert([value], at: IndexSet(integer: idx)")),
            AccessorPlan(
                selector: selector.removeObjectAtIndex, signature: "\(names.removeFrom)(at idx: Int)",
                body: change("remove(at: IndexSet(integer: idx)")),
            AccessorPlan(
                selector: selector.insertAtIndexes,
                signature: "\(names.insertInto)(_ values: [\(destination)], at indexes: NSIndexSet)",
                body: change("insert(values, at: indexes as IndexSet")),
            AccessorPlan(
                selector: selector.removeAtIndexes, signature: "\(names.removeFrom)(at indexes: NSIndexSet)",
                body: change("remove(at: indexes as IndexSet")),
            AccessorPlan(
                selector: selector.replaceObjectAtIndex,
                signature: "\(names.replace)(at idx: Int, with value: \(destination))",
                body: change("replace(at: IndexSet(integer: idx), with: [value]")),
            AccessorPlan(
                selector: selector.replaceAtIndexes,
                signature: "\(names.replace)(at indexes: NSIndexSet, with values: [\(destination)])",
                body: change("replace(at: indexes as IndexSet, with: values")),
            AccessorPlan(
                selector: selector.addObject, signature: "\(names.addTo)(_ value: \(destination))",
                body: change("append([value]")),
            AccessorPlan(
                selector: selector.removeObject, signature: "\(names.removeFrom)(_ value: \(destination))",
                body: change("remove([value]")),
            AccessorPlan(
                selector: selector.add, signature: "\(names.addTo)(_ values: NSOrderedSet)",
                body: change("append(values.array.compactMap { $0 as? NSManagedObject }")),
            AccessorPlan(
                selector: selector.remove, signature: "\(names.removeFrom)(_ values: NSOrderedSet)",
                body: change("remove(values.array.compactMap { $0 as? NSManagedObject }")),
        ]
    }
}
