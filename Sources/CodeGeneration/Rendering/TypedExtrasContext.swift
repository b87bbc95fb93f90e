import ManagedModel
import MustacheEngine

/// Template values for what TypedExtrasPlan.swift plans; documented in `Templates/README.md`.
final class TypedAccessor: Sendable {
    let getter: [String]
    let setter: [String]

    init(getter: [String], setter: [String]) {
        self.getter = getter
        self.setter = setter
    }
}

final class ExtrasContext: Sendable {
    final class FetchedProperty: Sendable {
        let swiftName: String
        let key: String
        let type: String
        let elementType: String
        let documentation: [String]

        init(swiftName: String, key: String, type: String, elementType: String, documentation: [String]) {
            self.swiftName = swiftName
            self.key = key
            self.type = type
            self.elementType = elementType
            self.documentation = documentation
        }
    }

    final class FetchTemplate: Sendable {
        let templateName: String
        let requestFunctionName: String
        let fetchFunctionName: String
        /// `prefix: String, minRating: Float` (empty when none).
        let parameterList: String
        /// The same followed by `, ` when not empty, for the fetch function's list ending in `in context:`.
        let parameterListPrefix: String
        /// `prefix: prefix, minRating: minRating`
        let argumentList: String
        let requestResultType: String
        let returnType: String
        let configuration: [String]
        let fetchExpression: String
        let documentation: [String]

        init(templateName: String, requestFunctionName: String, fetchFunctionName: String, parameterList: String, parameterListPrefix: String, argumentList: String, requestResultType: String, returnType: String, configuration: [String], fetchExpression: String, documentation: [String]) {
            self.templateName = templateName
            self.requestFunctionName = requestFunctionName
            self.fetchFunctionName = fetchFunctionName
            self.parameterList = parameterList
            self.parameterListPrefix = parameterListPrefix
            self.argumentList = argumentList
            self.requestResultType = requestResultType
            self.returnType = returnType
            self.configuration = configuration
            self.fetchExpression = fetchExpression
            self.documentation = documentation
        }
    }

    final class UniqueFetch: Sendable {
        let key: String
        let swiftName: String
        let typeName: String
        let argument: String

        init(key: String, swiftName: String, typeName: String, argument: String) {
            self.key = key
            self.swiftName = swiftName
            self.typeName = typeName
            self.argument = argument
        }
    }

    let fetchedProperties: [FetchedProperty]
    let hasFetchedProperties: Bool
    let fetchTemplates: [FetchTemplate]
    let uniqueFetches: [UniqueFetch]

    init(fetchedProperties: [FetchedProperty], hasFetchedProperties: Bool, fetchTemplates: [FetchTemplate], uniqueFetches: [UniqueFetch]) {
        self.fetchedProperties = fetchedProperties
        self.hasFetchedProperties = hasFetchedProperties
        self.fetchTemplates = fetchTemplates
        self.uniqueFetches = uniqueFetches
    }
}

final class CompositeContext: Sendable {
    final class Field: Sendable {
        let swiftName: String
        let key: String
        let type: String
        let isOptional: Bool
        let isSendable: Bool
        let defaultClause: String
        let decode: String
        let encode: String

        init(swiftName: String, key: String, type: String, isOptional: Bool, isSendable: Bool, defaultClause: String, decode: String, encode: String) {
            self.swiftName = swiftName
            self.key = key
            self.type = type
            self.isOptional = isOptional
            self.isSendable = isSendable
            self.defaultClause = defaultClause
            self.decode = decode
            self.encode = encode
        }
    }

    let header: FileHeaderContext
    let access: String
    let name: String
    /// `: Sendable` or empty; Hashable is declared in an extension (`isHashable`).
    let conformanceClause: String
    /// The struct conforms to Hashable, in an extension that keeps the conformance nonisolated.
    let isHashable: Bool
    let documentation: [String]
    let fields: [Field]
    let hasFields: Bool

    init(header: FileHeaderContext, access: String, name: String, conformanceClause: String, isHashable: Bool, documentation: [String], fields: [Field], hasFields: Bool) {
        self.header = header
        self.access = access
        self.name = name
        self.conformanceClause = conformanceClause
        self.isHashable = isHashable
        self.documentation = documentation
        self.fields = fields
        self.hasFields = hasFields
    }
}

