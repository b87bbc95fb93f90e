import Foundation
import ManagedModel
import ModelReader
import Testing

import CodeGeneration
@testable import GeneratedTestsPlanning

/// The plan of the generated XCTest file: which objects each test creates, in which order, what it checks.
@Suite struct GeneratedTestsPlannerTests {
    static let testing = GeneratorOptions(generatesTests: true)

    func testPlan(_ schema: Schema, _ options: GeneratorOptions = testing) throws -> (GeneratedTestsPlan, Diagnostics) {
        let (plan, _) = CodeGenerator.makePlan(schema: schema, options: options)
        let (tests, diagnostics) = CodeGenerator.makeTestPlan(schema: schema, plan: plan, options: options)
        return (try #require(tests), diagnostics)
    }

    func suite(_ plan: GeneratedTestsPlan, _ entityName: String) throws -> TestSuitePlan {
        try #require(plan.suites.first { $0.entityName == entityName })
    }

    /// The index of the first statement starting with `prefix`.
    func position(_ prefix: String, in statements: [String]) throws -> Int {
        try #require(statements.firstIndex { $0.hasPrefix(prefix) }, "no statement starts with \(prefix)")
    }

    @Test func onlyConcreteGeneratedEntitiesGetSuites() throws {
        let (plan, _) = try testPlan(TestSchemas.inventory())
        let generated = CodeGenerator.makePlan(schema: TestSchemas.inventory(), options: Self.testing).0.classes
        #expect(plan.suites.map(\.entityName) == generated.filter { $0.initializer != nil }.map(\.entityName).sorted())
        #expect(!plan.suites.contains { $0.entityName == "Party" })  // abstract
        #expect(plan.fileName == "InventoryModelTests.swift")
        #expect(plan.moduleName == "Inventory")
        // Test files name generated classes by module (`Inventory.Item`): SDK names cannot capture them.
        #expect(plan.suites.allSatisfy { $0.className == "Inventory.\($0.entityName)" && $0.suiteName == "Inventory\($0.entityName)Tests" })
    }

    @Test func dependenciesAreCreatedBeforeTheObjectsThatNeedThem() throws {
        let (plan, diagnostics) = try testPlan(TestSchemas.inventory())
        // ^[A-Z].* with a minimum length of 1: the only shorter string, "", breaks the pattern too.
        #expect(diagnostics.all.map(\.message) == [
            "attribute 'Item.name': no test of its minimum length is generated: no string shorter than 1 matches the pattern, so only a multiple-error probe exists"
        ])
        let line = try #require(try suite(plan, "Line").roundTrip)
        // Line needs an Item, which needs a Person (owner).
        let person = try position("let owner = Inventory.Person(", in: line.creation)
        let item = try position("let item = Inventory.Item(", in: line.creation)
        let subject = try position("let line = Inventory.Line(", in: line.creation)
        #expect(person < item && item < subject)
        #expect(line.creation[subject].contains("item: item"))
        #expect(line.createdChecks.contains("XCTAssertIdentical(line.item, item)"))
        #expect(line.fetchedChecks.contains("assertEqual(fetched.item.objectID, item.objectID)"))
    }

    @Test func everyAttributeIsCheckedAfterCreationFetchAndChange() throws {
        let (plan, _) = try testPlan(TestSchemas.inventory())
        let item = try #require(try suite(plan, "Item").roundTrip)
        for key in ["dateCreated", "discount", "itemId", "name", "stockCount", "unitCost", "unitPrice"] {
            #expect(item.createdChecks.contains { $0.hasPrefix("assertEqual(item.\(key), ") }, "\(key)")
            #expect(item.fetchedChecks.contains { $0.hasPrefix("assertEqual(fetched.\(key), ") }, "\(key)")
            #expect(item.modification.contains { $0.hasPrefix("fetched.\(key) = ") }, "\(key)")
            #expect(item.modifiedChecks.contains { $0.hasPrefix("assertEqual(refetched.\(key), ") }, "\(key)")
        }
        // Modified values differ from the created ones.
        let created = try #require(item.createdChecks.first { $0.hasPrefix("assertEqual(item.stockCount, ") })
        let modified = try #require(item.modifiedChecks.first { $0.hasPrefix("assertEqual(refetched.stockCount, ") })
        #expect(created.dropFirst("assertEqual(item.stockCount, ".count) != modified.dropFirst("assertEqual(refetched.stockCount, ".count))
        // The regular expression ^[A-Z].* is honoured by the sample value.
        let name = try #require(item.creation.joined().range(of: #"name: "[A-Z][^"]*""#, options: .regularExpression))
        #expect(!name.isEmpty)
    }

    @Test func toManyMembersAreAddedAndRemovedAndInversesChecked() throws {
        let (plan, _) = try testPlan(TestSchemas.inventory())
        let item = try #require(try suite(plan, "Item").roundTrip)
        #expect(item.creation.contains("item.addToTags(tag)"))
        #expect(item.modification.contains { $0.hasPrefix("let addedTag = Inventory.Tag(context: reader") })
        #expect(item.modification.contains("fetched.addToTags(addedTag)"))
        #expect(item.modification.contains("fetched.removeFromTags(try XCTUnwrap(reader.object(with: tag.objectID) as? Inventory.Tag))"))
        #expect(item.modifiedChecks.contains("assertEqual(Set(refetched.tags.map(\\.objectID)), [addedTag.objectID])"))
        #expect(item.modifiedChecks.contains {
            $0.hasPrefix("assertFalse(store.relatedObjectIDs(of: checker.object(with: tag.objectID), key: \"items\")")
        })
        // Lines need their item: a line taken out of the ordered relationship is deleted, not orphaned.
        #expect(item.modification.contains { $0.hasPrefix("reader.delete(reader.object(with: line.objectID))") })
        #expect(item.modifiedChecks.contains("XCTAssertNil(try? checker.existingObject(with: line.objectID))"))
    }

    /// A <-> B, both required to-one: the generator leaves `A.b` out of A's initializer.
    static func cycle() -> Schema {
        Build.schema([
            Build.entity("A", attributes: [Attribute(name: "title", location: Build.location(2), type: .string)], relationships: [
                Relationship(name: "b", location: Build.location(3), destinationEntity: "B", maxCount: 1, inverseName: "a", inverseEntity: "B")
            ]),
            Build.entity("B", line: 5, relationships: [
                Relationship(name: "a", location: Build.location(6), destinationEntity: "A", maxCount: 1, inverseName: "b", inverseEntity: "A")
            ]),
        ])
    }

    @Test func cyclesAreClosedBeforeSavingWithoutExtraObjects() throws {
        let (plan, _) = try testPlan(Self.cycle())
        let a = try #require(try suite(plan, "A").roundTrip)
        #expect(a.creation.first?.hasPrefix("let a = M.A(context: context") == true)
        let b = try position("let b = M.B(context: context, a: a)", in: a.creation)
        let closing = try position("a.b = b", in: a.creation)
        #expect(b < closing)
        #expect(a.creation.filter { $0.hasPrefix("let ") }.count == 2)

        let bSuite = try #require(try suite(plan, "B").roundTrip)
        // B needs an A; that A's left-out `b` is the B under test, not a second B.
        #expect(bSuite.creation.filter { $0.hasPrefix("let ") }.count == 2)
        let aFirst = try position("let a = M.A(", in: bSuite.creation)
        let subject = try position("let b = M.B(context: context, a: a)", in: bSuite.creation)
        let set = try position("a.b = b", in: bSuite.creation)
        #expect(aFirst < subject && subject < set)
    }

    @Test func attributesWithoutSampleValuesAreSkippedWithAComment() throws {
        let schema = Build.schema([
            Build.entity("Note", attributes: [
                Attribute(name: "body", location: Build.location(2), type: .string),
                Attribute(name: "style", location: Build.location(3), type: .transformable, isOptional: true, customClassName: "NSArray"),
                Attribute(
                    name: "tags", location: Build.location(4), type: .transformable, isOptional: true, customClassName: "NSArray",
                    userInfo: [UserInfoEntry(key: "managedCodegen.sampleValue", value: "[\"a\"] as NSArray")]),
            ])
        ])
        let (plan, diagnostics) = try testPlan(schema)
        let note = try #require(try suite(plan, "Note").roundTrip)
        #expect(!note.creation.joined().contains("style:"))
        #expect(note.notes.contains { $0.hasPrefix("style: not checked: Transformable") })
        #expect(note.creation.joined().contains("tags: [\"a\"] as NSArray"))
        #expect(note.createdChecks.contains("assertEqual(note.tags, [\"a\"] as NSArray)"))
        #expect(diagnostics.all.isEmpty)
    }

    @Test func entitiesThatCannotBeBuiltAreSkippedWithAWarning() throws {
        let schema = Build.schema([
            Build.entity("Note", line: 7, attributes: [
                Attribute(name: "payload", location: Build.location(8), type: .transformable, customClassName: "NSArray")
            ])
        ])
        let (plan, diagnostics) = try testPlan(schema)
        let note = try suite(plan, "Note")
        #expect(note.roundTrip == nil && note.constraintTests.isEmpty)
        let reason = try #require(note.unavailableReason)
        #expect(reason.contains("Note.payload"))
        #expect(diagnostics.warnings.map(\.description) == [
            "/m/M.xcdatamodeld/M.xcdatamodel/contents:7: warning: entity 'Note': no round-trip or constraint tests are generated: "
                + "attribute 'Note.payload' has no sample value (Transformable attributes hold arbitrary archived objects; "
                + "set userInfo key 'managedCodegen.sampleValue' to a Swift expression)"
        ])
    }

    @Test func everyModelConstraintGetsATest() throws {
        let schema = Build.schema([
            Build.entity("Team", attributes: [
                Attribute(name: "name", location: Build.location(2), type: .string, minValue: .integer(2), maxValue: .integer(20)),
                Attribute(name: "size", location: Build.location(3), type: .integer16, usesScalarValueType: true, minValue: .integer(1), maxValue: .integer(9)),
                Attribute(name: "code", location: Build.location(4), type: .string, regularExpression: "^[A-Z]{3}$"),
            ], relationships: [
                Relationship(
                    name: "members", location: Build.location(5), destinationEntity: "Member", isOptional: true, isToMany: true,
                    minCount: 2, maxCount: 4, deletionRule: .deny, inverseName: "team", inverseEntity: "Member")
            ]),
            Build.entity("Member", line: 8, relationships: [
                Relationship(name: "team", location: Build.location(9), destinationEntity: "Team", isOptional: true, maxCount: 1, inverseName: "members", inverseEntity: "Team")
            ]),
        ])
        let (plan, _) = try testPlan(schema)
        let team = try suite(plan, "Team")
        let byName = Dictionary(uniqueKeysWithValues: team.constraintTests.map { ($0.methodName, $0) })
        let expectedCodes = [
            "testNameMinimumLength": "NSValidationStringTooShortError", "testNameMaximumLength": "NSValidationStringTooLongError",
            "testSizeMinimumValue": "NSValidationNumberTooSmallError", "testSizeMaximumValue": "NSValidationNumberTooLargeError",
            "testCodePattern": "NSValidationStringPatternMatchingError",
            "testMembersMaximumCount": "NSValidationRelationshipExceedsMaximumCountError",
            "testMembersMinimumCount": "NSValidationRelationshipLacksMinimumCountError",
            "testDeleteIsDeniedByMembers": "NSValidationRelationshipDeniedDeleteError",
        ]
        for (method, code) in expectedCodes {
            let test = try #require(byName[method], "\(method) missing")
            #expect(test.statements.last?.contains("code: \(code), key: ") == true, "\(method)")
        }
        let pattern = try #require(byName["testCodePattern"])
        #expect(pattern.statements[0].range(of: #"^team\.code = "[A-Z]{3}"$"#, options: .regularExpression) != nil)
        #expect(pattern.statements[1] == "try context.save()")
        #expect(pattern.statements.last == #"store.assertValidationError(try context.save(), code: NSValidationStringPatternMatchingError, key: "code")"#)
        let several = try #require(byName["testSeveralViolationsAreReportedTogether"])
        #expect(several.statements.last?.hasPrefix("store.assertValidationErrors(try context.save(), [(NSValidationStringTooShortError, \"name\"), (") == true)
        #expect(team.factory?.methodName == "makeTeam")
        #expect(team.factory?.statements.last == "return team")
    }

    @Test func regexWithoutWitnessIsAWarningNamingTheAttribute() throws {
        let schema = Build.schema([
            Build.entity("Code", attributes: [
                Attribute(name: "serial", location: Build.location(4), type: .string, regularExpression: "^(?=a)b$")
            ])
        ])
        let (plan, diagnostics) = try testPlan(schema)
        // The attribute's own warning, at its line, and the entity's: no valid object without a value.
        #expect(diagnostics.warnings.map(\.location?.line) == [4, 1])
        #expect(diagnostics.warnings.first?.message.hasPrefix("attribute 'Code.serial': no sample value satisfies its constraints (lookaround") == true)
        #expect(diagnostics.warnings.last?.message.hasPrefix("entity 'Code': no round-trip or constraint tests are generated") == true)
        // Both are findings of the one row, the sample value's too (SampleValues knows no registry; the planner tags it).
        #expect(diagnostics.all.map(\.ruleID) == [GenerationRules.testNotGenerated.id, GenerationRules.testNotGenerated.id])
        #expect(try suite(plan, "Code").unavailableReason != nil)
    }

    @Test(arguments: GeneratorOptions.TestsModelBundle.allCases)
    func modelBundleSetting(_ bundle: GeneratorOptions.TestsModelBundle) throws {
        var options = Self.testing
        options.testsModelBundle = bundle
        let (plan, _) = try testPlan(TestSchemas.inventory(), options)
        let expected: [GeneratorOptions.TestsModelBundle: String] = [
            .class: "Bundle(for: Inventory.Item.self)", .main: "Bundle.main", .module: "Bundle.module",
        ]
        #expect(plan.bundleExpression == expected[bundle])
    }

    @Test func testsAreGeneratedOnlyWhenAsked() throws {
        let without = try CodeGenerator.generate(schema: TestSchemas.inventory(), options: .init())
        #expect(!without.files.contains { $0.kind == .tests })
        #expect(without.testPlan == nil)
        var options = Self.testing
        options.moduleName = "App"
        let with = try CodeGenerator.generate(schema: TestSchemas.inventory(), options: options)
        let file = try #require(with.files.first { $0.kind == .tests })
        #expect(file.relativePath == "InventoryModelTests.swift")
        #expect(file.contents.contains("@testable import App\n"))
        #expect(file.contents.hasPrefix(CodeGenerator.bannerPrefix))
    }
}

