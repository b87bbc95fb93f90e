import ManagedModel
import MustacheEngine

/// Template values for what TypedExtrasPlan.swift plans; documented in `Templates/README.md`.
struct TypedAccessor: Sendable {
    var getter: [String]
    var setter: [String]
}

struct ExtrasContext: Sendable {
    struct FetchedProperty: Sendable {
        var swiftName: String
        var key: String
        var type: String
        var elementType: String
        var documentation: [String]
    }

    struct FetchTemplate: Sendable {
        var templateName: String
        var requestFunctionName: String
        var fetchFunctionName: String
        /// `prefix: String, minRating: Float` (empty when none).
        var parameterList: String
        /// The same followed by `, ` when not empty, for the fetch function's list ending in `in context:`.
        var parameterListPrefix: String
        /// `prefix: prefix, minRating: minRating`
        var argumentList: String
        var requestResultType: String
        var returnType: String
        var configuration: [String]
        var fetchExpression: String
        var documentation: [String]
    }

    struct UniqueFetch: Sendable {
        var key: String
        var swiftName: String
        var typeName: String
        var argument: String
    }

    var fetchedProperties: [FetchedProperty]
    var hasFetchedProperties: Bool
    var fetchTemplates: [FetchTemplate]
    var uniqueFetches: [UniqueFetch]
}

struct CompositeContext: Sendable {
    struct Field: Sendable {
        var swiftName: String
        var key: String
        var type: String
        var isOptional: Bool
        var isSendable: Bool
        var defaultClause: String
        var decode: String
        var encode: String
    }

    var header: FileHeaderContext
    var access: String
    var name: String
    /// `: Sendable` or empty; Hashable is declared in an extension (`isHashable`).
    var conformanceClause: String
    /// The struct conforms to Hashable, in an extension that keeps the conformance nonisolated.
    var isHashable: Bool
    var documentation: [String]
    var fields: [Field]
    var hasFields: Bool
}

extension EntityContext.Attribute {
    init(plan: AttributePlan, accessLevel: GeneratorConfiguration.AccessLevel) {
        let typed = plan.declaration == .typed || plan.declaration == .typedReadOnly
        self.init(
            swiftName: plan.swiftName, key: plan.key, type: plan.typeDeclaration,
            isManaged: plan.declaration == .managed || plan.declaration == .managedReadOnly,
            isOptionalScalar: plan.declaration == .optionalScalar || plan.declaration == .optionalScalarReadOnly,
            isReadOnly: plan.declaration == .managedReadOnly || plan.declaration == .optionalScalarReadOnly
                || plan.declaration == .typedReadOnly,
            numberAccessor: plan.numberAccessor ?? "",
            typed: typed ? plan.typedAccessor.map { TypedAccessor(getter: $0.getter, setter: $0.setter) } : nil,
            documentation: plan.documentation,
            setterAccess: plan.hasRestrictedSetter && accessLevel == .public ? "internal(set) " : "")
    }
}

extension EntityContext {
    mutating func addExtras(of plan: ClassPlan) {
        classDocumentation = plan.extras.documentation
        guard !plan.extras.isEmpty else { return }
        extras = ExtrasContext(
            fetchedProperties: plan.extras.fetchedProperties.map {
                .init(swiftName: $0.swiftName, key: $0.key, type: $0.typeDeclaration, elementType: $0.elementType,
                      documentation: $0.documentation)
            },
            hasFetchedProperties: !plan.extras.fetchedProperties.isEmpty,
            fetchTemplates: plan.extras.fetchTemplates.map { template in
                let parameters = template.parameters.map { "\($0.swiftName): \($0.typeDeclaration)" }.joined(separator: ", ")
                return .init(
                    templateName: template.templateName, requestFunctionName: template.requestFunctionName, fetchFunctionName: template.fetchFunctionName,
                    parameterList: parameters, parameterListPrefix: parameters.isEmpty ? "" : parameters + ", ",
                    argumentList: template.parameters.map { "\($0.swiftName): \($0.swiftName)" }.joined(separator: ", "),
                    requestResultType: template.requestResultType, returnType: template.returnType,
                    configuration: template.configuration, fetchExpression: template.fetchExpression,
                    documentation: template.documentation)
            },
            uniqueFetches: plan.extras.uniqueFetches.map {
                .init(key: $0.key, swiftName: $0.swiftName, typeName: $0.typeName, argument: $0.argument)
            })
    }
}

