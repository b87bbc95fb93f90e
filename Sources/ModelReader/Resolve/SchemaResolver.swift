import Foundation
import ManagedModel

/// XML tree of one `contents` file -> `Schema`: decodes the whole model vocabulary (`ModelDecoder`),
/// links entities to their sub-entities, then runs the semantic checks (`SchemaChecks`).
enum SchemaResolver {
    /// - Returns: the schema (nil only when the document is not a Core Data model at all) and every diagnostic
    ///   found. A schema is returned even when errors were found, so callers can show what was understood.
    static func resolve(
        _ root: XMLElementNode, contentsPath: String, modelName: String, versionName: String
    ) -> (schema: Schema?, diagnostics: Diagnostics) {
        resolve(root, entities: nil, contentsPath: contentsPath, modelName: modelName, versionName: versionName)
    }

    /// Parses a document with `parse` and resolves it, the entities decoded on other cores while the parser
    /// reads on (`EntityDecodingPipeline`); the same result as parsing, then resolving the tree.
    /// - Parameter parse: parses the document, handing its entities to the given handoff.
    /// - Throws: what `parse` throws (`DiagnosticsError` for malformed XML).
    static func resolve(
        contentsPath: String, modelName: String, versionName: String,
        parsing parse: (XMLDocumentReader.Handoff) throws -> XMLElementNode
    ) throws -> (schema: Schema?, diagnostics: Diagnostics) {
        let pipeline = EntityDecodingPipeline(contentsPath: contentsPath)
        // On a parse error the batches already dispatched finish on their own and are dropped.
        let root = try parse(pipeline.handoff)
        let entities = pipeline.finish()
        // What is left of the tree (the entities' places and the model's other elements) is small.
        return resolve(root, entities: entities, contentsPath: contentsPath, modelName: modelName, versionName: versionName)
    }

    /// - Parameter entities: the root's `<entity>` children decoded already, in document order, or nil to
    ///   decode them here.
    private static func resolve(
        _ root: XMLElementNode, entities: [ModelDecoder.DecodedEntity]?, contentsPath: String, modelName: String,
        versionName: String
    ) -> (schema: Schema?, diagnostics: Diagnostics) {
        var decoder = ModelDecoder(contentsPath: contentsPath)
        guard root.name == "model" else {
            decoder.diagnostics.error(
                "not a Core Data model: root element is <\(root.name)>",
                at: SourceLocation(path: contentsPath, line: root.line))
            return (nil, decoder.diagnostics)
        }
        var schema = decoder.decodeModel(root, modelName: modelName, versionName: versionName, entities: entities)
        linkChildren(&schema)
        var diagnostics = decoder.diagnostics
        diagnostics.append(contentsOf: SchemaChecks.run(schema))
        return (schema, diagnostics)
    }

    private static func linkChildren(_ schema: inout Schema) {
        var children: [String: [String]] = [:]
        for entity in schema.entities {
            if let parent = entity.parentName { children[parent, default: []].append(entity.name) }
        }
        for index in schema.entities.indices {
            schema.entities[index].childNames = (children[schema.entities[index].name] ?? []).sorted()
        }
    }
}

/// Reads one element's XML attributes, remembering which names the decoder asked for, so every attribute
/// nobody asked for can be reported as unknown.
///
/// A decoder asks for some thirty names per element, nearly all absent; names are the decoder's ASCII literals
/// (`StaticString`), so with ASCII attribute names a lookup compares lengths first and bytes only when they
/// match (Unicode equivalence cannot make strings of different lengths equal when both are ASCII). A bit per
/// attribute position records which attributes were found, so the usual "everything was asked for" answer
/// needs no set of names; the names asked for are kept in a list, read only to report an unknown attribute.
/// Most names asked for are absent: a one-word summary of the names present (a bit per name signature:
/// length and end bytes) answers most of those without looking at the attributes, and the signature of each of
/// the first eight attributes (a byte each) leaves one or two names to compare for the others.
struct XMLAttributeReader {
    let node: XMLElementNode
    /// Bit `i`: attribute `i` was asked for by name (positions from 64 on are looked up in the lists instead).
    private var consultedPositions: UInt64 = 0
    private var askedFor: [StaticString] = []
    private var acceptedNames: [String] = []
    private let attributeNamesAreASCII: Bool
    /// Bit `signature(name)` set for every attribute name (meaningful only when `attributeNamesAreASCII`).
    private let nameSignatures: UInt64
    /// Byte `i`: `signature` of attribute `i`'s name, for the first `signedPositions` attributes.
    private let positionSignatures: UInt64
    private static let signedPositions = 8

