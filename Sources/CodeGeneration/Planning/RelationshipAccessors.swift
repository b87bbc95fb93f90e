import ManagedModel

/// The mutation accessors Xcode declares for to-many relationships, with the same Swift names and
/// Objective-C selectors, so code written against Xcode's classes keeps compiling.
enum RelationshipAccessors {
    /// Unordered: Core Data implements the KVC set accessors at run time (`@NSManaged`).
    static func unordered(key: String, destination: String) -> [AccessorPlan] {
        // One allocation per string (none for short ones): every to-many relationship of a large model comes through here.
        [
            AccessorPlan(
                selector: .capitalizing(key, after: "add", before: "Object:"),
                signature: .capitalizing(key, after: "addTo", before: "(_ value: ", destination, ")"), body: nil),
            AccessorPlan(
                selector: .capitalizing(key, after: "remove", before: "Object:"),
                signature: .capitalizing(key, after: "removeFrom", before: "(_ value: ", destination, ")"), body: nil),
            AccessorPlan(
                selector: .capitalizing(key, after: "add", before: ":"),
                signature: .capitalizing(key, after: "addTo", before: "(_ values: NSSet)"), body: nil),
            AccessorPlan(
                selector: .capitalizing(key, after: "remove", before: ":"),
                signature: .capitalizing(key, after: "removeFrom", before: "(_ values: NSSet)"), body: nil),
        ]
    }

    /// Ordered: implemented in Swift over `helper` (``ModelSupportTypes/orderedRelationship``, the model's support
    /// file), which changes the primitive value between the KVO change notifications. Neither the proxy of
    /// `mutableOrderedSetValue(forKey:)` (it calls these very selectors back) nor Core Data's dynamic ordered mutators
    /// (long broken) are used.
    static func ordered(key: String, swiftKeyReference: String, destination: String, helper: String) -> [AccessorPlan] {
        let name = SwiftNames.capitalizedFirst(key)
        let target = "forKey: \(swiftKeyReference), of: self)"
        func change(_ call: String) -> String { "\(helper).\(call), \(target)" }
        return [
            AccessorPlan(
                selector: "insertObject:in\(name)AtIndex:",
                signature: "insertInto\(name)(_ value: \(destination), at idx: Int)",
                body: change("insert([value], at: IndexSet(integer: idx)")),
            AccessorPlan(
                selector: "removeObjectFrom\(name)AtIndex:", signature: "removeFrom\(name)(at idx: Int)",
                body: change("remove(at: IndexSet(integer: idx)")),
            AccessorPlan(
                selector: "insert\(name):atIndexes:",
                signature: "insertInto\(name)(_ values: [\(destination)], at indexes: NSIndexSet)",
                body: change("insert(values, at: indexes as IndexSet")),
            AccessorPlan(
                selector: "remove\(name)AtIndexes:", signature: "removeFrom\(name)(at indexes: NSIndexSet)",
                body: change("remove(at: indexes as IndexSet")),
            AccessorPlan(
                selector: "replaceObjectIn\(name)AtIndex:withObject:",
                signature: "replace\(name)(at idx: Int, with value: \(destination))",
                body: change("replace(at: IndexSet(integer: idx), with: [value]")),
            AccessorPlan(
                selector: "replace\(name)AtIndexes:with\(name):",
                signature: "replace\(name)(at indexes: NSIndexSet, with values: [\(destination)])",
                body: change("replace(at: indexes as IndexSet, with: values")),
            AccessorPlan(
                selector: "add\(name)Object:", signature: "addTo\(name)(_ value: \(destination))",
                body: change("append([value]")),
            AccessorPlan(
                selector: "remove\(name)Object:", signature: "removeFrom\(name)(_ value: \(destination))",
                body: change("remove([value]")),
            AccessorPlan(
                selector: "add\(name):", signature: "addTo\(name)(_ values: NSOrderedSet)",
                body: change("append(values.array.compactMap { $0 as? NSManagedObject }")),
            AccessorPlan(
                selector: "remove\(name):", signature: "removeFrom\(name)(_ values: NSOrderedSet)",
                body: change("remove(values.array.compactMap { $0 as? NSManagedObject }")),
        ]
    }
}