/// Ordered relationships: the accessor test ends on disk, and runs on a sub-entity that inherits the relationship.
@Suite struct OrderedAccessorTestPlanTests {
    static func staff() throws -> Schema {
        try ModelLoader.load(TestSupport.fixtureModels.appendingPathComponent("Staff.xcdatamodeld").path).schema
    }

    func accessorTest(_ schema: Schema, _ entityName: String) throws -> ConstraintTestPlan? {
        let options = GeneratorOptions(generatesTests: true)
        let (plan, _) = CodeGenerator.makePlan(schema: schema, options: options)
        let (tests, _) = CodeGenerator.makeTestPlan(schema: schema, plan: plan, options: options)
        let suite = try #require(tests?.suites.first { $0.entityName == entityName })
        return suite.constraintTests.first { $0.methodName == "testMembersAccessors" }
    }

    @Test func orderIsCheckedAfterSavingFetchingAndReordering() throws {
        let test = try #require(try accessorTest(Self.staff(), "Team"))
        let statements = test.statements
        let save = try #require(statements.firstIndex(of: "try context.save()"))
        let fetch = try #require(statements.firstIndex { $0.hasPrefix("let fetched: Staff.Team = try store.fetch(\"Team\"") })
        let reorder = try #require(statements.firstIndex(of: "fetched.removeFromMembers(at: 0)"))
        let refetch = try #require(statements.firstIndex { $0.hasPrefix("let refetched: Staff.Team = try store.fetch(\"Team\"") })
        #expect(save < fetch && fetch < reorder && reorder < refetch)
        // Five objectIDs in order after the first fetch; the first moved to the end after the second.
        #expect(statements[fetch + 1].hasSuffix(
            "[member2.objectID, member3.objectID, member.objectID, member4.objectID, member5.objectID])"))
        #expect(statements.last?.hasSuffix(
            "[member3.objectID, member.objectID, member4.objectID, member5.objectID, member2.objectID])") == true)
    }

    @Test func theFirstSubEntityTestsTheInheritedRelationship() throws {
        let test = try #require(try accessorTest(Self.staff(), "Squad"))
        #expect(test.statements.contains { $0.hasPrefix("let fetched: Staff.Squad = try store.fetch(\"Squad\"") })
    }

    @Test func orderOnDiskIsLeftOutWhenFiveMembersCannotBeSaved() throws {
        var schema = try Self.staff()
        let team = try #require(schema.entities.firstIndex { $0.name == "Team" })
        let members = try #require(schema.entities[team].relationships.firstIndex { $0.name == "members" })
        schema.entities[team].relationships[members].maxCount = 3
        let test = try #require(try accessorTest(schema, "Team"))
        #expect(!test.statements.contains("try context.save()"))
        #expect(test.statements.last == "// The order on disk is not checked here: at most 3 members can be saved.")
    }
}
