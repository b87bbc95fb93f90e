import ManagedModel

/// What `audit` reports, one row per kind of finding (``SourceAudit`` makes each diagnostic from its row), in the
/// order of the table in AuditingHandWrittenClasses.md, which is rendered from ``all``.
package enum AuditRules {
    package static let unknownProperty = Rule(
        "audit.unknown-property", .error,
        summary: "An `@NSManaged` property with no model property under its key (`@objc(key)` or its name)",
        documentation: "Core Data generates accessors only for the entity's properties (and their primitive accessors, "
            + "`primitiveUpdatedAt` for `updatedAt`, which pass): the first access raises")
    package static let unservedType = Rule(
        "audit.unserved-type", .error,
        summary: "A type Core Data cannot serve: `String` over Date, `Double` over Decimal, `Set<T>` over an ordered "
            + "relationship, `NSSet` over an ordered one, `Set<Other>`, a Swift `enum` without `@objc`",
        documentation: "each attribute type has one object class (NSAttributeType)")
    package static let unservedScalar = Rule(
        "audit.unserved-scalar", .error,
        summary: "A scalar whose type encoding the attribute does not accept on any platform: `Int` or `Int32` over "
            + "Integer 16, `Int16` over Integer 32, `Int32` over Integer 64, `Float` over Double",
        documentation: "Core Data generates no accessor: the first access raises \"unrecognized selector\" (see the table below)")
    package static let nonOptional = Rule(
        "audit.non-optional", .error,
        summary: "A non-optional declaration over an optional, transient or derived value",
        documentation: "nil read into a non-optional `Date`, `UUID` or `URL` traps, into `String` or `Data` becomes empty, "
            + "into a to-one is a nil reference Swift assumes is not nil")
    package static let nonOptionalScalar = Rule(
        "audit.non-optional-scalar", .warning,
        summary: "The same for a scalar (`Bool`, `Int16`, `Double` …)",
        documentation: "nil reads as 0 (`false`): a value lost, not a crash; Xcode's own codegen declares optional scalars this way")
    package static let optionalOverRequired = Rule(
        "audit.optional-over-required", .warning,
        summary: "An optional declaration over a required value",
        documentation: "it works; the type says less than the model")
    package static let scalarUnservedOnSomePlatforms = Rule(
        "audit.scalar-platform", .warning,
        summary: "`Int` or `UInt` over Integer 64",
        documentation: "served on 64-bit platforms (`q`/`Q`), but `Int` encodes as `l` on arm64_32 watchOS, which Integer 64 "
            + "does not accept: a crash there")
    package static let scalarTruncated = Rule(
        "audit.scalar-truncated", .warning,
        summary: "`Int`, `Int64` or `UInt64` over Integer 32",
        documentation: "served, with a console message about an implicit coercion to 32 bits: values past Int32 are truncated")
    package static let scalarNotOwn = Rule(
        "audit.scalar-not-own", .warning,
        summary: "An unsigned scalar over a signed integer (`UInt64` over Integer 64, `UInt16` over Integer 16); `Int8` over Boolean",
        documentation: "served (`Q`, `S`, `c`), but values above `Int64.max` (`Int16.max`) do not fit the signed attribute; "
            + "`Int8` is not the attribute's `Bool`")
    package static let transformableClass = Rule(
        "audit.transformable-class", .warning,
        summary: "A Transformable declared as clearly another class than its Custom Class (`[String: Int]` over `[String]`, "
            + "`String` over `UIColor`)",
        documentation: "Core Data hands out what the transformer decodes; `[String]` over `NSArray`, `NSObject` and classes "
            + "it cannot see are accepted")
    package static let bulkMutatorCollection = Rule(
        "audit.bulk-mutator-collection", .error,
        summary: "An `@NSManaged` bulk mutator taking the other collection: `addToTags(_ values: NSOrderedSet)` for an "
            + "unordered relationship, `NSSet` or `Set<T>` for an ordered one",
        documentation: "`addTags:` / `removeTags:` take the relationship's own collection, NSSet or NSOrderedSet")
    package static let unknownManagedClass = Rule(
        "audit.unknown-managed-class", .warning,
        summary: "A `class X: NSManagedObject` (directly or through your own classes) whose `@objc` name and Swift name are "
            + "no entity's class",
        documentation: "Core Data never makes an object of it; a class your other classes inherit from (a shared base class) "
            + "and a class of an entity of another version of the model (kept for a migration) are not reported")
    package static let scalarTypeOff = Rule(
        "audit.scalar-type-off", .warning,
        summary: "A scalar over an attribute whose \"Use Scalar Type\" is off",
        documentation: "Core Data converts; Xcode's codegen would declare `NSNumber`")
    package static let unknownSelector = Rule(
        "audit.unknown-selector", .error,
        summary: "An `@NSManaged` method under a selector Core Data does not implement (`@objc(addTagObject:)` for `tags`)",
        documentation: "only the KVC to-many mutators (`addTagsObject:`, `removeTags:`, `insertObject:inChaptersAtIndex:`, …) exist")
    package static let missingDeclaration = Rule(
        "audit.missing-declaration", .warningUnlessStrict,
        summary: "A model property no class declares",
        documentation: "reported at the model's line: declare it, or read it with `value(forKey:)`")
    package static let missingClass = Rule(
        "audit.missing-class", .warningUnlessStrict,
        summary: "An entity whose class is not in the sources",
        documentation: "reported at the entity's line")
    package static let keyPathTraps = Rule(
        "audit.key-path-traps", .error,
        summary: "A key path over a property that is not `@objc` passed to `NSSortDescriptor(keyPath:ascending:)`, "
            + "`NSExpression(forKeyPath:)`, KVO's `observe(_:options:changeHandler:)`, `willChangeValue(for:)`, "
            + "`didChangeValue(for:)`, Foundation's `SortDescriptor(_:)` or SwiftUI's `SectionedFetchRequest(sectionIdentifier:)` "
            + "(reported at the call site; also a key path stored in a variable of the file first)",
        documentation: "these turn the key path into a KVC string and stop the program when there is none; the generated "
            + "optional scalars, typed and fetched properties are Swift-only (<doc:WhatTheTypesPromise>); a property the "
            + "sources declare `@NSManaged` or `@objc` passes")
    package static let nilIsNotZero = Rule(
        "audit.nil-is-not-zero", .warning,
        summary: "`x.count == 0` / `!= 0` (or `== false`) where `count` is a property the generated class declares as an "
            + "optional scalar (`Int16?`, `Bool?`) and no class of the sources declares otherwise (reported at the comparison)",
        documentation: "it compiled over Xcode's `Int16`, which reads nil as 0; over `Int16?` nil is not 0, so the comparison "
            + "turns for objects without a value: write `(x.count ?? 0) == 0`, or compare with nil")

    package static let all: [Rule] = [
        unknownProperty, unservedType, unservedScalar, nonOptional, nonOptionalScalar, optionalOverRequired,
        scalarUnservedOnSomePlatforms, scalarTruncated, scalarNotOwn, transformableClass, bulkMutatorCollection,
        unknownManagedClass, scalarTypeOff, unknownSelector, missingDeclaration, missingClass, keyPathTraps, nilIsNotZero,
    ]

    /// The table of AuditingHandWrittenClasses.md, "What it reports".
    package static func markdownTable() -> String {
        Rule.markdownTable(all, header: ["Finding", "Severity", "Why", "ID"]) {
            [$0.summary, $0.severity.documented, $0.documentation, "`\($0.id)`"]
        }
    }
}
