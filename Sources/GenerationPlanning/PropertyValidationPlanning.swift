import CoreDataMapping
import ManagedModel

/// A class's validation plan: the property hooks Core Data calls, with the value's conversion and the model
/// constraints the generated code documents.
extension GenerationPlanner {
    /// `attributeHooks` are taken over (so that the relationships' are appended without a copy).
    func validationPlan(
        className: String, attributeHooks: inout [ValidationPlan.PropertyHook], relationships: [RelationshipPlan],
        isSubclassOfGenerated: Bool
    ) -> ValidationPlan {
        var hooks: [ValidationPlan.PropertyHook] = []
        swap(&hooks, &attributeHooks)
        hooks.reserveCapacity(hooks.count + relationships.count)
        for relationship in relationships {
            let destination = relationship.destinationClassName
            switch relationship.kind {
            case .toOne:
                hooks.append(hook(key: relationship.key, swiftName: relationship.swiftName, type: destination,
                                  conversion: String(concatenating: "value.pointee as? ", destination), constraints: []))
            case .toMany:
                // The set as Core Data holds it: `as? Set<Destination>` would check every member (and fire faults).
                var toMany = hook(key: relationship.key, swiftName: relationship.swiftName, type: "NSSet",
                                  conversion: "value.pointee as? NSSet", constraints: [])
                toMany.legacyTypeName = relationship.typeDeclaration
                toMany.legacyConversion = String(concatenating: "value.pointee as? ", relationship.typeDeclaration)
                hooks.append(toMany)
            case .orderedToMany:
                var ordered = hook(key: relationship.key, swiftName: relationship.swiftName, type: "NSOrderedSet",
                                   conversion: "value.pointee as? NSOrderedSet", constraints: [])
                let legacy = String(concatenating: "[", destination, "]")
                ordered.legacyTypeName = legacy
                ordered.legacyConversion = String(concatenating: "(value.pointee as? NSOrderedSet)?.array as? ", legacy)
                hooks.append(ordered)
            }
        }
        // A sub-class runs its parent's checks through `super`, so its own need other names.
        let qualifier = isSubclassOfGenerated ? className : ""
        return ValidationPlan(
            propertyHooks: hooks,
            consistencyHookName: String(concatenating: "validate", qualifier, "Consistency"),
            deletionHookName: String(concatenating: "validate", qualifier, "Deletion"))
    }

    /// The hook of an attribute declared `.managed` or `.optionalScalar`.
    func validationHook(for attribute: Attribute, _ facts: AttributeFacts) -> ValidationPlan.PropertyHook {
        let type = facts.type
        return hook(key: attribute.name, swiftName: facts.swiftName, type: type.name,
                    conversion: Self.validationConversion(for: type),
                    constraints: Self.constraints(of: attribute))
    }

    /// An expression converting `value.pointee` to a value of the attribute's type.
    static func validationConversion(for type: SwiftPropertyType) -> String {
        if type.valueType == .timeInterval {
            return "(value.pointee as? Date)?.timeIntervalSinceReferenceDate ?? (value.pointee as? NSNumber)?.doubleValue"
        } else if type.storage == .scalar, let accessor = type.numberAccessor {
            return String(concatenating: "(value.pointee as? NSNumber)?.", accessor)
        } else {
            return String(concatenating: "value.pointee as? ", type.name)
        }
    }

    func hook(key: String, swiftName: String, type: String, conversion: String, constraints: [String])
        -> ValidationPlan.PropertyHook
    {
        let methodName = String.capitalizing(key, after: "validate")
        return .init(
            key: key, methodName: methodName, selector: String(concatenating: methodName, ":error:"), parameterName: swiftName,
            typeName: type, conversion: conversion, modelConstraints: constraints)
    }

    /// The constraints Core Data already checks, described for the human file's examples.
    static func constraints(of attribute: Attribute) -> [String] {
        let isLength = attribute.type == .string || attribute.type == .binary
        let what = attribute.type == .string ? "length" : attribute.type == .binary ? "size in bytes" : "value"
        let pattern = attribute.regularExpression.flatMap { !isLength || attribute.type == .string ? $0 : nil }
        let count = (attribute.minValue == nil ? 0 : 1) + (attribute.maxValue == nil ? 0 : 1) + (pattern == nil ? 0 : 1)
        // Most attributes have none: then no array storage; otherwise storage of the exact size, once.
        guard count > 0 else { return [] }
        var lines: [String] = []
        lines.reserveCapacity(count)
        if let min = attribute.minValue { lines.append(String(concatenating: what, " at least ", ValueDescription.describe(min))) }
        if let max = attribute.maxValue { lines.append(String(concatenating: what, " at most ", ValueDescription.describe(max))) }
        if let pattern { lines.append(String(concatenating: "matches the regular expression ", pattern)) }
        return lines
    }
}
