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
            diagnostics.report(
                GenerationRules.requiredCycle, "required to-one relationships form a cycle (\(path)), so no initializer could take them all; "
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
        !relationship.isToMany && relationship.requiresDestination
    }
}
