import ManagedModel
import MustacheEngine
import SampleValues

/// The values the `model-tests` template lays out; documented in `Templates/README.md`.
/// Statements are split into lines, so the template indents each line of a multi-line statement.
struct TestsFileContext: Sendable {
    struct Suite: Sendable {
        var suiteName: String
        var className: String
        var entityName: String
        var storeTypeName: String
        /// A Swift string literal: why no test of this entity can be generated.
        var skipMessage: String?
        var roundTrip: RoundTrip?
        var constraintTests: [ConstraintTest]
        var factory: Factory?
    }

    struct RoundTrip: Sendable {
        var storeTypeName: String
        var className: String
        /// A Swift string literal of the entity name.
        var entityNameLiteral: String
        var subject: String
        var notes: [String]
        var creation: [String]
        var createdChecks: [String]
        var fetchedChecks: [String]
        var modification: [String]
        var modifiedChecks: [String]
    }

    struct ConstraintTest: Sendable {
        var storeTypeName: String
        var methodName: String
        var summary: String
        var subject: String
        var factoryName: String
        var lines: [String]
    }

    struct Factory: Sendable {
        var methodName: String
        var className: String
        var lines: [String]
    }

    var banner: String
    var moduleName: String
    var modelName: String
    var modelNameLiteral: String
    var storeTypeName: String
    var bundleExpression: String
    var suites: [Suite]
}

extension TestPlan {
    func context(banner: String) -> TestsFileContext {
        func lines(_ statements: [String]) -> [String] {
            statements.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        }
        return TestsFileContext(
            banner: banner, moduleName: moduleName, modelName: modelName,
            modelNameLiteral: SampleValue.stringLiteral(modelName), storeTypeName: storeTypeName,
            bundleExpression: bundleExpression,
            suites: suites.map { suite in
                TestsFileContext.Suite(
                    suiteName: suite.suiteName, className: suite.className, entityName: suite.entityName,
                    storeTypeName: storeTypeName, skipMessage: suite.unavailableReason.map(SampleValue.stringLiteral),
                    roundTrip: suite.roundTrip.map { roundTrip in
                        TestsFileContext.RoundTrip(
                            storeTypeName: storeTypeName, className: suite.className,
                            entityNameLiteral: SampleValue.stringLiteral(suite.entityName), subject: roundTrip.subject,
                            notes: roundTrip.notes, creation: lines(roundTrip.creation),
                            createdChecks: lines(roundTrip.createdChecks), fetchedChecks: lines(roundTrip.fetchedChecks),
                            modification: lines(roundTrip.modification), modifiedChecks: lines(roundTrip.modifiedChecks))
                    },
                    constraintTests: suite.constraintTests.map { test in
                        TestsFileContext.ConstraintTest(
                            storeTypeName: storeTypeName, methodName: test.methodName, summary: test.summary,
                            subject: test.subject, factoryName: suite.factory?.methodName ?? "", lines: lines(test.statements))
                    },
                    factory: suite.factory.map {
                        TestsFileContext.Factory(methodName: $0.methodName, className: suite.className, lines: lines($0.statements))
                    })
            })
    }
}

// MARK: Typed lookups (see TemplateContext.swift: every stored property needs a case)

extension TestsFileContext: TemplateObject {
    func templateValue(named name: String) -> TemplateValue? {
        switch name {
        case "banner": banner.templateValue
        case "moduleName": moduleName.templateValue
        case "modelName": modelName.templateValue
        case "modelNameLiteral": modelNameLiteral.templateValue
        case "storeTypeName": storeTypeName.templateValue
        case "bundleExpression": bundleExpression.templateValue
        case "suites": suites.templateValue
        default: nil
        }
    }
}

extension TestsFileContext.Suite: TemplateObject {
    func templateValue(named name: String) -> TemplateValue? {
        switch name {
        case "suiteName": suiteName.templateValue
        case "className": className.templateValue
        case "entityName": entityName.templateValue
        case "storeTypeName": storeTypeName.templateValue
        case "skipMessage": skipMessage.templateValue
        case "roundTrip": roundTrip.templateValue
        case "constraintTests": constraintTests.templateValue
        case "factory": factory.templateValue
        default: nil
        }
    }
}

extension TestsFileContext.RoundTrip: TemplateObject {
    func templateValue(named name: String) -> TemplateValue? {
        switch name {
        case "storeTypeName": storeTypeName.templateValue
        case "className": className.templateValue
        case "entityNameLiteral": entityNameLiteral.templateValue
        case "subject": subject.templateValue
        case "notes": notes.templateValue
        case "creation": creation.templateValue
        case "createdChecks": createdChecks.templateValue
        case "fetchedChecks": fetchedChecks.templateValue
        case "modification": modification.templateValue
        case "modifiedChecks": modifiedChecks.templateValue
        default: nil
        }
    }
}

extension TestsFileContext.ConstraintTest: TemplateObject {
    func templateValue(named name: String) -> TemplateValue? {
        switch name {
        case "storeTypeName": storeTypeName.templateValue
        case "methodName": methodName.templateValue
        case "summary": summary.templateValue
        case "subject": subject.templateValue
        case "factoryName": factoryName.templateValue
        case "lines": lines.templateValue
        default: nil
        }
    }
}

extension TestsFileContext.Factory: TemplateObject {
    func templateValue(named name: String) -> TemplateValue? {
        switch name {
        case "methodName": methodName.templateValue
        case "className": className.templateValue
        case "lines": lines.templateValue
        default: nil
        }
    }
}
