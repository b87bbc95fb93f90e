import CoreDataMapping
import ManagedModel

/// Which entities get a class: the settings, the Codegen setting, userInfo and the class names applied in turn, with
/// the notes and warnings about the entities left out.
extension GenerationPlanner {
    mutating func selectEntities() -> (selected: [Entity], skipped: [SkippedEntity]) {
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
                diagnostics.report(
                    GenerationRules.unknownSelection, "the model has no configuration named '\(name)'"
                        + (known.isEmpty ? "" : " (configurations: \(known))"),
                    at: SourceLocation(path: schema.contentsPath, line: 0))
                members = []
            }
        }
        // Error: a misspelt name would otherwise generate the wrong entities and delete the others' files.
        for (name, setting) in (options.includedEntities ?? []).map({ ($0, "include") })
            + options.excludedEntities.map({ ($0, "exclude") })
        where !entityNames.contains(name) {
            diagnostics.report(
                GenerationRules.unknownSelection, "the model has no entity named '\(name)' (--\(setting) or `\(setting)` in the config file)"
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
                diagnostics.report(
                    GenerationRules.entityNotGenerated, "entity '\(entity.name)' is not generated: its class name '\(className)' is not a Swift identifier",
                    at: entity.location)
                skip(.invalidClassName)
                continue
            }
            if let earlier = entityNamesByClassName[className] {
                diagnostics.report(
                    GenerationRules.entityNotGenerated, "entity '\(entity.name)' is not generated: entity '\(earlier)' already has the class name '\(className)'",
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
    mutating func noteEntitiesXcodeStillGenerates(_ skipped: [SkippedEntity]) {
        let names = skipped.filter { $0.reason == .xcodeGeneratesClass }.map(\.entityName)
        let entities = names.compactMap { schema.entity(named: $0) }
        guard let first = entities.first else { return }
        let settings = [CodeGenerationType.class, .category].filter { setting in entities.contains { $0.codeGenerationType == setting } }
            .map { $0 == .class ? "Class Definition" : "Category/Extension" }
        let subject = entities.count == 1
            ? "entity '\(first.name)' is still generated by Xcode"
            : "\(entities.count) of \(schema.entities.count) entities are still generated by Xcode"
        diagnostics.report(
            GenerationRules.xcodeGenerated,
            "\(subject) (Codegen: \(settings.joined(separator: ", "))), skipped: \(NameList.listed(names, noun: "entities")); "
                + "`managed-codegen adopt MODEL --entity NAME --write` moves one (or pass --include-xcode-generated)",
            at: first.location)
    }

    /// A model that yields no class says why, rather than writing nothing silently.
    mutating func warnThatNothingIsGenerated(_ skipped: [SkippedEntity]) {
        let location = SourceLocation(path: schema.contentsPath, line: 0)
        guard !skipped.isEmpty else {
            diagnostics.report(GenerationRules.nothingGenerated, "no class is generated: the model has no entities", at: location)
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
        diagnostics.report(
            GenerationRules.nothingGenerated, "no class is generated from this model: of its \(skipped.count) entities, " + parts.joined(separator: "; "),
            at: location)
    }

    /// A selected class that names the class of an entity the settings leave out (`--include Item` where
    /// `Item.owner: Person`) compiles only when that class comes from elsewhere.
    mutating func warnAboutClassesLeftOut(by skipped: [SkippedEntity], from selected: [Entity]) {
        let leftOut = Set(
            skipped.lazy.filter { $0.reason == .excludedBySettings || $0.reason == .notInConfiguration }.map(\.entityName))
        guard !leftOut.isEmpty else { return }
        for entity in selected {
            if let parent = entity.parentName, leftOut.contains(parent), let parentEntity = schema.entity(named: parent),
                let parentClass = Self.customClass(of: parentEntity)
            {
                diagnostics.report(
                    GenerationRules.outsideSelection, "entity '\(entity.name)' is generated but its parent '\(parent)' is not (left out by the include/exclude "
                        + "or configuration settings): \(entity.className ?? entity.name) inherits from \(parentClass), which must then come from elsewhere",
                    at: entity.location)
            }
            for relationship in entity.relationships where leftOut.contains(relationship.destinationEntity) {
                guard let destination = schema.entity(named: relationship.destinationEntity),
                    let destinationClass = Self.customClass(of: destination)
                else { continue }
                diagnostics.report(
                    GenerationRules.outsideSelection, "relationship '\(entity.name).\(relationship.name)' refers to \(destinationClass), the class of entity "
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
}
