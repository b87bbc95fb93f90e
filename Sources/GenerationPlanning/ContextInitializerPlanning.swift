/// `init(context:)` and `init()`, the initializers `NSManagedObject` declares that the generated designated
/// initializer replaces.
///
/// `init()` is unavailable in every mode: `-[NSManagedObject init]` never made a usable object (Apple documents no
/// `init()` for NSManagedObject; its designated initializer is `init(entity:insertInto:)`, whose entity "the model
/// associated with context's persistent store coordinator must contain"), and the entity it would need,
/// `X.entity()`, is nil when two loaded models claim the class (an app and its test or preview container), after
/// which Core Data raises "must have a valid NSEntityDescription" (docs/core-data-runtime.md, "+entity can be nil").
///
/// `init(context:)` is unavailable too, except in the transition mode (`--inherited-initializers deprecated`), where it
/// is deprecated and works, so an app's `Item(context:)` call sites build while they move over. It stays unavailable
/// where working would be wrong or would shadow the right call:
/// - an abstract entity: Apple's `init(context:)` is "only legal to call on subclasses of NSManagedObject that
///   represent a single entity in the model", and Core Data cannot insert an abstract entity;
/// - a designated initializer whose every parameter has a default: `X(context:)` already calls it, and a deprecated
///   overload would win (Swift prefers the exact match over one filled by defaults; it ranks unavailable
///   declarations below every other), turning each such call, the generated tests' included, into a warning that
///   cannot be fixed.
extension GenerationPlanner {
    mutating func attachContextInitializers(to classes: inout [ClassPlan]) {
        let indexByName = Dictionary(uniqueKeysWithValues: classes.indices.map { (classes[$0].className, $0) })
        // What `X(context:)` resolves to in each class: nil for the designated initializer itself.
        var effective: [String: GeneratorOptions.InheritedInitializers?] = [:]
        func resolve(_ index: Int, depth: Int = 0) -> GeneratorOptions.InheritedInitializers? {
            let plan = classes[index]
            if let known = effective[plan.className] { return known }
            let isDesignated = plan.initializer?.parameters.isEmpty == true
            let wanted = contextInitializer(for: plan)
            var result: GeneratorOptions.InheritedInitializers?
            if isDesignated {
                result = nil
            } else if plan.superclassIsGenerated, let parent = indexByName[plan.superclassName], depth < classes.count {
                let inherited = resolve(parent, depth: depth + 1)
                if inherited == nil {
                    // The parent's designated `init(context:)`: the sub-class overrides it as unavailable
                    // (`unavailableInheritedInitializers`); a convenience one beside it would clash.
                    result = .unavailable
                } else {
                    result = wanted
                    if inherited != wanted { classes[index].contextInitializer = wanted }
                }
            } else {
                result = wanted
                classes[index].contextInitializer = wanted
            }
            classes[index].contextInitializerWorks = result == .deprecated
            effective[plan.className] = .some(result)
            return result
        }
        for index in classes.indices { _ = resolve(index) }
    }

    /// How this class's `init(context:)` should be declared, ignoring what it inherits.
    private func contextInitializer(for plan: ClassPlan) -> GeneratorOptions.InheritedInitializers {
        guard options.inheritedInitializers == .deprecated, let initializer = plan.initializer else { return .unavailable }
        // With the label `insertInto:` (a property is named `context`) `X(context:)` cannot mean the designated
        // initializer.
        let designatedTakesContextAlone = initializer.contextLabel == InitializerPlan.standardContextLabel
            && initializer.parameters.allSatisfy { $0.defaultValue != nil }
        return designatedTakesContextAlone ? .unavailable : .deprecated
    }
}
