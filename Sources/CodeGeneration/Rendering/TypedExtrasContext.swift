import ManagedModel
import MustacheEngine

// The template fields of what TypedExtrasPlan.swift plans, read from the plan (see TemplateContext.swift);
// documented in `Templates/README.md`.

/// One model-level composite struct (`composite`).
struct CompositeContext: Sendable {
    let plan: CompositePlan
    let header: FileHeaderContext
    let access: String
}

extension GenerationPlan {
    func context(for composite: CompositePlan) -> CompositeContext {
        CompositeContext(plan: composite, header: header, access: accessPrefix)
    }
}

extension FetchTemplatePlan {
    /// `prefix: String, minRating: Float` (empty when none).
    var parameterList: String { parameters.map { "\($0.swiftName): \($0.typeDeclaration)" }.joined(separator: ", ") }
}

extension TypedAccessorPlan: TemplateObject {
    package static let templateFields = TemplateFields<TypedAccessorPlan>([
        "getter": { $0.getter.templateValue },
        "setter": { $0.setter.templateValue },
    ])
}

extension ClassExtrasPlan: TemplateObject {
    package static let templateFields = TemplateFields<ClassExtrasPlan>([
        "fetchedProperties": { $0.fetchedProperties.templateValue },
        "hasFetchedProperties": { (!$0.fetchedProperties.isEmpty).templateValue },
        "fetchTemplates": { $0.fetchTemplates.templateValue },
        "uniqueFetches": { $0.uniqueFetches.templateValue },
    ])
}

extension FetchedPropertyPlan: TemplateObject {
    package static let templateFields = TemplateFields<FetchedPropertyPlan>([
        "swiftName": { $0.swiftName.templateValue },
        "key": { $0.key.templateValue },
        "type": { $0.typeDeclaration.templateValue },
        "elementType": { $0.elementType.templateValue },
        "documentation": { $0.documentation.templateValue },
    ])
}

extension FetchTemplatePlan: TemplateObject {
    package static let templateFields = TemplateFields<FetchTemplatePlan>([
        "templateName": { $0.templateName.templateValue },
        "requestFunctionName": { $0.requestFunctionName.templateValue },
        "fetchFunctionName": { $0.fetchFunctionName.templateValue },
        "parameterList": { $0.parameterList.templateValue },
        // The same followed by `, ` when not empty, for the fetch function's list ending in `in context:`.
        "parameterListPrefix": { ($0.parameters.isEmpty ? "" : $0.parameterList + ", ").templateValue },
        "argumentList": { $0.parameters.map { "\($0.swiftName): \($0.swiftName)" }.joined(separator: ", ").templateValue },
        "requestResultType": { $0.requestResultType.templateValue },
        "returnType": { $0.returnType.templateValue },
        "configuration": { $0.configuration.templateValue },
        "fetchExpression": { $0.fetchExpression.templateValue },
        "documentation": { $0.documentation.templateValue },
    ])
}

extension UniqueFetchPlan: TemplateObject {
    package static let templateFields = TemplateFields<UniqueFetchPlan>([
        "key": { $0.key.templateValue },
        "swiftName": { $0.swiftName.templateValue },
        "typeName": { $0.typeName.templateValue },
        "argument": { $0.argument.templateValue },
    ])
}

extension CompositeContext: TemplateObject {
    static let templateFields = TemplateFields<CompositeContext>([
        "header": { $0.header.templateValue },
        "access": { $0.access.templateValue },
        "name": { $0.plan.name.templateValue },
        // `: Sendable` or empty; Hashable is declared in an extension (`isHashable`) that keeps it nonisolated.
        "conformanceClause": { ($0.plan.conformances.contains("Sendable") ? ": Sendable" : "").templateValue },
        "isHashable": { $0.plan.conformances.contains("Hashable").templateValue },
        "documentation": { $0.plan.documentation.templateValue },
        "fields": { $0.plan.fields.templateValue },
        "hasFields": { (!$0.plan.fields.isEmpty).templateValue },
    ])
}

extension CompositePlan.Field: TemplateObject {
    package static let templateFields = TemplateFields<CompositePlan.Field>([
        "swiftName": { $0.swiftName.templateValue },
        "key": { $0.key.templateValue },
        "type": { $0.typeDeclaration.templateValue },
        "isOptional": { $0.isOptional.templateValue },
        "isSendable": { $0.isSendable.templateValue },
        "defaultClause": { $0.defaultClause.templateValue },
        "decode": { $0.decode.templateValue },
        "encode": { $0.encode.templateValue },
    ])
}
