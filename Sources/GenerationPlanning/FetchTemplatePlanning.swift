import CoreDataMapping
import ManagedModel

/// Model-level `<fetchRequest>` templates as typed static functions on the class of their entity.
///
/// The request is built in Swift from the template's settings (not looked up with
/// `NSManagedObjectModel.fetchRequestFromTemplate(withName:substitutionVariables:)`), so it is typed
/// (`NSFetchRequest<Item>`) and needs no model at hand; the predicate keeps the model's text and its
/// `$VARIABLE`s are substituted with `NSPredicate.withSubstitutionVariables(_:)`.
extension GenerationPlanner {
    mutating func attachFetchTemplates(to classes: inout [ClassPlan]) {
        var usedNames: [String: Set<String>] = [:]
        for template in schema.fetchRequests {
            guard let index = classes.firstIndex(where: { $0.entityName == template.entityName }),
                let entity = schema.entity(named: template.entityName)
            else { continue }
            let className = classes[index].className
            let base = Self.functionBaseName(template.name)
            let requestName = base.prefix(1).lowercased() + base.dropFirst() + "Request"
            let fetchName = "fetch" + base
            guard usedNames[className, default: ["fetchRequest"]].isDisjoint(with: [requestName, fetchName]) else {
                diagnostics.report(
                    GenerationRules.fetchRequestNotGenerated, "fetch request '\(template.name)' is not generated: another template of \(className) has the function name \(fetchName)",
                    at: template.location)
                continue
            }
            usedNames[className, default: ["fetchRequest"]].formUnion([requestName, fetchName])
            classes[index].extras.fetchTemplates.append(
                fetchTemplatePlan(template, entity: entity, className: className, requestName: requestName, fetchName: fetchName))
        }
    }

    /// `CheapItems` → `CheapItems`, `all humans` → `AllHumans`, `2021` → `Template2021`.
    static func functionBaseName(_ name: String) -> String {
        let words = name.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        var base = words.map { SwiftNames.capitalizedFirst(String($0)) }.joined()
        if base.isEmpty || base.first!.isNumber { base = "Template" + base }
        return base
    }

    private mutating func fetchTemplatePlan(
        _ template: FetchRequestTemplate, entity: Entity, className: String, requestName: String, fetchName: String
    ) -> FetchTemplatePlan {
        let variables = template.predicateString.map(PredicateVariables.init(format:)) ?? PredicateVariables(format: "")
        var parameters: [FetchTemplatePlan.Parameter] = []
        var usedParameterNames: Set<String> = ["context"]
        for variable in variables.variableNames where !["FETCH_SOURCE", "FETCHED_PROPERTY"].contains(variable) {
            let inferred = variables.uses.filter { $0.variable == variable }.map { inferType(of: $0, from: entity) }
            let known = Set(inferred.compactMap { $0 })
            let type: InferredType
            if known.count == 1, let only = known.first {
                type = only
            } else {
                diagnostics.report(
                    GenerationRules.untypedPredicateVariable, "fetch request '\(template.name)': the type of $\(variable) cannot be inferred from its predicate"
                        + (known.count > 1 ? " (it is compared with values of different types)" : "")
                        + "; the parameter is typed Any",
                    at: template.location)
                type = InferredType(name: "Any")
            }
            var swiftName = Self.parameterName(variable)
            while !usedParameterNames.insert(swiftName).inserted { swiftName += "Value" }
            let escaped = SwiftNames.escaped(swiftName)
            parameters.append(.init(swiftName: escaped, variable: variable, typeDeclaration: type.name, substitution: escaped + type.substitutionSuffix))
        }

        var configuration: [String] = []
        if let predicate = template.predicateString {
            var line = "request.predicate = NSPredicate(format: \(SwiftSourceText.stringLiteral(predicate)), argumentArray: nil)"
            if !parameters.isEmpty {
                let entries = parameters.map { "\(SwiftSourceText.stringLiteral($0.variable)): \($0.substitution)" }.joined(separator: ", ")
                line += ".withSubstitutionVariables([\(entries)])"
            }
            configuration.append(line)
        }
        let requestType: String
        let returnType: String
        let fetchExpression: String
        switch template.resultType {
        case .managedObject:
            (requestType, returnType, fetchExpression) = (className, "[\(className)]", "try context.fetch(request)")
        case .managedObjectID:
            (requestType, returnType, fetchExpression) = ("NSManagedObjectID", "[NSManagedObjectID]", "try context.fetch(request)")
            configuration.append("request.resultType = .managedObjectIDResultType")
        case .dictionary:
            (requestType, returnType) = ("NSDictionary", "[[String: Any]]")
            fetchExpression = "try context.fetch(request).map { $0 as? [String: Any] ?? [:] }"
            configuration.append("request.resultType = .dictionaryResultType")
        case .count:
            (requestType, returnType, fetchExpression) = ("NSNumber", "Int", "try context.count(for: request)")
            configuration.append("request.resultType = .countResultType")
        }
        func flag(_ name: String, _ value: Bool?) { if let value { configuration.append("request.\(name) = \(value)") } }
        if let limit = template.fetchLimit { configuration.append("request.fetchLimit = \(limit)") }
        if let size = template.fetchBatchSize { configuration.append("request.fetchBatchSize = \(size)") }
        flag("includesSubentities", template.includeSubentities)
        flag("includesPendingChanges", template.includesPendingChanges)
        flag("includesPropertyValues", template.includesPropertyValues)
        flag("returnsObjectsAsFaults", template.returnObjectsAsFaults)
        flag("returnsDistinctResults", template.returnDistinctResults)

        let resultDescription: String
        switch template.resultType {
        case .managedObject: resultDescription = "the matching objects"
        case .managedObjectID: resultDescription = "the object IDs of the matching objects"
        case .dictionary: resultDescription = "one dictionary per match (property name to value)"
        case .count: resultDescription = "the number of matches"
        }
        var documentation = ["The `\(template.name)` fetch request template of \(Self.modelFileName(of: schema)): \(resultDescription)."]
        if let predicate = template.predicateString { documentation.append("Predicate: `\(Self.oneLine(predicate))`") }
        return FetchTemplatePlan(
            templateName: template.name, requestFunctionName: requestName, fetchFunctionName: fetchName,
            parameters: parameters, requestResultType: requestType, returnType: returnType,
            configuration: configuration, fetchExpression: fetchExpression, documentation: documentation)
    }

