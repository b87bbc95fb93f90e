import CoreDataMapping
import ManagedModel

/// Planning of what the model editor cannot say: userInfo-typed attributes (enum, Codable), read-only,
/// ignored and documented properties, composites, fetch-request templates, fetched properties,
/// uniqueness constraints and fetch indexes.
extension GenerationPlanner {
    // MARK: userInfo on attributes

    /// Whether userInfo excludes the attribute; reports the attribute's userInfo problems once, where it is declared.
    mutating func isIgnored(_ attribute: Attribute, annotations: PropertyAnnotations, in entity: Entity, report: Bool) -> Bool {
        if report {
            for problem in annotations.problems {
                diagnostics.report(GenerationRules.userInfo, "attribute '\(attribute.name)' of entity '\(entity.name)': \(problem)", at: attribute.location)
            }
            if annotations.isIgnored, attribute.requiresStoredValue {
                diagnostics.report(
                    GenerationRules.userInfo, "attribute '\(attribute.name)' of entity '\(entity.name)' is required but ignored by its userInfo: "
                        + "the initializer cannot set it, so set it with setValue(_:forKey:) before saving",
                    at: attribute.location)
            }
        }
        return annotations.isIgnored
    }

    func hasRestrictedSetter(_ attribute: Attribute, _ annotations: PropertyAnnotations) -> Bool {
        annotations.isReadOnly && !attribute.isDerived
    }

    /// `managedCodegen.doc`, then the register-the-transformer reminder for custom value transformers.
    func attributeDocumentation(_ attribute: Attribute, _ annotations: PropertyAnnotations) -> [String] {
        var lines = annotations.documentation
        if let transformer = attribute.customValueTransformerName {
            if !lines.isEmpty { lines.append("") }
            lines.append("Stored through the value transformer named \"\(transformer)\": register it before loading the model,")
            lines.append("e.g. `ValueTransformer.setValueTransformer(\(transformer)(), forName: NSValueTransformerName(\"\(transformer)\"))`.")
        }
        return lines
    }

