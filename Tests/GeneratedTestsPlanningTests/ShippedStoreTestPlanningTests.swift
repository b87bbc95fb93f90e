import Foundation
import ManagedModel
import ModelHistory
import ModelLock
import ModelReader
import Testing

import CodeGeneration
@testable import GeneratedTestsPlanning

/// The "every shipped version opens" tests (issue 36): which objects each version's store gets, and which counts and
/// values must survive opening it with the current model.
@Suite struct ShippedStoreTestPlanningTests {
    /// The Journal fixture (Fixtures/MigrationPlan): its current version and every locked version in the lock's order.
    static func journal() throws -> (current: Schema, shipped: [Schema]) {
        let folder = TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationPlan")
        let bundle = folder.appendingPathComponent("Journal.xcdatamodeld").path
        let versions = Dictionary(uniqueKeysWithValues: try ModelLoader.loadAllVersions(bundle).map { ($0.schema.versionName, $0.schema) })
        let lockPath = folder.appendingPathComponent(ModelLock.fileName(modelName: "Journal")).path
        let lock = try ModelLock.parse(try String(contentsOfFile: lockPath, encoding: .utf8), path: lockPath)
        return (try ModelLoader.load(bundle).schema, try lock.versions.map { try #require(versions[$0.versionName]) })
    }

    static func plan(current: Schema, shipped: [Schema]) throws -> ShippedStoreTestsPlan {
        let options = GeneratorOptions(moduleName: current.modelName, generatesTests: true)
        let (plan, _) = CodeGenerator.makePlan(schema: current, options: options)
        let modelTests = try #require(CodeGenerator.makeTestPlan(schema: current, plan: plan, options: options).0)
        let planTypeName = "\(SwiftNames.modelTypeName(current.modelName))MigrationPlan"
        return ShippedStoreTestPlanner(current: current, shipped: shipped, planTypeName: planTypeName, modelTests: modelTests).makePlan()
    }

    /// The test of `version`, its statements with the shared functions it calls written out in their place.
    static func test(_ plan: ShippedStoreTestsPlan, _ version: String) throws -> ShippedVersionTest {
        let test = try #require(plan.versions.first { $0.versionName == version })
        return inlined(plan, test)
    }

    static func inlined(_ plan: ShippedStoreTestsPlan, _ test: ShippedVersionTest) -> ShippedVersionTest {
        func expand(_ statements: [String]) -> [String] {
            statements.flatMap { statement -> [String] in
                guard let function = plan.sharedFunctions.first(where: { statement.contains("\($0.name)(store") }) else { return [statement] }
                return [statement] + function.statements
            }
        }
        var test = test
        test.population = expand(test.population)
        test.checks = expand(test.checks)
        return test
    }

    @Test func oneTestPerLockedVersionInTheLocksOrder() throws {
        let journal = try Self.journal()
        let plan = try Self.plan(current: journal.current, shipped: journal.shipped)
        #expect(plan.versions.map(\.versionName) == ["Journal", "Journal 2", "Journal 3", "Journal 4", "Journal 5"])
        #expect(plan.versions.map(\.methodName) == [
            "testStoreOfJournalOpens", "testStoreOfJournal2Opens", "testStoreOfJournal3Opens", "testStoreOfJournal4Opens",
            "testStoreOfJournal5Opens",
        ])
        #expect(plan.fileName == "JournalMigrationPlanTests.swift")
        #expect(plan.currentModelStoreTypeName == "JournalModelTestStore" && plan.supportTypeName == "JournalModelTestSupport")
        #expect(plan.versions.allSatisfy { $0.unavailableReason == nil })
    }

