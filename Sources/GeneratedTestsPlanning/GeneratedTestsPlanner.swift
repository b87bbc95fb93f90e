import CoreDataMapping
import GenerationPlanning
import ManagedModel
import SampleValues

/// Generation plan -> the XCTest file of the model: a round-trip test and constraint tests for every
/// concrete generated entity. Every decision about the test code is made here.
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
            diagnostics.append(contentsOf: model.synthesizer.sample(for: attribute, entityName: entityName).diagnostics)
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
            if suite.constraintTests.isEmpty { suite.factory = nil }
        } catch {
            suite.unavailableReason = "no valid \(entityName) can be created: \(error.reason)"
            suite.roundTrip = nil
            diagnostics.warning(
                "entity '\(entityName)': no round-trip or constraint tests are generated: \(error.reason)", at: location)
        }
        return suite
    }

    /// The attribute or relationship `key` belongs to `entityName` itself rather than an ancestor with its own class.
    private func declares(_ key: String, _ entityName: String) -> Bool {
        guard let classPlan = model.classes[entityName] else { return false }
        return classPlan.attributes.contains { $0.key == key } || classPlan.relationships.contains { $0.key == key }
    }

    // MARK: Round trip

    /// The five steps' statements as they are planned: each concern below appends its own.
    private struct RoundTripSteps {
        var createdChecks: [String] = []
        var fetchedChecks: [String] = []
        var modification: [String] = []
        var modifiedChecks: [String] = []
        var notes: [String] = []
    }

    private func roundTrip(for classPlan: ClassPlan) throws(TestPlanFailure) -> RoundTripPlan {
        let entityName = classPlan.entityName
        let usable = model.usableKeys(of: entityName)
        let relationships = model.allRelationships(of: entityName).filter { usable.contains($0.name) }
        var steps = RoundTripSteps()
        var builder = ObjectGraphBuilder(model: model, context: "context", reservedNames: Self.reservedNames)
        let subject = try builder.create(entityName, everyValue: true, variant: 0)
        try builder.resolvePending()
        for relationship in relationships {
            relate(subject, through: relationship, of: entityName, in: &builder, steps: &steps)
        }
        checkAttributes(of: classPlan, subject: subject, steps: &steps)
        let created = builder.object(subject)!
        var changes = ObjectGraphBuilder(
            model: model, context: "reader", reservedNames: builder.variables,
            existing: [.init(variable: "fetched", entityName: created.entityName, references: [:])],
            earlierObjects: builder.objectCounts)
        for relationship in relationships {
            let check = RelationshipCheck(planner: self, relationship: relationship, entityName: entityName, subject: subject)
            if relationship.isToMany {
                check.toMany(members: created.members[relationship.name] ?? [], changes: &changes, steps: &steps)
            } else {
                check.toOne(target: created.references[relationship.name], changes: &changes, steps: &steps)
            }
        }
        return RoundTripPlan(
            creation: builder.statements, createdChecks: steps.createdChecks, fetchedChecks: steps.fetchedChecks,
            modification: steps.modification, modifiedChecks: steps.modifiedChecks, notes: steps.notes, subject: subject)
    }

    /// Creation: optional relationships get a value too, so that storing them is tested.
    private func relate(
        _ subject: String, through relationship: Relationship, of entityName: String, in builder: inout ObjectGraphBuilder,
        steps: inout RoundTripSteps
    ) {
        let current = builder.object(subject)!
        let property = model.names(of: relationship.name, in: entityName)
        let inverse = model.inverse(of: relationship)
        var attempt = builder
        do throws(TestPlanFailure) {
            if !relationship.isToMany, current.references[relationship.name] == nil {
                var bindings: [String: String] = [:]
                if let inverse, !inverse.isToMany { bindings[inverse.name] = subject }
                let target = try attempt.create(relationship.destinationEntity, bindings: bindings, name: relationship.name)
                try attempt.resolvePending()
                attempt.append("\(subject).\(property.swiftName) = \(target)")
                attempt.record(subject, key: relationship.name, toOne: target)
            } else if relationship.isToMany, current.members[relationship.name] == nil {
                let wanted = max(relationship.minCount ?? 1, 1)
                guard wanted <= ObjectGraphBuilder.maximumMembers, wanted <= max(relationship.maxCount ?? wanted, 1) else {
                    throw TestPlanFailure(reason: "it needs \(wanted) members")
                }
                for _ in 0..<wanted {
                    var bindings: [String: String] = [:]
                    if let inverse, !inverse.isToMany { bindings[inverse.name] = subject }
                    let member = try attempt.create(relationship.destinationEntity, bindings: bindings)
                    try attempt.resolvePending()
                    attempt.append("\(subject).\(property.accessors.addTo)(\(member))")
                    attempt.record(subject, key: relationship.name, member: member)
                }
            }
            builder = attempt
        } catch {
            steps.notes.append("\(relationship.name): left empty: \(error.reason)")
        }
    }

    /// Attributes: each initializer value as created, fetched, changed to a second sample and fetched again.
    private func checkAttributes(of classPlan: ClassPlan, subject: String, steps: inout RoundTripSteps) {
        let entityName = classPlan.entityName
        let usable = model.usableKeys(of: entityName)
        let initializerKeys = Set(classPlan.initializer?.parameters.map(\.key) ?? [])
        for attribute in model.allAttributes(of: entityName) where usable.contains(attribute.name) {
            let name = model.names(of: attribute.name, in: entityName).swiftName
            if attribute.isDerived {
                // Derived attributes are computed when the context saves (NSDerivedAttributeDescription); `now()`
                // always has a value then, which reads back through the property's accessor.
                if attribute.derivationExpression?.trimmingCharacters(in: .whitespaces) == "now()" {
                    steps.notes.append("\(attribute.name): derived (now()); Core Data computes it when saving")
                    steps.fetchedChecks.append("assertTrue(fetched.\(name) != nil)")
                } else {
                    steps.notes.append("\(attribute.name): derived; Core Data computes it")
                }
                continue
            }
            guard initializerKeys.contains(attribute.name) else { continue }
            let initial: String
            switch model.sampleLiteral(attribute, entityName: entityName, variant: 0) {
            case .success(let literal): initial = literal
            case .failure(let failure):
                steps.notes.append("\(attribute.name): not checked: \(failure.reason)")
                continue
            }
            let comparable = model.isComparable(attribute, of: entityName)
            if comparable {
                steps.createdChecks.append("assertEqual(\(subject).\(name), \(initial))")
            } else {
                steps.notes.append("\(attribute.name): set, but not compared: its type may not be Equatable")
            }
            if attribute.isTransient {
                steps.notes.append("\(attribute.name): transient; not stored, so not compared after fetching")
                continue
            }
            if comparable { steps.fetchedChecks.append("assertEqual(fetched.\(name), \(initial))") }
            if attribute.annotations.isReadOnly {
                steps.notes.append("\(attribute.name): read-only; not changed")
                if comparable { steps.modifiedChecks.append("assertEqual(refetched.\(name), \(initial))") }
                continue
            }
            if case .success(let modified) = model.sampleLiteral(attribute, entityName: entityName, variant: 1) {
                guard modified != initial else {
                    // An enum's fallback case, a userInfo sample without a modified one.
                    steps.notes.append("\(attribute.name): not changed: it has no second sample value")
                    if comparable { steps.modifiedChecks.append("assertEqual(refetched.\(name), \(initial))") }
                    continue
                }
                steps.modification.append("fetched.\(name) = \(modified)")
                if comparable { steps.modifiedChecks.append("assertEqual(refetched.\(name), \(modified))") }
            }
        }
    }

    /// Relationships: one relationship's round trip, to-one or to-many; changes are made in `reader` on `fetched`.
    private struct RelationshipCheck {
        let planner: GeneratedTestsPlanner
        let relationship: Relationship
        let entityName: String
        let subject: String
        var name: String { planner.model.names(of: relationship.name, in: entityName).swiftName }
        var accessors: AccessorNames { planner.model.names(of: relationship.name, in: entityName).accessors }
        var inverse: Relationship? { planner.model.inverse(of: relationship) }

        func inverseCheck(_ member: String, context: String, contains: Bool = true) -> String? {
            guard let inverse else { return nil }
            return "assert\(contains ? "True" : "False")(store.relatedObjectIDs(of: \(context).object(with: \(member).objectID), "
                + "key: \(SampleValue.stringLiteral(inverse.name))).contains(\(subject).objectID))"
        }

        /// A new destination object in `reader` bound to `fetched` through the inverse; its variable.
        func createDestination(_ attempt: inout ObjectGraphBuilder, name: String) throws(TestPlanFailure) -> String {
            var bindings: [String: String] = [:]
            if let inverse, !inverse.isToMany { bindings[inverse.name] = "fetched" }
            let created = try attempt.create(relationship.destinationEntity, bindings: bindings, name: name)
            try attempt.resolvePending()
            return created
        }

        func toOne(target: String?, changes: inout ObjectGraphBuilder, steps: inout RoundTripSteps) {
            let optional = relationship.mayReadNil ? "?" : ""
            steps.createdChecks.append(target.map { "XCTAssertIdentical(\(subject).\(name), \($0))" } ?? "XCTAssertNil(\(subject).\(name))")
            if relationship.isTransient {
                steps.notes.append("\(relationship.name): transient; not stored, so not compared after fetching")
                return
            }
            if let target {
                steps.fetchedChecks.append("assertEqual(fetched.\(name)\(optional).objectID, \(target).objectID)")
                if let check = inverseCheck(target, context: "reader") { steps.fetchedChecks.append(check) }
            } else {
                steps.fetchedChecks.append("XCTAssertNil(fetched.\(name))")
            }
            // Moving the object away from its current destination must leave that one valid.
            if let inverse, !inverse.isOptional {
                steps.notes.append(
                    "\(relationship.name): not changed: the previous \(relationship.destinationEntity) would lose its required '\(inverse.name)'")
                if let target {
                    steps.modifiedChecks.append("assertEqual(refetched.\(name)\(optional).objectID, \(target).objectID)")
                }
                return
            }
            var attempt = changes
            attempt.clearStatements()
            do throws(TestPlanFailure) {
                let replacement = try createDestination(&attempt, name: "new\(accessors.stem)")
                attempt.append("fetched.\(name) = \(replacement)")
                steps.modification += attempt.statements
                steps.modifiedChecks.append("assertEqual(refetched.\(name)\(optional).objectID, \(replacement).objectID)")
                if let check = inverseCheck(replacement, context: "checker") { steps.modifiedChecks.append(check) }
                changes = attempt
                changes.clearStatements()
            } catch {
                steps.notes.append("\(relationship.name): not changed: \(error.reason)")
            }
        }

        func toMany(members: [String], changes: inout ObjectGraphBuilder, steps: inout RoundTripSteps) {
            let isOrdered = relationship.isOrdered
            func idList(_ variables: [String]) -> String { "[" + variables.map { "\($0).objectID" }.joined(separator: ", ") + "]" }
            func memberIDs(_ owner: String) -> String {
                isOrdered
                    ? "\(owner).\(name).array.compactMap { ($0 as? NSManagedObject)?.objectID }"
                    : "Set(\(owner).\(name).map(\\.objectID))"
            }
            if members.isEmpty {
                steps.createdChecks.append("assertEqual(\(subject).\(name).count, 0)")
            } else if isOrdered {
                steps.createdChecks.append(
                    "assertEqual(\(subject).\(name).array.compactMap { $0 as? NSManagedObject }, [\(members.joined(separator: ", "))])")
            } else {
                steps.createdChecks.append("assertEqual(\(subject).\(name), [\(members.joined(separator: ", "))])")
            }
            if relationship.isTransient {
                steps.notes.append("\(relationship.name): transient; not stored, so not compared after fetching")
                return
            }
            if members.isEmpty {
                steps.fetchedChecks.append("assertEqual(fetched.\(name).count, 0)")
            } else {
                steps.fetchedChecks.append("assertEqual(\(memberIDs("fetched")), \(idList(members)))")
                steps.fetchedChecks += members.compactMap { inverseCheck($0, context: "reader") }
            }

            // Add one member, then take the first original one out, keeping the count within its bounds.
            let minimum = relationship.minCount ?? 0
            let maximum = (relationship.maxCount ?? 0) > 0 ? relationship.maxCount! : Int.max
            var attempt = changes
            attempt.clearStatements()
            var added: String?
            do throws(TestPlanFailure) {
                let member = try createDestination(&attempt, name: "added\(planner.destinationClassName(relationship))")
                attempt.append("fetched.\(accessors.addTo)(\(member))")
                added = member
            } catch {
                steps.notes.append("\(relationship.name): no member added: \(error.reason)")
            }
            func countIsValid(_ count: Int) -> Bool {
                count <= maximum && (count >= minimum || (count == 0 && relationship.isOptional))
            }
            let style = members.isEmpty ? nil : planner.removalStyle(of: relationship)
            if !members.isEmpty, style == nil {
                steps.notes.append("\(relationship.name): no member removed: \(planner.removalObstacle(of: relationship))")
            }
            let count = members.count
            var adds = added != nil
            var removes = style != nil
            if !countIsValid(count + (adds ? 1 : 0) - (removes ? 1 : 0)) {
                if removes, countIsValid(count - 1) { adds = false }
                else if adds, countIsValid(count + 1) { removes = false }
                else { (adds, removes) = (false, false) }
                steps.notes.append("\(relationship.name): \(adds ? "no member removed" : "no member added"): the count must stay within its bounds")
            }
            if adds {
                steps.modification += attempt.statements
                changes = attempt
                changes.clearStatements()
            }
            var expected = members
            if removes, let first = members.first, let style {
                steps.modification.append(planner.removalStatement(style, member: first, relationship: relationship, in: entityName))
                expected.removeFirst()
            }
            if adds, let added { expected.append(added) }
            if expected.isEmpty {
                steps.modifiedChecks.append("assertEqual(refetched.\(name).count, 0)")
            } else {
                steps.modifiedChecks.append("assertEqual(\(memberIDs("refetched")), \(idList(expected)))")
            }
            if adds, let added, let check = inverseCheck(added, context: "checker") { steps.modifiedChecks.append(check) }
            if removes, let first = members.first, let style {
                switch style {
                case .remove:
                    if let check = inverseCheck(first, context: "checker", contains: false) { steps.modifiedChecks.append(check) }
                case .delete:
                    steps.modifiedChecks.append("XCTAssertNil(try? checker.existingObject(with: \(first).objectID))")
                }
            }
        }
    }

    enum RemovalStyle { case remove, delete }

    /// The class of the objects a relationship's test creates: `Tag` for `tags`.
    private func destinationClassName(_ relationship: Relationship) -> String {
        model.concreteEntity(for: relationship.destinationEntity).flatMap { model.classes[$0]?.className } ?? "Object"
    }

    /// How a member can leave the relationship without making anything invalid: removed, when it may
    /// exist without the owner; deleted, when its inverse is required and deleting it touches nothing else.
    private func removalStyle(of relationship: Relationship) -> RemovalStyle? {
        guard let inverse = model.inverse(of: relationship) else { return .remove }
        if inverse.isOptional { return .remove }
        let memberEntity = model.concreteEntity(for: relationship.destinationEntity) ?? relationship.destinationEntity
        let all = model.relationships(of: memberEntity).values
        return all.allSatisfy({ $0.deletionRule == .nullify || $0.deletionRule == .noAction }) ? .delete : nil
    }

    private func removalObstacle(of relationship: Relationship) -> String {
        "members need their '\(model.inverse(of: relationship)?.name ?? "")' and deleting one would cascade or be denied"
    }

    /// Takes `member` (a variable of the creating context) out of `fetched`'s relationship, in `reader`.
    private func removalStatement(_ style: RemovalStyle, member: String, relationship: Relationship, in entityName: String) -> String {
        switch style {
        case .remove:
            let destination = model.typeReference(model.relationshipPlan(relationship.name, of: entityName)?.destinationClassName ?? "NSManagedObject")
            let object = "reader.object(with: \(member).objectID)"
            return "fetched.\(model.names(of: relationship.name, in: entityName).accessors.removeFrom)("
                + (destination == "NSManagedObject" ? object : "try XCTUnwrap(\(object) as? \(destination))") + ")"
        case .delete:
            return "reader.delete(reader.object(with: \(member).objectID))"
        }
    }

    // MARK: Transition mode

    /// Under `--inherited-initializers deprecated` the class's `init(context:)` works where the planner makes it
    /// deprecated (ContextInitializerPlanning.swift; the `entity-machine` template; docs/core-data-runtime.md,
    /// "Transition mode"): it makes an object of this very entity, inserted into the context. `init()` stays
    /// unavailable. The test is itself deprecated, so the test target builds without the warnings the app's call
    /// sites get.
    private func inheritedInitializersTest(for classPlan: ClassPlan, subject: String) -> ConstraintTestPlan {
        let className = model.typeReference(classPlan.className)
        let viaContext = "\(subject)ViaContext"
        return ConstraintTestPlan(
            kind: .inheritedInitializers, methodName: "testInheritedInitializersMakeThisEntity",
            summary: "`init(context:)`, deprecated while call sites move over, makes an object of this entity.",
            statements: [
                "let \(viaContext) = \(className)(context: context)",
                "assertEqual(\(viaContext).entity, \(subject).entity)",
                "assertTrue(context.insertedObjects.contains(\(viaContext)))",
            ],
            subject: subject,
            availability: "@available(*, deprecated, message: \"calls the deprecated inherited initializer on purpose\")")
    }

    // MARK: Constraints

    private mutating func constraintTests(for classPlan: ClassPlan, subject: String, reserved: Set<String>) -> [ConstraintTestPlan] {
        let entityName = classPlan.entityName
        let usable = model.usableKeys(of: entityName)
        var tests: [ConstraintTestPlan] = []
        var outsideValues: [OutsideValue] = []

        for attribute in model.allAttributes(of: entityName) where usable.contains(attribute.name) && !attribute.isDerived {
            let type = model.declaredType(of: attribute, in: entityName)
            let name = model.names(of: attribute.name, in: entityName).swiftName
            let typeName = type.name
            let analysis = model.synthesizer.boundaryAnalysis(for: attribute)
            if type.storage == .typed {
                // Bounds are stored values; the property takes the app's type, which need not have them.
                if declares(attribute.name, entityName), let constraint = analysis.values.first?.constraint {
                    diagnostics.warning(
                        "attribute '\(entityName).\(attribute.name)': no test of its \(Self.describe(constraint)) is generated: "
                            + "its property has the app's type \(typeName), whose values the generated test cannot choose",
                        at: attribute.location)
                }
                continue
            }
            for skipped in analysis.skipped where skipped.constraint != .minimumValue && skipped.constraint != .maximumValue {
                if declares(attribute.name, entityName) {
                    diagnostics.warning(
                        "attribute '\(entityName).\(attribute.name)': no test of its \(Self.describe(skipped.constraint)) is generated: \(skipped.reason)",
                        at: attribute.location)
                }
            }
            for value in analysis.values {
                let inside = value.inside.swiftLiteral(forTypeNamed: typeName)
                let outside = value.outside.swiftLiteral(forTypeNamed: typeName)
                let code = value.errorCode.constantName
                tests.append(ConstraintTestPlan(
                    kind: .attributeBound,
                    methodName: "test\(SwiftNames.capitalizedFirst(attribute.name))\(Self.suffix(value.constraint))",
                    summary: "`\(attribute.name)`, \(Self.describe(value.constraint)): \(inside) saves, \(outside) fails with \(code).",
                    statements: [
                        "\(subject).\(name) = \(inside)",
                        "try context.save()",
                        "\(subject).\(name) = \(outside)",
                        "store.assertValidationError(try context.save(), code: \(code), key: \(SampleValue.stringLiteral(attribute.name)))",
                    ],
                    subject: subject))
                if !outsideValues.contains(where: { $0.key == attribute.name }) {
                    outsideValues.append(OutsideValue(assignment: "\(subject).\(name) = \(outside)", code: value.errorCode, key: attribute.name))
                }
            }
        }

        if outsideValues.count >= 2 {
            let pair = Array(outsideValues.prefix(2))
            let expected = pair.map { "(\($0.code.constantName), \(SampleValue.stringLiteral($0.key)))" }.joined(separator: ", ")
            tests.append(ConstraintTestPlan(
                kind: .multipleErrors, methodName: "testSeveralViolationsAreReportedTogether",
                summary: "Violating `\(pair[0].key)` and `\(pair[1].key)` at once fails with \(ValidationErrorCode.multipleErrors.constantName), listing both.",
                statements: pair.map(\.assignment) + [
                    "store.assertValidationErrors(try context.save(), [\(expected)])"
                ],
                subject: subject))
        }

        for relationship in model.allRelationships(of: entityName) where usable.contains(relationship.name) && !relationship.isTransient {
            tests += relationshipTests(for: relationship, in: entityName, subject: subject, reserved: reserved)
            if relationship.isToMany,
                declares(relationship.name, entityName) || isSubEntityTestingInherited(relationship, entityName),
                let test = accessorTest(for: relationship, in: classPlan, subject: subject, reserved: reserved)
            {
                tests.append(test)
            }
        }
        tests += hookTests(for: classPlan, subject: subject, outsideValues: outsideValues)
        return tests
    }

    /// For each validation hook of the class or a generated ancestor that names a value it rejects
    /// (`// managedCodegen.rejects:`): the hook's error reaches `save()`, so Core Data calls its bridge. For a
    /// consistency hook, the state it refuses makes `save()` fail; for a deletion hook, deleting the object saved in
    /// the state it refuses does. When hooks at two levels reject the same value of one key and the class has a model
    /// check to violate as well, both at once: Core Data adds the model check's error to the combined error of the
    /// hooks (`ManagedValidation.combine`), which must reach `save()` as an error, not an exception.
    private func hookTests(for classPlan: ClassPlan, subject: String, outsideValues: [OutsideValue]) -> [ConstraintTestPlan] {
        var levels = [classPlan]
        while let last = levels.last, last.superclassIsGenerated, levels.count <= plan.classes.count,
            let parent = plan.classes.first(where: { $0.className == last.superclassName })
        {
            levels.append(parent)
        }
        func owner(_ level: ClassPlan) -> String { level.className == classPlan.className ? "" : " (\(level.className)'s hook)" }
        func statements(_ state: String) -> [String] {
            state.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map { "\(subject).\($0)" }
        }
        // The error the property hook throws for the object's current value, which the test looks for in what save()
        // throws: Core Data passes it on as it is (docs/core-data-runtime.md). The bridge's conversion, reading the
        // value from a plain `AnyObject?` instead of the bridge's pointer; names no subject would take.
        func thrownStatements(_ bridge: ValidationPlan.Bridge, _ name: String) -> [String] {
            let conversion = bridge.conversion.replacing("value.pointee", with: "hookValue")
            return [
                "let \(name) = store.errorThrown(for: \(subject), key: \(SampleValue.stringLiteral(bridge.key))) { hookValue in",
                "    guard let hookArgument = \(conversion) else { return }",
                "    try \(subject).\(bridge.hookName)(hookArgument)",
                "}",
            ]
        }
        // The parents' hooks first, as they run.
        var tests: [ConstraintTestPlan] = []
        var rejecting: [String: [(bridge: ValidationPlan.Bridge, level: ClassPlan)]] = [:]
        for level in levels.reversed() {
            for bridge in level.validation.bridges {
                guard let sample = bridge.rejectedSample else { continue }
                rejecting["\(bridge.key)\u{0}\(sample)", default: []].append((bridge, level))
                tests.append(ConstraintTestPlan(
                    kind: .validationHook, methodName: "test\(SwiftNames.capitalizedFirst(bridge.hookName))ErrorReachesSave",
                    summary: "`\(bridge.hookName)(_:)`\(owner(level)) rejects \(sample): its error reaches save() for '\(bridge.key)'.",
                    statements: ["\(subject).\(bridge.parameterName) = \(sample)"] + thrownStatements(bridge, "thrown")
                        + ["store.assertHookError(try context.save(), thrown: thrown)"],
                    subject: subject))
            }
            let validation = level.validation
            if validation.hasConsistencyHook, let state = validation.consistencyRejectedState {
                tests.append(ConstraintTestPlan(
                    kind: .validationHook,
                    methodName: "test\(SwiftNames.capitalizedFirst(validation.consistencyHookName))ErrorReachesSave",
                    summary: "`\(validation.consistencyHookName)()`\(owner(level)) refuses `\(state)`: saving fails with its error for the object.",
                    statements: ["try context.save()"] + statements(state) + [
                        "let thrown = store.errorThrown { try \(subject).\(validation.consistencyHookName)() }",
                        "store.assertHookError(try context.save(), thrown: thrown)",
                    ],
                    subject: subject))
            }
            if validation.hasDeletionHook, let state = validation.deletionRejectedState {
                tests.append(ConstraintTestPlan(
                    kind: .validationHook,
                    methodName: "test\(SwiftNames.capitalizedFirst(validation.deletionHookName))ErrorReachesSave",
                    summary: "`\(validation.deletionHookName)(_:)`\(owner(level)) refuses to delete after `\(state)` was saved: saving the deletion fails with its error.",
                    statements: statements(state) + [
                        "try context.save()",
                        "let thrown = store.errorThrown { try \(subject).\(validation.deletionHookName)(\(subject).committedValues(forKeys: nil)) }",
                        "context.delete(\(subject))",
                        "store.assertHookError(try context.save(), thrown: thrown)",
                    ],
                    subject: subject))
            }
        }
        let shared = rejecting.values.filter { $0.count >= 2 }.sorted { $0[0].bridge.key < $1[0].bridge.key }
        if let hooks = shared.first, let check = outsideValues.first(where: { $0.key != hooks[0].bridge.key }) {
            let bridge = hooks[0].bridge
            let names = hooks.indices.map { "thrown\($0 + 1)" }
            let expected = "(\(check.code.constantName), \(SampleValue.stringLiteral(check.key)))"
            tests.append(ConstraintTestPlan(
                kind: .validationHook,
                methodName: "test\(SwiftNames.capitalizedFirst(bridge.key))HooksAndAModelCheckFailTogether",
                summary: "\(hooks.map { "`\($0.bridge.hookName)(_:)`" }.joined(separator: " and ")) reject \(bridge.rejectedSample ?? "") "
                    + "and `\(check.key)` breaks the model: save() reports all of them (Core Data adds its error to the hooks' combined one).",
                statements: [
                    "\(subject).\(bridge.parameterName) = \(bridge.rejectedSample ?? "")",
                    check.assignment,
                ] + zip(hooks, names).flatMap { thrownStatements($0.bridge, $1) } + [
                    "store.assertValidationErrors(try context.save(), thrown: [\(names.joined(separator: ", "))], including: [\(expected)])",
                ],
                subject: subject))
        }
        return tests
    }

    /// A value outside a model constraint of an attribute: the assignment, the error Core Data reports and the key.
    struct OutsideValue {
        var assignment: String
        var code: ValidationErrorCode
        var key: String
    }

    /// An ordered relationship's accessors are also tested on an instance of a sub-entity that inherits it: in the
    /// first concrete sub-entity (by name) of the entity that declares it, once per relationship.
    private func isSubEntityTestingInherited(_ relationship: Relationship, _ entityName: String) -> Bool {
        guard relationship.isOrdered, let entity = model.entity(entityName),
            let declaring = schema.ancestors(of: entity).first(where: { $0.relationships.contains { $0.name == relationship.name } })
        else { return false }
        let first = plan.classes.filter { $0.initializer != nil && $0.entityName != declaring.name && model.isKind($0.entityName, of: declaring.name) }
            .map(\.entityName).min()
        return first == entityName
    }

    /// Calls every generated mutation accessor of a to-many relationship and checks the members, their order, the
    /// inverse relationship and (ordered) the Key-Value Observing notifications: kind and indexes of each change.
    /// Until then nothing is saved, so members may be taken out of a required inverse. An ordered relationship then
    /// takes every member back, is saved, fetched in a fresh context in order, reordered, saved and fetched again:
    /// the order Core Data keeps on disk, not only in memory. Nil when five members cannot be made.
    private func accessorTest(
        for relationship: Relationship, in classPlan: ClassPlan, subject: String, reserved: Set<String>
    ) -> ConstraintTestPlan? {
        let entityName = classPlan.entityName
        let (name, accessors) = model.names(of: relationship.name, in: entityName)
        let inverse = model.inverse(of: relationship)
        var builder = ObjectGraphBuilder(
            model: model, context: "context", reservedNames: reserved.union(["changes", "moving"]),
            existing: [.init(variable: subject, entityName: entityName, references: [:])])
        var members: [String] = []
        do throws(TestPlanFailure) {
            for _ in 0..<5 {
                var bindings: [String: String] = [:]
                if let inverse, !inverse.isToMany { bindings[inverse.name] = subject }
                members.append(try builder.create(relationship.destinationEntity, bindings: bindings, name: "member"))
                try builder.resolvePending()
            }
        } catch {
            return nil
        }
        let (a, b, c, d, e) = (members[0], members[1], members[2], members[3], members[4])
        var lines = builder.statements
        let key = SampleValue.stringLiteral(relationship.name)
        let finalMembers: [String]
        if relationship.isOrdered {
            // Each step names the members it leaves, in order; the recorder sees one notification per step.
            lines += [
                "// Members bound through their inverse joined already: start empty (removeFrom(_: NSOrderedSet)).",
                "\(subject).\(accessors.removeFrom)(\(subject).\(name))",
                "assertEqual(\(subject).\(name).count, 0)",
                "// Key-Value Observing: the accessors announce each change with its kind and indexes (NSObject,",
                "// willChange(_:valuesAt:forKey:)); none of them may re-enter the mutableOrderedSetValue(forKey:) proxy.",
                "let changes = store.changes(of: \(subject), key: \(key)) {",
                "    \(subject).\(accessors.addTo)(\(a))  // [a]",
                "    \(subject).\(accessors.insertInto)(\(b), at: 0)  // [b, a]",
                "    \(subject).\(accessors.insertInto)([\(c), \(d)], at: IndexSet([1, 2]) as NSIndexSet)  // [b, c, d, a]",
                "    \(subject).\(accessors.replace)(at: 0, with: \(e))  // [e, c, d, a]",
                "    \(subject).\(accessors.replace)(at: IndexSet([1]) as NSIndexSet, with: [\(b)])  // [e, b, d, a]",
                "    \(subject).\(accessors.removeFrom)(at: 2)  // [e, b, a]",
                "    \(subject).\(accessors.removeFrom)(at: IndexSet([0]) as NSIndexSet)  // [b, a]",
                "    \(subject).\(accessors.removeFrom)(\(a))  // [b]",
                "    \(subject).\(accessors.addTo)(NSOrderedSet(array: [\(c), \(a)]))  // [b, c, a]",
                "    \(subject).\(accessors.insertInto)([\(d), \(d)], at: IndexSet([0, 1]) as NSIndexSet)  // [d, b, c, a]: once",
                "    \(subject).\(accessors.removeFrom)(\(d))  // [b, c, a]",
                "}",
                "assertEqual(\(subject).\(name).array.compactMap { $0 as? NSManagedObject }, [\(b), \(c), \(a)])",
                "assertEqual(changes, [",
                "    \"insertion 0\", \"insertion 0\", \"insertion 1,2\", \"replacement 0\", \"replacement 1\",",
                "    \"removal 2\", \"removal 0\", \"removal 1\", \"insertion 1,2\", \"insertion 0\", \"removal 0\",",
                "])",
            ]
            finalMembers = [b, c, a]
        } else {
            lines += [
                "// Members bound through their inverse joined already: start empty (removeFrom(_: NSSet)).",
                "\(subject).\(accessors.removeFrom)(\(subject).\(name) as NSSet)",
                "assertEqual(\(subject).\(name).count, 0)",
                "\(subject).\(accessors.addTo)(\(a))",
                "\(subject).\(accessors.addTo)(NSSet(array: [\(b), \(c), \(d), \(e)]))",
                "\(subject).\(accessors.removeFrom)(\(d))",
                "\(subject).\(accessors.removeFrom)(NSSet(array: [\(a), \(e)]))",
                "assertEqual(\(subject).\(name), [\(b), \(c)])",
            ]
            finalMembers = [b, c]
        }
        if let inverse {
            // Core Data keeps the inverse in step at the latest when it processes pending changes
            // (NSManagedObjectContext, processPendingChanges()).
            lines.append("context.processPendingChanges()")
            let inverseKey = SampleValue.stringLiteral(inverse.name)
            for member in members {
                let isMember = finalMembers.contains(member)
                lines.append(
                    "assert\(isMember ? "True" : "False")(store.relatedObjectIDs(of: \(member), key: \(inverseKey)).contains(\(subject).objectID))")
            }
        }
        if relationship.isOrdered {
            lines += orderOnDisk(
                relationship, of: classPlan, subject: subject, members: [b, c, a, d, e],
                createdUniqueObjects: builder.createdEntities.contains(where: model.hasUniquenessConstraints))
        }
        return ConstraintTestPlan(
            kind: .relationshipAccessors, methodName: "test\(accessors.stem)Accessors",
            summary: "Every generated accessor of `\(relationship.name)` changes its members"
                + (relationship.isOrdered ? ", in order, with one change notification each," : "")
                + (inverse == nil ? "." : " and keeps `\(inverse!.name)` in step."),
            statements: lines, subject: subject)
    }

    /// The end of an ordered relationship's accessor test: `members` (the three left, then the two taken out) saved,
    /// fetched in a fresh context in that order, the first moved to the end, saved and fetched again. Core Data keeps
    /// the order with the relationship's own ordered set (NSRelationshipDescription `isOrdered`); a wrong order on disk
    /// fails here. Left out (with a comment) when the relationship's counts or uniqueness constraints forbid saving
    /// the five members.
    private func orderOnDisk(
        _ relationship: Relationship, of classPlan: ClassPlan, subject: String, members: [String], createdUniqueObjects: Bool
    ) -> [String] {
        let (name, accessors) = model.names(of: relationship.name, in: classPlan.entityName)
        let count = members.count
        if let maximum = relationship.maxCount, maximum > 0, maximum < count {
            return ["// The order on disk is not checked here: at most \(maximum) members can be saved."]
        }
        if let minimum = relationship.minCount, minimum > count {
            return ["// The order on disk is not checked here: at least \(minimum) members are needed to save."]
        }
        if createdUniqueObjects {
            return ["// The order on disk is not checked here: the members have uniqueness constraints."]
        }
        let className = model.typeReference(classPlan.className)
        let entity = SampleValue.stringLiteral(classPlan.entityName)
        func ids(_ variables: [String]) -> String { "[" + variables.map { "\($0).objectID" }.joined(separator: ", ") + "]" }
        let moved = Array(members.dropFirst()) + [members[0]]
        return [
            "// On disk: the order survives a save and a fetch in a fresh context, and so does a reordering.",
            "\(subject).\(accessors.addTo)(NSOrderedSet(array: [\(members[3]), \(members[4])]))  // [\(members.joined(separator: ", "))]",
            "try context.save()",
            "let reader = store.newContext()",
            "let fetched: \(className) = try store.fetch(\(entity), id: \(subject).objectID, in: reader)",
            "assertEqual(fetched.\(name).array.compactMap { ($0 as? NSManagedObject)?.objectID }, \(ids(members)))",
            "let moving = try XCTUnwrap(fetched.\(name).firstObject as? NSManagedObject)",
            "fetched.\(accessors.removeFrom)(at: 0)",
            "fetched.\(accessors.addTo)(NSOrderedSet(array: [moving]))  // [\(moved.joined(separator: ", "))]",
            "try reader.save()",
            "let checker = store.newContext()",
            "let refetched: \(className) = try store.fetch(\(entity), id: \(subject).objectID, in: checker)",
            "assertEqual(refetched.\(name).array.compactMap { ($0 as? NSManagedObject)?.objectID }, \(ids(moved)))",
        ]
    }

    private mutating func relationshipTests(
        for relationship: Relationship, in entityName: String, subject: String, reserved: Set<String>
    ) -> [ConstraintTestPlan] {
        let (name, accessors) = model.names(of: relationship.name, in: entityName)
        let key = SampleValue.stringLiteral(relationship.name)
        let inverse = model.inverse(of: relationship)
        let location = relationship.location
        let reports = declares(relationship.name, entityName)

        /// Statements creating one more destination related to the subject (to-many: added as member).
        func addOne() -> [String]? {
            var builder = ObjectGraphBuilder(
                model: model, context: "context", reservedNames: reserved,
                existing: [.init(variable: subject, entityName: entityName, references: [:])])
            do throws(TestPlanFailure) {
                var bindings: [String: String] = [:]
                if let inverse, !inverse.isToMany { bindings[inverse.name] = subject }
                let member = try builder.create(relationship.destinationEntity, bindings: bindings, name: "related")
                try builder.resolvePending()
                builder.append(relationship.isToMany ? "\(subject).\(accessors.addTo)(\(member))" : "\(subject).\(name) = \(member)")
                if builder.createdEntities.contains(where: model.hasUniquenessConstraints) {
                    throw TestPlanFailure(reason: "the related objects have uniqueness constraints, so identical copies cannot be saved")
                }
                return builder.statements
            } catch {
                return nil
            }
        }
        func indented(_ lines: [String]) -> [String] {
            lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 } }
        }

        var tests: [ConstraintTestPlan] = []
        if relationship.isToMany {
            let minimum = relationship.minCount ?? 0
            let maximum = relationship.maxCount ?? 0
            let wantsCountTests = maximum > 0 || minimum > 1
            let body = wantsCountTests || relationship.deletionRule == .deny ? addOne() : nil
            if wantsCountTests, body == nil, reports {
                diagnostics.warning(
                    "relationship '\(entityName).\(relationship.name)': no count tests are generated: its members cannot be created in a loop",
                    at: location)
            }
            if let body, maximum > 0 {
                tests.append(ConstraintTestPlan(
                    kind: .relationshipCount, methodName: "test\(accessors.stem)MaximumCount",
                    summary: "`\(relationship.name)`, at most \(maximum) members: \(maximum) save, one more fails with NSValidationRelationshipExceedsMaximumCountError.",
                    statements: ["while \(subject).\(name).count < \(maximum) {"] + indented(body) + ["}", "try context.save()"]
                        + body + [
                            "store.assertValidationError(try context.save(), code: NSValidationRelationshipExceedsMaximumCountError, key: \(key))"
                        ],
                    subject: subject))
            }
            if let body, minimum > 1 {
                if let style = removalStyle(of: relationship) {
                    let destination = model.typeReference(model.relationshipPlan(relationship.name, of: entityName)?.destinationClassName ?? "NSManagedObject")
                    let first = relationship.isOrdered
                        ? "try XCTUnwrap(\(subject).\(name).firstObject as? \(destination))"
                        : "try XCTUnwrap(\(subject).\(name).first)"
                    let leave = style == .remove
                        ? "\(subject).\(accessors.removeFrom)(\(first))"
                        : "context.delete(\(first))"
                    tests.append(ConstraintTestPlan(
                        kind: .relationshipCount, methodName: "test\(accessors.stem)MinimumCount",
                        summary: "`\(relationship.name)`, at least \(minimum) members: \(minimum) save, one fewer fails with NSValidationRelationshipLacksMinimumCountError.",
                        statements: ["while \(subject).\(name).count < \(minimum) {"] + indented(body) + ["}", "try context.save()", leave,
                            "store.assertValidationError(try context.save(), code: NSValidationRelationshipLacksMinimumCountError, key: \(key))"],
                        subject: subject))
                } else if reports {
                    diagnostics.warning(
                        "relationship '\(entityName).\(relationship.name)': no minimum count test is generated: \(removalObstacle(of: relationship))",
                        at: location)
                }
            }
            if relationship.deletionRule == .deny {
                if let body {
                    tests.append(denyTest(relationship, subject: subject, setup: ["if \(subject).\(name).count == 0 {"] + indented(body) + ["}"]))
                } else if reports {
                    diagnostics.warning(
                        "relationship '\(entityName).\(relationship.name)': no Deny delete rule test is generated: no related object can be created",
                        at: location)
                }
            }
        } else if relationship.deletionRule == .deny {
            if !relationship.isOptional {
                tests.append(denyTest(relationship, subject: subject, setup: []))
            } else if let body = addOne() {
                tests.append(denyTest(relationship, subject: subject, setup: body))
            } else if reports {
                diagnostics.warning(
                    "relationship '\(entityName).\(relationship.name)': no Deny delete rule test is generated: no related object can be created",
                    at: location)
            }
        }
        return tests
    }

    private func denyTest(_ relationship: Relationship, subject: String, setup: [String]) -> ConstraintTestPlan {
        ConstraintTestPlan(
            kind: .denyDeleteRule, methodName: "testDeleteIsDeniedBy\(SwiftNames.capitalizedFirst(relationship.name))",
            summary: "`\(relationship.name)` has the Deny delete rule: deleting while it relates to an object fails with NSValidationRelationshipDeniedDeleteError.",
            statements: setup + [
                "try context.save()",
                "context.delete(\(subject))",
                // Core Data may report other consequences of the refused delete alongside it.
                "store.assertValidationError(try context.save(), code: NSValidationRelationshipDeniedDeleteError, key: \(SampleValue.stringLiteral(relationship.name)), amongOthers: true)",
            ],
            subject: subject)
    }

    static func suffix(_ constraint: BoundaryValue.Constraint) -> String {
        switch constraint {
        case .minimumValue: return "MinimumValue"
        case .maximumValue: return "MaximumValue"
        case .minimumLength: return "MinimumLength"
        case .maximumLength: return "MaximumLength"
        case .regularExpression: return "Pattern"
        }
    }

    static func describe(_ constraint: BoundaryValue.Constraint) -> String {
        switch constraint {
        case .minimumValue: return "minimum value"
        case .maximumValue: return "maximum value"
        case .minimumLength: return "minimum length"
        case .maximumLength: return "maximum length"
        case .regularExpression: return "regular expression"
        }
    }
}