    /// A computed property converting the stored raw value, JSON or composite dictionary to `type`.
    func typedAttributePlan(_ attribute: Attribute, _ facts: AttributeFacts) -> AttributePlan {
        let type = facts.type
        let swiftName = facts.swiftName
        let key = "Keys.\(swiftName)"
        // Traps name the entity (the object's own: a sub-entity's when it is one), the key and the stored value, so a
        // value written by a newer app version or synced from elsewhere is found from the crash log alone.
        let owner = "\\(self.entity.name ?? \"?\").\(attribute.name)"
        let typeName = type.name
        var documentation = attributeDocumentation(attribute, facts.annotations)
        let getter: [String]
        let setter: [String]
        var behaviour: [String] = []
        switch facts.annotations.override {
        case .rawRepresentable(_, let rawType, let unknownCase):
            let stored = rawType == .integer ? "NSNumber" : "String"
            let decode =
                rawType == .integer
                ? "\(typeName).RawValue(exactly: stored.int64Value).flatMap(\(typeName).init(rawValue:))"
                : "Optional(stored).flatMap(\(typeName).init(rawValue:))"
            let lookup = "let stored = primitiveValue(forKey: \(key)) as? \(stored)"
            switch (type.isOptional, unknownCase.map(SwiftNames.escaped)) {
            case (true, let unknown):
                getter = [
                    "guard \(lookup) else { return nil }",
                    "return \(decode)" + (unknown.map { " ?? .\($0)" } ?? ""),
                ]
            case (false, let unknown?):
                getter = ["guard \(lookup) else { return .\(unknown) }", "return \(decode) ?? .\(unknown)"]
            case (false, nil):
                getter = [
                    "guard \(lookup), let value = \(decode) else {",
                    "    fatalError(\"\(owner): the stored value \\(String(describing: primitiveValue(forKey: \(key)))) is not a raw value of \(typeName)\")",
                    "}",
                    "return value",
                ]
            }
            let encode = rawType == .integer ? "NSNumber(value: Int64($0.rawValue))" : "$0.rawValue"
            setter = [
                type.isOptional
                    ? "setPrimitiveValue(newValue.map { \(encode) }, forKey: \(key))"
                    : "setPrimitiveValue(\(encode.replacingOccurrences(of: "$0", with: "newValue")), forKey: \(key))"
            ]
            behaviour.append("Stored as the raw value of \(typeName) (\(attribute.type.rawValue)).")
            switch (type.isOptional, unknownCase) {
            case (true, nil): behaviour.append("An unknown stored raw value reads as nil.")
            case (true, let unknown?): behaviour.append("A missing value reads as nil, an unknown stored raw value as `.\(unknown)`.")
            case (false, let unknown?): behaviour.append("A missing or unknown stored raw value reads as `.\(unknown)`.")
            case (false, nil): behaviour.append("Reading an unknown stored raw value traps (name a fallback case with `managedCodegen.enum.unknown`).")
            }
        case .codable:
            if type.isOptional {
                getter = [
                    "guard let data = primitiveValue(forKey: \(key)) as? Data else { return nil }",
                    "return try? JSONDecoder().decode(\(typeName).self, from: data)",
                ]
                setter = [
                    "let data: Data?",
                    "do {",
                    "    data = try newValue.map { try JSONEncoder().encode($0) }",
                    "} catch {",
                    "    fatalError(\"\(owner): \(typeName) cannot be encoded as JSON: \\(error)\")",
                    "}",
                    "setPrimitiveValue(data, forKey: \(key))",
                ]
                behaviour.append("Stored as JSON (Binary). Stored data that does not decode as \(typeName) reads as nil;")
            } else {
                getter = [
                    "guard let data = primitiveValue(forKey: \(key)) as? Data else {",
                    "    fatalError(\"\(owner) has no stored value\")",
                    "}",
                    "do {",
                    "    return try JSONDecoder().decode(\(typeName).self, from: data)",
                    "} catch {",
                    "    fatalError(\"\(owner): the stored JSON does not decode as \(typeName): \\(error)\")",
                    "}",
                ]
                setter = [
                    "do {",
                    "    setPrimitiveValue(try JSONEncoder().encode(newValue), forKey: \(key))",
                    "} catch {",
                    "    fatalError(\"\(owner): \(typeName) cannot be encoded as JSON: \\(error)\")",
                    "}",
                ]
                behaviour.append("Stored as JSON (Binary). Reading data that does not decode as \(typeName) traps;")
            }
            behaviour.append("a value that cannot be encoded (e.g. a non-finite Double) traps when set.")
        case nil:
            // A composite: Core Data keeps its value as a dictionary keyed by element name.
            let decode = "(primitiveValue(forKey: \(key)) as? [String: Any]).flatMap(\(typeName).init(compositeValue:))"
            if type.isOptional {
                getter = ["return \(decode)"]
                setter = ["setPrimitiveValue(newValue?.compositeValue, forKey: \(key))"]
                behaviour.append("The composite \(attribute.compositeName ?? typeName); a stored dictionary lacking a required element reads as nil.")
            } else {
                getter = [
                    "guard let value = \(decode) else {",
                    "    fatalError(\"\(owner): no stored \(typeName), or it lacks a required element\")",
                    "}",
                    "return value",
                ]
                setter = ["setPrimitiveValue(newValue.compositeValue, forKey: \(key))"]
                behaviour.append("The composite \(attribute.compositeName ?? typeName); reading a missing or incomplete value traps.")
            }
            behaviour.append("Predicates reach its elements as `\(attribute.name).<element>`.")
        }
        if !documentation.isEmpty { documentation.append("") }
        documentation += behaviour
        return AttributePlan(
            key: attribute.name, swiftName: swiftName, type: facts.type, typeDeclaration: facts.typeDeclaration,
            declaration: attribute.isDerived ? .typedReadOnly : .typed, numberAccessor: nil, location: attribute.location,
            typedAccessor: TypedAccessorPlan(getter: getter, setter: setter), documentation: documentation,
            hasRestrictedSetter: hasRestrictedSetter(attribute, facts.annotations))
    }

    // MARK: Class extras

