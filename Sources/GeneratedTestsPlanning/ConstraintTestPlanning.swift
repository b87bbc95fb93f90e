import CoreDataMapping
import GenerationPlanning
import ManagedModel
import SampleValues

/// A suite's constraint tests: each attribute bound probed from both sides, several violations at once, then the
/// relationship, accessor and validation-hook tests; the method names and descriptions of a bound.
extension GeneratedTestsPlanner {
    mutating func constraintTests(for classPlan: ClassPlan, subject: String, reserved: Set<String>) -> [ConstraintTestPlan] {
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
                    diagnostics.report(
                        GenerationRules.testNotGenerated, "attribute '\(entityName).\(attribute.name)': no test of its \(Self.describe(constraint)) is generated: "
                            + "its property has the app's type \(typeName), whose values the generated test cannot choose",
                        at: attribute.location)
                }
                continue
            }
            for skipped in analysis.skipped where skipped.constraint != .minimumValue && skipped.constraint != .maximumValue {
                if declares(attribute.name, entityName) {
                    diagnostics.report(
                        GenerationRules.testNotGenerated, "attribute '\(entityName).\(attribute.name)': no test of its \(Self.describe(skipped.constraint)) is generated: \(skipped.reason)",
                        at: attribute.location)
                }
            }
            for value in analysis.values {
                let inside = value.inside.swiftExpression(as: type.valueType)
                let outside = value.outside.swiftExpression(as: type.valueType)
                let code = value.errorCode.constantName
                tests.append(ConstraintTestPlan(
                    kind: .attributeBound,
                    methodName: "test\(SwiftNames.capitalizedFirst(attribute.name))\(Self.suffix(value.constraint))",
                    summary: "`\(attribute.name)`, \(Self.describe(value.constraint)): \(inside) saves, \(outside) fails with \(code).",
                    statements: [
                        "\(subject).\(name) = \(inside)",
                        "try context.save()",
                        "\(subject).\(name) = \(outside)",
                        "store.assertValidationError(try context.save(), code: \(code), key: \(SwiftSourceText.stringLiteral(attribute.name)))",
                    ],
                    subject: subject))
                if !outsideValues.contains(where: { $0.key == attribute.name }) {
                    outsideValues.append(OutsideValue(assignment: "\(subject).\(name) = \(outside)", code: value.errorCode, key: attribute.name))
                }
            }
        }

        if outsideValues.count >= 2 {
            let pair = Array(outsideValues.prefix(2))
            let expected = pair.map { "(\($0.code.constantName), \(SwiftSourceText.stringLiteral($0.key)))" }.joined(separator: ", ")
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

    /// A value outside a model constraint of an attribute: the assignment, the error Core Data reports and the key.
    struct OutsideValue {
        var assignment: String
        var code: ValidationErrorCode
        var key: String
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
