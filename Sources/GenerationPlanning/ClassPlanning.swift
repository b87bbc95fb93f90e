import CoreDataMapping
import ManagedModel

/// One entity's class: its properties, keys and initializer, each name checked against what the class inherits.
extension GenerationPlanner {
    mutating func classPlan(
        for entity: Entity, generated: Set<String>, broken: Set<RequiredRelationshipCycles.RelationshipID>
    ) -> ClassPlan {
        let className = entity.className!
        let chain = schema.ancestors(of: entity) + [entity]
        // The nearest ancestor with a class is the superclass; ancestors without one contribute their
        // properties to this class, because Core Data instantiates this class for them.
        let superEntity = chain.dropLast().last { Self.customClass(of: $0) != nil }
        let superIndex = superEntity.flatMap { superEntity in chain.firstIndex { $0.name == superEntity.name } }
        let firstDeclaring = superIndex.map { $0 + 1 } ?? 0
        let superclassIsGenerated = superEntity.map { generated.contains($0.name) } ?? false

        var attributes: [AttributePlan] = []
        var attributeHooks: [ValidationPlan.PropertyHook] = []
        var relationships: [RelationshipPlan] = []
        var parameters: [InitializerPlan.Parameter] = []
        // `Keys` lists every property whose name does not clash, generated or not: attributes first.
        var attributeKeys: [KeyConstant] = []
        var relationshipKeys: [KeyConstant] = []
        let attributeCount = chain.reduce(0) { $0 + $1.attributes.count }
        let relationshipCount = chain.reduce(0) { $0 + $1.relationships.count }
        attributes.reserveCapacity(attributeCount)
        // The relationships' hooks follow the attributes' (`validationPlan`).
        attributeHooks.reserveCapacity(attributeCount + relationshipCount)
        attributeKeys.reserveCapacity(attributeCount + relationshipCount)
        relationships.reserveCapacity(relationshipCount)
        relationshipKeys.reserveCapacity(relationshipCount)
        parameters.reserveCapacity(attributeCount + relationshipCount)
        for (position, owner) in chain.enumerated() {
            let declares = position >= firstDeclaring
            for attribute in owner.attributes {
                let swiftName = SwiftNames.escaped(attribute.name)
                guard isDeclarable(attribute.name, at: attribute.location, in: entity, report: declares) else { continue }
                attributeKeys.append(KeyConstant(swiftName: swiftName, key: attribute.name))
                let annotations = attribute.annotations
                guard !isIgnored(attribute, annotations: annotations, in: entity, report: declares) else { continue }
                let facts = AttributeFacts(
                    annotations: annotations, type: TypeAssigner.declaredType(of: attribute, annotations: annotations),
                    swiftName: swiftName)
                // Typed keys (`ModelKeys`) only where a Swift key path traps: one constant costs about 1 ms of the
                // app's compile time (Benchmarks/README.md, "Typed model keys"), and `\Item.title` serves the rest.
                // Inherited ones too, typed with this class, since `ModelKeys` here hides the superclass's.
                if !facts.type.isObjectiveCVisible {
                    attributeKeys[attributeKeys.count - 1].valueType = facts.typeDeclaration
                    attributeKeys[attributeKeys.count - 1].storesDate = facts.storesDateBehindScalar(attribute)
                }
                if declares {
                    let plan = attributePlan(attribute, facts)
                    if plan.declaration == .managed || plan.declaration == .optionalScalar {
                        attributeHooks.append(validationHook(for: attribute, facts))
                    }
                    attributes.append(plan)
                }
                if let parameter = initializerParameter(for: attribute, facts) { parameters.append(parameter) }
            }
            for relationship in owner.relationships {
                let swiftName = SwiftNames.escaped(relationship.name)
                guard isDeclarable(relationship.name, at: relationship.location, in: entity, report: declares) else { continue }
                relationshipKeys.append(KeyConstant(swiftName: swiftName, key: relationship.name))
                guard !PropertyAnnotations(userInfo: relationship.userInfo).isIgnored else { continue }
                let plan = relationshipPlan(relationship, swiftName: swiftName)
                if declares { relationships.append(plan) }
                let isBroken = broken.contains(.init(entity: owner.name, relationship: relationship.name))
                parameters.append(initializerParameter(for: relationship, plan: plan, cycleBroken: isBroken))
            }
        }

        attributeKeys.append(contentsOf: relationshipKeys)
        let keys = attributeKeys
        let initializer: InitializerPlan? =
            entity.isAbstract ? nil : InitializerPlan(parameters: parameters, isOverride: false, displayName: Self.displayName(of: parameters))
        let isFinal = entity.childNames.isEmpty && !entity.isAbstract
        let representedName = entity.representedClassName ?? className
        // `.Item`, `Shop.Item`, `PRODUCT_MODULE_NAME.Item`: Core Data looks the class up by its module-qualified
        // name, so the class keeps Swift's runtime name (no `@objc(Item)`).
        let namesModule = representedName.contains(".")

        var plan = ClassPlan(
            entityName: entity.name, className: className, objcName: namesModule ? nil : className,
            superclassName: superEntity?.className ?? "NSManagedObject", superclassIsGenerated: superclassIsGenerated,
            isFinal: isFinal, isAbstract: entity.isAbstract, keys: keys, attributes: attributes,
            relationships: relationships, initializer: initializer, faultInitializerIsPrivate: isFinal,
            unavailableInitIsOverride: superclassIsGenerated, unavailableInheritedInitializers: [],
            contextInitializer: nil,
            validation: validationPlan(
                className: className, attributeHooks: &attributeHooks, relationships: relationships,
                isSubclassOfGenerated: superclassIsGenerated))
        plan.extras = extrasPlan(for: entity, chain: chain, firstDeclaring: firstDeclaring, keys: keys)
        return plan
    }