    /// `chain`: the entity's ancestors and the entity; the class declares the properties of `chain[firstDeclaring...]`.
    mutating func extrasPlan(for entity: Entity, chain: [Entity], firstDeclaring: Int, keys: [KeyConstant]) -> ClassExtrasPlan {
        var extras = ClassExtrasPlan()
        let className = Self.customClass(of: entity) ?? entity.name

        for owner in chain[firstDeclaring...] {
            for fetched in owner.fetchedProperties {
                guard SwiftNames.propertyNameClash(fetched.name) == nil else {
                    diagnostics.report(
                        GenerationRules.memberNotGenerated, "fetched property '\(fetched.name)' of entity '\(entity.name)' is not generated: the name clashes with an NSManagedObject member or is not a Swift identifier",
                        at: fetched.location)
                    continue
                }
                let annotations = PropertyAnnotations(userInfo: fetched.userInfo)
                guard !annotations.isIgnored else { continue }
                let element = schema.entity(named: fetched.fetchRequest.entityName).flatMap(Self.customClass(of:)) ?? "NSManagedObject"
                var documentation = annotations.documentation
                if !documentation.isEmpty { documentation.append("") }
                let predicate = fetched.fetchRequest.predicateString.map { " where `\(Self.oneLine($0))`" } ?? ""
                documentation.append("Fetched property: the \(fetched.fetchRequest.entityName) objects\(predicate).")
                documentation.append("Core Data evaluates it lazily and caches the result; `refresh(_:mergeChanges:)` on the context re-evaluates it.")
                extras.fetchedProperties.append(
                    FetchedPropertyPlan(
                        key: fetched.name, swiftName: SwiftNames.escaped(fetched.name), typeDeclaration: "[\(element)]",
                        elementType: element, documentation: documentation))
            }
        }

        // Single-attribute constraints of this entity get a typed lookup; an ancestor's are its class's.
        let ancestorKeys = Set(chain.dropLast().flatMap(\.uniquenessConstraints).filter { $0.count == 1 }.map { $0[0] })
        var constraintLines: [String] = []
        for constraint in entity.uniquenessConstraints where !constraint.isEmpty {
            var line = "- " + constraint.map { "`\($0)`" }.joined(separator: ", ")
            // The first attribute of that name, root first, as in `Schema.allAttributes(of:)`.
            if constraint.count == 1, !ancestorKeys.contains(constraint[0]), keys.contains(where: { $0.key == constraint[0] }),
                let attribute = chain.lazy.flatMap(\.attributes).first(where: { $0.name == constraint[0] }),
                !attribute.annotations.isIgnored,
                let lookup = uniqueFetch(for: attribute)
            {
                line += ": `\(className).fetchUnique(\(lookup.swiftName):in:)`"
                extras.uniqueFetches.append(lookup)
            }
            constraintLines.append(line)
        }
        if !constraintLines.isEmpty {
            extras.documentation.append("Uniqueness constraints (Core Data checks them when the context saves; the merge policy decides")
            extras.documentation.append("what happens to a duplicate):")
            extras.documentation += constraintLines
        }
        if !entity.fetchIndexes.isEmpty {
            extras.documentation.append("Fetch indexes:")
            for index in entity.fetchIndexes {
                let elements = index.elements.map { element -> String in
                    let subject = element.property.map { "`\($0)`" } ?? element.expression.map { "expression `\(Self.oneLine($0))`" } ?? "?"
                    let kind = element.type == "Binary" ? "" : " (\(element.type))"
                    return "\(subject) \(element.isAscending ? "ascending" : "descending")\(kind)"
                }
                extras.documentation.append("- `\(index.name)`: " + elements.joined(separator: ", "))
            }
        }
        return extras
    }

