import GenerationPlanning
import ManagedModel
import SampleValues

/// A relationship's count and Deny delete rule tests.
extension GeneratedTestsPlanner {
    mutating func relationshipTests(
        for relationship: Relationship, in entityName: String, subject: String, reserved: Set<String>
    ) -> [ConstraintTestPlan] {
        let (name, accessors) = model.names(of: relationship.name, in: entityName)
        let key = SwiftSourceText.stringLiteral(relationship.name)
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
                diagnostics.report(
                    GenerationRules.testNotGenerated, "relationship '\(entityName).\(relationship.name)': no count tests are generated: its members cannot be created in a loop",
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
                    diagnostics.report(
                        GenerationRules.testNotGenerated, "relationship '\(entityName).\(relationship.name)': no minimum count test is generated: \(removalObstacle(of: relationship))",
                        at: location)
                }
            }
            if relationship.deletionRule == .deny {
                if let body {
                    tests.append(denyTest(relationship, subject: subject, setup: ["if \(subject).\(name).count == 0 {"] + indented(body) + ["}"]))
                } else if reports {
                    diagnostics.report(
                        GenerationRules.testNotGenerated, "relationship '\(entityName).\(relationship.name)': no Deny delete rule test is generated: no related object can be created",
                        at: location)
                }
            }
        } else if relationship.deletionRule == .deny {
            if !relationship.isOptional {
                tests.append(denyTest(relationship, subject: subject, setup: []))
            } else if let body = addOne() {
                tests.append(denyTest(relationship, subject: subject, setup: body))
            } else if reports {
                diagnostics.report(
                    GenerationRules.testNotGenerated, "relationship '\(entityName).\(relationship.name)': no Deny delete rule test is generated: no related object can be created",
                    at: location)
            }
        }
        return tests
    }

    func denyTest(_ relationship: Relationship, subject: String, setup: [String]) -> ConstraintTestPlan {
        ConstraintTestPlan(
            kind: .denyDeleteRule, methodName: "testDeleteIsDeniedBy\(SwiftNames.capitalizedFirst(relationship.name))",
            summary: "`\(relationship.name)` has the Deny delete rule: deleting while it relates to an object fails with NSValidationRelationshipDeniedDeleteError.",
            statements: setup + [
                "try context.save()",
                "context.delete(\(subject))",
                // Core Data may report other consequences of the refused delete alongside it.
                "store.assertValidationError(try context.save(), code: NSValidationRelationshipDeniedDeleteError, key: \(SwiftSourceText.stringLiteral(relationship.name)), amongOthers: true)",
            ],
            subject: subject)
    }
}
