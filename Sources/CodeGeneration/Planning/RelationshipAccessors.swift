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

    /// Ordered: implemented over `mutableOrderedSetValue(forKey:)`, because the accessors Core Data
    /// generates for ordered relationships raise or corrupt the set.
    static func ordered(key: String, swiftKeyReference: String, destination: String) -> [AccessorPlan] {
        let name = SwiftNames.capitalizedFirst(key)
        let set = "mutableOrderedSetValue(forKey: \(swiftKeyReference))"
        return [
            AccessorPlan(
                selector: "insertObject:in\(name)AtIndex:",
                signature: "insertInto\(name)(_ value: \(destination), at idx: Int)",
                body: "\(set).insert(value, at: idx)"),
            AccessorPlan(
                selector: "removeObjectFrom\(name)AtIndex:", signature: "removeFrom\(name)(at idx: Int)",
                body: "\(set).removeObject(at: idx)"),
            AccessorPlan(
                selector: "insert\(name):atIndexes:",
                signature: "insertInto\(name)(_ values: [\(destination)], at indexes: NSIndexSet)",
                body: "\(set).insert(values, at: indexes as IndexSet)"),
            AccessorPlan(
                selector: "remove\(name)AtIndexes:", signature: "removeFrom\(name)(at indexes: NSIndexSet)",
                body: "\(set).removeObjects(at: indexes as IndexSet)"),
            AccessorPlan(
                selector: "replaceObjectIn\(name)AtIndex:withObject:",
                signature: "replace\(name)(at idx: Int, with value: \(destination))",
                body: "\(set).replaceObject(at: idx, with: value)"),
            AccessorPlan(
                selector: "replace\(name)AtIndexes:with\(name):",
                signature: "replace\(name)(at indexes: NSIndexSet, with values: [\(destination)])",
                body: "\(set).replaceObjects(at: indexes as IndexSet, with: values)"),
            AccessorPlan(
                selector: "add\(name)Object:", signature: "addTo\(name)(_ value: \(destination))",
                body: "\(set).add(value)"),
            AccessorPlan(
                selector: "remove\(name)Object:", signature: "removeFrom\(name)(_ value: \(destination))",
                body: "\(set).remove(value)"),
            AccessorPlan(
                selector: "add\(name):", signature: "addTo\(name)(_ values: NSOrderedSet)",
                body: "\(set).union(values)"),
            AccessorPlan(
                selector: "remove\(name):", signature: "removeFrom\(name)(_ values: NSOrderedSet)",
                body: "\(set).minus(values)"),
        ]
    }
}
