import ManagedModel

/// The one owner of each attribute's Swift type, as a generated declaration states it: the table's stored type
/// (`SwiftTypeTable`), replaced by a userInfo type or a composite's struct, and `NSObject` for a custom class Swift
/// cannot spell. The planner resolves every attribute once, here, into its `AttributePlan`; everything generated
/// after that (initializers, hooks, tests) reads the plan.
///
/// It lives in CoreDataMapping, not in CodeGeneration's planning stage, because `dump` (in ModelReader, which does not
/// depend on CodeGeneration) prints the same type: both stages see CoreDataMapping, so the type `dump` reports is the
/// one the generated class declares by construction, not by a second copy of these rules.
package enum TypeAssigner {
    /// The type of the property generated for an entity's `attribute`; `annotations` when the caller holds them.
    package static func declaredType(of attribute: Attribute, annotations: PropertyAnnotations? = nil) -> SwiftPropertyType {
        let stored = SwiftTypeTable.storedType(of: attribute)
        if let override = (annotations ?? attribute.annotations).override {
            return SwiftPropertyType(name: override.typeName, isOptional: stored.isOptional, storage: .typed)
        }
        return fieldType(of: attribute, stored: stored)
    }

    /// The class of `relationship`'s destination: its entity's class name, `NSManagedObject` for an entity without
    /// one (or one the schema lacks).
    package static func destinationClass(of relationship: Relationship, in schema: Schema) -> String {
        schema.entity(named: relationship.destinationEntity)?.customClassName ?? "NSManagedObject"
    }

    /// The type of the property generated for `relationship`, whose destination's class is `destinationClass`
    /// (``destinationClass(of:in:)``): a to-one is the class, optional when it may read nil
    /// (``ManagedModel/Relationship/mayReadNil``); an unordered to-many `Set<Class>`; an ordered one `NSOrderedSet`.
    /// To-many relationships are never nil: Core Data returns an empty set for an object without members. `audit`
    /// expects exactly this of a hand-written declaration.
    package static func declaredType(of relationship: Relationship, destinationClass: String) -> String {
        guard relationship.isToMany else { return relationship.mayReadNil ? destinationClass + "?" : destinationClass }
        return relationship.isOrdered ? "NSOrderedSet" : "Set<" + destinationClass + ">"
    }

    /// The type of a composite element's field in its generated struct: userInfo types do not apply inside
    /// composites, so an element keeps its stored type unless it is itself a composite.
    package static func fieldType(of element: Attribute) -> SwiftPropertyType {
        fieldType(of: element, stored: SwiftTypeTable.storedType(of: element))
    }

    private static func fieldType(of attribute: Attribute, stored: SwiftPropertyType) -> SwiftPropertyType {
        var type = stored
        if attribute.type == .composite, let name = compositeStructName(attribute.compositeName) {
            return SwiftPropertyType(name: name, isOptional: stored.isOptional, storage: .typed)
        }
        // A custom class name Swift cannot spell (`Module.`, `My Class`) is declared as `NSObject`.
        if attribute.type == .transformable, !isSpelledType(type.name) { type.name = "NSObject" }
        return type
    }

    /// `Settings`, `MyApp.Settings` and Swift-only spellings (`[String]`) name a type; anything else does not.
    static func isSpelledType(_ name: String) -> Bool {
        SwiftTypeTable.isSwiftOnlyTypeName(name)
            || name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { SwiftNames.isIdentifier(String($0)) }
    }

    /// The Swift struct generated for a model-level composite definition: its name, when it is an identifier.
    package static func compositeStructName(_ compositeName: String?) -> String? {
        guard let name = compositeName?.trimmingWhitespace, SwiftNames.isIdentifier(name), !SwiftNames.keywords.contains(name)
        else { return nil }
        return name
    }
}
