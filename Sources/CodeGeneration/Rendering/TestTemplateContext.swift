import ManagedModel
import MustacheEngine
import SampleValues

// The fields the `model-tests` template names, read from the test plan (see TemplateContext.swift); documented in
// `Templates/README.md`. Statements are split into lines, so the template indents each line of a multi-line
// statement. A name an inner context does not declare is found in the enclosing one (`storeTypeName` in the file,
// `className` in the suite).

/// The generated tests file.
struct TestsFileContext: Sendable {
    let plan: GeneratedTestsPlan
    let banner: String
}

extension GeneratedTestsPlan {
    func context(banner: String) -> TestsFileContext { TestsFileContext(plan: self, banner: banner) }
}

extension TestsFileContext: TemplateObject {
    static let templateFields = TemplateFields<TestsFileContext>([
        "banner": { $0.banner.templateValue },
        "moduleName": { $0.plan.moduleName.templateValue },
        "modelName": { $0.plan.modelName.templateValue },
        "modelNameLiteral": { SwiftSourceText.stringLiteral($0.plan.modelName).templateValue },
        "storeTypeName": { $0.plan.storeTypeName.templateValue },
        "supportTypeName": { $0.plan.supportTypeName.templateValue },
        "bundleExpression": { $0.plan.bundleExpression.templateValue },
        "suites": { $0.plan.suites.templateValue },
        "previewData": { $0.plan.previewData.templateValue },
        // Some test checks a validation hook's error: the store declares `assertHookError`.
        "hasHookTests": { $0.plan.suites.contains { $0.constraintTests.contains { $0.kind == .validationHook } }.templateValue },
    ])
}

extension TestSuitePlan: TemplateObject {
    package static let templateFields = TemplateFields<TestSuitePlan>([
        "suiteName": { $0.suiteName.templateValue },
        "className": { $0.className.templateValue },
        "entityName": { $0.entityName.templateValue },
        "entityNameLiteral": { SwiftSourceText.stringLiteral($0.entityName).templateValue },
        "skipMessage": { $0.unavailableReason.map(SwiftSourceText.stringLiteral).templateValue },
        "roundTrip": { $0.roundTrip.templateValue },
        "constraintTests": { $0.constraintTests.templateValue },
        "factory": { $0.factory.templateValue },
        "factoryName": { ($0.factory?.methodName ?? "").templateValue },
    ])
}

extension RoundTripPlan: TemplateObject {
    package static let templateFields = TemplateFields<RoundTripPlan>([
        "subject": { $0.subject.templateValue },
        "notes": { $0.notes.templateValue },
        "creation": { $0.creation.flatMap(\.lines).templateValue },
        "createdChecks": { $0.createdChecks.flatMap(\.lines).templateValue },
        "fetchedChecks": { $0.fetchedChecks.flatMap(\.lines).templateValue },
        "modification": { $0.modification.flatMap(\.lines).templateValue },
        "modifiedChecks": { $0.modifiedChecks.flatMap(\.lines).templateValue },
    ])
}

extension ConstraintTestPlan: TemplateObject {
    package static let templateFields = TemplateFields<ConstraintTestPlan>([
        "methodName": { $0.methodName.templateValue },
        "summary": { $0.summary.templateValue },
        "subject": { $0.subject.templateValue },
        "lines": { $0.statements.flatMap(\.lines).templateValue },
        "availability": { $0.availability.templateValue },
    ])
}

extension ObjectFactoryPlan: TemplateObject {
    package static let templateFields = TemplateFields<ObjectFactoryPlan>([
        "methodName": { $0.methodName.templateValue },
        "lines": { $0.statements.flatMap(\.lines).templateValue },
    ])
}

extension String {
    /// Split at each line feed, as `split(separator: "\n", omittingEmptySubsequences: false)` splits at each
    /// `"\n"` character, but over UTF-8 bytes (splitting Characters was half the time of writing a large
    /// model's tests). The same cuts: a line feed always ends a character, and is one of its own unless a carriage
    /// return comes before it (`"\r\n"` is one character, not split).
    var lines: [String] {
        var lines: [String] = []
        let utf8 = self.utf8
        var start = utf8.startIndex
        var previous: UInt8 = 0
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\n"), previous != UInt8(ascii: "\r") {
                lines.append(String(decoding: utf8[start..<index], as: UTF8.self))
                start = utf8.index(after: index)
            }
            previous = byte
            index = utf8.index(after: index)
        }
        lines.append(String(decoding: utf8[start..<utf8.endIndex], as: UTF8.self))
        return lines
    }
}
