import ManagedModel
import MustacheEngine
import SampleValues

/// The values the `model-tests` template lays out; documented in `Templates/README.md`.
/// Statements are split into lines, so the template indents each line of a multi-line statement.
final class TestsFileContext: Sendable {
    final class Suite: Sendable {
        let suiteName: String
        let className: String
        let entityName: String
        let storeTypeName: String
        let supportTypeName: String
        /// A Swift string literal: why no test of this entity can be generated.
        let skipMessage: String?
        let roundTrip: RoundTrip?
        let constraintTests: [ConstraintTest]
        let factory: Factory?

        init(suiteName: String, className: String, entityName: String, storeTypeName: String, supportTypeName: String, skipMessage: String?, roundTrip: RoundTrip?, constraintTests: [ConstraintTest], factory: Factory?) {
            self.suiteName = suiteName
            self.className = className
            self.entityName = entityName
            self.storeTypeName = storeTypeName
            self.supportTypeName = supportTypeName
            self.skipMessage = skipMessage
            self.roundTrip = roundTrip
            self.constraintTests = constraintTests
            self.factory = factory
        }
    }

    final class RoundTrip: Sendable {
        let storeTypeName: String
        let className: String
        /// A Swift string literal of the entity name.
        let entityNameLiteral: String
        let subject: String
        let notes: [String]
        let creation: [String]
        let createdChecks: [String]
        let fetchedChecks: [String]
        let modification: [String]
        let modifiedChecks: [String]

        init(storeTypeName: String, className: String, entityNameLiteral: String, subject: String, notes: [String], creation: [String], createdChecks: [String], fetchedChecks: [String], modification: [String], modifiedChecks: [String]) {
            self.storeTypeName = storeTypeName
            self.className = className
            self.entityNameLiteral = entityNameLiteral
            self.subject = subject
            self.notes = notes
            self.creation = creation
            self.createdChecks = createdChecks
            self.fetchedChecks = fetchedChecks
            self.modification = modification
            self.modifiedChecks = modifiedChecks
        }
    }

    final class ConstraintTest: Sendable {
        let storeTypeName: String
        let methodName: String
        let summary: String
        let subject: String
        let factoryName: String
        let lines: [String]

        init(storeTypeName: String, methodName: String, summary: String, subject: String, factoryName: String, lines: [String]) {
            self.storeTypeName = storeTypeName
            self.methodName = methodName
            self.summary = summary
            self.subject = subject
            self.factoryName = factoryName
            self.lines = lines
        }
    }

    final class Factory: Sendable {
        let methodName: String
        let className: String
        let lines: [String]

        init(methodName: String, className: String, lines: [String]) {
            self.methodName = methodName
            self.className = className
            self.lines = lines
        }
    }

    let banner: String
    let moduleName: String
    let modelName: String
    let modelNameLiteral: String
    let storeTypeName: String
    let supportTypeName: String
    let bundleExpression: String
    let suites: [Suite]

    /// Some test checks a validation hook's error: the store declares `assertHookError`.
    let hasHookTests: Bool

    init(banner: String, moduleName: String, modelName: String, modelNameLiteral: String, storeTypeName: String, supportTypeName: String, bundleExpression: String, suites: [Suite], hasHookTests: Bool = false) {
        self.hasHookTests = hasHookTests
        self.banner = banner
        self.moduleName = moduleName
        self.modelName = modelName
        self.modelNameLiteral = modelNameLiteral
        self.storeTypeName = storeTypeName
        self.supportTypeName = supportTypeName
        self.bundleExpression = bundleExpression
        self.suites = suites
    }
}

extension TestPlan {
    func context(banner: String) -> TestsFileContext {
        func lines(_ statements: [String]) -> [String] {
            statements.flatMap(\.lines)
        }
        return TestsFileContext(
            banner: banner, moduleName: moduleName, modelName: modelName,
            modelNameLiteral: SampleValue.stringLiteral(modelName), storeTypeName: storeTypeName,
            supportTypeName: supportTypeName, bundleExpression: bundleExpression,
            suites: suites.map { suite in
                TestsFileContext.Suite(
                    suiteName: suite.suiteName, className: suite.className, entityName: suite.entityName,
                    storeTypeName: storeTypeName, supportTypeName: supportTypeName, skipMessage: suite.unavailableReason.map(SampleValue.stringLiteral),
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
            },
            hasHookTests: suites.contains { $0.constraintTests.contains { $0.kind == .validationHook } })
    }
}

// MARK: Typed lookups (see TemplateContext.swift: every stored property needs an entry)

extension TestsFileContext: TemplateObject {
    static let templateFields = TemplateFields<TestsFileContext>([
        "banner": { $0.banner.templateValue },
        "moduleName": { $0.moduleName.templateValue },
        "modelName": { $0.modelName.templateValue },
        "modelNameLiteral": { $0.modelNameLiteral.templateValue },
        "storeTypeName": { $0.storeTypeName.templateValue },
        "supportTypeName": { $0.supportTypeName.templateValue },
        "bundleExpression": { $0.bundleExpression.templateValue },
        "suites": { $0.suites.templateValue },
        "hasHookTests": { $0.hasHookTests.templateValue },
    ])
}

extension TestsFileContext.Suite: TemplateObject {
    static let templateFields = TemplateFields<TestsFileContext.Suite>([
        "suiteName": { $0.suiteName.templateValue },
        "className": { $0.className.templateValue },
        "entityName": { $0.entityName.templateValue },
        "storeTypeName": { $0.storeTypeName.templateValue },
        "supportTypeName": { $0.supportTypeName.templateValue },
        "skipMessage": { $0.skipMessage.templateValue },
        "roundTrip": { $0.roundTrip.templateValue },
        "constraintTests": { $0.constraintTests.templateValue },
        "factory": { $0.factory.templateValue },
    ])
}

extension TestsFileContext.RoundTrip: TemplateObject {
    static let templateFields = TemplateFields<TestsFileContext.RoundTrip>([
        "storeTypeName": { $0.storeTypeName.templateValue },
        "className": { $0.className.templateValue },
        "entityNameLiteral": { $0.entityNameLiteral.templateValue },
        "subject": { $0.subject.templateValue },
        "notes": { $0.notes.templateValue },
        "creation": { $0.creation.templateValue },
        "createdChecks": { $0.createdChecks.templateValue },
        "fetchedChecks": { $0.fetchedChecks.templateValue },
        "modification": { $0.modification.templateValue },
        "modifiedChecks": { $0.modifiedChecks.templateValue },
    ])
}

extension TestsFileContext.ConstraintTest: TemplateObject {
    static let templateFields = TemplateFields<TestsFileContext.ConstraintTest>([
        "storeTypeName": { $0.storeTypeName.templateValue },
        "methodName": { $0.methodName.templateValue },
        "summary": { $0.summary.templateValue },
        "subject": { $0.subject.templateValue },
        "factoryName": { $0.factoryName.templateValue },
        "lines": { $0.lines.templateValue },
    ])
}

extension TestsFileContext.Factory: TemplateObject {
    static let templateFields = TemplateFields<TestsFileContext.Factory>([
        "methodName": { $0.methodName.templateValue },
        "className": { $0.className.templateValue },
        "lines": { $0.lines.templateValue },
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
