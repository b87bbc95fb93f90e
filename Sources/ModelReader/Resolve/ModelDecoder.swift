import Foundation
import ManagedModel

/// Decodes elements into schema values; the vocabulary is defined by what these functions read.
///
/// Errors only where momc would refuse the model or no correct Swift could be generated, each justified where
/// it is raised: a root that is not `<model>`, an element without a name, an unknown `attributeType`, a
/// relationship without a destination, a fetched property without a fetch request, a fetch request without an
/// entity. Values in a form that cannot be read (another type's spelling, a flag that is not YES/NO, a count that is
/// not a number), unknown delete rules, empty constraint entries and unknown elements or attributes are warnings
/// saying what is done instead; see the documentation catalog's WarningsAndErrors.md.
struct ModelDecoder {
    let contentsPath: String
    var diagnostics = Diagnostics()

    init(contentsPath: String) {
        self.contentsPath = contentsPath
    }

    func location(_ node: XMLElementNode) -> SourceLocation {
        SourceLocation(path: contentsPath, line: node.line)
    }

    func location(_ reader: XMLAttributeReader) -> SourceLocation {
        SourceLocation(path: contentsPath, line: reader.line)
    }

    // MARK: model

    mutating func decodeModel(_ node: XMLElementNode, modelName: String, versionName: String) -> Schema {
        var reader = XMLAttributeReader(node)
        reader.accept(
            .type, .documentVersion, .lastSavedToolsVersion, .systemVersion, .minimumToolsVersion, .name,
            .macOSVersion, .iOSVersion, .usedWithSwiftData)
        var schema = Schema(
            contentsPath: contentsPath, modelName: modelName, versionName: versionName,
            sourceLanguage: reader.text(.sourceLanguage),
            usedWithCloudKit: flag(.usedWithCloudKit, &reader) ?? false,
            userDefinedModelVersionIdentifier: reader.text(.userDefinedModelVersionIdentifier))
        finish(&reader)
        // Entities are independent of each other and hold nearly all of the work: each is decoded on its own
        // (any core) with its own diagnostics, which are then taken in document order as if decoded in turn.
        let entities = node.children.filter { $0.name == "entity" }.concurrentMap { [contentsPath] child in
            Self.decodeEntity(child, contentsPath: contentsPath)
        }
        var decodedEntities = entities.makeIterator()
        schema.entities.reserveCapacity(entities.count)
        for child in node.children {
            switch child.name {
            case "entity":
                let decoded = decodedEntities.next()!
                diagnostics.append(contentsOf: decoded.diagnostics)
                if let entity = decoded.entity { schema.entities.append(entity) }
            case "configuration": if let configuration = decodeConfiguration(child) { schema.configurations.append(configuration) }
            case "fetchRequest": if let request = decodeFetchRequest(child) { schema.fetchRequests.append(request) }
            case "composite": if let composite = decodeComposite(child) { schema.composites.append(composite) }
            case "userInfo": schema.userInfo += decodeUserInfo(child)
            case "elements": break  // diagram layout only
            default: unknownElement(child, in: node, known: ["entity", "configuration", "fetchRequest", "composite", "userInfo", "elements"])
            }
        }
        return schema
    }

    // MARK: entity

    /// One entity decoded on its own, with its own diagnostics.
    struct DecodedEntity: Sendable {
        var entity: Entity?
        var diagnostics: Diagnostics
    }

    static func decodeEntity(_ node: XMLElementNode, contentsPath: String) -> DecodedEntity {
        var decoder = ModelDecoder(contentsPath: contentsPath)
        return DecodedEntity(entity: decoder.decodeEntity(node), diagnostics: decoder.diagnostics)
    }

