import ManagedModel
import MustacheEngine

/// The preview data's file (`preview-data`): a view over ``PreviewDataPlan``. Every field is documented in
/// Templates/README.md.
struct PreviewDataContext: Sendable {
    let plan: PreviewDataPlan
    let header: FileHeaderContext
    let access: String
}

extension PreviewDataContext: TemplateObject {
    static let templateFields = TemplateFields<PreviewDataContext>([
        "header": { $0.header.templateValue },
        "access": { $0.access.templateValue },
        "typeName": { $0.plan.typeName.templateValue },
        "protocolName": { $0.plan.protocolName.templateValue },
        "modelName": { $0.plan.modelName.templateValue },
        "modelNameLiteral": { SwiftSourceText.stringLiteral($0.plan.modelName).templateValue },
        "bundleList": { $0.plan.bundleList.templateValue },
        "rowCount": { String($0.plan.rowCount).templateValue },
        "longestRow": { String($0.plan.rowCount).templateValue },
        "makers": { $0.plan.makers.templateValue },
        "tables": { $0.plan.tables.templateValue },
        "names": { $0.plan.names.templateValue },
    ])
}

extension PreviewDataPlan.HelperNames: TemplateObject {
    package static let templateFields = TemplateFields<PreviewDataPlan.HelperNames>([
        "variant": { $0.variant.templateValue },
        "failure": { $0.failure.templateValue },
        "compiledModel": { $0.compiledModel.templateValue },
        "work": { $0.work.templateValue },
        "values": { $0.values.templateValue },
        "object": { $0.object.templateValue },
    ])
}

extension PreviewDataPlan.Maker: TemplateObject {
    package static let templateFields = TemplateFields<PreviewDataPlan.Maker>([
        "entityName": { $0.entityName.templateValue },
        "entityNameLiteral": { SwiftSourceText.stringLiteral($0.entityName).templateValue },
        "testName": { $0.testName.templateValue },
        "fillCount": { String($0.fillCount).templateValue },
        "className": { $0.className.templateValue },
        "testClassReference": { $0.testClassReference.templateValue },
        "methodName": { $0.methodName.templateValue },
        "lines": { $0.statements.flatMap(\.lines).templateValue },
        "declaresConformance": { $0.declaresConformance.templateValue },
    ])
}

extension PreviewDataPlan.ValueTable: TemplateObject {
    package static let templateFields = TemplateFields<PreviewDataPlan.ValueTable>([
        "name": { $0.name.templateValue },
        "elementType": { $0.elementType.templateValue },
        // One element a line, each followed by its comma.
        "values": { $0.values.flatMap { ($0 + ",").lines }.templateValue },
    ])
}

/// The preview data as the generated tests see it (`model-tests`, `{{#previewData}}`).
extension PreviewDataPlan: TemplateObject {
    package static let templateFields = TemplateFields<PreviewDataPlan>([
        "typeName": { $0.typeName.templateValue },
        "makers": { $0.makers.templateValue },
    ])
}