extension EntityContext.Attribute {
    convenience init(plan: AttributePlan, accessLevel: GeneratorConfiguration.AccessLevel) {
        let typed = plan.declaration == .typed || plan.declaration == .typedReadOnly
        self.init(
            swiftName: plan.swiftName, key: plan.key, type: plan.typeDeclaration,
            isManaged: plan.declaration == .managed || plan.declaration == .managedReadOnly,
            isOptionalScalar: plan.declaration == .optionalScalar || plan.declaration == .optionalScalarReadOnly,
            isReadOnly: plan.declaration == .managedReadOnly || plan.declaration == .optionalScalarReadOnly
                || plan.declaration == .typedReadOnly,
            numberAccessor: plan.numberAccessor ?? "",
            optionalScalarSupport: plan.primitiveIsDate ? "ManagedOptionalDate" : "ManagedOptionalScalar",
            typed: typed ? plan.typedAccessor.map { TypedAccessor(getter: $0.getter, setter: $0.setter) } : nil,
            documentation: plan.documentation,
            setterAccess: plan.hasRestrictedSetter && accessLevel == .public ? "internal(set) " : "")
    }
}

extension ExtrasContext {
    /// nil when the class has no extras.
    static func of(_ plan: ClassPlan) -> ExtrasContext? {
        guard !plan.extras.isEmpty else { return nil }
        return ExtrasContext(
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

// MARK: Typed lookups (see TemplateContext.swift: every stored property needs an entry)

extension TypedAccessor: TemplateObject {
    static let templateFields = TemplateFields<TypedAccessor>([
        "getter": { $0.getter.templateValue },
        "setter": { $0.setter.templateValue },
    ])
}

extension ExtrasContext.FetchedProperty: TemplateObject {
    static let templateFields = TemplateFields<ExtrasContext.FetchedProperty>([
        "swiftName": { $0.swiftName.templateValue },
        "key": { $0.key.templateValue },
        "type": { $0.type.templateValue },
        "elementType": { $0.elementType.templateValue },
        "documentation": { $0.documentation.templateValue },
    ])
}

extension ExtrasContext.FetchTemplate: TemplateObject {
    static let templateFields = TemplateFields<ExtrasContext.FetchTemplate>([
        "templateName": { $0.templateName.templateValue },
        "requestFunctionName": { $0.requestFunctionName.templateValue },
        "fetchFunctionName": { $0.fetchFunctionName.templateValue },
        "parameterList": { $0.parameterList.templateValue },
        "parameterListPrefix": { $0.parameterListPrefix.templateValue },
        "argumentList": { $0.argumentList.templateValue },
        "requestResultType": { $0.requestResultType.templateValue },
        "returnType": { $0.returnType.templateValue },
        "configuration": { $0.configuration.templateValue },
        "fetchExpression": { $0.fetchExpression.templateValue },
        "documentation": { $0.documentation.templateValue },
    ])
}

extension ExtrasContext.UniqueFetch: TemplateObject {
    static let templateFields = TemplateFields<ExtrasContext.UniqueFetch>([
        "key": { $0.key.templateValue },
        "swiftName": { $0.swiftName.templateValue },
        "typeName": { $0.typeName.templateValue },
        "argument": { $0.argument.templateValue },
    ])
}

extension ExtrasContext: TemplateObject {
    static let templateFields = TemplateFields<ExtrasContext>([
        "fetchedProperties": { $0.fetchedProperties.templateValue },
        "hasFetchedProperties": { $0.hasFetchedProperties.templateValue },
        "fetchTemplates": { $0.fetchTemplates.templateValue },
        "uniqueFetches": { $0.uniqueFetches.templateValue },
    ])
}

extension CompositeContext.Field: TemplateObject {
    static let templateFields = TemplateFields<CompositeContext.Field>([
        "swiftName": { $0.swiftName.templateValue },
        "key": { $0.key.templateValue },
        "type": { $0.type.templateValue },
        "isOptional": { $0.isOptional.templateValue },
        "isSendable": { $0.isSendable.templateValue },
        "defaultClause": { $0.defaultClause.templateValue },
        "decode": { $0.decode.templateValue },
        "encode": { $0.encode.templateValue },
    ])
}

extension CompositeContext: TemplateObject {
    static let templateFields = TemplateFields<CompositeContext>([
        "header": { $0.header.templateValue },
        "access": { $0.access.templateValue },
        "name": { $0.name.templateValue },
        "conformanceClause": { $0.conformanceClause.templateValue },
        "isHashable": { $0.isHashable.templateValue },
        "documentation": { $0.documentation.templateValue },
        "fields": { $0.fields.templateValue },
        "hasFields": { $0.hasFields.templateValue },
    ])
}