    mutating func decodeEntity(_ node: XMLElementNode) -> Entity? {
        var reader = XMLAttributeReader(node)
        guard let name = requiredName(&reader) else { return nil }
        reader.accept(.syncable)
        var entity = Entity(name: name, location: location(node))
        entity.syncable = flag(.syncable, &reader)
        if let represented = reader.text(.representedClassName) {
            entity.representedClassName = represented
            (entity.classModule, entity.className) = Self.splitClassName(represented)
            // Old Xcode versions write `representedClassName=""` for "no custom class": normal, not worth a warning.
            if entity.className == nil && !represented.isEmpty {
                diagnostics.report(
                    ModelRules.classNotGenerated, "representedClassName '\(represented)' of entity '\(name)' names no class; the entity has no custom class",
                    at: location(node))
            }
        }
        entity.parentName = nonEmpty(reader.text(.parentEntity))
        entity.isAbstract = flag(.isAbstract, &reader) ?? false
        if let codegen = reader.text(.codeGenerationType) {
            if let type = CodeGenerationType(rawValue: codegen), type != .manual {
                entity.codeGenerationType = type
            } else {
                // One cause for the whole model (a tool that writes its own value): reported once, with a count.
                let hint = SpellingSuggestion.hint(for: codegen, in: ["class", "category"])
                var warning = ModelRules.unknownValue.diagnostic(
                    "unknown codeGenerationType '\(codegen)' on entity '\(name)'; treated as Manual/None" + hint, at: location(node))
                warning.modelWideCause = .init(
                    key: "codeGenerationType=\(codegen)", summaryPrefix: "unknown codeGenerationType '\(codegen)' on ",
                    summarySuffix: " entities (the first here); treated as Manual/None" + hint)
                diagnostics.append(warning)
            }
        }
        entity.elementID = reader.text(.elementID)
        entity.versionHashModifier = reader.text(.versionHashModifier)
        entity.renamingIdentifier = reader.text(.renamingIdentifier)
        finish(&reader)

        let known = ["attribute", "relationship", "fetchedProperty", "userInfo", "uniquenessConstraints", "fetchIndex", "compoundIndexes"]
        for child in node.children {
            switch child.name {
            case "attribute": if let attribute = decodeAttribute(child) { entity.attributes.append(attribute) }
            case "relationship": if let relationship = decodeRelationship(child) { entity.relationships.append(relationship) }
            case "fetchedProperty": if let fetched = decodeFetchedProperty(child) { entity.fetchedProperties.append(fetched) }
            case "userInfo": entity.userInfo += decodeUserInfo(child)
            case "uniquenessConstraints":
                entity.uniquenessConstraints += decodeNameLists(child, list: "uniquenessConstraint", item: "constraint")
            case "compoundIndexes":
                entity.compoundIndexes += decodeNameLists(child, list: "compoundIndex", item: "index")
            case "fetchIndex": if let index = decodeFetchIndex(child) { entity.fetchIndexes.append(index) }
            default: unknownElement(child, in: node, known: known)
            }
        }
        return entity
    }

    /// `Item` -> (nil, Item); `.Item` -> (nil, Item) (current module); `Shop.Item` -> (Shop, Item).
    /// `PRODUCT_MODULE_NAME.Item` and `$(PRODUCT_MODULE_NAME).Item` (written by older Xcode versions and by hand for
    /// "Current Product Module"; the build setting is substituted when the model is compiled) -> (nil, Item), like
    /// `.Item`.
    static func splitClassName(_ text: String) -> (module: String?, className: String?) {
        guard let dot = text.firstIndex(of: ".") else { return (nil, text.isEmpty ? nil : text) }
        let module = String(text[..<dot])
        let className = String(text[text.index(after: dot)...])
        let isCurrentModule = module.isEmpty || currentModulePlaceholders.contains(module)
        return (isCurrentModule ? nil : module, className.isEmpty ? nil : className)
    }

    /// Module names in `representedClassName` that stand for the module compiling the model.
    static let currentModulePlaceholders: Set<String> = ["PRODUCT_MODULE_NAME", "$(PRODUCT_MODULE_NAME)", "${PRODUCT_MODULE_NAME}"]

    // MARK: attribute

