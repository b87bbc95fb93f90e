import GenerationPlanning
import ManagedModel
import SampleValues

/// Generation plan -> the XCTest file of the model: a round-trip test and constraint tests for every
/// concrete generated entity. Every decision about the test code is made in this target: the suites here, each kind
/// of test in its own file (RoundTripTestPlanning.swift, ConstraintTestPlanning.swift, …).
///
/// Checks are spelled `assertEqual`, `assertTrue` and `assertFalse`: the members the test file's
/// `<Model>ModelTestSupport` protocol gives every suite (`model-tests` template), which pass values where XCTest's
/// functions take autoclosures, about a sixth of the compile time of a large model's tests.
package struct GeneratedTestsPlanner {
    let schema: Schema
    let plan: GenerationPlan
    let options: GeneratorOptions
    let model: GeneratedTestModel
    package var diagnostics = Diagnostics()

    /// Names the generated test methods use for their own values.
    static let reservedNames: Set<String> = ["store", "context", "reader", "checker", "fetched", "refetched", "self", "super"]

    package init(schema: Schema, plan: GenerationPlan, options: GeneratorOptions) {
        self.schema = schema
        self.plan = plan
        self.options = options
        self.model = GeneratedTestModel(schema: schema, plan: plan, moduleName: options.moduleName ?? schema.modelName)
    }

    /// nil when the model has no generated class (nothing to test).
    package mutating func makePlan() -> GeneratedTestsPlan? {
        guard let anchor = plan.classes.first else { return nil }
        let typeName = SwiftNames.modelTypeName(schema.modelName)
        let bundle: String
        switch options.testsModelBundle {
        case .class: bundle = "Bundle(for: \(model.typeReference(anchor.className)).self)"
        case .main: bundle = "Bundle.main"
        case .module: bundle = "Bundle.module"
        }
        // Suites are independent of each other: planned on every core, each with its own diagnostics, which are
        // then reported in suite order.
        let testedClasses = plan.classes.sorted(by: { $0.className < $1.className }).filter { $0.initializer != nil }
        let planned = testedClasses.concurrentMap { [self] classPlan in
            var planner = self
            planner.diagnostics = Diagnostics()
            let suite = planner.suite(for: classPlan, modelTypeName: typeName)
            return (suite: suite, diagnostics: planner.diagnostics)
        }
        var suites: [TestSuitePlan] = []
        for outcome in planned {
            suites.append(outcome.suite)
            diagnostics.append(contentsOf: outcome.diagnostics)
        }
        return GeneratedTestsPlan(
            fileName: "\(typeName)ModelTests.swift", moduleName: options.moduleName ?? schema.modelName,
            modelName: schema.modelName, storeTypeName: "\(typeName)ModelTestStore",
            supportTypeName: "\(typeName)ModelTestSupport", bundleExpression: bundle,
            suites: suites)
    }

    // MARK: One entity

    private mutating func suite(for classPlan: ClassPlan, modelTypeName: String) -> TestSuitePlan {
        let entityName = classPlan.entityName
        let location = model.entity(entityName)?.location
        var suite = TestSuitePlan(
            entityName: entityName, className: model.typeReference(classPlan.className), suiteName: "\(modelTypeName)\(classPlan.className)Tests",
            unavailableReason: nil, factory: nil, roundTrip: nil, constraintTests: [])
        for attribute in model.attributes(of: entityName).values.sorted(by: { $0.name < $1.name })
        where model.usableKeys(of: entityName).contains(attribute.name) {
            // Warnings about sample values (no regex witness, bad userInfo), once per declaring entity. The
            // synthesizer reads userInfo as the stored type; an attribute typed by userInfo takes a Swift expression.
            guard declares(attribute.name, entityName), attribute.annotations.override == nil else { continue }
            // SampleValues reads no rule registry: its warnings are findings of `testNotGenerated`, tagged here.
            for warning in model.synthesizer.sample(for: attribute, entityName: entityName).diagnostics {
                diagnostics.report(GenerationRules.testNotGenerated, warning.message, at: warning.location)
            }
        }
        do throws(TestPlanFailure) {
            suite.roundTrip = try roundTrip(for: classPlan)
            let subject = ObjectGraphBuilder.variableName(forClass: classPlan.className)
            let reserved = Self.reservedNames.union([subject])
            var factoryBuilder = ObjectGraphBuilder(model: model, context: "context", reservedNames: Self.reservedNames)
            let made = try factoryBuilder.create(entityName, variant: 0)
            try factoryBuilder.resolvePending()
            suite.factory = ObjectFactoryPlan(
                methodName: "make\(classPlan.className)", statements: factoryBuilder.statements + ["return \(made)"])
            suite.constraintTests = constraintTests(for: classPlan, subject: subject, reserved: reserved)
            if classPlan.contextInitializerWorks {
                suite.constraintTests.append(inheritedInitializersTest(for: classPlan, subject: subject))
            }
            suite.constraintTests += typedKeySortTests(for: classPlan, subject: subject)
            if let test = typedObjectIDTest(for: classPlan, subject: subject) { suite.constraintTests.append(test) }
            if suite.constraintTests.isEmpty { suite.factory = nil }
        } catch {
            suite.unavailableReason = "no valid \(entityName) can be created: \(error.reason)"
            suite.roundTrip = nil
            diagnostics.report(
                GenerationRules.testNotGenerated, "entity '\(entityName)': no round-trip or constraint tests are generated: \(error.reason)", at: location)
        }
        return suite
    }

    /// The attribute or relationship `key` belongs to `entityName` itself rather than an ancestor with its own class.
    func declares(_ key: String, _ entityName: String) -> Bool {
        guard let classPlan = model.classes[entityName] else { return false }
        return classPlan.attributes.contains { $0.key == key } || classPlan.relationships.contains { $0.key == key }
    }
}