extension GenerationPlan {
    func context(for composite: CompositePlan) -> CompositeContext {
        CompositeContext(
            header: header, access: accessPrefix, name: composite.name,
            conformanceClause: composite.conformances.contains("Sendable") ? ": Sendable" : "",
            isHashable: composite.conformances.contains("Hashable"),
            documentation: composite.documentation,
            fields: composite.fields.map {
                .init(swiftName: $0.swiftName, key: $0.key, type: $0.typeDeclaration, isOptional: $0.isOptional,
                      isSendable: $0.isSendable, defaultClause: $0.defaultClause, decode: $0.decode, encode: $0.encode)
            },
            hasFields: !composite.fields.isEmpty)
    }
}

// MARK: Typed lookups (see TemplateContext.swift: every stored property needs a case)

extension TypedAccessor: TemplateObject {
    func templateValue(named name: String) -> TemplateValue? {
        switch name {
        case "getter": self.getter.templateValue
        case "setter": self.setter.templateValue
        default: nil
        }
    }
}

extension ExtrasContext.FetchedProperty: TemplateObject {
    func templateValue(named name: String) -> TemplateValue? {
        switch name {
        case "swiftName": self.swiftName.templateValue
        case "key": self.key.templateValue
        case "type": self.type.templateValue
        case "elementType": self.elementType.templateValue
        case "documentation": self.documentation.templateValue
        default: nil
        }
    }
}

extension ExtrasContext.FetchTemplate: TemplateObject {
    func templateValue(named name: String) -> TemplateValue? {
        switch name {
        case "templateName": self.templateName.templateValue
        case "requestFunctionName": self.requestFunctionName.templateValue
        case "fetchFunctionName": self.fetchFunctionName.templateValue
        case "parameterList": self.parameterList.templateValue
        case "parameterListPrefix": self.parameterListPrefix.templateValue
        case "argumentList": self.argumentList.templateValue
        case "requestResultType": self.requestResultType.templateValue
        case "returnType": self.returnType.templateValue
        case "configuration": self.configuration.templateValue
        case "fetchExpression": self.fetchExpression.templateValue
        case "documentation": self.documentation.templateValue
        default: nil
        }
    }
}

extension ExtrasContext.UniqueFetch: TemplateObject {
    func templateValue(named name: String) -> TemplateValue? {
        switch name {
        case "key": self.key.templateValue
        case "swiftName": self.swiftName.templateValue
        case "typeName": self.typeName.templateValue
        case "argument": self.argument.templateValue
        default: nil
        }
    }
}

extension ExtrasContext: TemplateObject {
    func templateValue(named name: String) -> TemplateValue? {
        switch name {
        case "fetchedProperties": self.fetchedProperties.templateValue
        case "hasFetchedProperties": self.hasFetchedProperties.templateValue
        case "fetchTemplates": self.fetchTemplates.templateValue
        case "uniqueFetches": self.uniqueFetches.templateValue
        default: nil
        }
    }
}

extension CompositeContext.Field: TemplateObject {
    func templateValue(named name: String) -> TemplateValue? {
        switch name {
        case "swiftName": self.swiftName.templateValue
        case "key": self.key.templateValue
        case "type": self.type.templateValue
        case "isOptional": self.isOptional.templateValue
        case "isSendable": self.isSendable.templateValue
        case "defaultClause": self.defaultClause.templateValue
        case "decode": self.decode.templateValue
        case "encode": self.encode.templateValue
        default: nil
        }
    }
}

extension CompositeContext: TemplateObject {
    func templateValue(named name: String) -> TemplateValue? {
        switch name {
        case "header": self.header.templateValue
        case "access": self.access.templateValue
        case "name": self.name.templateValue
        case "conformanceClause": self.conformanceClause.templateValue
        case "isHashable": self.isHashable.templateValue
        case "documentation": self.documentation.templateValue
        case "fields": self.fields.templateValue
        case "hasFields": self.hasFields.templateValue
        default: nil
        }
    }
}