    mutating func decodeAttribute(_ node: XMLElementNode) -> Attribute? {
        var reader = XMLAttributeReader(node)
        guard let name = requiredName(&reader) else { return nil }
        reader.accept(.syncable)
        let type: AttributeType
        if let typeText = reader.text(.attributeType) {
            guard let typeFound = AttributeType(rawValue: typeText) else {
                // Error: Xcode writes only the names of `AttributeType`; with any other there is no telling what
                // Core Data stores, so no correct Swift type can be chosen.
                diagnostics.report(
                    ModelRules.unknownAttributeType, "unknown attributeType '\(typeText)' of attribute '\(name)'"
                        + SpellingSuggestion.hint(for: typeText, in: AttributeType.allCases.map(\.rawValue)),
                    at: location(node))
                return nil
            }
            type = typeFound
        } else {
            // The editor's "Undefined" type is written as no attributeType at all (allowed only on transients;
            // `SchemaChecks` reports it on other attributes).
            type = .undefined
        }
        // Every value is read first and the attribute made once: `Attribute` is a few hundred bytes, and each
        // change to a made one was a copy of it.
        let isOptional = flag(.optional, &reader) ?? false
        let usesScalarValueType = flag(.usesScalarValueType, &reader)
        let customClassName = reader.text(.customClassName)
        let isTransient = flag(.transient, &reader) ?? false
        let isDerived = flag(.derived, &reader) ?? false
        let derivationExpression = reader.text(.derivationExpression)
        let regularExpression = nonEmpty(reader.text(.regularExpressionString))
        let valueTransformerName = nonEmpty(reader.text(.valueTransformerName))
        let allowsExternalBinaryDataStorage = flag(.allowsExternalBinaryDataStorage, &reader) ?? false
        let allowsCloudEncryption = flag(.allowsCloudEncryption, &reader) ?? false
        let preserveAfterDeletion = flag(.preserveAfterDeletion, &reader) ?? false
        // Older Xcode spellings of the same checkboxes.
        let spotlightIndexingEnabled =
            (flag(.spotlightIndexingEnabled, &reader) ?? false) || (flag(.indexedBySpotlight, &reader) ?? false)
        let storedInTruthFile =
            (flag(.storedInTruthFile, &reader) ?? false) || (flag(.storedInExternalRecord, &reader) ?? false)
        let isIndexed = flag(.indexed, &reader) ?? false
        let compositeName = nonEmpty(reader.text(.composite))
        let elementID = reader.text(.elementID)
        let versionHashModifier = reader.text(.versionHashModifier)
        let renamingIdentifier = reader.text(.renamingIdentifier)
        let values = decodeValues(type: type, attributeName: name, &reader)
        finish(&reader)
        var userInfo: [UserInfoEntry] = []
        for child in node.children {
            switch child.name {
            case "userInfo": userInfo += decodeUserInfo(child)
            default: unknownElement(child, in: node, known: ["userInfo"])
            }
        }
        return Attribute(
            name: name, location: location(node), type: type, isOptional: isOptional, isTransient: isTransient,
            isDerived: isDerived, derivationExpression: derivationExpression, usesScalarValueType: usesScalarValueType,
            defaultValue: values.defaultValue, unreadableDefaultValue: values.unreadableDefault, minValue: values.minimum, maxValue: values.maximum,
            regularExpression: regularExpression, customClassName: customClassName,
            valueTransformerName: valueTransformerName, allowsExternalBinaryDataStorage: allowsExternalBinaryDataStorage,
            allowsCloudEncryption: allowsCloudEncryption, preserveAfterDeletion: preserveAfterDeletion,
            spotlightIndexingEnabled: spotlightIndexingEnabled, storedInTruthFile: storedInTruthFile, isIndexed: isIndexed,
            compositeName: compositeName, elementID: elementID, versionHashModifier: versionHashModifier,
            renamingIdentifier: renamingIdentifier, userInfo: userInfo)
    }

    private struct AttributeValues {
        var defaultValue: ModelValue?
        var unreadableDefault: String?
        var minimum: ModelValue?
        var maximum: ModelValue?
    }

