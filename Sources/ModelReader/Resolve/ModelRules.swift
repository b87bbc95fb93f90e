import ManagedModel

/// What reading a model reports, one row per kind of finding (the reader makes each diagnostic from its row). The
/// tables of WarningsAndErrors.md, "What is a warning" and "Errors in the model", are rendered from ``warnings`` and
/// ``errors``.
package enum ModelRules {
    // MARK: Warnings: a model Xcode compiles may contain it; the warning says what the generator does instead

    package static let unreadableDefault = Rule(
        "model.unreadable-default", .warning,
        summary: "a default in another type's spelling (`defaultValueString=\"NO\"` on an Integer 16, `\"0.0\"` on a Boolean, "
            + "a number on a Date), out of range or otherwise unreadable",
        documentation: "no default is assumed: a required attribute's initializer parameter has no default argument (callers "
            + "pass the value), an optional one is set only when passed (Core Data's own default stays); the generated tests "
            + "assume none. The warning names Foundation's documented reading where there is one (`NSString.integerValue`, "
            + "`doubleValue`, `boolValue`), never adopted, since what momc stores is not documented, and the field to change "
            + "in Xcode's Data Model inspector. The same text on several attributes of one type (each Boolean turned Integer "
            + "16 keeps `NO`) is one warning per model version, at the first, with the count")
    package static let unreadableBound = Rule(
        "model.unreadable-bound", .warning,
        summary: "an unreadable `minValueString` / `maxValueString` / `*DateTimeInterval` bound",
        documentation: "the bound is ignored: no check or test for it")
    package static let contradictoryBounds = Rule(
        "model.contradictory-bounds", .warning,
        summary: "a default outside the attribute's own min…max, min greater than max, `minCount` greater than `maxCount`",
        documentation: "kept as written (Core Data's validation will reject the values); such a default gets no default argument")
    package static let invalidFlag = Rule(
        "model.invalid-flag", .warning,
        summary: "a flag that is not `YES`/`NO` (`optional=\"1\"`)",
        documentation: "read as `NSString.boolValue` reads it")
    package static let invalidCount = Rule(
        "model.invalid-count", .warning,
        summary: "a count that is not a non-negative integer (`minCount`, `maxCount`, `fetchLimit`, `fetchBatchSize`)",
        documentation: "ignored")
    package static let unknownDeletionRule = Rule(
        "model.unknown-deletion-rule", .warning,
        summary: "an unknown `deletionRule`",
        documentation: "treated as Nullify")
    package static let inverse = Rule(
        "model.inverse", .warning,
        summary: "`inverseEntity` without `inverseName`; a relationship without inverse; one-sided or mismatched inverses",
        documentation: "no inverse / as written")
    package static let emptyEntry = Rule(
        "model.empty-entry", .warning,
        summary: "an empty uniqueness-constraint or compound-index entry; a fetch-index element naming nothing; a userInfo "
            + "entry without a key",
        documentation: "ignored")
    package static let unknownMarkup = Rule(
        "model.unknown-markup", .warning,
        summary: "unknown elements and XML attributes; `*DateTimeInterval` or bounds on a type that has none",
        documentation: "ignored")
    package static let unknownValue = Rule(
        "model.unknown-value", .warning,
        summary: "an unknown `codeGenerationType` (reported once per model, with the count of entities), fetch request "
            + "`resultType` or fetch index `order`",
        documentation: "treated as Manual/None, managed objects, ascending")
    package static let classNotGenerated = Rule(
        "model.class-not-generated", .warning,
        summary: "a `representedClassName` that names no class or no Swift class; Codegen set to Class Definition / Category",
        documentation: "the entity is not generated")
    package static let transformableClass = Rule(
        "model.transformable-class", .warning,
        summary: "a Transformable `customClassName` the default transformer cannot archive (`[MyStruct]`; `[Int64]`, "
            + "`[String]` and other collections of Foundation's bridged types are fine) or that names no class; a derived "
            + "attribute without expression",
        documentation: "as written")
    package static let currentVersion = Rule(
        "model.current-version", .warning,
        summary: "no `.xccurrentversion`, or one naming a version the bundle lacks",
        documentation: "the naturally last version is read")
    package static let keywordName = Rule(
        "model.keyword-name", .none,
        summary: "a property named like a Swift keyword (`default`, `class`)",
        documentation: "a note: the generated code writes it in backticks")

    // MARK: Errors: momc or Core Data would refuse the model, or no correct Swift could be generated

    package static let notFound = Rule(
        "model.not-found", .error,
        summary: "a model path that names no model or cannot be read, a version folder without `contents`, an unknown "
            + "`--model-version` (with a suggestion)",
        documentation: "nothing to read")
    package static let notAModel = Rule(
        "model.not-a-model", .error,
        summary: "a `contents` file that is empty, not well-formed XML, or whose root element is not `<model>`",
        documentation: "nothing to read")
    package static let missingRequired = Rule(
        "model.missing-required", .error,
        summary: "an element without its `name`; a relationship without `destinationEntity`, a fetched property without its "
            + "fetch request, a fetch request naming no entity",
        documentation: "momc refuses a nameless element or a reference to nothing; no Swift declaration can be made")
    package static let unknownAttributeType = Rule(
        "model.unknown-attribute-type", .error,
        summary: "an unknown `attributeType` (with a suggestion)",
        documentation: "Xcode writes only the names of its attribute types: there is no telling what another one is")
    package static let undefinedType = Rule(
        "model.undefined-type", .error,
        summary: "a stored attribute of type Undefined (or without `attributeType`)",
        documentation: "momc refuses it (\"must have a defined type\"): Undefined is allowed only on transient attributes")
    package static let duplicateName = Rule(
        "model.duplicate-name", .error,
        summary: "two entities, properties, composites, configurations or fetch requests of one name; a property an ancestor "
            + "entity already declares",
        documentation: "the compiled model keys them by name (momc refuses duplicates; Core Data refuses a property that "
            + "shadows an inherited one), and Swift cannot declare two members of one name")
    package static let invalidName = Rule(
        "model.invalid-name", .error,
        summary: "an entity or property name that is not a Swift identifier",
        documentation: "no correct Swift can name it (keys, fetch requests and tests use the entity name)")
    package static let reservedName = Rule(
        "model.reserved-name", .error,
        summary: "a property named like a no-parameter method of NSObject or NSManagedObject",
        documentation: "Core Data rejects the model at run time")
    package static let unknownReference = Rule(
        "model.unknown-reference", .error,
        summary: "a parent, destination, inverse entity, inverse relationship, composite, or an entity or property a "
            + "configuration, fetch request, uniqueness constraint or index names, that does not exist (with a suggestion); "
            + "an inverse entity that is neither the destination nor an ancestor of it",
        documentation: "momc cannot resolve the reference, and the Swift type it stands for is unknown")
    package static let inheritanceCycle = Rule(
        "model.inheritance-cycle", .error,
        summary: "entities that are their own ancestors",
        documentation: "momc refuses it; no Swift class hierarchy can express one")
    package static let invalidRegularExpression = Rule(
        "model.invalid-regular-expression", .error,
        summary: "an attribute's regular expression that does not compile",
        documentation: "Core Data evaluates it on every validation of the attribute and raises")

    package static let warnings: [Rule] = [
        unreadableDefault, unreadableBound, contradictoryBounds, invalidFlag, invalidCount, unknownDeletionRule, inverse,
        emptyEntry, unknownMarkup, unknownValue, classNotGenerated, transformableClass, currentVersion, keywordName,
    ]

    package static let errors: [Rule] = [
        notFound, notAModel, missingRequired, unknownAttributeType, undefinedType, duplicateName, invalidName, reservedName,
        unknownReference, inheritanceCycle, invalidRegularExpression,
    ]

    package static var all: [Rule] { warnings + errors }

    /// The table of WarningsAndErrors.md, "What is a warning".
    package static func warningsTable() -> String {
        Rule.markdownTable(warnings, header: ["Found in the model", "What happens", "ID"]) {
            [$0.summary, $0.documentation, "`\($0.id)`"]
        }
    }

    /// The table of WarningsAndErrors.md, "Errors in the model".
    package static func errorsTable() -> String {
        Rule.markdownTable(errors, header: ["Found in the model", "Why it stops the run", "ID"]) {
            [$0.summary, $0.documentation, "`\($0.id)`"]
        }
    }
}
