import Foundation
import ManagedModel
import ModelReader
import Testing

import CodeGeneration
@testable import GenerationPlanning

@Suite struct PlannerTests {
    @Test func initializerTakesRequiredValuesInModelOrderWithDefaults() throws {
        let (plan, _) = TestSupport.plan(TestSchemas.inventory())
        let item = try #require(plan.class("Item"))
        #expect(
            item.parameterNames == [
                "dateCreated", "discount", "itemId", "name", "stockCount", "unitCost", "unitPrice", "lines", "owner",
                "tags",
            ])
        #expect(item.parameter("name")?.defaultValue == nil)
        #expect(item.parameter("name")?.typeDeclaration == "String")
        #expect(item.parameter("stockCount")?.defaultValue == "0")
        #expect(item.parameter("discount")?.typeDeclaration == "Double?")
        #expect(item.parameter("discount")?.defaultValue == "nil")
        #expect(item.parameter("owner")?.defaultValue == nil)
        #expect(item.parameter("owner")?.typeDeclaration == "Person")
        #expect(item.parameter("tags")?.defaultValue == "[]")
        #expect(item.parameter("lines")?.typeDeclaration == "[Line]")
        #expect(item.parameter("lines")?.assignment == "self.lines = NSOrderedSet(array: lines)")
    }

    @Test func subEntityTakesParentValuesFirstAndDerivedAttributesAreNotParameters() throws {
        let (plan, _) = TestSupport.plan(TestSchemas.inventory())
        let person = try #require(plan.class("Person"))
        #expect(person.parameterNames == ["displayName", "isActive", "email", "joined", "items"])
        #expect(person.superclassName == "Party")
        #expect(person.superclassIsGenerated)
        #expect(person.unavailableInitIsOverride && person.contextInitializer == nil)
        // Declares only its own properties; the inherited ones come from Party.
        #expect(person.attributes.map(\.key) == ["email", "joined", "nameLength"])
        #expect(person.attributes.first { $0.key == "nameLength" }?.declaration == .optionalScalarReadOnly)
        #expect(person.keys.map(\.key) == ["displayName", "isActive", "email", "joined", "nameLength", "items"])
        #expect(person.validation.consistencyHookName == "validatePersonConsistency")
    }

    @Test func abstractEntityIsNotFinalAndHasNoDesignatedInitializer() throws {
        let (plan, _) = TestSupport.plan(TestSchemas.inventory())
        let party = try #require(plan.class("Party"))
        #expect(party.isAbstract && !party.isFinal)
        #expect(party.initializer == nil)
        #expect(!party.faultInitializerIsPrivate)
        #expect(!party.unavailableInitIsOverride && party.contextInitializer == .unavailable)
        #expect(try #require(plan.class("Item")).isFinal)
    }

    @Test(arguments: [
        (AttributeType.boolean, ModelValue.bool(true), "true"),
        (.integer16, .integer(-7), "-7"),
        (.double, .double(1.5), "1.5"),
        (.decimal, .decimal("12.50"), "NSDecimalNumber(string: \"12.50\")"),
        (.string, .string("say \"hi\"\n\\"), "\"say \\\"hi\\\"\\n\\\\\""),
        (.date, .date(86400), "Date(timeIntervalSinceReferenceDate: 86400.0)"),
        (.uri, .url("https://example.com/a"), "URL(string: \"https://example.com/a\")!"),
        (.uuid, .uuid("4F3C2A1B-0000-4000-8000-000000000001"), "UUID(uuidString: \"4F3C2A1B-0000-4000-8000-000000000001\")!"),
    ])
    func modelDefaultsBecomeSwiftLiterals(type: AttributeType, value: ModelValue, literal: String) throws {
        let attribute = Attribute(
            name: "amount", location: Build.location(3), type: type, usesScalarValueType: type == .date ? nil : true,
            defaultValue: value)
        let (plan, diagnostics) = TestSupport.plan(Build.schema([Build.entity("E", attributes: [attribute])]))
        #expect(try #require(plan.class("E")).parameter("amount")?.defaultValue == literal)
        #expect(diagnostics.all.isEmpty)
    }

    @Test func defaultThatSwiftCannotSpellLeavesTheValueToCoreDataWithAWarning() throws {
        let attribute = Attribute(name: "small", location: Build.location(3), type: .integer16, defaultValue: .integer(70000))
        let (plan, diagnostics) = TestSupport.plan(Build.schema([Build.entity("E", attributes: [attribute])]))
        let parameter = try #require(plan.class("E")?.parameter("small"))
        #expect(parameter.typeDeclaration == "Int16?" && parameter.defaultValue == "nil")
        #expect(parameter.assignment == "if let small { self.small = small }")
        #expect(diagnostics.warnings.map(\.location?.line) == [3])
    }

    /// A default the reader could not read (`"NO"` on an Integer 32) or one the model's own bounds reject claims no
    /// value: required parameters have no default argument; optional ones are set only when passed.
    @Test func unreadableOrRejectedDefaultsGetNoDefaultArgument() throws {
        let attributes = [
            Attribute(name: "badge", location: Build.location(3), type: .integer32, usesScalarValueType: true, unreadableDefaultValue: "NO"),
            Attribute(
                name: "nickname", location: Build.location(4), type: .integer16, isOptional: true, usesScalarValueType: true,
                unreadableDefaultValue: "Bob"),
            Attribute(
                name: "shift", location: Build.location(5), type: .integer16, usesScalarValueType: true, defaultValue: .integer(0),
                minValue: .integer(1)),
            Attribute(name: "lives", location: Build.location(6), type: .integer16, usesScalarValueType: true, defaultValue: .integer(9)),
        ]
        let (plan, diagnostics) = TestSupport.plan(Build.schema([Build.entity("E", attributes: attributes)]))
        let entity = try #require(plan.class("E"))
        #expect(entity.parameter("badge")?.typeDeclaration == "Int32" && entity.parameter("badge")?.defaultValue == nil)
        #expect(entity.parameter("nickname")?.typeDeclaration == "Int16?" && entity.parameter("nickname")?.defaultValue == "nil")
        #expect(entity.parameter("nickname")?.assignment == "if let nickname { self.nickname = nickname }")
        #expect(entity.parameter("shift")?.typeDeclaration == "Int16" && entity.parameter("shift")?.defaultValue == nil)
        #expect(entity.parameter("lives")?.defaultValue == "9")
        #expect(diagnostics.all.isEmpty)
    }

    @Test func requiredToOneCycleIsBrokenDeterministicallyWithAWarning() throws {
        let a = Build.entity("A", relationships: [Build.toOne("b", "B", line: 5)])
        let b = Build.entity("B", relationships: [Build.toOne("a", "A", line: 9)])
        for entities in [[a, b], [b, a]] {
            let (plan, diagnostics) = TestSupport.plan(Build.schema(entities))
            let broken = try #require(plan.class("A")?.parameter("b"))
            #expect(broken.typeDeclaration == "B?" && broken.defaultValue == "nil")
            #expect(broken.assignment == "if let b { self.b = b }")
            #expect(try #require(plan.class("B")?.parameter("a")).defaultValue == nil)
            // The property itself stays non-optional.
            #expect(plan.class("A")?.relationships.first?.typeDeclaration == "B")
            let warning = try #require(diagnostics.warnings.first)
            #expect(diagnostics.warnings.count == 1)
            #expect(warning.location?.line == 5)
            #expect(warning.message.contains("A.b -> B.a") || warning.message.contains("B.a -> A.b"))
            #expect(warning.message.hasSuffix("set A.b before saving"))
        }
    }

    @Test func selfRequiringEntityAndLongerCyclesAreBroken() throws {
        let node = Build.entity("Node", relationships: [Build.toOne("parent", "Node")])
        let x = Build.entity("X", relationships: [Build.toOne("y", "Y")])
        let y = Build.entity("Y", relationships: [Build.toOne("z", "Z")])
        let z = Build.entity("Z", relationships: [Build.toOne("x", "X"), Build.toOne("optionalX", "X", optional: true)])
        let (plan, diagnostics) = TestSupport.plan(Build.schema([node, x, y, z]))
        #expect(plan.class("Node")?.parameter("parent")?.defaultValue == "nil")
        #expect(plan.class("X")?.parameter("y")?.defaultValue == "nil")
        #expect(plan.class("Y")?.parameter("z")?.defaultValue == nil)
        #expect(plan.class("Z")?.parameter("x")?.defaultValue == nil)
        #expect(diagnostics.warnings.count == 2)
    }

    @Test func entitiesWithoutClassOrGeneratedByXcodeAreSkipped() throws {
        let schema = Build.schema([
            Build.entity("Plain", className: .some(nil)),
            Build.entity("ByXcode", line: 7, codegen: .class),
            Build.entity("Category", line: 8, codegen: .category),
            Build.entity("Ours"),
        ])
        let (plan, diagnostics) = TestSupport.plan(schema)
        #expect(plan.classes.map(\.entityName) == ["Ours"])
        #expect(
            Set(plan.skippedEntities.map { "\($0.entityName):\($0.reason)" })
                == ["Plain:noCustomClass", "ByXcode:xcodeGeneratesClass", "Category:xcodeGeneratesClass"])
        // One note for the entities Xcode still generates (an app moving one entity at a time), at the first of them.
        #expect(diagnostics.warnings.isEmpty)
        #expect(diagnostics.all.filter { $0.severity == .note }.map { "\($0.location?.line ?? 0): \($0.message)" } == [
            "7: 2 of 4 entities are still generated by Xcode (Codegen: Class Definition, Category/Extension), skipped: "
                + "ByXcode, Category; `managed-codegen adopt MODEL --entity NAME --write` moves one (or pass --include-xcode-generated)",
        ])

        let (overridden, quiet) = TestSupport.plan(schema, GeneratorOptions(generateXcodeCodegenEntities: true))
        #expect(overridden.classes.map(\.entityName) == ["ByXcode", "Category", "Ours"])
        #expect(quiet.all.isEmpty)
    }

    /// Every finding of planning is made from a row of ``GenerationRules``: it carries the row's id, and its severity
    /// is the row's. Models chosen to make each kind of finding at least once.
    @Test func everyGenerationDiagnosticIsMadeFromItsRow() {
        let rows = Dictionary(uniqueKeysWithValues: GenerationRules.all.map { ($0.id, $0) })
        let runs: [(Schema, GeneratorOptions)] = [
            // A required to-one cycle, an entity Xcode generates, a keyword property.
            (TestSchemas.edgeCases(), GeneratorOptions()),
            // Class names: not an identifier, taken by an earlier entity; a property NSManagedObject has; a default
            // that is not a Swift value; a transformable class that is not a Swift type.
            (Build.schema([
                Build.entity("A", attributes: [
                    Attribute(name: "description", location: Build.location(2), type: .string, isOptional: true),
                    Attribute(name: "colors", location: Build.location(3), type: .transformable, isOptional: true,
                              customClassName: "My-Colors"),
                ]),
                Build.entity("B", className: "A"), Build.entity("C", className: "not-a-name"),
            ]), GeneratorOptions()),
            // Nothing to generate.
            (Build.schema([Build.entity("X", codegen: .class)]), GeneratorOptions()),
            // A misspelt include, and a relationship to an entity left out.
            (Build.schema([Build.entity("P", relationships: [Build.toOne("q", "Q", optional: true)]), Build.entity("Q")]),
             GeneratorOptions(includedEntities: ["P", "Nope"])),
            (Build.schema([Build.entity("P", relationships: [Build.toOne("q", "Q", optional: true)]), Build.entity("Q")]),
             GeneratorOptions(includedEntities: ["P"])),
        ]
        var seen: Set<String> = []
        for (schema, options) in runs {
            for diagnostic in TestSupport.plan(schema, options).1.all {
                guard let id = diagnostic.ruleID, let row = rows[id] else {
                    Issue.record("not made from a row of GenerationRules: \(diagnostic)")
                    continue
                }
                #expect(diagnostic.severity == Diagnostic(row, "").severity, "\(diagnostic)")
                seen.insert(id)
            }
        }
        typealias R = GenerationRules
        let expected = Set([
            R.unknownSelection, R.xcodeGenerated, R.nothingGenerated, R.entityNotGenerated, R.memberNotGenerated,
            R.outsideSelection, R.requiredCycle, R.swiftTypeNotWritable,
        ].map(\.id))
        #expect(expected.subtracting(seen).isEmpty, "no finding of \(expected.subtracting(seen).sorted())")
    }

    /// Codegen Class Definition on every entity (a model Xcode generated for): one note naming them, and one warning
    /// saying that no class comes out of the model, and why.
    @Test func aModelYieldingNoClassSaysSoOnce() throws {
        let schema = Build.schema(["A", "B", "C"].map { Build.entity($0, codegen: .class) } + [Build.entity("Plain", className: .some(nil))])
        let (plan, diagnostics) = TestSupport.plan(schema)
        #expect(plan.classes.isEmpty)
        #expect(diagnostics.all.filter { $0.severity == .note }.map(\.message) == [
            "3 of 4 entities are still generated by Xcode (Codegen: Class Definition), skipped: A, B, C; "
                + "`managed-codegen adopt MODEL --entity NAME --write` moves one (or pass --include-xcode-generated)",
        ])
        #expect(diagnostics.warnings.map(\.message) == [
            "no class is generated from this model: of its 4 entities, 1 with no custom class (set Class > Name in the model "
                + "editor's Data Model inspector); 3 with Codegen Class Definition or Category/Extension (set Manual/None: `managed-codegen adopt`; or pass --include-xcode-generated)",
        ])
        #expect(TestSupport.plan(Build.schema([])).1.warnings.map(\.message) == ["no class is generated: the model has no entities"])
    }

    @Test func includeExcludeAndConfigurationFilters() throws {
        let schema = Build.schema(
            ["A", "B", "C"].map { Build.entity($0) },
            configurations: [Configuration(name: "Cloud", location: Build.location(20), memberEntities: ["A", "B"])])
        #expect(TestSupport.plan(schema, .init(includedEntities: ["A", "C"])).0.classes.map(\.entityName) == ["A", "C"])
        #expect(TestSupport.plan(schema, .init(excludedEntities: ["A"])).0.classes.map(\.entityName) == ["B", "C"])
        #expect(TestSupport.plan(schema, .init(configurationName: "Cloud")).0.classes.map(\.entityName) == ["A", "B"])
        let (_, unknown) = TestSupport.plan(schema, .init(configurationName: "Local"))
        #expect(unknown.errors.first?.message.contains("no configuration named 'Local'") == true)
        // A name the model lacks is an error (a typo would select the wrong entities), with a suggestion.
        let (_, typo) = TestSupport.plan(schema, .init(excludedEntities: ["Z"]))
        #expect(typo.errors.map(\.message) == ["the model has no entity named 'Z' (--exclude or `exclude` in the config file)"])
        let (_, near) = TestSupport.plan(schema, .init(includedEntities: ["A", "b"]))
        #expect(near.errors.map(\.message) == ["the model has no entity named 'b' (--include or `include` in the config file); did you mean 'B'?"])
        #expect(throws: DiagnosticsError.self) {
            try CodeGenerator.generate(schema: schema, options: .init(configurationName: "Local"))
        }
    }

    @Test func keywordNamesAreEscapedAndReservedNamesSkipped() throws {
        let entity = Build.entity(
            "E",
            attributes: [
                Attribute(name: "default", location: Build.location(2), type: .string),
                Attribute(name: "description", location: Build.location(3), type: .string),
            ],
            relationships: [Relationship(name: "repeat", location: Build.location(4), destinationEntity: "E", isOptional: true, isToMany: true)])
        let (plan, diagnostics) = TestSupport.plan(Build.schema([entity]))
        let e = try #require(plan.class("E"))
        #expect(e.attributes.map(\.swiftName) == ["`default`"])
        #expect(e.parameterNames == ["`default`", "`repeat`"])
        #expect(e.parameter("default")?.assignment == "self.`default` = `default`")
        #expect(e.keys.map(\.swiftName) == ["`default`", "`repeat`"])
        #expect(e.relationships.first?.accessors.first?.signature == "addToRepeat(_ value: E)")
        #expect(diagnostics.warnings.map(\.location?.line) == [3])
    }

    /// The model's own helper is named after the model; a class of that name (or of its file's) must not clash.
    @Test func modelSupportNamesAvoidTheModelsClasses() throws {
        #expect(TestSupport.plan(TestSchemas.inventory()).0.supportTypes.orderedRelationship == "InventoryOrderedRelationship")
        var schema = TestSchemas.inventory()
        let tag = try #require(schema.entities.firstIndex { $0.name == "Tag" })
        schema.entities[tag].className = "InventoryOrderedRelationship"
        schema.entities[tag].representedClassName = "InventoryOrderedRelationship"
        let (plan, _) = TestSupport.plan(schema)
        #expect(plan.supportTypes.orderedRelationship == "Inventory_OrderedRelationship")
        #expect(plan.supportTypes.fileName == "Inventory_ModelSupport+Generated.swift")
        let lines = try #require(plan.class("Item")?.relationships.first { $0.key == "lines" })
        #expect(lines.accessors.allSatisfy { $0.body?.hasPrefix("Inventory_OrderedRelationship.") == true })
    }

    @Test func orderedAccessorsUseXcodesSelectorsWithoutTheKVCProxy() throws {
        let (plan, _) = TestSupport.plan(TestSchemas.inventory())
        let lines = try #require(plan.class("Item")?.relationships.first { $0.key == "lines" })
        #expect(lines.kind == .orderedToMany && lines.typeDeclaration == "NSOrderedSet")
        let bySelector = Dictionary(uniqueKeysWithValues: lines.accessors.map { ($0.selector, $0.signature) })
        #expect(
            bySelector == [
                "insertObject:inLinesAtIndex:": "insertIntoLines(_ value: Line, at idx: Int)",
                "removeObjectFromLinesAtIndex:": "removeFromLines(at idx: Int)",
                "insertLines:atIndexes:": "insertIntoLines(_ values: [Line], at indexes: NSIndexSet)",
                "removeLinesAtIndexes:": "removeFromLines(at indexes: NSIndexSet)",
                "replaceObjectInLinesAtIndex:withObject:": "replaceLines(at idx: Int, with value: Line)",
                "replaceLinesAtIndexes:withLines:": "replaceLines(at indexes: NSIndexSet, with values: [Line])",
                "addLinesObject:": "addToLines(_ value: Line)",
                "removeLinesObject:": "removeFromLines(_ value: Line)",
                "addLines:": "addToLines(_ values: NSOrderedSet)",
                "removeLines:": "removeFromLines(_ values: NSOrderedSet)",
            ])
        // The proxy would call these selectors back: every body changes the primitive value through the helper.
        #expect(lines.accessors.allSatisfy {
            $0.body?.hasPrefix("InventoryOrderedRelationship.") == true && $0.body?.hasSuffix("forKey: Keys.lines, of: self)") == true
        })
        #expect(!lines.accessors.contains { $0.body?.contains("mutableOrderedSetValue") == true })
        let tags = try #require(plan.class("Item")?.relationships.first { $0.key == "tags" })
        #expect(tags.accessors.map(\.selector) == ["addTagsObject:", "removeTagsObject:", "addTags:", "removeTags:"])
        #expect(tags.accessors.allSatisfy { $0.body == nil })
    }

    /// Core Data keeps a Date attribute's primitive value as an NSDate, also when it is declared `TimeInterval?`: its
    /// accessors (read-write and derived) go through `ManagedOptionalDate`, every other optional scalar's through
    /// `ManagedOptionalScalar` (an NSNumber).
    @Test func optionalScalarDatesConvertThroughDate() throws {
        let schema = try ModelLoader.load(TestSupport.fixtureModels.appendingPathComponent("Staff.xcdatamodeld").path).schema
        let result = try CodeGenerator.generate(schema: schema, options: .init())
        let team = try #require(result.files.first { $0.relativePath == "Team+Generated.swift" }).contents
        #expect(team.contains("get { ManagedOptionalDate.value(forKey: Keys.foundedOn, of: self) }"))
        #expect(team.contains("set { ManagedOptionalDate.set(newValue, forKey: Keys.foundedOn, of: self) }"))
        #expect(team.contains("get { ManagedOptionalDate.value(forKey: Keys.lastChanged, of: self) }"))
        #expect(!team.contains("set { ManagedOptionalDate.set(newValue, forKey: Keys.lastChanged"))
        let (plan, _) = TestSupport.plan(schema)
        #expect(plan.class("Team")?.attributes.filter(\.primitiveIsDate).map(\.key) == ["foundedOn", "lastChanged"])
        #expect(plan.class("Manager")?.attributes.first { $0.key == "budget" }?.primitiveIsDate == false)
    }

    @Test func optionalScalarsAreComputedOverPrimitiveAccessors() throws {
        let (plan, _) = TestSupport.plan(TestSchemas.inventory())
        let item = try #require(plan.class("Item"))
        let discount = try #require(item.attributes.first { $0.key == "discount" })
        #expect(discount.declaration == .optionalScalar && !discount.primitiveIsDate)
        #expect(discount.typeDeclaration == "Double?" && discount.numberAccessor == "doubleValue")
        #expect(item.attributes.first { $0.key == "stockCount" }?.declaration == .managed)
        let hook = try #require(item.validation.propertyHooks.first { $0.methodName == "validateDiscount" })
        #expect(hook.typeName == "Double" && hook.conversion == "(value.pointee as? NSNumber)?.doubleValue")
        #expect(hook.selector == "validateDiscount:error:")
    }

    @Test func moduleQualifiedClassNamesGetNoObjcName() throws {
        var qualified = Build.entity("Q", className: "Q")
        qualified.representedClassName = ".Q"
        let (plan, _) = TestSupport.plan(Build.schema([qualified, Build.entity("P")]))
        #expect(plan.class("Q")?.objcName == nil)
        #expect(plan.class("P")?.objcName == "P")
    }

    @Test func subclassWithTheSameParametersOverridesTheParentInitializer() throws {
        let parent = Build.entity(
            "Parent", children: ["Child"], attributes: [Attribute(name: "name", location: Build.location(2), type: .string)])
        let child = Build.entity("Child", parent: "Parent")
        let (plan, _) = TestSupport.plan(Build.schema([parent, child]))
        #expect(plan.class("Child")?.initializer?.isOverride == true)
        #expect(plan.class("Parent")?.isFinal == false)
        #expect(plan.class("Parent")?.initializer?.isOverride == false)
    }

    /// The transition mode makes `init(context:)` deprecated and working only where `X(context:)` cannot mean the
    /// designated initializer and the entity is concrete; a sub-class declares its own only when what it inherits
    /// says otherwise. `init()` is unavailable in every mode (the template has no other form).
    @Test(arguments: GeneratorOptions.InheritedInitializers.allCases)
    func contextInitializerIsDeprecatedOnlyWhereItCannotShadowTheDesignatedOne(mode: GeneratorOptions.InheritedInitializers) throws {
        let required = { (name: String) in Attribute(name: name, location: Build.location(2), type: .string) }
        let optional = { (name: String) in Attribute(name: name, location: Build.location(2), type: .string, isOptional: true) }
        let schema = Build.schema([
            Build.entity("Required", attributes: [required("a")]),
            Build.entity("AllDefaults", attributes: [optional("a")]),
            Build.entity("Abstract", children: ["Concrete", "Defaulted"], abstract: true, attributes: [optional("a")]),
            Build.entity("Concrete", parent: "Abstract", attributes: [required("b")]),
            Build.entity("Defaulted", parent: "Abstract", attributes: [optional("b")]),
            Build.entity("Root", children: ["Leaf"], attributes: [required("a")]),
            Build.entity("Leaf", parent: "Root", attributes: [optional("b")]),
            Build.entity("Defaults", children: ["Requires"], attributes: [optional("a")]),
            Build.entity("Requires", parent: "Defaults", attributes: [required("b")]),
        ])
        let (plan, diagnostics) = TestSupport.plan(schema, GeneratorOptions(inheritedInitializers: mode))
        #expect(diagnostics.errors.isEmpty)
        let deprecated = mode == .deprecated
        func check(_ name: String, declares: GeneratorOptions.InheritedInitializers?, works: Bool,
                   sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let plan = try #require(plan.class(name), sourceLocation: sourceLocation)
            #expect(plan.contextInitializer == declares, "\(name)", sourceLocation: sourceLocation)
            #expect(plan.contextInitializerWorks == works, "\(name)", sourceLocation: sourceLocation)
        }
        try check("Required", declares: deprecated ? .deprecated : .unavailable, works: deprecated)
        // `AllDefaults(context:)` is the designated initializer: a deprecated overload would win the call.
        try check("AllDefaults", declares: .unavailable, works: false)
        try check("Abstract", declares: .unavailable, works: false)
        // Sub-entities of the abstract one: the one with a required value gets its own deprecated `init(context:)`.
        try check("Concrete", declares: deprecated ? .deprecated : nil, works: deprecated)
        try check("Defaulted", declares: nil, works: false)
        // Leaf inherits Root's required value, and Root's `init(context:)`, which says what Leaf's would.
        try check("Root", declares: deprecated ? .deprecated : .unavailable, works: deprecated)
        try check("Leaf", declares: nil, works: deprecated)
        try check("Defaults", declares: .unavailable, works: false)
        try check("Requires", declares: deprecated ? .deprecated : nil, works: deprecated)
    }

    @Test func subclassOverridesAncestorsInitializersAsUnavailable() throws {
        let string = { (name: String) in Attribute(name: name, location: Build.location(2), type: .string) }
        let schema = Build.schema([
            Build.entity("A", children: ["B"], attributes: [string("a")]),
            Build.entity("B", parent: "A", children: ["C"], attributes: [string("b")]),
            Build.entity("C", parent: "B", attributes: [string("c")]),
            Build.entity("NoClass", children: ["D"], className: .some("NSManagedObject"), attributes: [string("n")]),
            Build.entity("D", parent: "NoClass"),
        ])
        let (plan, _) = TestSupport.plan(schema)
        #expect(plan.class("A")?.unavailableInheritedInitializers.isEmpty == true)
        #expect(plan.class("B")?.unavailableInheritedInitializers.map { $0.parameters.map(\.key) } == [["a"]])
        #expect(plan.class("C")?.unavailableInheritedInitializers.map { $0.parameters.map(\.key) } == [["a", "b"], ["a"]])
        // The messages name the initializer without its parameters: stable when a model version adds one.
        #expect(plan.class("C")?.initializer?.displayName == "init(context:...)")
        // A parent whose class is NSManagedObject has no class: its properties belong to the child's class.
        let d = try #require(plan.class("D"))
        #expect(d.superclassName == "NSManagedObject" && d.attributes.map(\.key) == ["n"])
        #expect(plan.skippedEntities.contains { $0.entityName == "NoClass" && $0.reason == .noCustomClass })
    }
}
