import GenerationPlanning
import ManagedModel

/// The test of `init(context:)` under `--inherited-initializers deprecated`.
extension GeneratedTestsPlanner {
    /// Under `--inherited-initializers deprecated` the class's `init(context:)` works where the planner makes it
    /// deprecated (ContextInitializerPlanning.swift; the `entity-machine` template; docs/core-data-runtime.md,
    /// "Transition mode"): it makes an object of this very entity, inserted into the context. `init()` stays
    /// unavailable. The test is itself deprecated, so the test target builds without the warnings the app's call
    /// sites get.
    func inheritedInitializersTest(for classPlan: ClassPlan, subject: String) -> ConstraintTestPlan {
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
}