    /// Values that cannot be read as the attribute's type are warnings, never errors: Xcode's editor leaves the
    /// old text behind when an attribute's type changes (`defaultValueString="NO"` on an Integer 16), and momc
    /// compiles such models. What momc makes of the text is not documented, so the value is not guessed: an
    /// unreadable default is kept as `unreadableDefaultValue` (no default argument, no default assumed by the
    /// generated tests), an unreadable bound is dropped (no check or test generated for it). The warning names
    /// Foundation's documented reading of the text where there is one (`FoundationReading`).
    private mutating func decodeValues(
        type: AttributeType, attributeName: String, _ reader: inout XMLAttributeReader
    ) -> AttributeValues {
        let location = SourceLocation(path: contentsPath, line: reader.line)
        // The editor leaves the same text on many attributes (every Boolean turned Integer 16 keeps "NO"), and each
        // command reads the model: one warning per text and type, counting the attributes, says what to change once.
        func unreadable(_ key: ModelAttributeName, _ text: String, _ reason: String, instead: String) {
            let reading = FoundationReading.describeReading(of: text, as: type).map { " (\($0))" } ?? ""
            let field = switch key {
            case .minValueString, .minDateTimeInterval: "Minimum"
            case .maxValueString, .maxDateTimeInterval: "Maximum"
            default: "Default Value"
            }
            let consequence = "cannot be read: \(reason)\(reading); what the compiled model holds is not documented, so \(instead)"
            let rule = field == "Default Value" ? ModelRules.unreadableDefault : ModelRules.unreadableBound
            var warning = rule.diagnostic(
                "\(key.rawValue) '\(text)' of \(type.rawValue) attribute '\(attributeName)' \(consequence); "
                    + "to change it, set or clear the attribute's \(field) in Xcode's Data Model inspector",
                at: location)
            warning.modelWideCause = .init(
                key: "unreadable \(key.rawValue)=\(text) on \(type.rawValue)", summaryPrefix: "\(key.rawValue) '\(text)' of ",
                summarySuffix: " \(type.rawValue) attributes (the first here) \(consequence); "
                    + "to change them, set or clear each one's \(field) in Xcode's Data Model inspector")
            diagnostics.append(warning)
        }
        let noDefault = "no default is assumed (callers pass a value; tests do not rely on one)"
        let noBound = "the bound is ignored (no check or test is generated for it)"
        var values = AttributeValues()
        if type == .date {
            // The interval is authoritative; Xcode writes the matching *ValueString only for display.
            func dateValue(
                interval intervalKey: ModelAttributeName, text textKey: ModelAttributeName, isDefault: Bool
            ) -> ModelValue? {
                let displayText = reader.text(textKey)
                if let text = reader.text(intervalKey) {
                    do throws(ModelValueText.Invalid) { return .date(try ModelValueText.timeInterval(text)) } catch {
                        unreadable(intervalKey, text, error.reason, instead: isDefault ? noDefault : noBound)
                        if isDefault { values.unreadableDefault = text }
                    }
                } else if let text = displayText {
                    do throws(ModelValueText.Invalid) {
                        return try isDefault
                            ? ModelValueText.defaultValue(text, type: type) : ModelValueText.bound(text, type: type)
                    } catch {
                        unreadable(textKey, text, error.reason, instead: isDefault ? noDefault : noBound)
                        if isDefault { values.unreadableDefault = text }
                    }
                }
                return nil
            }
            values.defaultValue = dateValue(interval: .defaultDateTimeInterval, text: .defaultValueString, isDefault: true)
            values.minimum = dateValue(interval: .minDateTimeInterval, text: .minValueString, isDefault: false)
            values.maximum = dateValue(interval: .maxDateTimeInterval, text: .maxValueString, isDefault: false)
            return values
        }
        for key in [ModelAttributeName.defaultDateTimeInterval, .minDateTimeInterval, .maxDateTimeInterval]
        where reader.text(key) != nil {
            diagnostics.report(ModelRules.unknownMarkup, "\(key.rawValue) is ignored on \(type.rawValue) attribute '\(attributeName)'", at: location)
        }
        if let text = reader.text(.defaultValueString) {
            do throws(ModelValueText.Invalid) { values.defaultValue = try ModelValueText.defaultValue(text, type: type) } catch {
                unreadable(.defaultValueString, text, error.reason, instead: noDefault)
                values.unreadableDefault = text
            }
        }
        func bound(_ key: ModelAttributeName) -> ModelValue? {
            guard let text = reader.text(key) else { return nil }
            guard ModelValueText.acceptsBounds(type) else {
                if !text.isEmpty {
                    diagnostics.report(ModelRules.unknownMarkup, "\(key.rawValue) is ignored on \(type.rawValue) attribute '\(attributeName)'", at: location)
                }
                return nil
            }
            do throws(ModelValueText.Invalid) { return try ModelValueText.bound(text, type: type) } catch {
                unreadable(key, text, error.reason, instead: noBound)
                return nil
            }
        }
        values.minimum = bound(.minValueString)
        values.maximum = bound(.maxValueString)
        return values
    }

    // MARK: relationship

