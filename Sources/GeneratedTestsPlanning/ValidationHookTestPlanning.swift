import GenerationPlanning
import ManagedModel
import SampleValues

/// The tests that a validation hook's error reaches `save()`.
extension GeneratedTestsPlanner {
    /// For each validation hook of the class or a generated ancestor that names a value it rejects
    /// (`// managedCodegen.rejects:`): the hook's error reaches `save()`, so Core Data calls its bridge. For a
    /// consistency hook, the state it refuses makes `save()` fail; for a deletion hook, deleting the object saved in
    /// the state it refuses does. When hooks at two levels reject the same value of one key and the class has a model
    /// check to violate as well, both at once: Core Data adds the model check's error to the combined error of the
    /// hooks (`ManagedValidation.combine`), which must reach `save()` as an error, not an exception.
    func hookTests(for classPlan: ClassPlan, subject: String, outsideValues: [OutsideValue]) -> [ConstraintTestPlan] {
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
                "let \(name) = store.errorThrown(for: \(subject), key: \(SwiftSourceText.stringLiteral(bridge.key))) { hookValue in",
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
            let expected = "(\(check.code.constantName), \(SwiftSourceText.stringLiteral(check.key)))"
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
}