    /// Attachment arrives in Journal 5: earlier stores get none, and so have none to count.
    @Test func everyEntityOfTheVersionAndNoOther() throws {
        let journal = try Self.journal()
        let plan = try Self.plan(current: journal.current, shipped: journal.shipped)
        for version in ["Journal", "Journal 2", "Journal 3", "Journal 4"] {
            let test = try Self.test(plan, version)
            // Journal 2 and 3 save a second Entry without a mood (``aHopThatNeedsTheHookLeavesARowWithoutTheValue``).
            #expect(test.insertedCounts == ["Entry": ["Journal 2", "Journal 3"].contains(version) ? 2 : 1, "Tag": 1], "\(version)")
            #expect(!test.population.contains { $0.contains("Attachment") }, "\(version)")
            #expect(!test.checks.contains { $0.contains("Attachment") }, "\(version)")
        }
        let latest = try Self.test(plan, "Journal 5")
        #expect(latest.insertedCounts == ["Attachment": 1, "Entry": 1, "Tag": 1])
        #expect(latest.checks.contains("let objects = try store.objects(of: \"Attachment\", in: migrated)"))
        #expect(latest.checks.contains("assertEqual(objects.count, 1)"))
    }

    /// `mood` is added in Journal 2: a Journal store has none to set or compare (only to find given by the hook);
    /// later ones set it and check it, among the values the hook gave where a hop after them needs the hook.
    @Test func valuesAreComparedOnlyWhereBothVersionsHaveTheAttribute() throws {
        let journal = try Self.journal()
        let plan = try Self.plan(current: journal.current, shipped: journal.shipped)
        let first = try Self.test(plan, "Journal")
        #expect(first.checkedAttributes["Entry"] == ["createdAt", "text", "title"])
        #expect(!first.population.contains { $0.contains("\"mood\"") })
        #expect(first.checks.filter { $0.contains("\"mood\"") } == ["store.assertNoneMissing(objects, \"mood\")"])
        for version in ["Journal 2", "Journal 3", "Journal 4", "Journal 5"] {
            let test = try Self.test(plan, version)
            #expect(test.checkedAttributes["Entry"] == ["createdAt", "mood", "text", "title"], "\(version)")
            let set = try #require(test.population.first { $0.hasPrefix("objects[0].setValue(") && $0.hasSuffix("forKey: \"mood\")") })
            let literal = String(set.dropFirst("objects[0].setValue(".count).dropLast(", forKey: \"mood\")".count))
            let including = ["Journal 2", "Journal 3"].contains(version) ? "including: " : ""
            #expect(test.checks.contains("store.assertValues(objects, \"mood\", \(including)[\(literal)])"), "\(version)")
        }
        #expect(try Self.test(plan, "Journal 5").checkedAttributes["Attachment"] == ["data", "fileName"])
    }

    /// Same entity and name, another type: the value is not compared (migration converts or refuses it); a Renaming ID
    /// makes an attribute with a new name the same one.
    @Test func renamedAttributesAreTheSameAndRetypedOnesAreNot() throws {
        func attribute(_ name: String, _ type: AttributeType, renamedFrom: String? = nil) -> Attribute {
            Attribute(name: name, location: Build.location(1), type: type, isOptional: true, renamingIdentifier: renamedFrom)
        }
        let old = Build.schema([Build.entity("Item", attributes: [attribute("count", .integer16), attribute("label", .string)])])
        var current = Build.schema([
            Build.entity("Item", attributes: [attribute("count", .string), attribute("title", .string, renamedFrom: "label")])
        ])
        current.versionName = "M 2"
        let plan = try Self.plan(current: current, shipped: [old])
        let test = try Self.test(plan, old.versionName)
        #expect(test.checkedAttributes["Item"] == ["label"])
        #expect(test.checks.contains { $0.hasPrefix("store.assertValues(objects, \"title\", [") })
        #expect(!test.checks.contains { $0.contains("\"count\"") })
        #expect(test.population.contains { $0.hasPrefix("objects[0].setValue(Int16(") && $0.hasSuffix("forKey: \"count\")") })
    }