    mutating func decodeRelationship(_ node: XMLElementNode) -> Relationship? {
        var reader = XMLAttributeReader(node)
        guard let name = requiredName(&reader) else { return nil }
        // `indexed` on relationships is a legacy flag Core Data ignores (foreign keys are always indexed).
        reader.accept(.syncable, .indexed)
        guard let destination = nonEmpty(reader.text(.destinationEntity)) else {
            // Error: momc refuses a relationship without a destination entity (the editor shows it as an error),
            // and its Swift type would be unknown.
            diagnostics.report(ModelRules.missingRequired, "relationship '\(name)' has no destinationEntity", at: location(node))
            return nil
        }
        var relationship = Relationship(name: name, location: location(node), destinationEntity: destination)
        relationship.isOptional = flag(.optional, &reader) ?? false
        relationship.isToMany = flag(.toMany, &reader) ?? false
        relationship.isOrdered = flag(.ordered, &reader) ?? false
        relationship.isTransient = flag(.transient, &reader) ?? false
        relationship.minCount = count(.minCount, &reader)
        relationship.maxCount = count(.maxCount, &reader)
        if let rule = reader.text(.deletionRule) {
            if let deletionRule = DeletionRule(rawValue: rule) {
                relationship.deletionRule = deletionRule
            } else {
                // Warning: the delete rule changes no generated declaration; only the Deny test depends on it.
                diagnostics.report(
                    ModelRules.unknownDeletionRule, "unknown deletionRule '\(rule)' of relationship '\(name)'; treated as \(relationship.deletionRule.rawValue)"
                        + SpellingSuggestion.hint(for: rule, in: ["Nullify", "Cascade", "Deny", "No Action"]),
                    at: location(node))
            }
        }
        relationship.inverseName = nonEmpty(reader.text(.inverseName))
        relationship.inverseEntity = nonEmpty(reader.text(.inverseEntity))
        relationship.elementID = reader.text(.elementID)
        relationship.versionHashModifier = reader.text(.versionHashModifier)
        relationship.renamingIdentifier = reader.text(.renamingIdentifier)
        finish(&reader)
        for child in node.children {
            switch child.name {
            case "userInfo": relationship.userInfo += decodeUserInfo(child)
            default: unknownElement(child, in: node, known: ["userInfo"])
            }
        }
        return relationship
    }

    // MARK: fetched properties and fetch requests

    mutating func decodeFetchedProperty(_ node: XMLElementNode) -> FetchedProperty? {
        var reader = XMLAttributeReader(node)
        guard let name = requiredName(&reader) else { return nil }
        reader.accept(.syncable)
        let isOptional = flag(.optional, &reader) ?? true
        finish(&reader)
        var request: FetchRequestTemplate?
        var userInfo: [UserInfoEntry] = []
        for child in node.children {
            switch child.name {
            case "fetchRequest": request = decodeFetchRequest(child)
            case "userInfo": userInfo += decodeUserInfo(child)
            default: unknownElement(child, in: node, known: ["fetchRequest", "userInfo"])
            }
        }
        guard let request else {
            if !node.children.contains(where: { $0.name == "fetchRequest" }) {
                // Error: a fetched property is its fetch request; without one it has no destination entity,
                // which momc refuses, and no Swift element type.
                diagnostics.report(ModelRules.missingRequired, "fetched property '\(name)' has no fetchRequest", at: location(node))
            }
            return nil
        }
        return FetchedProperty(name: name, location: location(node), isOptional: isOptional, fetchRequest: request, userInfo: userInfo)
    }

