import CoreDataMapping
import ManagedModel

/// Schema + settings -> the declarations to generate. Every decision about the Swift code is made here.
package struct GenerationPlanner {
    let schema: Schema
    let options: GeneratorOptions
    /// The validation hooks the user wrote (see ValidationHookPlanning.swift).
    let hooks: ValidationHookScan
    let supportTypes: ModelSupportTypes
    package var diagnostics = Diagnostics()

    package init(schema: Schema, options: GeneratorOptions, hooks: ValidationHookScan = .none) {
        self.schema = schema
        self.options = options
        self.hooks = hooks
        self.supportTypes = ModelSupportTypes(
            modelName: schema.modelName, classNames: Set(schema.entities.compactMap(\.className)))
    }

    package mutating func plan() -> GenerationPlan {
        let (selected, skipped) = selectEntities()
        let selectedNames = Set(selected.map(\.name))
        let brokenCycles = requiredCycles(among: selected)
        for (relationship, cycle) in brokenCycles.broken {
            let path = cycle.map { "\($0.relationship.description)" }.joined(separator: " -> ")
            let location = schema.entity(named: relationship.entity)?.relationships
                .first { $0.name == relationship.relationship }?.location
            diagnostics.warning(
                "required to-one relationships form a cycle (\(path)), so no initializer could take them all; "
                    + "'\(relationship.relationship)' is an optional parameter of the \(relationship.entity) initializer: "
                    + "set \(relationship.description) before saving",
                at: location)
        }

        // Entities are planned independently, on every core; warnings keep the entities' order.
        let (schema, options, broken) = (schema, options, brokenCycles.brokenRelationships)
        let planned = selected.sorted(by: { $0.name < $1.name }).concurrentMap { entity in
            var planner = GenerationPlanner(schema: schema, options: options)
            let plan = planner.classPlan(for: entity, generated: selectedNames, broken: broken)
            return (plan, planner.diagnostics)
        }
        var classes: [ClassPlan] = []
        for (plan, found) in planned {
            classes.append(plan)
            diagnostics.append(contentsOf: found)
        }
        // A sub-class's initializer overrides its superclass's when both take the same parameters.
        let initializers = Dictionary(uniqueKeysWithValues: classes.map { ($0.className, $0.initializer) })
        for index in classes.indices where classes[index].superclassIsGenerated {
            guard let own = classes[index].initializer, let inherited = initializers[classes[index].superclassName] ?? nil
            else { continue }
            classes[index].initializer?.isOverride = Self.signature(own) == Self.signature(inherited)
        }

        // Swift gives a sub-class implicit stubs for the superclass initializers it does not inherit; under
        // MainActor-by-default isolation those stubs are main-actor isolated and clash with the nonisolated
        // originals. Explicit unavailable overrides replace the stubs (and keep the parent's initializer,
        // which would create an object of the parent's entity, out of reach).
        let byClassName = Dictionary(uniqueKeysWithValues: classes.map { ($0.className, $0) })
        func inheritedInitializers(of plan: ClassPlan, depth: Int = 0) -> [InitializerPlan] {
            guard plan.superclassIsGenerated, depth < classes.count, let parent = byClassName[plan.superclassName] else { return [] }
            return (parent.initializer.map { [$0] } ?? []) + inheritedInitializers(of: parent, depth: depth + 1)
        }
        for index in classes.indices {
            let inherited = inheritedInitializers(of: classes[index])
            guard !inherited.isEmpty else { continue }
            let own = classes[index].initializer.map(Self.signature)
            var seen: Set<[String]> = own.map { [$0] } ?? []
            classes[index].unavailableInheritedInitializers = inherited.filter { seen.insert(Self.signature($0)).inserted }
        }
        attachContextInitializers(to: &classes)

        attachValidationHooks(to: &classes)
        attachFetchTemplates(to: &classes)
        let composites = compositePlans()

        var imports = GenerationPlan.standardImports
        for module in options.additionalImports where !imports.contains(module) { imports.append(module) }
        return GenerationPlan(
            modelFileName: Self.modelFileName(of: schema), versionName: schema.versionName,
            accessLevel: options.accessLevel, imports: imports, classes: classes, skippedEntities: skipped,
            composites: composites, generatesValidationSupport: options.generatesValidationSupport,
            supportTypes: supportTypes, humanFileSuffix: options.humanFileSuffix)
    }

    static func signature(_ initializer: InitializerPlan) -> [String] {
        [initializer.contextLabel] + initializer.parameters.map { "\($0.swiftName): \($0.typeDeclaration)" }
    }

    static func modelFileName(of schema: Schema) -> String {
        schema.contentsPath.contains(".xcdatamodeld/") ? "\(schema.modelName).xcdatamodeld" : "\(schema.modelName).xcdatamodel"
    }

    // MARK: Which entities

    private mutating func selectEntities() -> (selected: [Entity], skipped: [SkippedEntity]) {
        var selected: [Entity] = []
        var skipped: [SkippedEntity] = []
        let entityNames = Set(schema.entities.map(\.name))
        /// The selected entity that has each class name.
        var entityNamesByClassName: [String: String] = [:]
        entityNamesByClassName.reserveCapacity(schema.entities.count)

        var members: Set<String>?
        if let name = options.configurationName {
            if let modelConfiguration = schema.configurations.first(where: { $0.name == name }) {
                members = Set(modelConfiguration.memberEntities)
            } else {
                let known = schema.configurations.map(\.name).sorted().joined(separator: ", ")
                diagnostics.error(
                    "the model has no configuration named '\(name)'"
                        + (known.isEmpty ? "" : " (configurations: \(known))"),
                    at: SourceLocation(path: schema.contentsPath, line: 0))
                members = []
            }
        }
        // Error: a misspelt name would otherwise generate the wrong entities and delete the others' files.
        for (name, setting) in (options.includedEntities ?? []).map({ ($0, "include") })
            + options.excludedEntities.map({ ($0, "exclude") })
        where !entityNames.contains(name) {
            diagnostics.error(
                "the model has no entity named '\(name)' (--\(setting) or `\(setting)` in the config file)"
                    + SpellingSuggestion.hint(for: name, in: entityNames),
                at: SourceLocation(path: schema.contentsPath, line: 0))
        }

        for entity in schema.entities {
            func skip(_ reason: SkippedEntity.Reason) { skipped.append(SkippedEntity(entityName: entity.name, reason: reason)) }
            guard let className = Self.customClass(of: entity) else {
                skip(.noCustomClass)
                continue
            }
            if entity.isIgnoredByUserInfo {
                skip(.ignoredByUserInfo)
                continue
            }
            if let members, !members.contains(entity.name) {
                skip(.notInConfiguration)
                continue
            }
            if let included = options.includedEntities, !included.contains(entity.name) {
                skip(.excludedBySettings)
                continue
            }
            if options.excludedEntities.contains(entity.name) {
                skip(.excludedBySettings)
                continue
            }
            if entity.codeGenerationType != .manual && !options.generateXcodeCodegenEntities {
                // Reported once for all of them (`noteEntitiesXcodeStillGenerates`): the normal state of an app
                // moving one entity at a time, not a problem per entity.
                skip(.xcodeGeneratesClass)
                continue
            }
            guard SwiftNames.isIdentifier(className), !SwiftNames.keywords.contains(className) else {
                diagnostics.warning(
                    "entity '\(entity.name)' is not generated: its class name '\(className)' is not a Swift identifier",
                    at: entity.location)
                skip(.invalidClassName)
                continue
            }
            if let earlier = entityNamesByClassName[className] {
                diagnostics.warning(
                    "entity '\(entity.name)' is not generated: entity '\(earlier)' already has the class name '\(className)'",
                    at: entity.location)
                skip(.duplicateClassName)
                continue
            }
            entityNamesByClassName[className] = entity.name
            selected.append(entity)
        }
        noteEntitiesXcodeStillGenerates(skipped)
        // After a misspelt name the selection is not what the user meant: the error alone is reported.
        if !diagnostics.hasErrors { warnAboutClassesLeftOut(by: skipped, from: selected) }
        if selected.isEmpty && !diagnostics.hasErrors { warnThatNothingIsGenerated(skipped) }
        return (selected, skipped)
    }

    /// Entities whose Codegen setting leaves their classes to Xcode: one note naming them all. Our classes refer to
    /// theirs by class name (a relationship to such an entity is typed with Xcode's class), so the app builds with
    /// both side by side while it moves over one entity at a time (`managed-codegen adopt --entity`).
    private mutating func noteEntitiesXcodeStillGenerates(_ skipped: [SkippedEntity]) {
        let names = skipped.filter { $0.reason == .xcodeGeneratesClass }.map(\.entityName)
        let entities = names.compactMap { schema.entity(named: $0) }
        guard let first = entities.first else { return }
        let settings = [CodeGenerationType.class, .category].filter { setting in entities.contains { $0.codeGenerationType == setting } }
            .map { $0 == .class ? "Class Definition" : "Category/Extension" }
        let subject = entities.count == 1
            ? "entity '\(first.name)' is still generated by Xcode"
            : "\(entities.count) of \(schema.entities.count) entities are still generated by Xcode"
        diagnostics.append(.note(
            "\(subject) (Codegen: \(settings.joined(separator: ", "))), skipped: \(names.joined(separator: ", ")); "
                + "`managed-codegen adopt MODEL --entity NAME --write` moves one (or pass --include-xcode-generated)",
            at: first.location))
    }

    /// A model that yields no class says why, rather than writing nothing silently.
    private mutating func warnThatNothingIsGenerated(_ skipped: [SkippedEntity]) {
        let location = SourceLocation(path: schema.contentsPath, line: 0)
        guard !skipped.isEmpty else {
            diagnostics.warning("no class is generated: the model has no entities", at: location)
            return
        }
        var counts: [SkippedEntity.Reason: Int] = [:]
        for entity in skipped { counts[entity.reason, default: 0] += 1 }
        let reasons: [(SkippedEntity.Reason, String)] = [
            (.noCustomClass, "no custom class (set Class > Name in the model editor's Data Model inspector)"),
            (.xcodeGeneratesClass, "Codegen Class Definition or Category/Extension (set Manual/None: `managed-codegen adopt`; or pass --include-xcode-generated)"),
            (.excludedBySettings, "left out by --include/--exclude"),
            (.notInConfiguration, "not in the chosen configuration"),
            (.ignoredByUserInfo, "ignored by their userInfo"),
            (.invalidClassName, "a class name that is not a Swift identifier"),
            (.duplicateClassName, "the class name of another entity"),
        ]
        let parts = reasons.compactMap { reason, text in counts[reason].map { "\($0) with \(text)" } }
        diagnostics.warning(
            "no class is generated from this model: of its \(skipped.count) entities, " + parts.joined(separator: "; "),
            at: location)
    }

    /// A selected class that names the class of an entity the settings leave out (`--include Item` where
    /// `Item.owner: Person`) compiles only when that class comes from elsewhere.
    private mutating func warnAboutClassesLeftOut(by skipped: [SkippedEntity], from selected: [Entity]) {
        let leftOut = Set(
            skipped.lazy.filter { $0.reason == .excludedBySettings || $0.reason == .notInConfiguration }.map(\.entityName))
        guard !leftOut.isEmpty else { return }
        for entity in selected {
            if let parent = entity.parentName, leftOut.contains(parent), let parentEntity = schema.entity(named: parent),
                let parentClass = Self.customClass(of: parentEntity)
            {
                diagnostics.warning(
                    "entity '\(entity.name)' is generated but its parent '\(parent)' is not (left out by the include/exclude "
                        + "or configuration settings): \(entity.className ?? entity.name) inherits from \(parentClass), which must then come from elsewhere",
                    at: entity.location)
            }
            for relationship in entity.relationships where leftOut.contains(relationship.destinationEntity) {
                guard let destination = schema.entity(named: relationship.destinationEntity),
                    let destinationClass = Self.customClass(of: destination)
                else { continue }
                diagnostics.warning(
                    "relationship '\(entity.name).\(relationship.name)' refers to \(destinationClass), the class of entity "
                        + "'\(destination.name)', which is not generated (left out by the include/exclude or configuration "
                        + "settings): include '\(destination.name)' too, or \(destinationClass) must come from elsewhere",
                    at: relationship.location)
            }
        }
    }

    /// The entity's class name; nil when it has none (older models write `NSManagedObject` for that).
    static func customClass(of entity: Entity) -> String? {
        entity.customClassName
    }

    // MARK: Required relationship cycles

    private func requiredCycles(among selected: [Entity]) -> RequiredRelationshipCycles {
        let constructible = Set(selected.filter { !$0.isAbstract }.map(\.name))
        var edges: [RequiredRelationshipCycles.Edge] = []
        for entity in selected where constructible.contains(entity.name) {
            for owner in schema.ancestors(of: entity) + [entity] {
                for relationship in owner.relationships
                where isRequiredToOne(relationship) && constructible.contains(relationship.destinationEntity) {
                    edges.append(
                        .init(
                            from: entity.name, to: relationship.destinationEntity,
                            relationship: .init(entity: owner.name, relationship: relationship.name)))
                }
            }
        }
        return RequiredRelationshipCycles(edges: edges)
    }

    private func isRequiredToOne(_ relationship: Relationship) -> Bool {
        !relationship.isToMany && !relationship.isOptional
    }

    // MARK: One class

    private mutating func classPlan(
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
    private static func displayName(of parameters: [InitializerPlan.Parameter]) -> String {
        let label = parameters.contains { $0.swiftName == InitializerPlan.standardContextLabel } ? "insertInto" : InitializerPlan.standardContextLabel
        return parameters.isEmpty ? "init(\(label):)" : "init(\(label):...)"
    }

    /// Whether the property is declared (in the class, `Keys`, the initializer, hooks and tests), by the one name
    /// rule, `SwiftNames.propertyNameClash`; a warning naming the way out when it is not.
    private mutating func isDeclarable(_ name: String, at location: SourceLocation, in entity: Entity, report: Bool) -> Bool {
        guard let clash = SwiftNames.propertyNameClash(name) else { return true }
        guard report else { return false }
        switch clash {
        case .importedUnderGetterName(let swiftName):
            diagnostics.warning(
                "property '\(name)' of entity '\(entity.name)' is not generated: Swift imports NSManagedObject's "
                    + "Objective-C property '\(name)' as '\(swiftName)', so a Swift member named '\(name)' cannot be declared; "
                    + "use value(forKey:) and setValue(_:forKey:) with the key '\(name)', or rename the property in the model",
                at: location)
        case .rejectedByCoreData:
            // Only reached without the schema checks, which report it as an error.
            diagnostics.warning(
                "property '\(name)' of entity '\(entity.name)' is not generated: Core Data rejects a property named like "
                    + "the NSObject/NSManagedObject member '\(name)'; rename the property in the model",
                at: location)
        case .notAnIdentifier:
            diagnostics.warning(
                "property '\(name)' of entity '\(entity.name)' is not generated: the name is not a Swift identifier; "
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
    }

    private mutating func attributePlan(_ attribute: Attribute, _ facts: AttributeFacts) -> AttributePlan {
        let type = facts.type
        if type.storage == .typed {
            return typedAttributePlan(attribute, facts)
        }
        if attribute.type == .transformable, let stored = SwiftTypeTable.transformableClassName(attribute.customClassName),
            stored != type.name
        {
            diagnostics.warning(
                "attribute '\(attribute.name)' has the custom class '\(stored)', which is not a Swift type name; "
                    + "it is declared as \(type.name)",
                at: attribute.location)
        }
        // A Transformable the default transformer cannot archive is the schema checks' warning (SwiftTypeTable.needsOwnTransformer).
        let declaration: AttributePlan.Declaration
        switch (type.storage == .scalar && type.isOptional, attribute.isDerived) {
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
        plan.primitiveIsDate = attribute.type == .date && type.storage == .scalar && type.isOptional
        return plan
    }

    private func relationshipPlan(_ relationship: Relationship, swiftName: String) -> RelationshipPlan {
        let destination = schema.entity(named: relationship.destinationEntity).flatMap(Self.customClass(of:)) ?? "NSManagedObject"
        let kind: RelationshipPlan.Kind
        let type: String
        let accessors: [AccessorPlan]
        let names = AccessorNames(key: relationship.name)
        // To-many relationships are never nil: Core Data returns an empty set for an object without members.
        switch (relationship.isToMany, relationship.isOrdered) {
        case (false, _):
            kind = .toOne
            type = relationship.mayReadNil ? String(concatenating: destination, "?") : destination
            accessors = []
        case (true, false):
            kind = .toMany
            type = String(concatenating: "Set<", destination, ">")
            accessors = RelationshipAccessors.unordered(names: names, destination: destination)
        case (true, true):
            kind = .orderedToMany
            type = "NSOrderedSet"
            accessors = RelationshipAccessors.ordered(
                names: names, swiftKeyReference: "Keys.\(swiftName)", destination: destination, helper: supportTypes.orderedRelationship)
        }
        return RelationshipPlan(
            key: relationship.name, swiftName: swiftName, accessorNames: names, kind: kind, destinationClassName: destination,
            typeDeclaration: type, accessors: accessors, location: relationship.location)
    }

    // MARK: Initializer parameters

    private mutating func initializerParameter(for attribute: Attribute, _ facts: AttributeFacts) -> InitializerPlan.Parameter? {
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
            if let literal = SwiftLiteral.defaultValue(modelDefault, for: type) {
                return .init(
                    swiftName: name, key: attribute.name, typeDeclaration: parameterType, defaultValue: literal,
                    assignment: Self.assignment(name))
            }
            diagnostics.warning(
                "the default value of attribute '\(attribute.name)' cannot be written as a Swift \(type.name); "
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
    private static func assignment(_ swiftName: String) -> String {
        String(concatenating: "self.", swiftName, " = ", swiftName)
    }

    private func initializerParameter(
        for relationship: Relationship, plan: RelationshipPlan, cycleBroken: Bool
    ) -> InitializerPlan.Parameter {
        let name = plan.swiftName
        let mustHaveMembers = (relationship.minCount ?? 0) > 0 && !relationship.isOptional
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

    // MARK: Validation

    /// `attributeHooks` are taken over (so that the relationships' are appended without a copy).
    private func validationPlan(
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
    private func validationHook(for attribute: Attribute, _ facts: AttributeFacts) -> ValidationPlan.PropertyHook {
        let type = facts.type
        return hook(key: attribute.name, swiftName: facts.swiftName, type: type.name,
                    conversion: Self.validationConversion(for: type),
                    constraints: Self.constraints(of: attribute))
    }

    /// An expression converting `value.pointee` to a value of the attribute's type.
    static func validationConversion(for type: SwiftPropertyType) -> String {
        if type.name == "TimeInterval" {
            return "(value.pointee as? Date)?.timeIntervalSinceReferenceDate ?? (value.pointee as? NSNumber)?.doubleValue"
        } else if type.storage == .scalar, let accessor = type.numberAccessor {
            return String(concatenating: "(value.pointee as? NSNumber)?.", accessor)
        } else {
            return String(concatenating: "value.pointee as? ", type.name)
        }
    }

    private func hook(key: String, swiftName: String, type: String, conversion: String, constraints: [String])
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
        if let min = attribute.minValue { lines.append(String(concatenating: what, " at least ", SwiftLiteral.describe(min))) }
        if let max = attribute.maxValue { lines.append(String(concatenating: what, " at most ", SwiftLiteral.describe(max))) }
        if let pattern { lines.append(String(concatenating: "matches the regular expression ", pattern)) }
        return lines
    }
}
