import ManagedModel

/// What planning the generated code reports about a model that was read without error, and about the validation
/// hooks the sources declare: one row per kind of finding. The table of WarningsAndErrors.md, "What generation
/// reports", is rendered from ``all``.
package enum GenerationRules {
    // MARK: What is left out, and why

    package static let unknownSelection = Rule(
        "generate.unknown-selection", .error,
        summary: "`--configuration`, `--include` or `--exclude` (or their config keys) naming no configuration or entity of "
            + "the model (with a suggestion)",
        documentation: "a typo would generate the wrong set of classes")
    package static let xcodeGenerated = Rule(
        "generate.xcode-generated", .none,
        summary: "entities whose Codegen is Class Definition or Category / Extension",
        documentation: "a note naming them: Xcode generates their classes, so they are skipped (`adopt` moves one over, "
            + "`--include-xcode-generated` generates them anyway)")
    package static let nothingGenerated = Rule(
        "generate.nothing-generated", .warning,
        summary: "a model with no entities, or none that can be generated",
        documentation: "the warning counts the reasons")
    package static let entityNotGenerated = Rule(
        "generate.entity-not-generated", .warning,
        summary: "an entity whose class name is not a Swift identifier, or the class name of an earlier entity",
        documentation: "the entity is not generated")
    package static let memberNotGenerated = Rule(
        "generate.member-not-generated", .warning,
        summary: "a property, fetched property, composite or composite element whose name is not a Swift identifier, "
            + "clashes with an NSObject/NSManagedObject member, or is how Swift imports one of their Objective-C properties",
        documentation: "it is not generated: the warning says how to reach it (`value(forKey:)`) or to rename it in the model")
    package static let outsideSelection = Rule(
        "generate.outside-selection", .warning,
        summary: "a generated entity whose parent entity, or a relationship whose destination's class, is left out by "
            + "include/exclude or the configuration",
        documentation: "the class must then come from elsewhere")
    package static let compositeClassClash = Rule(
        "generate.composite-class-clash", .warning,
        summary: "a composite with the name of an entity's class",
        documentation: "the generated struct and the class clash: rename one")
    package static let requiredCycle = Rule(
        "generate.required-cycle", .warning,
        summary: "required to-one relationships that form a cycle",
        documentation: "no initializer could take them all: one becomes an optional parameter, to set before saving")
    package static let swiftTypeNotWritable = Rule(
        "generate.swift-type-not-writable", .warning,
        summary: "a custom class that is not a Swift type name; a default value that cannot be written as the Swift type",
        documentation: "declared as the attribute type's own class; the initializer leaves the default to Core Data")
    package static let userInfo = Rule(
        "generate.user-info", .warning,
        summary: "a `managedCodegen.*` userInfo entry the generator cannot use; a required attribute its userInfo ignores",
        documentation: "the entry is ignored; the initializer cannot set the ignored attribute (set it before saving)")
    package static let fetchRequestNotGenerated = Rule(
        "generate.fetch-request-clash", .warning,
        summary: "a fetch request template whose function name another template of the class already has",
        documentation: "it is not generated")
    package static let untypedPredicateVariable = Rule(
        "generate.untyped-predicate-variable", .warning,
        summary: "a fetch request template's `$variable` whose type its predicate does not show",
        documentation: "the parameter is typed `Any`")
    package static let testNotGenerated = Rule(
        "generate.test-not-generated", .warning,
        summary: "a generated test (`--tests-output`) that cannot be written: no sample value satisfies an attribute's "
            + "constraints, a value of the app's own type, members that cannot be created, a `managedCodegen.sampleValue` "
            + "that is invalid or fails validation",
        documentation: "that test is left out (the warning says why); the others are generated")

    package static let previewNotGenerated = Rule(
        "generate.preview-not-generated", .warning,
        summary: "an entity that gets no preview data (`--preview-data`): a required value with no valid sample (a "
            + "Transformable of the app's type, a pattern no string satisfies), a required relationship to an entity "
            + "without one, a cycle of required relationships",
        documentation: "the entity has no `makePreview(in:)` and `makeContainer()` leaves it empty (the warning, at the "
            + "attribute's line, says why); set userInfo key `managedCodegen.sampleValue` to a valid value")

    // MARK: Validation hooks (<doc:ValidationHooks>)

    package static let hookNeverCalled = Rule(
        "hooks.never-called", .error,
        summary: "a hook declared where Core Data or the generated class cannot call it: the consistency or deletion hook "
            + "with the wrong parameters, a sub-class's hook named like its parent's",
        documentation: "a check that silently never runs")
    package static let hookWrongParameter = Rule(
        "hooks.wrong-parameter", .error,
        summary: "a property's hook with a label or a parameter of another type than the property is validated as",
        documentation: "the generated `validate<Key>` could not call it")
    package static let hookUnknown = Rule(
        "hooks.unknown", .warning,
        summary: "a `validate…` method in an extension of a generated class that matches no hook (with a suggestion)",
        documentation: "Core Data never calls it")
    package static let hookLegacyParameter = Rule(
        "hooks.legacy-parameter", .warning,
        summary: "a to-many hook taking the whole collection converted (`Set<Tag>`) instead of the relationship's own type",
        documentation: "called, but converting fires the relationship's faults on every validation")

    package static let configFolderLeftAlone = Rule(
        "generate.config-folder-left-alone", .none,
        summary: "`--output` given without `--tests-output` while the config file sets `tests-output`",
        documentation: "a note naming the config's tests folder: this run writes no tests and cleans nothing there (a run "
            + "pointed elsewhere does not touch the config's folders); pass `--tests-output` to write them")

    package static let all: [Rule] = [
        unknownSelection, xcodeGenerated, nothingGenerated, entityNotGenerated, memberNotGenerated, outsideSelection,
        compositeClassClash, requiredCycle, swiftTypeNotWritable, userInfo, fetchRequestNotGenerated,
        untypedPredicateVariable, testNotGenerated, previewNotGenerated, hookNeverCalled, hookWrongParameter, hookUnknown, hookLegacyParameter,
        configFolderLeftAlone,
    ]

    /// The table of WarningsAndErrors.md, "What generation reports".
    package static func markdownTable() -> String {
        Rule.markdownTable(all, header: ["Found", "Severity", "What happens", "ID"]) {
            [$0.summary, $0.severity.documented, $0.documentation, "`\($0.id)`"]
        }
    }
}
