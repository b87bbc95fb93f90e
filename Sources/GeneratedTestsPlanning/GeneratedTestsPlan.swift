import ManagedModel

/// The generated XCTest file of one model, decided completely: the renderer only lays it out.
///
/// Statements are planned as Swift source lines (like ``InitializerPlan/Parameter/assignment``):
/// which objects exist, in which order, with which values, is decided here.
package struct GeneratedTestsPlan: Hashable, Sendable {
    /// `InventoryModelTests.swift`
    package var fileName: String
    /// The module the tests `@testable import`.
    package var moduleName: String
    /// The compiled model's resource name: `Inventory` for `Inventory.momd`.
    package var modelName: String
    /// `InventoryModelTestStore`: the type that gives each test its own in-memory store on the once-loaded model.
    package var storeTypeName: String
    /// `InventoryModelTestSupport`: the protocol every suite adopts: its extension declares the checks
    /// (`assertEqual`, …) and `text(_:repeating:count:)` that planned statements call.
    package var supportTypeName: String
    /// `Bundle(for: Item.self)`, `Bundle.main` or `Bundle.module`.
    package var bundleExpression: String
    /// One test class per concrete generated entity, in class-name order.
    package var suites: [TestSuitePlan]
    /// With `--preview-data`: the preview data's tests, and the store loads the model through the preview data's
    /// `sharedModel()`, so that one process holds one loaded model (two would claim the classes: `Item.entity()`).
    package var previewData: PreviewDataPlan? = nil
}

/// The tests of one concrete entity.
package struct TestSuitePlan: Hashable, Sendable {
    package var entityName: String
    package var className: String
    /// `InventoryItemTests`
    package var suiteName: String
    /// Why no valid object of this entity can be built; then the suite holds one skipped test.
    package var unavailableReason: String?
    /// `makeItem(in:)`: a valid object with only the values the initializer requires.
    package var factory: ObjectFactoryPlan?
    package var roundTrip: RoundTripPlan?
    package var constraintTests: [ConstraintTestPlan]
}

/// A helper method building a valid object and everything it requires.
package struct ObjectFactoryPlan: Hashable, Sendable {
    /// `makeItem`
    package var methodName: String
    /// Statements using `context`; the last line returns the object.
    package var statements: [String]
}

/// The five steps of the non-optional pattern (create, save, fetch, modify, fetch again).
package struct RoundTripPlan: Hashable, Sendable {
    /// Creates the object under test (`subject`) with every value, and the objects it needs, in `context`.
    package var creation: [String]
    /// Step 1: every property as created.
    package var createdChecks: [String]
    /// Step 3: every stored property as fetched into `fetched` in the context `reader`.
    package var fetchedChecks: [String]
    /// Step 4: changes to every mutable property of `fetched`, in `reader`.
    package var modification: [String]
    /// Step 5: every stored property as fetched into `refetched` in the context `checker`.
    package var modifiedChecks: [String]
    /// Comments about what is not checked, and why (`// style: ...`).
    package var notes: [String]
    /// The subject's variable name.
    package var subject: String
}

/// One constraint probed from both sides, or several violated at once.
package struct ConstraintTestPlan: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
        case attributeBound, relationshipCount, denyDeleteRule, multipleErrors, relationshipAccessors, validationHook
        /// `init(context:)` and `init()` under `--inherited-initializers deprecated`.
        case inheritedInitializers
        /// Sorting and filtering by a typed key (`ModelKeys`) of an optional scalar.
        case typedKeySort
        /// Object → typed object ID (`ManagedObjectID`) → object.
        case typedObjectIDRoundTrip
    }

    package var kind: Kind
    /// `testNameMinimumLength`
    package var methodName: String
    /// One line saying what is checked.
    package var summary: String
    /// Statements run after `let subject = make<Class>(in: context)`; they end with the failing save's assertion.
    package var statements: [String]
    /// The subject's variable name.
    package var subject: String
    /// An attribute on the test method: `@available(*, deprecated, …)` on a test that calls deprecated
    /// initializers on purpose, so the test target builds without their warnings.
    package var availability: String? = nil
}