    /// `MIN_RATING` → `minRating`, `maxPrice` → `maxPrice`, `NAME` → `name`.
    static func parameterName(_ variable: String) -> String {
        let isScreaming = variable.contains("_") || variable == variable.uppercased()
        let words = variable.split(separator: "_").map(String.init)
        guard !words.isEmpty else { return "value" }
        var name: String
        if isScreaming {
            name = words.enumerated().map { $0.offset == 0 ? $0.element.lowercased() : SwiftNames.capitalizedFirst($0.element.lowercased()) }.joined()
        } else {
            name = variable.prefix(1).lowercased() + variable.dropFirst()
        }
        if !SwiftNames.isIdentifier(name) { name = "value" + SwiftNames.capitalizedFirst(name.filter { $0.isLetter || $0.isNumber }) }
        return name
    }

    private struct InferredType: Hashable {
        var name: String
        /// Appended to the parameter in the substitution dictionary: enums are compared by raw value.
        var substitutionSuffix = ""
        /// The table's type when an attribute's value is compared (`String` for string operators).
        var valueType: ValueSwiftType?
    }

    private enum PathEnd {
        case attribute(Attribute, toMany: Bool)
        case object(className: String, toMany: Bool)
        case count
    }

    /// The Swift type a variable takes from the key path it is compared with; nil when unknown.
    private func inferType(of use: PredicateVariables.Use, from entity: Entity) -> InferredType? {
        guard let keyPath = use.keyPath, let comparison = use.comparison, let end = resolve(keyPath, from: entity) else { return nil }
        let element: InferredType
        var isCollection = false
        switch end {
        case .count:
            element = InferredType(name: "Int")
        case .object(let className, let toMany):
            element = InferredType(name: className)
            isCollection = toMany
        case .attribute(let attribute, let toMany):
            let type = TypeAssigner.declaredType(of: attribute)
            isCollection = toMany
            switch (type.storage, attribute.annotations.override) {
            case (.typed, .rawRepresentable?): element = InferredType(name: type.name, substitutionSuffix: ".rawValue")
            case (.typed, _): return nil
            // A scalar date is compared as the Date Core Data stores.
            case (.scalar, _) where type.valueType == .timeInterval: element = InferredType(name: ValueSwiftType.date.name, valueType: .date)
            default: element = InferredType(name: type.name, valueType: type.valueType)
            }
        }
        switch comparison {
        case "IN" where use.variableIsRight, "BETWEEN":
            let suffix = element.substitutionSuffix.isEmpty ? "" : ".map(\\.rawValue)"
            return InferredType(name: "[\(element.name)]", substitutionSuffix: suffix)
        case "IN":
            return element
        case "CONTAINS" where isCollection:
            return element
        case "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES":
            return element.valueType == .string ? element : nil
        default:
            return isCollection && !use.isAggregate ? nil : element
        }
    }

    private func resolve(_ keyPath: String, from entity: Entity) -> PathEnd? {
        var current = entity
        var toMany = false
        var compositeElements: [Attribute]?
        let parts = keyPath.split(separator: ".").map(String.init)
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            if let elements = compositeElements {
                guard let element = elements.first(where: { $0.name == part }) else { return nil }
                if element.type == .composite {
                    compositeElements = element.compositeName.flatMap(schema.composite(named:))?.attributes
                    if isLast { return .attribute(element, toMany: toMany) }
                    continue
                }
                return isLast ? .attribute(element, toMany: toMany) : nil
            }
            if part.uppercased() == "SELF", index == 0 {
                if isLast { return .object(className: Self.customClass(of: current) ?? "NSManagedObject", toMany: false) }
                continue
            }
            if part == "@count" { return isLast && toMany ? .count : nil }
            if let attribute = schema.allAttributes(of: current).first(where: { $0.name == part }) {
                if attribute.type == .composite, !isLast {
                    compositeElements = attribute.compositeName.flatMap(schema.composite(named:))?.attributes
                    continue
                }
                return isLast ? .attribute(attribute, toMany: toMany) : nil
            }
            guard let relationship = schema.allRelationships(of: current).first(where: { $0.name == part }),
                let destination = schema.entity(named: relationship.destinationEntity)
            else { return nil }
            if relationship.isToMany {
                if toMany { return nil }
                toMany = true
            }
            current = destination
            if isLast { return .object(className: Self.customClass(of: destination) ?? "NSManagedObject", toMany: toMany) }
        }
        return nil
    }
}