    /// `init(context:...)`, `init(insertInto:...)`, `init(context:)` without parameters: short, and stable when a
    /// model version adds a property (the unavailable initializers' messages name it in every class).
    static func displayName(of parameters: [InitializerPlan.Parameter]) -> String {
        let label = parameters.contains { $0.swiftName == InitializerPlan.standardContextLabel } ? "insertInto" : InitializerPlan.standardContextLabel
        return parameters.isEmpty ? "init(\(label):)" : "init(\(label):...)"
    }

    /// Whether the property is declared (in the class, `Keys`, the initializer, hooks and tests), by the one name
    /// rule, `SwiftNames.propertyNameClash`; a warning naming the way out when it is not.
    mutating func isDeclarable(_ name: String, at location: SourceLocation, in entity: Entity, report: Bool) -> Bool {
        guard let clash = SwiftNames.propertyNameClash(name) else { return true }
        guard report else { return false }
        switch clash {
        case .importedUnderGetterName(let swiftName):
            diagnostics.report(
                GenerationRules.memberNotGenerated, "property '\(name)' of entity '\(entity.name)' is not generated: Swift imports NSManagedObject's "
                    + "Objective-C property '\(name)' as '\(swiftName)', so a Swift member named '\(name)' cannot be declared; "
                    + "use value(forKey:) and setValue(_:forKey:) with the key '\(name)', or rename the property in the model",
                at: location)
        case .rejectedByCoreData:
            // Only reached without the schema checks, which report it as an error.
            diagnostics.report(
                GenerationRules.memberNotGenerated, "property '\(name)' of entity '\(entity.name)' is not generated: Core Data rejects a property named like "
                    + "the NSObject/NSManagedObject member '\(name)'; rename the property in the model",
                at: location)
        case .notAnIdentifier:
            diagnostics.report(
                GenerationRules.memberNotGenerated, "property '\(name)' of entity '\(entity.name)' is not generated: the name is not a Swift identifier; "
                    + "rename the property in the model",
                at: location)
        }
        return false
    }

    /// What planning an attribute asks for more than once (its property, initializer parameter and
    /// validation hook), worked out once.
    struct AttributeFacts {
        var annotations: PropertyAnnotations
        /// `TypeAssigner.declaredType(of:annotations:)`
        var type: SwiftPropertyType
        /// The attribute's name, escaped.
        var swiftName: String
        /// `String`, `Int16?`
        var typeDeclaration: String { type.declaration }

        /// A Date attribute declared `TimeInterval?` ("Use Scalar Type", optional): Core Data keeps an `NSDate` as
        /// its primitive value all the same (`ManagedOptionalDate` of the `property-support` template).
        func storesDateBehindScalar(_ attribute: Attribute) -> Bool {
            attribute.type == .date && type.storage == .scalar && type.isOptional
        }
    }

    mutating func attributePlan(_ attribute: Attribute, _ facts: AttributeFacts) -> AttributePlan {
        let type = facts.type
        if type.storage == .typed {
            return typedAttributePlan(attribute, facts)
        }
        if attribute.type == .transformable, let stored = SwiftTypeTable.transformableClassName(attribute.customClassName),
            stored != type.name
        {
            diagnostics.report(
                GenerationRules.swiftTypeNotWritable, "attribute '\(attribute.name)' has the custom class '\(stored)', which is not a Swift type name; "
                    + "it is declared as \(type.name)",
                at: attribute.location)
        }
        // A Transformable the default transformer cannot archive is the schema checks' warning (SwiftTypeTable.needsOwnTransformer).
        let declaration: AttributePlan.Declaration
        // Typed storage returned above; what is left is `@NSManaged` unless an optional scalar.
        switch (!type.isObjectiveCVisible, attribute.isDerived) {
        case (true, false): declaration = .optionalScalar
        case (true, true): declaration = .optionalScalarReadOnly
        case (false, false): declaration = .managed
        case (false, true): declaration = .managedReadOnly
        }
        var plan = AttributePlan(
            key: attribute.name, swiftName: facts.swiftName, type: type, typeDeclaration: facts.typeDeclaration,
            declaration: declaration, numberAccessor: type.numberAccessor, location: attribute.location,
            documentation: attributeDocumentation(attribute, facts.annotations),
            hasRestrictedSetter: hasRestrictedSetter(attribute, facts.annotations))
        plan.primitiveIsDate = facts.storesDateBehindScalar(attribute)
        return plan
    }

    func relationshipPlan(_ relationship: Relationship, swiftName: String) -> RelationshipPlan {
        let destination = TypeAssigner.destinationClass(of: relationship, in: schema)
        let type = TypeAssigner.declaredType(of: relationship, destinationClass: destination)
        let kind: RelationshipPlan.Kind
        let accessors: [AccessorPlan]
        let names = AccessorNames(key: relationship.name)
        switch (relationship.isToMany, relationship.isOrdered) {
        case (false, _):
            kind = .toOne
            accessors = []
        case (true, false):
            kind = .toMany
            accessors = RelationshipAccessors.unordered(names: names, destination: destination)
        case (true, true):
            kind = .orderedToMany
            accessors = RelationshipAccessors.ordered(
                names: names, swiftKeyReference: "Keys.\(swiftName)", destination: destination, helper: supportTypes.orderedRelationship)
        }
        return RelationshipPlan(
            key: relationship.name, swiftName: swiftName, accessorNames: names, kind: kind, destinationClassName: destination,
            typeDeclaration: type, accessors: accessors, location: relationship.location)
    }
}
