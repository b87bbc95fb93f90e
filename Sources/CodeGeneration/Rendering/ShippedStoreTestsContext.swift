import ManagedModel
import MustacheEngine
import SampleValues

// The fields the `migration-plan-tests` template names, read from ``ShippedStoreTestsPlan``; documented in
// `Templates/README.md`. Statements are split into lines, so the template indents each line of a multi-line statement.

/// The generated "every shipped version opens" tests file.
struct ShippedStoreTestsFileContext: Sendable {
    let plan: ShippedStoreTestsPlan
    let banner: String
}

extension ShippedStoreTestsFileContext: TemplateObject {
    static let templateFields = TemplateFields<ShippedStoreTestsFileContext>([
        "banner": { $0.banner.templateValue },
        "moduleName": { $0.plan.moduleName.templateValue },
        "modelName": { $0.plan.modelName.templateValue },
        "planTypeName": { $0.plan.planTypeName.templateValue },
        "suiteName": { $0.plan.suiteName.templateValue },
        "storeTypeName": { $0.plan.storeTypeName.templateValue },
        "currentModelStoreTypeName": { $0.plan.currentModelStoreTypeName.templateValue },
        "supportTypeName": { $0.plan.supportTypeName.templateValue },
        "bundleExpression": { $0.plan.bundleExpression.templateValue },
        "versions": { $0.plan.versions.templateValue },
        "fillFunctions": { context in
            context.plan.sharedFunctions.filter { $0.kind == .fill }.map { SharedFunctionContext(function: $0, storeTypeName: context.plan.storeTypeName) }
                .templateValue
        },
        "checkFunctions": { context in
            context.plan.sharedFunctions.filter { $0.kind == .check }.map { SharedFunctionContext(function: $0, storeTypeName: context.plan.storeTypeName) }
                .templateValue
        },
    ])
}

/// A function the versions' tests share (``ShippedStoreSharedFunction``), with the store type its parameter has.
struct SharedFunctionContext: Sendable {
    let function: ShippedStoreSharedFunction
    let storeTypeName: String
}

extension SharedFunctionContext: TemplateObject {
    static let templateFields = TemplateFields<SharedFunctionContext>([
        "name": { $0.function.name.templateValue },
        "storeTypeName": { $0.storeTypeName.templateValue },
        "statements": { $0.function.statements.flatMap(\.lines).templateValue },
    ])
}

extension ShippedVersionTest: TemplateObject {
    package static let templateFields = TemplateFields<ShippedVersionTest>([
        "versionName": { $0.versionName.templateValue },
        "versionNameLiteral": { SwiftSourceText.stringLiteral($0.versionName).templateValue },
        "methodName": { $0.methodName.templateValue },
        "skipMessage": { $0.unavailableReason.map(SwiftSourceText.stringLiteral).templateValue },
        "notes": { $0.notes.templateValue },
        "population": { $0.population.flatMap(\.lines).templateValue },
        "checks": { $0.checks.flatMap(\.lines).templateValue },
    ])
}