    /// A required to-one whose inverse is to-one takes a destination of its own: Pet's `owner` is taken by the first
    /// Owner, so the sub-entity's object gets a second Pet. Optional relationships get one of the objects there are:
    /// Pet's `toys` (no inverse) the one Toy; `owner` is set already, as the inverse of `pet`.
    @Test func requiredRelationshipsGetDestinationsOfTheirOwn() throws {
        let schema = Self.ownersAndPets()
        let plan = try Self.plan(current: schema, shipped: [schema])
        let test = try Self.test(plan, schema.versionName)
        #expect(test.insertedCounts == ["Owner": 1, "Breeder": 1, "Pet": 2, "Toy": 1])
        let links = test.population.filter { $0.contains("forKey: \"pet\")") }
        #expect(Set(links) == ["owners[0].setValue(pets[0], forKey: \"pet\")", "breeders[0].setValue(pets[1], forKey: \"pet\")"])
        #expect(!test.population.contains { $0.contains("\"owner\"") })
        #expect(test.population.filter { $0.contains("\"toys\"") } == [
            "pets[0].mutableSetValue(forKey: \"toys\").add(toys[0])", "pets[1].mutableSetValue(forKey: \"toys\").add(toys[0])",
        ])
        #expect(test.checks.contains("store.assertLinkCount(objects, \"toys\", 2)"))
        #expect(test.population.contains("let toys = fillToy1(store)"))
        #expect(test.population.contains("let objects = [store.insert(\"Toy\")]"))
        #expect(test.population.contains("let pets = fillPet1(store)"))
        #expect(test.population.contains("let objects = [store.insert(\"Pet\"), store.insert(\"Pet\")]"))
        #expect(test.checks.contains("assertEqual(objects.count, 2)"))
    }

    /// Owner (with its sub-entity Breeder) and Pet have a `name`; a required to-one Owner.pet whose inverse is to-one,
    /// an optional to-many Pet.toys.
    static func ownersAndPets() -> Schema {
        let name = Attribute(name: "name", location: Build.location(1), type: .string, isOptional: true)
        let pet = Relationship(
            name: "pet", location: Build.location(1), destinationEntity: "Pet", maxCount: 1, inverseName: "owner", inverseEntity: "Pet")
        let owner = Relationship(
            name: "owner", location: Build.location(1), destinationEntity: "Owner", isOptional: true, maxCount: 1, inverseName: "pet",
            inverseEntity: "Owner")
        let toys = Relationship(name: "toys", location: Build.location(1), destinationEntity: "Toy", isOptional: true, isToMany: true)
        return Build.schema([
            Build.entity("Owner", children: ["Breeder"], attributes: [name], relationships: [pet]),
            Build.entity("Breeder", parent: "Owner"),
            Build.entity("Pet", attributes: [name], relationships: [owner, toys]),
            Build.entity("Toy"),
        ])
    }

    /// Sample values are numbered per entity, and per entity of a hierarchy (which shares its uniqueness
    /// constraints): the objects of an entity, and of a hierarchy, never get the same value.
    @Test func valuesAreDistinctPerObjectWithinAnEntityAndItsHierarchy() throws {
        let schema = Self.ownersAndPets()
        let plan = try Self.plan(current: schema, shipped: [schema])
        let test = try #require(plan.versions.first)
        func names(_ function: String) throws -> [String] {
            try #require(plan.sharedFunction(named: function)).statements.filter { $0.hasSuffix("forKey: \"name\")") }
        }
        let pets = try names("fillPet1")
        #expect(pets.count == 2 && Set(pets.map { $0.dropFirst("objects[0]".count) }).count == 2)
        let owners = try names("fillOwner1") + names("fillBreeder1")
        #expect(owners.count == 2 && Set(owners.map { $0.dropFirst("objects[0]".count) }).count == 2)
        #expect(test.population.contains("let breeders = fillBreeder1(store)"))
    }

    /// Journal's Tag is the same in every version: it is filled by one function, which every version calls. Entry is
    /// filled alike in Journal 2 and 3 (a second Entry without a mood, the hook's hop still ahead) and in Journal 4 and
    /// 5; what differs is a function of its own. The checks differ with the links each version has.
    @Test func unchangedEntitiesShareTheirFunctions() throws {
        let journal = try Self.journal()
        let plan = try Self.plan(current: journal.current, shipped: journal.shipped)
        #expect(plan.sharedFunctions.map(\.name) == [
            "fillEntry1", "fillTag1", "checkEntry1", "checkTag1", "fillEntry2", "checkEntry2", "checkTag2", "fillEntry3", "checkEntry3",
            "fillAttachment1", "checkAttachment1", "checkEntry4",
        ])
        #expect(Set(plan.sharedFunctions.map(\.statements)).count == plan.sharedFunctions.count)
        #expect(plan.versions[0].population == [
            "let entries = fillEntry1(store)", "let tags = fillTag1(store)", "entries[0].mutableSetValue(forKey: \"tags\").add(tags[0])",
        ])
        #expect(plan.versions[1].population == plan.versions[2].population)
        #expect(plan.versions[1].population.contains("let entries = fillEntry2(store)"))
        #expect(plan.versions[3].population.contains("let entries = fillEntry3(store)"))
        #expect(plan.versions.allSatisfy { $0.population.contains("let tags = fillTag1(store)") })
        #expect(plan.versions[4].population == [
            "let attachments = fillAttachment1(store)", "let entries = fillEntry3(store)", "let tags = fillTag1(store)",
            "attachments[0].setValue(entries[0], forKey: \"entry\")", "entries[0].mutableSetValue(forKey: \"tags\").add(tags[0])",
        ])
        // Every shared function is called.
        let calls = plan.versions.flatMap { $0.population + $0.checks }
        #expect(plan.sharedFunctions.allSatisfy { function in calls.contains { $0.contains("\(function.name)(store") } })
    }

    @Test func aRequiredValueWithoutASampleSkipsTheVersion() throws {
        let blob = Attribute(name: "blob", location: Build.location(1), type: .transformable)
        let old = Build.schema([Build.entity("Item", attributes: [blob])])
        let plan = try Self.plan(current: Build.schema([Build.entity("Item")]), shipped: [old])
        let reason = try #require(plan.versions.first?.unavailableReason)
        #expect(reason.contains("'Item.blob' is required and has no sample value"))
    }

    /// An entity with a required Transformable gets no objects, nor does one that requires it; the others are tested.
    @Test func entitiesThatCannotBeFilledAreLeftOutAndTheRestIsTested() throws {
        let blob = Attribute(name: "blob", location: Build.location(1), type: .transformable)
        let name = Attribute(name: "name", location: Build.location(1), type: .string)
        let old = Build.schema([
            Build.entity("Item", attributes: [blob]),
            Build.entity("Holder", relationships: [Build.toOne("item", "Item")]),
            Build.entity("Tag", attributes: [name]),
        ])
        let plan = try Self.plan(current: old, shipped: [old])
        let test = try Self.test(plan, old.versionName)
        #expect(test.unavailableReason == nil)
        #expect(test.insertedCounts == ["Tag": 1])
        #expect(test.notes.contains { $0.hasPrefix("Item: no objects: attribute 'Item.blob' is required") })
        #expect(test.notes.contains { $0.hasPrefix("Holder: no objects: relationship 'Holder.item' needs") })
        #expect(!test.population.contains { $0.contains("Item") || $0.contains("Holder") })
    }

    /// Issue 44: Journal 3 → Journal 4 makes Entry.mood required without a default (the app's hook gives it to the
    /// entries without one). The tests of Journal 2 and 3 save a second Entry without a mood; Journal's Entry has no
    /// mood at all; after opening none may lack one, so a missing hook, or one that does nothing, fails them. The
    /// mood values set are still there, beside whatever the hook chose. Journal 4 and 5 made it required already.
    @Test func aHopThatNeedsTheHookLeavesARowWithoutTheValue() throws {
        let journal = try Self.journal()
        let plan = try Self.plan(current: journal.current, shipped: journal.shipped)
        for version in ["Journal 2", "Journal 3"] {
            let test = try Self.test(plan, version)
            #expect(test.insertedCounts == ["Entry": 2, "Tag": 1], "\(version)")
            #expect(test.population.contains("let objects = [store.insert(\"Entry\"), store.insert(\"Entry\")]"))
            #expect(test.population.contains { $0.hasPrefix("objects[0].setValue(") && $0.hasSuffix("forKey: \"mood\")") })
            #expect(!test.population.contains { $0.hasPrefix("objects[1].setValue(") && $0.hasSuffix("forKey: \"mood\")") })
            #expect(test.population.contains { $0.hasPrefix("objects[1].setValue(") && $0.hasSuffix("forKey: \"title\")") })
            #expect(test.checks.contains("store.assertNoneMissing(objects, \"mood\")"), "\(version)")
            #expect(test.checks.contains { $0.hasPrefix("store.assertValues(objects, \"mood\", including: [") }, "\(version)")
            #expect(test.notes.contains { $0.hasPrefix("Entry.mood: left out of a second Entry; 'Journal 3' → 'Journal 4' makes Entry.mood required") })
        }
        let first = try Self.test(plan, "Journal")
        #expect(first.insertedCounts == ["Entry": 1, "Tag": 1])
        #expect(first.checks.contains("store.assertNoneMissing(objects, \"mood\")"))
        #expect(first.notes.contains { $0.hasPrefix("Entry: its objects have no mood yet;") })
        for version in ["Journal 4", "Journal 5"] {
            let test = try Self.test(plan, version)
            #expect(test.insertedCounts["Entry"] == 1, "\(version)")
            #expect(!test.checks.contains { $0.contains("assertNoneMissing") }, "\(version)")
        }
    }

    /// A to-one made required: the older version's test saves a second Item without an owner (and links no Owner to
    /// it from the other side), and checks after opening that every Item has one.
    @Test func aRelationshipMadeRequiredIsLeftEmptyInASecondObject() throws {
        let name = Attribute(name: "name", location: Build.location(1), type: .string, isOptional: true)
        func schema(_ version: String, ownerOptional: Bool) -> Schema {
            var owner = Build.toOne("owner", "Owner", optional: ownerOptional)
            owner.inverseName = "items"
            owner.inverseEntity = "Owner"
            let items = Relationship(
                name: "items", location: Build.location(1), destinationEntity: "Item", isOptional: true, isToMany: true, inverseName: "owner",
                inverseEntity: "Item")
            var schema = Build.schema([Build.entity("Item", attributes: [name], relationships: [owner]), Build.entity("Owner", relationships: [items])])
            schema.versionName = version
            return schema
        }
        let old = schema("M", ownerOptional: true)
        let current = schema("M 2", ownerOptional: false)
        let plan = try Self.plan(current: current, shipped: [old])
        let test = try Self.test(plan, "M")
        #expect(test.insertedCounts == ["Item": 2, "Owner": 1])
        let links = test.population.filter { $0.contains("\"owner\"") || $0.contains("\"items\"") }
        #expect(links.count == 1, "\(links)")
        #expect(links.first?.hasPrefix("items[0].") == true || links.first?.contains("(items[0]") == true, "\(links)")
        #expect(test.checks.contains("store.assertNoneMissing(objects, \"owner\")"))
        #expect(!test.checks.contains { $0.hasPrefix("store.assertLinkCount(objects, \"owner\"") })
    }

    /// A value required in a version, optional in the next and required again: the first version's rows all have it
    /// (no second object), the middle one's test leaves it out of a second object; both check it after opening.
    @Test func aValueRequiredAlreadyNeedsNoRowWithoutIt() throws {
        func version(_ name: String, optional: Bool) -> Schema {
            var schema = Build.schema([
                Build.entity("Item", attributes: [Attribute(name: "code", location: Build.location(1), type: .string, isOptional: optional)])
            ])
            schema.versionName = name
            return schema
        }
        let plan = try Self.plan(current: version("M 3", optional: false), shipped: [version("M", optional: false), version("M 2", optional: true)])
        let first = try Self.test(plan, "M")
        #expect(first.insertedCounts == ["Item": 1])
        #expect(first.checks.contains("store.assertNoneMissing(objects, \"code\")") == false)
        let second = try Self.test(plan, "M 2")
        #expect(second.insertedCounts == ["Item": 2])
        #expect(second.checks.contains("store.assertNoneMissing(objects, \"code\")"))
    }

    /// Optional relationships are filled (one destination each, among the objects there are) and their links counted
    /// after opening, under the relationship's current name.
    @Test func optionalRelationshipsAreFilledAndTheirLinksChecked() throws {
        let journal = try Self.journal()
        let plan = try Self.plan(current: journal.current, shipped: journal.shipped)
        let latest = try Self.test(plan, "Journal 5")
        #expect(latest.population.contains("attachments[0].setValue(entries[0], forKey: \"entry\")"), "\(latest.population)")
        #expect(latest.population.contains("entries[0].mutableSetValue(forKey: \"tags\").add(tags[0])"), "\(latest.population)")
        #expect(latest.checks.contains("store.assertLinkCount(objects, \"entry\", 1)"))
        #expect(latest.checks.contains("store.assertLinkCount(objects, \"attachments\", 1)"))
        #expect(latest.checks.contains("store.assertLinkCount(objects, \"tags\", 1)"))
        #expect(latest.checks.contains("store.assertLinkCount(objects, \"entries\", 1)"))
    }

    /// A rename chained over two versions (`label` → `title` → `heading`, each with its Renaming ID) is followed hop by
    /// hop: the first version's values are compared under the current name. An attribute removed and added again is
    /// another attribute (its values were dropped): not compared.
    @Test func aRenameChainedOverVersionsIsFollowed() throws {
        func attribute(_ name: String, renamedFrom: String? = nil) -> Attribute {
            Attribute(name: name, location: Build.location(1), type: .string, isOptional: true, renamingIdentifier: renamedFrom)
        }
        func version(_ name: String, _ attributes: [Attribute]) -> Schema {
            var schema = Build.schema([Build.entity("Item", attributes: attributes)])
            schema.versionName = name
            return schema
        }
        let first = version("M", [attribute("label"), attribute("note")])
        let second = version("M 2", [attribute("title", renamedFrom: "label")])
        let current = version("M 3", [attribute("heading", renamedFrom: "title"), attribute("note")])
        let plan = try Self.plan(current: current, shipped: [first, second])
        let test = try Self.test(plan, "M")
        #expect(test.checkedAttributes["Item"] == ["label"])
        #expect(test.checks.contains { $0.hasPrefix("store.assertValues(objects, \"heading\", [") })
        #expect(!test.checks.contains { $0.contains("\"note\"") })
        #expect(try Self.test(plan, "M 2").checks.contains { $0.hasPrefix("store.assertValues(objects, \"heading\", [") })
    }

    /// The rendered file of the Journal fixture, read as a whole (Fixtures/Expected/MigrationPlan).
    @Test func journalTestsFileMatchesItsReference() throws {
        let journal = try Self.journal()
        let options = GeneratorOptions(moduleName: "Journal", generatesTests: true)
        // As `generate --migration-plan` reads the model's history.
        let history = try ModelHistory(locating: TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationPlan/Journal.xcdatamodeld").path)
        let current = try history.loadedVersion().schema
        #expect(current == journal.current)
        let input = try history.migrationPlanInput(current: current, oldest: nil)
        let result = try CodeGenerator.generate(schema: current, options: options, migration: input)
        let file = try #require(result.files.first { $0.relativePath == "JournalMigrationPlanTests.swift" })
        #expect(file.relativePath == "JournalMigrationPlanTests.swift" && file.kind == .tests)
        assertMatchesReference(file.contents, reference: TestSupport.expected.appendingPathComponent("MigrationPlan/JournalMigrationPlanTests.swift"))
    }
}