    init(_ node: XMLElementNode) {
        self.node = node
        var signatures: UInt64 = 0
        var positionSignatures: UInt64 = 0
        var position = 0
        attributeNamesAreASCII = node.attributes.allSatisfy { attribute in
            attribute.name.utf8.withContiguousStorageIfAvailable { bytes in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
                let signature = Self.signature(bytes)
                signatures |= 1 << signature
                if position < Self.signedPositions { positionSignatures |= signature << UInt64(8 * position) }
                position += 1
                return true
            } ?? false
        }
        nameSignatures = signatures
        self.positionSignatures = positionSignatures
        // Room for what the attribute decoder asks (the most of any element), so the list grows at most once.
        askedFor.reserveCapacity(32)
    }

    /// 0...63, the same for equal byte strings.
    private static func signature(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let first = bytes.first, let last = bytes.last else { return 0 }
        return UInt64((bytes.count &+ Int(first) &* 3 &+ Int(last) &* 5) & 63)
    }

    mutating func text(_ name: StaticString) -> String? {
        askedFor.append(name)
        guard let position = markConsulted(name) else { return nil }
        return node.attributes[position].value
    }

    /// Vocabulary Xcode writes that the schema does not carry (tool versions, legacy flags, layout).
    mutating func accept(_ names: StaticString...) {
        for name in names {
            askedFor.append(name)
            markConsulted(name)
        }
    }

    mutating func accept(contentsOf names: [String]) {
        for name in names {
            acceptedNames.append(name)
            if let position = node.attributes.firstIndex(where: { $0.name == name }) { markConsulted(position) }
        }
    }

    var consultedNames: Set<String> { Set(askedFor.map(\.description) + acceptedNames) }

    var unconsultedNames: [String] {
        let count = node.attributes.count
        if count <= 64, consultedPositions == (count == 64 ? .max : (1 << UInt64(count)) - 1) { return [] }
        let consulted = consultedNames
        return node.attributes.indices.compactMap { position in
            if position < 64, consultedPositions & (1 << UInt64(position)) != 0 { return nil }
            let name = node.attributes[position].name
            return consulted.contains(name) ? nil : name
        }
    }

    /// The position of the first attribute called `name`, now marked as asked for.
    @discardableResult
    private mutating func markConsulted(_ name: StaticString) -> Int? {
        let position: Int?
        if attributeNamesAreASCII, name.hasPointerRepresentation, name.isASCII {
            let wanted = name.utf8Start
            let length = name.utf8CodeUnitCount
            let signature = Self.signature(UnsafeBufferPointer(start: wanted, count: length))
            guard nameSignatures & (1 << signature) != 0 else { return nil }
            func isWanted(_ attribute: (name: String, value: String)) -> Bool {
                attribute.name.utf8.count == length
                    && attribute.name.utf8.withContiguousStorageIfAvailable { bytes in
                        bytes.baseAddress.map { memcmp($0, wanted, length) == 0 } ?? (length == 0)
                    } == true
            }
            let attributes = node.attributes
            if attributes.count <= Self.signedPositions {
                var signatures = positionSignatures
                position = attributes.indices.first { candidate in
                    defer { signatures >>= 8 }
                    return signatures & 0xFF == signature && isWanted(attributes[candidate])
                }
            } else {
                position = attributes.firstIndex(where: isWanted)
            }
        } else {
            let text = name.description
            position = node.attributes.firstIndex { $0.name == text }
        }
        if let position { markConsulted(position) }
        return position
    }

