import Foundation
import ManagedModel
import ModelReader
import Testing

import CodeGeneration
@testable import GeneratedTestsPlanning

/// Generated tests of attributes whose property has a type the model cannot name: userInfo enums and Codable
/// types, composites; read-only properties; classes named like a type of the test file's imports.
@Suite struct TypedGeneratedTestsPlannerTests {
    static let testing = GeneratorOptions(generatesTests: true)

    private func attribute(
        _ name: String, _ type: AttributeType, optional: Bool = false, userInfo: [String: String] = [:],
        defaultValue: ModelValue? = nil, composite: String? = nil, line: Int = 3
    ) -> Attribute {
        Attribute(
            name: name, location: Build.location(line), type: type, isOptional: optional, usesScalarValueType: true,
            defaultValue: defaultValue, compositeName: composite,
            userInfo: userInfo.sorted { $0.key < $1.key }.map { UserInfoEntry(key: $0.key, value: $0.value) })
    }

    private func testPlan(_ schema: Schema) throws -> (GeneratedTestsPlan, Diagnostics) {
        let (plan, _) = CodeGenerator.makePlan(schema: schema, options: Self.testing)
        let (tests, diagnostics) = CodeGenerator.makeTestPlan(schema: schema, plan: plan, options: Self.testing)
        return (try #require(tests), diagnostics)
    }

    private func roundTrip(_ attributes: [Attribute], composites: [CompositeDefinition] = []) throws -> (RoundTripPlan?, TestSuitePlan, Diagnostics) {
        var schema = Build.schema([Build.entity("Thing", line: 2, attributes: attributes)])
        schema.composites = composites
        let (plan, diagnostics) = try testPlan(schema)
        let suite = try #require(plan.suites.first)
        return (suite.roundTrip, suite, diagnostics)
    }

    @Test func enumsUseTheUserInfoSampleThenTheFallbackCase() throws {
        let (test, _, diagnostics) = try roundTrip([
            attribute("priority", .integer32, userInfo: ["enumType": "Priority", "managedCodegen.sampleValue": ".high", "managedCodegen.modifiedSampleValue": ".low"]),
            attribute("status", .integer16, userInfo: ["managedCodegen.enum": "Status", "managedCodegen.enum.unknown": "unknown"]),
        ])
        let plan = try #require(test)
        #expect(plan.creation.joined().contains("priority: .high"))
        #expect(plan.creation.joined().contains("status: .unknown"))
        #expect(plan.createdChecks.contains("assertEqual(thing.priority, .high)"))
        #expect(plan.modification.contains("fetched.priority = .low"))
        #expect(plan.modifiedChecks.contains("assertEqual(refetched.priority, .low)"))
        // The fallback case is the only sample: set at creation, not changed.
        #expect(!plan.modification.contains { $0.hasPrefix("fetched.status") })
        #expect(plan.notes.contains("status: not changed: it has no second sample value"))
        #expect(plan.modifiedChecks.contains("assertEqual(refetched.status, .unknown)"))
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
    }

    @Test func typedAttributesWithoutSampleAreLeftOutOrSkipTheEntity() throws {
        // Optional: left out, with a comment saying why.
        let (optional, _, quiet) = try roundTrip([attribute("color", .string, optional: true, userInfo: ["managedCodegen.enum": "ColorName"])])
        let plan = try #require(optional)
        #expect(!plan.creation.joined().contains("color:"))
        #expect(plan.notes.contains { $0.hasPrefix("color: not checked: its type ColorName is the app's enum; set userInfo key 'managedCodegen.sampleValue'") })
        #expect(quiet.all.isEmpty)
        // Required: no object can be created; the entity's tests are skipped with a warning.
        let (required, suite, diagnostics) = try roundTrip([attribute("manifest", .binary, userInfo: ["managedCodegen.codable": "Manifest"])])
        #expect(required == nil)
        #expect(suite.unavailableReason?.contains("attribute 'Thing.manifest' has no sample value (its type Manifest is the app's Codable type") == true)
        #expect(diagnostics.warnings.map(\.message) == ["entity 'Thing': no round-trip or constraint tests are generated: \(suite.unavailableReason!.dropFirst("no valid Thing can be created: ".count))"])
    }

    @Test func codableValuesComeFromUserInfoAndAreNotCompared() throws {
        let (test, _, _) = try roundTrip([
            attribute("manifest", .binary, userInfo: ["managedCodegen.codable": "Manifest", "managedCodegen.sampleValue": "Manifest(lines: [\"a\"])"])
        ])
        let plan = try #require(test)
        #expect(plan.creation.joined().contains("manifest: Manifest(lines: [\"a\"])"))
        #expect(plan.notes.contains("manifest: set, but not compared: its type may not be Equatable"))
        #expect(!plan.createdChecks.contains { $0.contains("manifest") })
        #expect(!plan.modification.contains { $0.hasPrefix("fetched.manifest") })
    }

    @Test func compositesAreBuiltFromElementSamples() throws {
        let coordinates = CompositeDefinition(name: "Coordinates", location: Build.location(20), attributes: [
            attribute("latitude", .double, line: 21), attribute("longitude", .double, line: 22),
        ])
        let place = CompositeDefinition(name: "Place", location: Build.location(23), attributes: [
            attribute("coordinates", .composite, optional: true, composite: "Coordinates", line: 24),
            attribute("label", .string, line: 25),
            attribute("payload", .transformable, optional: true, line: 26),
        ])
        let (test, _, _) = try roundTrip(
            [attribute("origin", .composite, composite: "Place")], composites: [coordinates, place])
        let plan = try #require(test)
        let creation = plan.creation.joined()
        // The Transformable element has no sample and is optional: left out.
        #expect(creation.contains(#"origin: Place(coordinates: Coordinates(latitude: "#), "\(creation)")
        #expect(creation.contains(#"label: "label 1")"#), "\(creation)")
        #expect(!creation.contains("payload"))
        // Place is Hashable (every field is), so it is compared.
        #expect(plan.createdChecks.contains { $0.hasPrefix("assertEqual(thing.origin, Place(") })
        #expect(plan.modification.contains { $0.hasPrefix("fetched.origin = Place(") && $0.contains("label 2") })
    }

    @Test func aRequiredElementWithoutSampleMakesTheCompositeUnavailable() throws {
        let box = CompositeDefinition(name: "Box", location: Build.location(20), attributes: [
            attribute("payload", .transformable, line: 21)
        ])
        let (test, suite, _) = try roundTrip([attribute("box", .composite, composite: "Box")], composites: [box])
        #expect(test == nil)
        #expect(suite.unavailableReason?.contains("element 'payload' of composite 'Box' has no sample value") == true)
    }

    @Test func readOnlyPropertiesAreNotChanged() throws {
        let (test, _, _) = try roundTrip([
            attribute("createdAt", .date, userInfo: ["mogenerator.readonly": "YES"]),
            attribute("name", .string),
        ])
        let plan = try #require(test)
        #expect(!plan.modification.contains { $0.hasPrefix("fetched.createdAt = ") })
        #expect(plan.modification.contains { $0.hasPrefix("fetched.name = ") })
        #expect(plan.notes.contains("createdAt: read-only; not changed"))
        let created = try #require(plan.createdChecks.first { $0.hasPrefix("assertEqual(thing.createdAt, ") })
        #expect(plan.modifiedChecks.contains(created.replacingOccurrences(of: "thing.", with: "refetched.")))
    }

    @Test func boundsOfTypedAttributesAreNotProbed() throws {
        var status = attribute("status", .integer16, userInfo: ["managedCodegen.enum": "Status", "managedCodegen.enum.unknown": "unknown"])
        status.minValue = .integer(0)
        let (_, suite, diagnostics) = try roundTrip([status])
        #expect(!suite.constraintTests.contains { $0.methodName.hasPrefix("testStatus") })
        #expect(diagnostics.warnings.map(\.message) == [
            "attribute 'Thing.status': no test of its minimum value is generated: its property has the app's type Status, whose values the generated test cannot choose"
        ])
    }

    /// Objects created while changing the subject take values distinct from those created with it, attributes
    /// with a default included, when their entity has a uniqueness constraint.
    @Test func uniquenessConstraintsHoldAcrossTheWholeTest() throws {
        var warehouse = Build.entity("Warehouse", attributes: [
            attribute("code", .string, defaultValue: .string("main")), attribute("name", .string),
        ], relationships: [Relationship(name: "items", location: Build.location(5), destinationEntity: "Item", isOptional: true, isToMany: true, inverseName: "warehouse")])
        warehouse.uniquenessConstraints = [["code"]]
        let item = Build.entity("Item", attributes: [attribute("name", .string)], relationships: [
            Relationship(name: "warehouse", location: Build.location(6), destinationEntity: "Warehouse", isOptional: true, maxCount: 1, inverseName: "items")
        ])
        let (plan, _) = try testPlan(Build.schema([item, warehouse]))
        let test = try #require(plan.suites.first { $0.entityName == "Item" }?.roundTrip)
        let created = try #require(test.creation.first { $0.contains("= M.Warehouse(") })
        let replacement = try #require(test.modification.first { $0.contains("= M.Warehouse(") })
        // The default would give both the same code.
        #expect(created.contains(#"code: "code 3""#), "\(created)")
        #expect(replacement.contains(#"code: "code 4""#), "\(replacement)")
    }

    /// Every generated class is qualified, not only those with a name an imported module declares (no such list
    /// is complete: `Category`, `Method`, `Selector` come from the Objective-C runtime).
    @Test func generatedClassesAreQualifiedByTheModule() throws {
        let schema = Build.schema([
            Build.entity("Data", attributes: [attribute("text", .string)], relationships: [Build.toOne("owner", "User", optional: true)]),
            Build.entity("User", attributes: [attribute("name", .string)]),
        ])
        let (plan, _) = try testPlan(schema)
        let data = try #require(plan.suites.first { $0.entityName == "Data" })
        #expect(data.className == "M.Data")
        #expect(data.roundTrip?.creation.contains { $0.hasPrefix("let data = M.Data(context: context") } == true)
        #expect(plan.suites.first { $0.entityName == "User" }?.className == "M.User")
    }

    /// The TypedExtras fixture: `Item` (composite origin, Codable manifest, enums) can now be created and tested.
    @Test func typedExtrasItemIsTested() throws {
        let model = TestSupport.fixtureModels.appendingPathComponent("TypedExtras.xcdatamodeld")
        let (plan, _) = try testPlan(try ModelLoader.load(model.path).schema)
        let item = try #require(plan.suites.first { $0.entityName == "Item" })
        #expect(item.unavailableReason == nil)
        let creation = try #require(item.roundTrip).creation.joined()
        for argument in ["manifest: Manifest(lines: [\"bolt\"])", "origin: Place(", "status: .unknown", "priority: .high"] {
            #expect(creation.contains(argument), "\(argument) in \(creation)")
        }
    }
}
