import ManagedModel

extension GenerationPlan {
    /// What the generated classes declare for Objective-C (``AttributePlan/isKeyValueCodingVisible``): relationships
    /// are `@NSManaged`; optional scalars, typed properties and fetched properties are Swift-only computed ones.
    package var keyPathProperties: KeyPathProperties {
        var result = KeyPathProperties()
        for plan in classes {
            result.superclasses[plan.className] = plan.superclassName
            func keysConstant(_ swiftName: String) -> String { "\(plan.className).Keys.\(swiftName)" }
            for attribute in plan.attributes {
                var property = KeyPathProperties.Property(
                    isKeyValueCodingVisible: attribute.isKeyValueCodingVisible, key: attribute.key,
                    keysConstant: keysConstant(attribute.swiftName), typeDeclaration: attribute.typeDeclaration)
                // `NSSortDescriptor(_:ascending:)` takes the keys of values with an order (`ModelKeyValue`): the optional
                // scalars; an enum only once the app conforms it, so its fix stays the `Keys` string.
                if attribute.declaration == .optionalScalar || attribute.declaration == .optionalScalarReadOnly {
                    property.typedKeyConstant = "\(plan.className).ModelKeys.\(attribute.swiftName)"
                }
                result.declare(unescaped(attribute.swiftName), in: plan.className, as: property)
            }
            for relationship in plan.relationships {
                result.declare(
                    unescaped(relationship.swiftName), in: plan.className,
                    as: .init(isKeyValueCodingVisible: true, key: relationship.key, keysConstant: keysConstant(relationship.swiftName),
                              destinationClassName: relationship.kind == .toOne ? relationship.destinationClassName : nil,
                              typeDeclaration: relationship.typeDeclaration))
            }
            for fetched in plan.extras.fetchedProperties {
                result.declare(
                    unescaped(fetched.swiftName), in: plan.className,
                    as: .init(isKeyValueCodingVisible: false, key: fetched.key, typeDeclaration: fetched.typeDeclaration))
            }
        }
        return result
    }
}

/// `` `default` `` -> `default`: key paths are matched against source tokens, which drop the backticks.
private func unescaped(_ swiftName: String) -> String { swiftName.filter { $0 != "`" } }