    private mutating func markConsulted(_ position: Int) {
        if position < 64 { consultedPositions |= 1 << UInt64(position) }
    }
}

/// Decodes elements into schema values; the vocabulary is defined by what these functions read.
/// Malformed values are errors; anything unknown is a warning and skipped.
struct ModelDecoder {
    let contentsPath: String
    var diagnostics = Diagnostics()

    init(contentsPath: String) {
        self.contentsPath = contentsPath
    }

    func location(_ node: XMLElementNode) -> SourceLocation {
        SourceLocation(path: contentsPath, line: node.line)
    }

    // MARK: model

    /// - Parameter entities: `node`'s `<entity>` children decoded already (`EntityDecodingPipeline`), in
    ///   document order; nil to decode them here.
    mutating func decodeModel(
        _ node: XMLElementNode, modelName: String, versionName: String, entities: [DecodedEntity]? = nil
    ) -> Schema {
        var reader = XMLAttributeReader(node)
        reader.accept(
            "type", "documentVersion", "lastSavedToolsVersion", "systemVersion", "minimumToolsVersion", "name",
            "macOSVersion", "iOSVersion", "usedWithSwiftData")
        var schema = Schema(
            contentsPath: contentsPath, modelName: modelName, versionName: versionName,
            sourceLanguage: reader.text("sourceLanguage"),
            usedWithCloudKit: flag("usedWithCloudKit", &reader) ?? false,
            userDefinedModelVersionIdentifier: reader.text("userDefinedModelVersionIdentifier"))
        finish(&reader)
        // Entities are independent of each other and hold nearly all of the work: each is decoded on its own
        // (any core) with its own diagnostics, which are then taken in document order as if decoded in turn.
        let entities = entities ?? node.children.filter { $0.name == "entity" }.concurrentMap { [contentsPath] child in
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
        reader.accept("syncable")
        var entity = Entity(name: name, location: location(node))
        entity.syncable = flag("syncable", &reader)
        if let represented = reader.text("representedClassName") {
            entity.representedClassName = represented
            (entity.classModule, entity.className) = Self.splitClassName(represented)
            // Old Xcode versions write `representedClassName=""` for "no custom class": normal, not worth a warning.
            if entity.className == nil && !represented.isEmpty {
                diagnostics.warning(
                    "representedClassName '\(represented)' of entity '\(name)' names no class; the entity has no custom class",
                    at: location(node))
            }
        }
        entity.parentName = nonEmpty(reader.text("parentEntity"))
        entity.isAbstract = flag("isAbstract", &reader) ?? false
        if let codegen = reader.text("codeGenerationType") {
            if let type = CodeGenerationType(rawValue: codegen), type != .manual {
                entity.codeGenerationType = type
            } else {
                diagnostics.warning(
                    "unknown codeGenerationType '\(codegen)' on entity '\(name)'; treated as Manual/None"
                        + SpellingSuggestion.hint(for: codegen, in: ["class", "category"]),
                    at: location(node))
            }
        }
        entity.elementID = reader.text("elementID")
        entity.versionHashModifier = reader.text("versionHashModifier")
        entity.renamingIdentifier = reader.text("renamingIdentifier")
        finish(&reader)

        let known = ["attribute", "relationship", "fetchedProperty", "userInfo", "uniquenessConstraints", "fetchIndex", "compoundIndexes"]
        // Exact capacities: `Attribute` is a few hundred bytes, and doubling growth leaves up to half unused.
        entity.attributes.reserveCapacity(node.children.count { $0.name == "attribute" })
        entity.relationships.reserveCapacity(node.children.count { $0.name == "relationship" })
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
    static func splitClassName(_ text: String) -> (module: String?, className: String?) {
        guard let dot = text.firstIndex(of: ".") else { return (nil, text.isEmpty ? nil : text) }
        let module = String(text[..<dot])
        let className = String(text[text.index(after: dot)...])
        return (module.isEmpty ? nil : module, className.isEmpty ? nil : className)
    }

    // MARK: attribute

    /// `AttributeType(rawValue:)` compares the text with one case after another; this asks one hash lookup.
    private static let attributeTypesByName = Dictionary(
        uniqueKeysWithValues: AttributeType.allCases.map { ($0.rawValue, $0) })

    mutating func decodeAttribute(_ node: XMLElementNode) -> Attribute? {
        var reader = XMLAttributeReader(node)
        guard let name = requiredName(&reader) else { return nil }
        reader.accept("syncable")
        guard let typeText = reader.text("attributeType") else {
            diagnostics.error("attribute '\(name)' has no attributeType", at: location(node))
            return nil
        }
        guard let type = Self.attributeTypesByName[typeText] else {
            diagnostics.error(
                "unknown attributeType '\(typeText)' of attribute '\(name)'"
                    + SpellingSuggestion.hint(for: typeText, in: AttributeType.allCases.map(\.rawValue)),
                at: location(node))
            return nil
        }
        let isOptional = flag("optional", &reader) ?? false
        let usesScalarValueType = flag("usesScalarValueType", &reader)
        let customClassName = reader.text("customClassName")
        var attribute = Attribute(
            name: name, location: location(node), type: type, isOptional: isOptional,
            usesScalarValueType: usesScalarValueType, customClassName: customClassName)
        attribute.isTransient = flag("transient", &reader) ?? false
        attribute.isDerived = flag("derived", &reader) ?? false
        attribute.derivationExpression = reader.text("derivationExpression")
        attribute.regularExpression = nonEmpty(reader.text("regularExpressionString"))
        attribute.valueTransformerName = nonEmpty(reader.text("valueTransformerName"))
        attribute.allowsExternalBinaryDataStorage = flag("allowsExternalBinaryDataStorage", &reader) ?? false
        attribute.allowsCloudEncryption = flag("allowsCloudEncryption", &reader) ?? false
        attribute.preserveAfterDeletion = flag("preserveAfterDeletion", &reader) ?? false
        // Older Xcode spellings of the same checkboxes.
        attribute.spotlightIndexingEnabled =
            (flag("spotlightIndexingEnabled", &reader) ?? false) || (flag("indexedBySpotlight", &reader) ?? false)
        attribute.storedInTruthFile =
            (flag("storedInTruthFile", &reader) ?? false) || (flag("storedInExternalRecord", &reader) ?? false)
        attribute.isIndexed = flag("indexed", &reader) ?? false
        attribute.compositeName = nonEmpty(reader.text("composite"))
        attribute.elementID = reader.text("elementID")
        attribute.versionHashModifier = reader.text("versionHashModifier")
        attribute.renamingIdentifier = reader.text("renamingIdentifier")
        decodeValues(of: &attribute, &reader, node)
        finish(&reader)
        for child in node.children {
            switch child.name {
            case "userInfo": attribute.userInfo += decodeUserInfo(child)
            default: unknownElement(child, in: node, known: ["userInfo"])
            }
        }
        return attribute
    }

    private mutating func decodeValues(of attribute: inout Attribute, _ reader: inout XMLAttributeReader, _ node: XMLElementNode) {
        let type = attribute.type
        func describe(_ key: StaticString, _ text: String) -> String {
            "invalid \(key) '\(text)' for \(type.rawValue) attribute '\(attribute.name)'"
        }
        if type == .date {
            // The interval is authoritative; Xcode writes the matching *ValueString only for display.
            for (intervalKey, textKey, isDefault, slot) in [
                ("defaultDateTimeInterval", "defaultValueString", true, \Attribute.defaultValue),
                ("minDateTimeInterval", "minValueString", false, \Attribute.minValue),
                ("maxDateTimeInterval", "maxValueString", false, \Attribute.maxValue),
            ] as [(StaticString, StaticString, Bool, WritableKeyPath<Attribute, AttributeValue?>)] {
                let displayText = reader.text(textKey)
                if let text = reader.text(intervalKey) {
                    do throws(ModelValueText.Invalid) { attribute[keyPath: slot] = .date(try ModelValueText.timeInterval(text)) } catch {
                        diagnostics.error("\(describe(intervalKey, text)): \(error.reason)", at: location(node))
                    }
                } else if let text = displayText {
                    do throws(ModelValueText.Invalid) {
                        attribute[keyPath: slot] =
                            try isDefault
                            ? ModelValueText.defaultValue(text, type: type) : ModelValueText.bound(text, type: type)
                    } catch { diagnostics.error("\(describe(textKey, text)): \(error.reason)", at: location(node)) }
                }
            }
            return
        }
        for key: StaticString in ["defaultDateTimeInterval", "minDateTimeInterval", "maxDateTimeInterval"] where reader.text(key) != nil {
            diagnostics.warning("\(key) is ignored on \(type.rawValue) attribute '\(attribute.name)'", at: location(node))
        }
        if let text = reader.text("defaultValueString") {
            do throws(ModelValueText.Invalid) { attribute.defaultValue = try ModelValueText.defaultValue(text, type: type) } catch {
                diagnostics.error("\(describe("defaultValueString", text)): \(error.reason)", at: location(node))
            }
        }
        for (key, slot) in [("minValueString", \Attribute.minValue), ("maxValueString", \Attribute.maxValue)]
            as [(StaticString, WritableKeyPath<Attribute, AttributeValue?>)]
        {
            guard let text = reader.text(key) else { continue }
            guard ModelValueText.acceptsBounds(type) else {
                if !text.isEmpty {
                    diagnostics.warning("\(key) is ignored on \(type.rawValue) attribute '\(attribute.name)'", at: location(node))
                }
                continue
            }
            do throws(ModelValueText.Invalid) { attribute[keyPath: slot] = try ModelValueText.bound(text, type: type) } catch {
                diagnostics.error("\(describe(key, text)): \(error.reason)", at: location(node))
            }
        }
    }

    // MARK: relationship

    mutating func decodeRelationship(_ node: XMLElementNode) -> Relationship? {
        var reader = XMLAttributeReader(node)
        guard let name = requiredName(&reader) else { return nil }
        // `indexed` on relationships is a legacy flag Core Data ignores (foreign keys are always indexed).
        reader.accept("syncable", "indexed")
        guard let destination = nonEmpty(reader.text("destinationEntity")) else {
            diagnostics.error("relationship '\(name)' has no destinationEntity", at: location(node))
            return nil
        }
        var relationship = Relationship(name: name, location: location(node), destinationEntity: destination)
        relationship.isOptional = flag("optional", &reader) ?? false
        relationship.isToMany = flag("toMany", &reader) ?? false
        relationship.isOrdered = flag("ordered", &reader) ?? false
        relationship.isTransient = flag("transient", &reader) ?? false
        relationship.minCount = count("minCount", &reader)
        relationship.maxCount = count("maxCount", &reader)
        if let rule = reader.text("deletionRule") {
            if let deletionRule = DeletionRule(rawValue: rule) {
                relationship.deletionRule = deletionRule
            } else {
                diagnostics.error(
                    "unknown deletionRule '\(rule)' of relationship '\(name)'"
                        + SpellingSuggestion.hint(for: rule, in: ["Nullify", "Cascade", "Deny", "No Action"]),
                    at: location(node))
            }
        }
        relationship.inverseName = nonEmpty(reader.text("inverseName"))
        relationship.inverseEntity = nonEmpty(reader.text("inverseEntity"))
        relationship.elementID = reader.text("elementID")
        relationship.versionHashModifier = reader.text("versionHashModifier")
        relationship.renamingIdentifier = reader.text("renamingIdentifier")
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
        reader.accept("syncable")
        let isOptional = flag("optional", &reader) ?? true
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
                diagnostics.error("fetched property '\(name)' has no fetchRequest", at: location(node))
            }
            return nil
        }
        return FetchedProperty(name: name, location: location(node), isOptional: isOptional, fetchRequest: request, userInfo: userInfo)
    }

