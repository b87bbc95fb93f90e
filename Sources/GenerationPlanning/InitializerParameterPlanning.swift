import CoreDataMapping
import ManagedModel

/// The designated initializer's parameters: which properties it takes, their types, defaults and assignments.
extension GenerationPlanner {
    mutating func initializerParameter(for attribute: Attribute, _ facts: AttributeFacts) -> InitializerPlan.Parameter? {
        // Core Data computes derived attributes.
        guard !attribute.isDerived else { return nil }
        let name = facts.swiftName
        let type = facts.type
        if attribute.unreadableDefaultValue != nil || attribute.defaultIsOutsideBounds {
            // The model has a default, but which one Core Data applies is not documented (text in another
            // type's spelling), or Core Data's own validation rejects it. No default argument claims a value:
            // a required value is passed by the caller; an optional one is set only when passed, so whatever
            // Core Data applied at insert stays.
            return .init(
                swiftName: name, key: attribute.name, typeDeclaration: facts.typeDeclaration,
                defaultValue: type.isOptional ? "nil" : nil,
                assignment: type.isOptional ? "if let \(name) { self.\(name) = \(name) }" : Self.assignment(name))
        }
        if attribute.defaultValue != nil, type.storage == .typed {
            // The model's default is a raw value; the app's type may not have it, so Core Data applies it.
            return .init(
                swiftName: name, key: attribute.name, typeDeclaration: "\(type.name)?", defaultValue: "nil",
                assignment: "if let \(name) { self.\(name) = \(name) }")
        }
        // A required transient is optional as a property (a refault discards its value) but required when created.
        let parameterType = attribute.isOptional ? facts.typeDeclaration : type.name
        if let modelDefault = attribute.defaultValue {
            if let literal = modelDefault.swiftSource(as: type.valueType, in: .defaultArgument) {
                return .init(
                    swiftName: name, key: attribute.name, typeDeclaration: parameterType, defaultValue: literal,
                    assignment: Self.assignment(name))
            }
            diagnostics.report(
                GenerationRules.swiftTypeNotWritable, "the default value of attribute '\(attribute.name)' cannot be written as a Swift \(type.name); "
                    + "the initializer leaves it to Core Data unless a value is passed",
                at: attribute.location)
            return .init(
                swiftName: name, key: attribute.name, typeDeclaration: "\(type.name)?", defaultValue: "nil",
                assignment: "if let \(name) { self.\(name) = \(name) }")
        }
        return .init(
            swiftName: name, key: attribute.name, typeDeclaration: parameterType,
            defaultValue: attribute.isOptional ? "nil" : nil, assignment: Self.assignment(name))
    }

    /// `self.name = name`
    static func assignment(_ swiftName: String) -> String {
        String(concatenating: "self.", swiftName, " = ", swiftName)
    }

    func initializerParameter(
        for relationship: Relationship, plan: RelationshipPlan, cycleBroken: Bool
    ) -> InitializerPlan.Parameter {
        let name = plan.swiftName
        // A to-many that must have members takes them; one that need not defaults to none.
        let mustHaveMembers = relationship.requiresDestination
        switch plan.kind {
        case .toOne where cycleBroken:
            return .init(
                swiftName: name, key: relationship.name, typeDeclaration: "\(plan.destinationClassName)?",
                defaultValue: "nil", assignment: "if let \(name) { self.\(name) = \(name) }")
        case .toOne:
            return .init(
                swiftName: name, key: relationship.name,
                typeDeclaration: relationship.isOptional ? plan.typeDeclaration : plan.destinationClassName,
                defaultValue: relationship.isOptional ? "nil" : nil, assignment: Self.assignment(name))
        case .toMany:
            return .init(
                swiftName: name, key: relationship.name, typeDeclaration: plan.typeDeclaration,
                defaultValue: mustHaveMembers ? nil : "[]", assignment: Self.assignment(name))
        case .orderedToMany:
            return .init(
                swiftName: name, key: relationship.name, typeDeclaration: "[\(plan.destinationClassName)]",
                defaultValue: mustHaveMembers ? nil : "[]", assignment: "self.\(name) = NSOrderedSet(array: \(name))")
        }
    }
}
