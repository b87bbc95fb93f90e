import CoreDataMapping
import Foundation
import ManagedModel
import Testing

@testable import ModelReader

/// What the fixture models must mean, independent of the reference dumps.
@Suite("Fixture models")
struct FixtureModelTests {
    @Test("Inventory: the non-optional pattern's Item")
    func inventory() throws {
        let schema = try ModelLoader.load(TestSupport.fixtureBundle("Inventory")).schema
        let item = try #require(schema.entity(named: "Item"))
        let types = Dictionary(uniqueKeysWithValues: item.attributes.map { ($0.name, TypeAssigner.declaredType(of: $0).declaration) })
        #expect(types == [
            "itemId": "String", "dateCreated": "Date", "name": "String", "unitCost": "NSDecimalNumber",
            "unitPrice": "NSDecimalNumber", "stockCount": "Int64", "discount": "Double?",
        ])
        #expect(item.attributes.first { $0.name == "stockCount" }?.defaultValue == .integer(0))
        let owner = try #require(item.relationships.first { $0.name == "owner" })
        #expect(!owner.isOptional && !owner.isToMany && owner.inverseName == "items")
        #expect(schema.entity(named: "Person")?.relationships.first?.isOrdered == true)
    }

    @Test("ValidationGuide: Apple's validation examples")
    func validationGuide() throws {
        let schema = try ModelLoader.load(TestSupport.fixtureBundle("ValidationGuide")).schema
        let employee = try #require(schema.entity(named: "Employee"))
        let age = try #require(employee.attributes.first { $0.name == "age" })
        #expect(age.minValue == .integer(20) && age.maxValue == .integer(50))
        #expect(schema.entity(named: "Person")?.attributes.first { $0.name == "age" }?.minValue == .integer(1))
        let employees = try #require(schema.entity(named: "Department")?.relationships.first)
        #expect(employees.deletionRule == .deny && employees.isToMany)
        let email = try #require(schema.entity(named: "User")?.attributes.first { $0.name == "email" })
        #expect(email.regularExpression == #"^.+@([A-Za-z0-9-]+\.)+[A-Za-z]{2}[A-Za-z]*$"#)
    }

    @Test("Vocabulary uses every attribute type and every deletion rule")
    func vocabularyCoverage() throws {
        let schema = try ModelLoader.load(TestSupport.fixtureBundle("Vocabulary")).schema
        let attributes = schema.entities.flatMap(\.attributes) + schema.composites.flatMap(\.attributes)
        #expect(Set(attributes.map(\.type)) == Set(AttributeType.allCases))
        let rules = Set(schema.entities.flatMap(\.relationships).map(\.deletionRule))
        #expect(rules == [.nullify, .cascade, .deny, .noAction])
        #expect(Set(schema.entities.map(\.codeGenerationType)) == [.manual, .class, .category])
        #expect(Set(schema.fetchRequests.map(\.resultType)) == [.dictionary, .count, .managedObjectID])
        #expect(schema.entities.contains { $0.className == nil })
        #expect(schema.entities.contains { $0.classModule != nil })
    }

    @Test("Versions: every version in natural order, .xccurrentversion names the second")
    func versions() throws {
        let path = TestSupport.fixtureBundle("Versions")
        let all = try ModelLoader.loadAllVersions(path)
        #expect(all.map(\.schema.versionName) == ["Versions", "Versions 2", "Versions 3"])
        #expect(all.map(\.schema.entities.count) == [1, 2, 3])
        #expect(all.allSatisfy { $0.diagnostics.all.isEmpty })
        #expect(try ModelLoader.load(path).schema.versionName == "Versions 2")
        #expect(try ModelLoader.load(path, version: "Versions 3").schema.entities.count == 3)
        #expect(throws: DiagnosticsError.self) { try ModelLoader.load(path, version: "Versions 9") }
    }

    @Test("ModelLoader throws DiagnosticsError carrying errors and warnings, with the file and line")
    func loaderErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-loader-\(UUID().uuidString)/Broken.xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let contents = folder.appendingPathComponent("contents")
        try TestSupport.model("""
            <entity name="E" colour="red">
                <attribute name="age" attributeType="Integer16"/>
            </entity>
            """).write(to: contents, atomically: true, encoding: .utf8)
        let error = try #require(throws: DiagnosticsError.self) { try ModelLoader.load(folder.path) }
        #expect(error.diagnostics.all.map(\.description) == [
            "\(contents.path):3: warning: unknown attribute 'colour' on <entity>; ignored",
            "\(contents.path):4: error: unknown attributeType 'Integer16' of attribute 'age'; did you mean 'Integer 16'?",
        ])
    }
}