    mutating func decodeFetchRequest(_ node: XMLElementNode) -> FetchRequestTemplate? {
        var reader = XMLAttributeReader(node)
        guard let name = requiredName(&reader) else { return nil }
        guard let entityName = nonEmpty(reader.text(.entity)) else {
            // Error: an NSFetchRequest template needs its entity; momc refuses one without, and the generated
            // fetch method would have no result type.
            diagnostics.report(ModelRules.missingRequired, "fetch request '\(name)' names no entity", at: location(node))
            return nil
        }
        var request = FetchRequestTemplate(name: name, location: location(node), entityName: entityName)
        request.predicateString = nonEmpty(reader.text(.predicateString))
        if let text = reader.text(.resultType) {
            if let raw = ModelValueText.integer(text), let resultType = FetchRequestTemplate.ResultType(rawValue: raw) {
                request.resultType = resultType
            } else {
                diagnostics.report(
                    ModelRules.unknownValue, "unknown resultType '\(text)' of fetch request '\(name)'; managed objects are assumed", at: location(node))
            }
        }
        request.fetchLimit = count(.fetchLimit, &reader)
        request.fetchBatchSize = count(.fetchBatchSize, &reader)
        request.includeSubentities = flag(.includeSubentities, &reader)
        request.includesPendingChanges = flag(.includesPendingChanges, &reader)
        // Xcode writes `includePropertyValues` (no "s"), unlike the NSFetchRequest property.
        request.includesPropertyValues = flag(.includePropertyValues, &reader) ?? flag(.includesPropertyValues, &reader)
        request.returnObjectsAsFaults = flag(.returnObjectsAsFaults, &reader)
        request.returnDistinctResults = flag(.returnDistinctResults, &reader)
        finish(&reader)
        for child in node.children { unknownElement(child, in: node, known: []) }
        return request
    }

    // MARK: configurations, indexes, composites, userInfo

    mutating func decodeConfiguration(_ node: XMLElementNode) -> Configuration? {
        var reader = XMLAttributeReader(node)
        guard let name = requiredName(&reader) else { return nil }
        var configuration = Configuration(
            name: name, location: location(node), usedWithCloudKit: flag(.usedWithCloudKit, &reader) ?? false)
        finish(&reader)
        for child in node.children where isOnlyKind(child, "memberEntity", in: node) {
            var memberReader = XMLAttributeReader(child)
            if let member = requiredName(&memberReader) { configuration.memberEntities.append(member) }
            finish(&memberReader)
        }
        return configuration
    }

    /// `<uniquenessConstraints><uniquenessConstraint><constraint value=…/>…` and the same shape for
    /// legacy `<compoundIndexes><compoundIndex><index value=…/>…`.
    mutating func decodeNameLists(_ node: XMLElementNode, list: String, item: String) -> [[String]] {
        var lists: [[String]] = []
        var outer = XMLAttributeReader(node)
        finish(&outer)
        for listNode in node.children where isOnlyKind(listNode, list, in: node) {
            var listReader = XMLAttributeReader(listNode)
            finish(&listReader)
            var names: [String] = []
            for itemNode in listNode.children where isOnlyKind(itemNode, item, in: listNode) {
                var itemReader = XMLAttributeReader(itemNode)
                if let value = nonEmpty(itemReader.text(.value)) {
                    names.append(value)
                } else {
                    // Names no property: nothing to constrain or index, and nothing generated depends on it.
                    diagnostics.report(ModelRules.emptyEntry, "<\(item)> without a value; ignored", at: location(itemNode))
                }
                finish(&itemReader)
            }
            lists.append(names)
        }
        return lists
    }

    mutating func decodeFetchIndex(_ node: XMLElementNode) -> FetchIndex? {
        guard let name = nameOnly(node) else { return nil }
        var index = FetchIndex(name: name, location: location(node), elements: [])
        for child in node.children where isOnlyKind(child, "fetchIndexElement", in: node) {
            var elementReader = XMLAttributeReader(child)
            elementReader.accept(.expressionType)
            var element = FetchIndex.Element(
                property: nonEmpty(elementReader.text(.property)), expression: nonEmpty(elementReader.text(.expression)))
            if let type = elementReader.text(.type) { element.type = type }
            switch elementReader.text(.order) {
            case nil, "ascending": element.isAscending = true
            case "descending": element.isAscending = false
            case let order?:
                diagnostics.report(ModelRules.unknownValue, "unknown fetch index order '\(order)'; ascending is assumed", at: location(child))
            }
            finish(&elementReader)
            if element.property == nil && element.expression == nil {
                // Indexes nothing; fetch indexes change no generated declaration.
                diagnostics.report(
                    ModelRules.emptyEntry, "fetch index element of '\(name)' names neither a property nor an expression; ignored", at: location(child))
                continue
            }
            index.elements.append(element)
        }
        return index
    }

    mutating func decodeComposite(_ node: XMLElementNode) -> CompositeDefinition? {
        guard let name = nameOnly(node) else { return nil }
        var composite = CompositeDefinition(name: name, location: location(node), attributes: [])
        for child in node.children where isOnlyKind(child, "attribute", in: node) {
            if let attribute = decodeAttribute(child) { composite.attributes.append(attribute) }
        }
        return composite
    }