    mutating func decodeFetchRequest(_ node: XMLElementNode) -> FetchRequestTemplate? {
        var reader = XMLAttributeReader(node)
        guard let name = requiredName(&reader) else { return nil }
        guard let entityName = nonEmpty(reader.text("entity")) else {
            diagnostics.error("fetch request '\(name)' names no entity", at: location(node))
            return nil
        }
        var request = FetchRequestTemplate(name: name, location: location(node), entityName: entityName)
        request.predicateString = nonEmpty(reader.text("predicateString"))
        if let text = reader.text("resultType") {
            if let raw = ModelValueText.integer(text), let resultType = FetchRequestTemplate.ResultType(rawValue: raw) {
                request.resultType = resultType
            } else {
                diagnostics.warning(
                    "unknown resultType '\(text)' of fetch request '\(name)'; managed objects are assumed", at: location(node))
            }
        }
        request.fetchLimit = count("fetchLimit", &reader)
        request.fetchBatchSize = count("fetchBatchSize", &reader)
        request.includeSubentities = flag("includeSubentities", &reader)
        request.includesPendingChanges = flag("includesPendingChanges", &reader)
        // Xcode writes `includePropertyValues` (no "s"), unlike the NSFetchRequest property.
        request.includesPropertyValues = flag("includePropertyValues", &reader) ?? flag("includesPropertyValues", &reader)
        request.returnObjectsAsFaults = flag("returnObjectsAsFaults", &reader)
        request.returnDistinctResults = flag("returnDistinctResults", &reader)
        finish(&reader)
        for child in node.children { unknownElement(child, in: node, known: []) }
        return request
    }

