import Foundation
import ManagedModel
import ModelReader
import Testing

@testable import Adoption

/// `adopt`'s edit of the model file: only the `codeGenerationType` attributes of the entities Xcode generates code
/// for are cut out, located in the bytes and checked against what the XML reader read.
@Suite struct CodegenSettingEditTests {
    static let vocabulary = TestSupport.fixtureModels
        .appendingPathComponent("Vocabulary.xcdatamodeld/Vocabulary.xcdatamodel/contents")

    @Test func cutsOnlyTheCodegenAttributesOfTheEntitiesXcodeGeneratesFor() throws {
        let schema = try ModelLoader.load(TestSupport.fixtureBundle("Vocabulary")).schema
        let original = try read(Self.vocabulary)
        let edit = try CodegenSettingEdit.plan(schema: schema, bytes: Array(original.utf8))
        let xcodeGenerated = schema.entities.filter { $0.codeGenerationType != .manual }.map(\.name)
        #expect(!xcodeGenerated.isEmpty, "the fixture should have entities with Xcode's codegen")
        #expect(edit.changes.map(\.entityName) == xcodeGenerated)
        #expect(edit.changes.map(\.settingName).contains("Class Definition"))
        let edited = String(decoding: edit.editedBytes, as: UTF8.self)
        #expect(!edited.contains("codeGenerationType"))
        // Nothing but the attributes (and the space before each) is gone: putting them back gives the original.
        let removed = original.utf8.count - edited.utf8.count
        #expect(removed == edit.changes.map(\.bytes.count).reduce(0, +))
        #expect(edited.split(separator: "\n").count == original.split(separator: "\n").count)
    }

    @Test func aModelWithoutXcodeCodegenNeedsNoEdit() throws {
        let schema = try ModelLoader.load(TestSupport.fixtureBundle("Inventory")).schema
        let contents = TestSupport.fixtureModels.appendingPathComponent("Inventory.xcdatamodeld/Inventory.xcdatamodel/contents")
        try #require(schema.entities.allSatisfy { $0.codeGenerationType == .manual })
        let edit = try CodegenSettingEdit.plan(schema: schema, bytes: Array(try read(contents).utf8))
        #expect(edit.isEmpty)
        #expect(edit.editedBytes == Array(try read(contents).utf8))
    }
}

/// The files of other generators that would not compile beside the generated classes.
@Suite struct ClashingSourceScanTests {
    @Test func findsXcodesFilesForTheModelsClassesOnly() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("import CoreData\n@objc(Item)\npublic class Item: NSManagedObject {}\n", to: folder.appendingPathComponent("Model/Item+CoreDataClass.swift"))
        try write("import CoreData\nextension Item {}\n", to: folder.appendingPathComponent("Model/Item+CoreDataProperties.swift"))
        try write("import CoreData\nclass Other: NSManagedObject {}\n", to: folder.appendingPathComponent("Other+CoreDataClass.swift"))
        try write("extension Item {}\n", to: folder.appendingPathComponent(".hidden/Item+CoreDataClass.swift"))
        let found = try ClashingSourceScan.find(in: [folder.path], classNames: ["Item": "Item"])
        #expect(found.map(\.origin) == [.xcodeClass, .xcodeProperties])
        #expect(found.allSatisfy { $0.className == "Item" && $0.path.hasPrefix(folder.path) })
    }

    @Test func aMissingFolderIsAnError() {
        #expect(throws: DiagnosticsError.self) {
            try ClashingSourceScan.find(in: ["/no/such/folder-\(UUID().uuidString)"], classNames: ["Item": "Item"])
        }
    }
}