    mutating func decodeUserInfo(_ node: XMLElementNode) -> [UserInfoEntry] {
        var entries: [UserInfoEntry] = []
        var reader = XMLAttributeReader(node)
        finish(&reader)
        for child in node.children where isOnlyKind(child, "entry", in: node) {
            var entryReader = XMLAttributeReader(child)
            if let key = entryReader.text(.key) {
                entries.append(UserInfoEntry(key: key, value: entryReader.text(.value) ?? ""))
            } else {
                diagnostics.report(ModelRules.emptyEntry, "userInfo entry without a key; ignored", at: location(child))
            }
            finish(&entryReader)
        }
        return entries
    }

    // MARK: helpers

    /// The name of an element that has no other attribute (`<fetchIndex>`, `<composite>`); any other is reported.
    private mutating func nameOnly(_ node: XMLElementNode) -> String? {
        var reader = XMLAttributeReader(node)
        guard let name = requiredName(&reader) else { return nil }
        finish(&reader)
        return name
    }

    /// Error when missing: every element read with a name (entity, property, fetch request, configuration,
    /// composite, fetch index) is keyed by it in the compiled model (`entitiesByName`, `propertiesByName`, …),
    /// so momc cannot compile a nameless one, and no Swift declaration can be named; a configuration's
    /// `<memberEntity>` without a name references no entity, which momc cannot resolve.
    private mutating func requiredName(_ reader: inout XMLAttributeReader) -> String? {
        if let name = nonEmpty(reader.text(.name)) { return name }
        diagnostics.report(ModelRules.missingRequired, "<\(reader.elementName)> without a name", at: location(reader))
        finish(&reader)
        return nil
    }

    /// A flag other than YES/NO (`optional="1"` in a hand-edited file) is a warning: it is read the way
    /// Foundation's documented `NSString.boolValue` reads text, and the warning says so.
    private mutating func flag(_ key: ModelAttributeName, _ reader: inout XMLAttributeReader) -> Bool? {
        guard let text = reader.text(key) else { return nil }
        if let value = ModelValueText.flag(text) { return value }
        let value = FoundationReading.boolValue(text)
        diagnostics.report(
            ModelRules.invalidFlag, "invalid value '\(text)' for \(key.rawValue): expected YES or NO; read as \(value ? "YES" : "NO"), as NSString.boolValue reads it",
            at: location(reader))
        return value
    }

    /// A count that is not a non-negative integer is a warning and ignored (no limit): a wrong limit would only
    /// make the generated tests expect the wrong validation result.
    private mutating func count(_ key: ModelAttributeName, _ reader: inout XMLAttributeReader) -> Int? {
        guard let text = reader.text(key) else { return nil }
        if let value = ModelValueText.integer(text), value >= 0 { return value }
        diagnostics.report(
            ModelRules.invalidCount, "invalid value '\(text)' for \(key.rawValue): expected a non-negative integer; ignored (what the compiled model holds is not documented)",
            at: location(reader))
        return nil
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// Reports the attributes no decoder asked for (with a suggestion when one is a near miss).
    private mutating func finish(_ reader: inout XMLAttributeReader) {
        for name in reader.unconsultedNames {
            diagnostics.report(
                ModelRules.unknownMarkup, "unknown attribute '\(name)' on <\(reader.elementName)>; ignored"
                    + SpellingSuggestion.hint(for: name, in: reader.consultedNames),
                at: location(reader))
        }
        reader.accept(contentsOf: reader.unconsultedNames)
    }

    /// Whether `child` is of the one kind of element `parent` may contain (`<entry>` in `<userInfo>`); another
    /// kind is reported as unknown, and skipped.
    private mutating func isOnlyKind(_ child: XMLElementNode, _ name: String, in parent: XMLElementNode) -> Bool {
        guard child.name == name else {
            unknownElement(child, in: parent, known: [name])
            return false
        }
        return true
    }

    private mutating func unknownElement(_ node: XMLElementNode, in parent: XMLElementNode, known: [String]) {
        diagnostics.report(
            ModelRules.unknownMarkup, "unknown element <\(node.name)> in <\(parent.name)>; ignored" + SpellingSuggestion.hint(for: node.name, in: known),
            at: location(node))
    }
}
