import Foundation
import ManagedModel
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

    static func test(_ plan: ShippedStoreTestsPlan, _ version: String) throws -> ShippedVersionTest {
        try #require(plan.versions.first { $0.versionName == version })
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
            #expect(test.insertedCounts == ["Entry": 1, "Tag": 1], "\(version)")
            #expect(!test.population.contains { $0.contains("Attachment") }, "\(version)")
            #expect(!test.checks.contains { $0.contains("Attachment") }, "\(version)")
        }
        let latest = try Self.test(plan, "Journal 5")
        #expect(latest.insertedCounts == ["Attachment": 1, "Entry": 1, "Tag": 1])
        #expect(latest.checks.contains("let attachments = try store.objects(of: \"Attachment\", in: migrated)"))
        #expect(latest.checks.contains("assertEqual(attachments.count, 1)"))
    }

    /// `mood` is added in Journal 2: a Journal store has none to set or compare; later ones set it and check it.
    @Test func valuesAreComparedOnlyWhereBothVersionsHaveTheAttribute() throws {
        let journal = try Self.journal()
        let plan = try Self.plan(current: journal.current, shipped: journal.shipped)
        let first = try Self.test(plan, "Journal")
        #expect(first.checkedAttributes["Entry"] == ["createdAt", "text", "title"])
        #expect(!first.population.contains { $0.contains("\"mood\"") })
        #expect(!first.checks.contains { $0.contains("\"mood\"") })
        for version in ["Journal 2", "Journal 3", "Journal 4", "Journal 5"] {
            let test = try Self.test(plan, version)
            #expect(test.checkedAttributes["Entry"] == ["createdAt", "mood", "text", "title"], "\(version)")
            let set = try #require(test.population.first { $0.hasPrefix("entry.setValue(") && $0.hasSuffix("forKey: \"mood\")") })
            let literal = String(set.dropFirst("entry.setValue(".count).dropLast(", forKey: \"mood\")".count))
            #expect(test.checks.contains("store.assertValues(entries, \"mood\", [\(literal)])"))
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
        let test = try #require(plan.versions.first)
        #expect(test.checkedAttributes["Item"] == ["label"])
        #expect(test.checks.contains { $0.hasPrefix("store.assertValues(items, \"title\", [") })
        #expect(!test.checks.contains { $0.contains("\"count\"") })
        #expect(test.population.contains { $0.hasPrefix("item.setValue(Int16(") && $0.hasSuffix("forKey: \"count\")") })
    }

    /// A required to-one whose inverse is to-one takes a destination of its own: Pet's `owner` is taken by the first
    /// Owner, so the sub-entity's object gets a second Pet. Optional relationships stay empty.
    @Test func requiredRelationshipsGetDestinationsOfTheirOwn() throws {
        let pet = Relationship(
            name: "pet", location: Build.location(1), destinationEntity: "Pet", maxCount: 1, inverseName: "owner", inverseEntity: "Pet")
        let owner = Relationship(
            name: "owner", location: Build.location(1), destinationEntity: "Owner", isOptional: true, maxCount: 1, inverseName: "pet",
            inverseEntity: "Owner")
        let toys = Relationship(name: "toys", location: Build.location(1), destinationEntity: "Toy", isOptional: true, isToMany: true)
        let schema = Build.schema([
            Build.entity("Owner", children: ["Breeder"], relationships: [pet]),
            Build.entity("Breeder", parent: "Owner"),
            Build.entity("Pet", relationships: [owner, toys]),
            Build.entity("Toy"),
        ])
        let plan = try Self.plan(current: schema, shipped: [schema])
        let test = try #require(plan.versions.first)
        #expect(test.insertedCounts == ["Owner": 1, "Breeder": 1, "Pet": 2, "Toy": 1])
        let links = test.population.filter { $0.contains("forKey: \"pet\")") }
        #expect(Set(links) == ["owner.setValue(pet, forKey: \"pet\")", "breeder.setValue(pet2, forKey: \"pet\")"])
        #expect(!test.population.contains { $0.contains("\"toys\"") || $0.contains("\"owner\"") })
        // Toy is linked to nothing and has no attribute: inserted without a name.
        #expect(test.population.contains("store.insert(\"Toy\")"))
        #expect(test.checks.contains("assertEqual(pets.count, 2)"))
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
        let test = try #require(plan.versions.first)
        #expect(test.unavailableReason == nil)
        #expect(test.insertedCounts == ["Tag": 1])
        #expect(test.notes.contains { $0.hasPrefix("Item: no objects: attribute 'Item.blob' is required") })
        #expect(test.notes.contains { $0.hasPrefix("Holder: no objects: relationship 'Holder.item' needs") })
        #expect(!test.population.contains { $0.contains("Item") || $0.contains("Holder") })
    }

    /// The rendered file of the Journal fixture, read as a whole (Fixtures/Expected/MigrationPlan).
    @Test func journalTestsFileMatchesItsReference() throws {
        let journal = try Self.journal()
        let options = GeneratorOptions(moduleName: "Journal", generatesTests: true)
        let prepared = try GenerationPipeline(options: options).prepare(journal.current)
        let file = try #require(
            try prepared.renderShippedStoreTests(current: journal.current, shippedVersions: journal.shipped, planTypeName: "JournalMigrationPlan"))
        #expect(file.relativePath == "JournalMigrationPlanTests.swift" && file.kind == .tests)
        assertMatchesReference(file.contents, reference: TestSupport.expected.appendingPathComponent("MigrationPlan/JournalMigrationPlanTests.swift"))
    }
}