    // MARK: configurations, indexes, composites, userInfo

    mutating func decodeConfiguration(_ node: XMLElementNode) -> Configuration? {
        var reader = XMLAttributeReader(node)
        guard let name = requiredName(&reader) else { return nil }
        var configuration = Configuration(
            name: name, location: location(node), usedWithCloudKit: flag("usedWithCloudKit", &reader) ?? false)
        finish(&reader)
        for child in node.children {
            guard child.name == "memberEntity" else {
                unknownElement(child, in: node, known: ["memberEntity"])
                continue
            }
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
        for listNode in node.children {
            guard listNode.name == list else {
                unknownElement(listNode, in: node, known: [list])
                continue
            }
            var listReader = XMLAttributeReader(listNode)
            finish(&listReader)
            var names: [String] = []
            for itemNode in listNode.children {
                guard itemNode.name == item else {
                    unknownElement(itemNode, in: listNode, known: [item])
                    continue
                }
                var itemReader = XMLAttributeReader(itemNode)
                if let value = nonEmpty(itemReader.text("value")) {
                    names.append(value)
                } else {
                    diagnostics.error("<\(item)> without a value", at: location(itemNode))
                }
                finish(&itemReader)
            }
            lists.append(names)
        }
        return lists
    }

    mutating func decodeFetchIndex(_ node: XMLElementNode) -> FetchIndex? {
        var reader = XMLAttributeReader(node)
        guard let name = requiredName(&reader) else { return nil }
        finish(&reader)
        var index = FetchIndex(name: name, location: location(node), elements: [])
        for child in node.children {
            guard child.name == "fetchIndexElement" else {
                unknownElement(child, in: node, known: ["fetchIndexElement"])
                continue
            }
            var elementReader = XMLAttributeReader(child)
            elementReader.accept("expressionType")
            var element = FetchIndex.Element(
                property: nonEmpty(elementReader.text("property")), expression: nonEmpty(elementReader.text("expression")))
            if let type = elementReader.text("type") { element.type = type }
            switch elementReader.text("order") {
            case nil, "ascending": element.isAscending = true
            case "descending": element.isAscending = false
            case let order?:
                diagnostics.warning("unknown fetch index order '\(order)'; ascending is assumed", at: location(child))
            }
            if element.property == nil && element.expression == nil {
                diagnostics.error("fetch index element of '\(name)' names neither a property nor an expression", at: location(child))
            }
            finish(&elementReader)
            index.elements.append(element)
        }
        return index
    }

    mutating func decodeComposite(_ node: XMLElementNode) -> CompositeDefinition? {
        var reader = XMLAttributeReader(node)
        guard let name = requiredName(&reader) else { return nil }
        finish(&reader)
        var composite = CompositeDefinition(name: name, location: location(node), attributes: [])
        for child in node.children {
            switch child.name {
            case "attribute": if let attribute = decodeAttribute(child) { composite.attributes.append(attribute) }
            default: unknownElement(child, in: node, known: ["attribute"])
            }
        }
        return composite
    }

    mutating func decodeUserInfo(_ node: XMLElementNode) -> [UserInfoEntry] {
        var entries: [UserInfoEntry] = []
        var reader = XMLAttributeReader(node)
        finish(&reader)
        for child in node.children {
            guard child.name == "entry" else {
                unknownElement(child, in: node, known: ["entry"])
                continue
            }
            var entryReader = XMLAttributeReader(child)
            if let key = entryReader.text("key") {
                entries.append(UserInfoEntry(key: key, value: entryReader.text("value") ?? ""))
            } else {
                diagnostics.warning("userInfo entry without a key; ignored", at: location(child))
            }
            finish(&entryReader)
        }
        return entries
    }

    // MARK: helpers

    private mutating func requiredName(_ reader: inout XMLAttributeReader) -> String? {
        if let name = nonEmpty(reader.text("name")) { return name }
        diagnostics.error("<\(reader.node.name)> without a name", at: location(reader.node))
        finish(&reader)
        return nil
    }

    private mutating func flag(_ key: StaticString, _ reader: inout XMLAttributeReader) -> Bool? {
        guard let text = reader.text(key) else { return nil }
        if let value = ModelValueText.flag(text) { return value }
        diagnostics.error("invalid value '\(text)' for \(key): expected YES or NO", at: location(reader.node))
        return nil
    }

    private mutating func count(_ key: StaticString, _ reader: inout XMLAttributeReader) -> Int? {
        guard let text = reader.text(key) else { return nil }
        if let value = ModelValueText.integer(text), value >= 0 { return value }
        diagnostics.error("invalid value '\(text)' for \(key): expected a non-negative integer", at: location(reader.node))
        return nil
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// Reports the attributes no decoder asked for (with a suggestion when one is a near miss).
    private mutating func finish(_ reader: inout XMLAttributeReader) {
        for name in reader.unconsultedNames {
            diagnostics.warning(
                "unknown attribute '\(name)' on <\(reader.node.name)>; ignored"
                    + SpellingSuggestion.hint(for: name, in: reader.consultedNames),
                at: location(reader.node))
        }
        reader.accept(contentsOf: reader.unconsultedNames)
    }

    private mutating func unknownElement(_ node: XMLElementNode, in parent: XMLElementNode, known: [String]) {
        diagnostics.warning(
            "unknown element <\(node.name)> in <\(parent.name)>; ignored" + SpellingSuggestion.hint(for: node.name, in: known),
            at: location(node))
    }
}