    private func uniqueFetch(for attribute: Attribute) -> UniqueFetchPlan? {
        let type = TypeAssigner.declaredType(of: attribute)
        let name = SwiftNames.escaped(attribute.name)
        let argument: String
        switch (type.storage, attribute.annotations.override) {
        case (.typed, .rawRepresentable?): argument = "\(name).rawValue"
        case (.typed, _): return nil
        case (.scalar, _) where type.valueType == .timeInterval: argument = "Date(timeIntervalSinceReferenceDate: \(name))"
        case (.scalar, _): argument = "NSNumber(value: \(name))"
        case (.object, _):
            guard [.string, .uuid, .uri, .date, .decimal, .binary].contains(attribute.type) || attribute.type.isNumeric || attribute.type == .boolean
            else { return nil }
            argument = name
        }
        return UniqueFetchPlan(key: attribute.name, swiftName: name, typeName: type.name, argument: argument)
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").replacingOccurrences(of: "`", with: "'")
    }

    // MARK: Composites

    mutating func compositePlans() -> [CompositePlan] {
        let classNames = Set(schema.entities.compactMap(Self.customClass(of:)))
        var plans: [CompositePlan] = []
        var conformances: [String: [String]] = [:]
        // Nested composites first, so a struct's conformances can depend on its fields' structs.
        for composite in orderedComposites() {
            guard let name = TypeAssigner.compositeStructName(composite.name) else {
                diagnostics.report(GenerationRules.memberNotGenerated, "composite '\(composite.name)' is not generated: its name is not a Swift identifier", at: composite.location)
                continue
            }
            if classNames.contains(name) {
                diagnostics.report(
                    GenerationRules.compositeClassClash, "composite '\(composite.name)' has the name of an entity's class; the generated struct and the class clash: rename one",
                    at: composite.location)
            }
            var fields: [CompositePlan.Field] = []
            var hashable = true
            var sendable = true
            for element in composite.attributes {
                guard SwiftNames.isIdentifier(element.name) else {
                    diagnostics.report(
                        GenerationRules.memberNotGenerated, "element '\(element.name)' of composite '\(composite.name)' is not generated: its name is not a Swift identifier",
                        at: element.location)
                    continue
                }
                let swiftName = SwiftNames.escaped(element.name)
                let lookup = "compositeValue[Keys.\(swiftName)]"
                let type = TypeAssigner.fieldType(of: element)
                // userInfo types do not apply inside composites: such an element is read as its stored type.
                let readsNumber = element.annotations.override == nil
                let decode: String
                let encode: String
                var fieldIsSendable = true
                if type.storage == .typed, element.type == .composite {
                    decode = "(\(lookup) as? [String: Any]).flatMap(\(type.name).init(compositeValue:))"
                    encode = "\(swiftName).compositeValue"
                    let nested = conformances[type.name] ?? []
                    hashable = hashable && nested.contains("Hashable")
                    fieldIsSendable = nested.contains("Sendable")
                } else if readsNumber, type.valueType == .timeInterval {
                    decode = "(\(lookup) as? Date)?.timeIntervalSinceReferenceDate"
                    encode = "Date(timeIntervalSinceReferenceDate: \(swiftName))"
                } else if readsNumber, type.storage == .scalar, let accessor = type.numberAccessor {
                    decode = "(\(lookup) as? NSNumber)?.\(accessor)"
                    encode = "NSNumber(value: \(swiftName))"
                } else {
                    let stored = type.name
                    decode = "\(lookup) as? \(stored)"
                    encode = swiftName
                    hashable = hashable && Self.hashableTypeNames.contains(stored)
                    fieldIsSendable = Self.sendableTypeNames.contains(stored)
                }
                sendable = sendable && fieldIsSendable
                let fieldType = type.name
                var defaultClause = element.isOptional ? " = nil" : ""
                if !element.isOptional, let value = element.defaultValue,
                    let literal = value.swiftSource(as: type.valueType, in: .defaultArgument)
                {
                    defaultClause = " = \(literal)"
                }
                fields.append(
                    CompositePlan.Field(
                        key: element.name, swiftName: swiftName, typeDeclaration: element.isOptional ? "\(fieldType)?" : fieldType,
                        isOptional: element.isOptional, isSendable: fieldIsSendable, defaultClause: defaultClause, decode: decode, encode: encode))
            }
            let list = (hashable ? ["Hashable"] : []) + (sendable ? ["Sendable"] : [])
            conformances[name] = list
            plans.append(
                CompositePlan(
                    name: name, fields: fields, conformances: list,
                    documentation: [
                        "The `\(composite.name)` composite of \(Self.modelFileName(of: schema)).",
                        "Core Data stores it as a dictionary keyed by element name (`compositeValue`); predicates reach an",
                        "element through the attribute, e.g. `attribute.\(fields.first?.key ?? "element")`.",
                    ]))
        }
        return plans.sorted { $0.name < $1.name }
    }

    /// Composites ordered so that each comes after the composites its elements use.
    private func orderedComposites() -> [CompositeDefinition] {
        var ordered: [CompositeDefinition] = []
        var visiting: Set<String> = []
        var done: Set<String> = []
        func visit(_ composite: CompositeDefinition) {
            guard !done.contains(composite.name), visiting.insert(composite.name).inserted else { return }
            for element in composite.attributes where element.type == .composite {
                if let nested = element.compositeName.flatMap(schema.composite(named:)) { visit(nested) }
            }
            done.insert(composite.name)
            ordered.append(composite)
        }
        schema.composites.forEach(visit)
        return ordered
    }

    static let sendableTypeNames: Set<String> = [
        "String", "Int16", "Int32", "Int64", "Double", "Float", "Bool", "TimeInterval", "Date", "Data", "UUID", "URL",
    ]
    static let hashableTypeNames: Set<String> = sendableTypeNames.union([
        "NSNumber", "NSDecimalNumber", "NSObject", "NSManagedObjectID",
    ])
}
