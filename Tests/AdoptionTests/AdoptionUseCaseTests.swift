import Foundation
import ManagedModel
import ModelReader
import Testing

@testable import Adoption

/// A small model written to a temporary `.xcdatamodel`, read as `adopt` reads it.
struct AdoptionModel {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift">
            <!-- <entity name="Commented" codeGenerationType="class"> is no entity -->
            <entity name="Item" representedClassName="Item" codeGenerationType="class" syncable="YES">
                <attribute name="count" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="rating" optional="YES" attributeType="Double" defaultValueString="1.5" usesScalarValueType="NO"/>
                <attribute name="flag" optional="YES" attributeType="Boolean" usesScalarValueType="YES"/>
                <attribute name="title" optional="YES" attributeType="String" defaultValueString="a &gt; b"/>
                <attribute name="total" optional="YES" attributeType="Integer 32" defaultValueString="1" derived="YES" derivationExpression="count"/>
            </entity>
            <entity name="Tag" representedClassName="TagObject" codeGenerationType="category" syncable="YES">
                <attribute name="name" attributeType="String" defaultValueString="&lt;new&gt;"/>
            </entity>
            <entity name="Note" representedClassName="Note" syncable="YES">
                <attribute name="body" optional="YES" attributeType="String"/>
            </entity>
        </model>

        """

    let folder: URL
    let contents: URL
    let schema: Schema
    let bytes: [UInt8]

    init(_ xml: String = AdoptionModel.xml, name: String = #function) throws {
        folder = try TestSupport.temporaryDirectory(name)
        contents = folder.appendingPathComponent("Model.xcdatamodeld/Model.xcdatamodel/contents")
        try write(xml, to: contents)
        schema = try ModelLoader.load(folder.appendingPathComponent("Model.xcdatamodeld").path).schema
        bytes = Array(xml.utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// `adopt`'s Codegen edit: which entities, checked against the reader, grouped across versions.
@Suite struct CodegenSettingUseCaseTests {
    @Test func theEntitiesAskedForChangeAndTheRestOfTheFileStays() throws {
        let model = try AdoptionModel()
        defer { model.remove() }
        let all = try CodegenSettingEdit.plan(schema: model.schema, bytes: model.bytes)
        #expect(all.changes.map(\.entityName) == ["Item", "Tag"])
        #expect(all.changes.map(\.settingName) == ["Class Definition", "Category/Extension"])
        let onlyTag = try CodegenSettingEdit.plan(schema: model.schema, bytes: model.bytes, entityNames: ["Tag"])
        #expect(onlyTag.changes.map(\.entityName) == ["Tag"])
        let edited = String(decoding: onlyTag.editedBytes, as: UTF8.self)
        #expect(edited.contains(#"<entity name="Item" representedClassName="Item" codeGenerationType="class" syncable="YES">"#))
        #expect(edited.contains(#"<entity name="Tag" representedClassName="TagObject" syncable="YES">"#))
        // The comment's tag is no entity: untouched.
        #expect(edited.contains(#"<!-- <entity name="Commented" codeGenerationType="class"> is no entity -->"#))
        // Character references stay as written.
        #expect(edited.contains("&lt;new&gt;"))
    }

    /// Bytes that say otherwise than the reader (here: a setting the reader did not see) are not edited.
    @Test func bytesThatDisagreeWithTheReaderAreAnError() throws {
        let model = try AdoptionModel()
        defer { model.remove() }
        let other = Array(AdoptionModel.xml.replacingOccurrences(
            of: #"<entity name="Note" representedClassName="Note""#, with: #"<entity name="Note" representedClassName="Note" codeGenerationType="class""#).utf8)
        #expect(throws: DiagnosticsError.self) { try CodegenSettingEdit.plan(schema: model.schema, bytes: other) }
        let unreadable = Array("<model><entity name=\"Item\" codeGenerationType=\"class".utf8)
        #expect(throws: DiagnosticsError.self) { try CodegenSettingEdit.plan(schema: model.schema, bytes: unreadable) }
    }

    @Test func changesAcrossVersionsAreOneLinePerEntity() {
        func change(_ entity: String, _ path: String, _ line: Int) -> CodegenSettingChange {
            CodegenSettingChange(entityName: entity, setting: .class, location: SourceLocation(path: path, line: line), bytes: 0..<0)
        }
        // Oldest version first, each in file order; Old is only in the first version.
        let groups = CodegenSettingChange.byEntity([
            change("Old", "v1", 3), change("Item", "v1", 5), change("Item", "v2", 4), change("Tag", "v2", 9),
        ])
        #expect(groups.map(\.newest.entityName) == ["Item", "Tag", "Old"])
        #expect(groups.map(\.olderVersionCount) == [1, 0, 0])
        #expect(groups[0].newest.location.path == "v2")
    }
}

/// `adopt --require-defaulted-scalars`: which attributes, and the edit that makes them required.
@Suite struct DefaultedOptionalScalarsTests {
    @Test func optionalNumbersAndBooleansWithADefault() throws {
        let model = try AdoptionModel()
        defer { model.remove() }
        let item = try #require(model.schema.entity(named: "Item"))
        // Not `flag` (no default), `title` (no scalar) nor `total` (derived).
        let found = DefaultedOptionalScalars.attributes(of: item)
        #expect(found.map(\.name) == ["count", "rating"])
        #expect(found.map(DefaultedOptionalScalars.xcodeDeclaresScalar) == [true, false])
    }

    @Test func theEditCutsOnlyOptionalOfTheGivenAttributes() throws {
        let model = try AdoptionModel()
        defer { model.remove() }
        let edited = try DefaultedOptionalScalars.requiringEdit(of: [("Item", "count")], schema: model.schema, bytes: model.bytes)
        let text = String(decoding: edited, as: UTF8.self)
        #expect(text.contains(#"<attribute name="count" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>"#))
        #expect(text.contains(#"<attribute name="rating" optional="YES""#))
        #expect(model.bytes.count - edited.count == #" optional="YES""#.utf8.count)
    }

    @Test func anAttributeThatIsNotOptionalInTheBytesIsAnError() throws {
        let model = try AdoptionModel()
        defer { model.remove() }
        for (entity, attribute) in [("Tag", "name"), ("Item", "missing"), ("Missing", "count")] {
            #expect(throws: DiagnosticsError.self) {
                try DefaultedOptionalScalars.requiringEdit(of: [(entity, attribute)], schema: model.schema, bytes: model.bytes)
            }
        }
    }
}

/// The byte scan the two edits stand on: entity start tags where the reader finds them, every other byte kept.
@Suite struct EntityStartTagTests {
    @Test func tagsOfEntitiesAndTheirAttributesWithByteRanges() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE model>
            <model>
                <![CDATA[ <entity name="InCData"/> ]]>
                <entity name='A&amp;B' note="x > y" codeGenerationType="class">
                    <attribute name="a" optional="YES"/>
                    <relationship name="r"><attribute name="nested"/></relationship>
                </entity>
                <entity name="C"/>
            </model>
            """
        let bytes = Array(xml.utf8)
        let tags = try EntityStartTagScanner.scan(bytes)
        #expect(tags.map { $0[attribute: "name"]?.value } == ["A&B", "C"])
        #expect(tags.map(\.line) == [5, 9])
        let first = tags[0]
        #expect(first[attribute: "note"]?.value == "x > y")
        let setting = try #require(first[attribute: "codeGenerationType"])
        #expect(String(decoding: bytes[setting.bytes], as: UTF8.self) == #" codeGenerationType="class""#)
        // Only the entity's own attribute tags, not one inside a relationship.
        #expect(first.attributeTags.map { $0[attribute: "name"]?.value } == ["a"])
    }

    @Test func markupTheScanCannotFollowFails() {
        for xml in ["<model><!-- open", "<!DOCTYPE model [ <!ENTITY x \"y\"> ]><model/>", "<model><entity name=\"A"] {
            #expect(throws: EntityStartTagScanner.Failure.self) { try EntityStartTagScanner.scan(Array(xml.utf8)) }
        }
    }
}

/// Every generator's files `adopt` lists, and the files it leaves alone.
@Suite struct ClashingSourceUseCaseTests {
    static let classNames = ["Item": "Item", "TagObject": "Tag"]

    func scan(_ files: [String: String], suffix: String = "") throws -> [ClashingSourceFile] {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try write(text, to: folder.appendingPathComponent(name)) }
        return try ClashingSourceScan.find(in: [folder.path], classNames: Self.classNames, humanFileSuffix: suffix)
            .map { var file = $0; file.path = ($0.path as NSString).lastPathComponent; return file }
    }

    @Test func eachGeneratorsFiles() throws {
        let found = try scan([
            "_Item.swift": "// DO NOT EDIT. This file is machine-generated and constantly overwritten.\nclass _Item: NSManagedObject {}\n",
            "Item.swift": "import Foundation\n\n@objc(Item)\nclass Item: _Item {\n}\n",
            "CoreDataModels.swift": "// swiftlint:disable all\n// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen\nclass Item: NSManagedObject {}\n",
            "TagObject+CoreDataClass.swift": "import CoreData\n\n@objc(TagObject)\npublic class TagObject: NSManagedObject {\n\n}\n",
            "Other.swift": "class Other: NSManagedObject {}\n",
        ])
        #expect(found.map(\.path) == ["CoreDataModels.swift", "Item.swift", "TagObject+CoreDataClass.swift", "_Item.swift"])
        #expect(found.map(\.origin) == [.swiftGen, .mogeneratorHuman, .xcodeClass, .mogeneratorMachine])
        #expect(found.map(\.className) == [nil, "Item", "TagObject", "Item"])
        #expect(found.map(\.line) == [1, 4, 1, 1])
        #expect(found.allSatisfy { $0.alwaysClashes })
        // Xcode's untouched class file goes; the advice names the entity behind a class of another name.
        #expect(found[2].advice.hasPrefix("Xcode's class file for entity 'Tag' (class TagObject), holding only the empty class: delete it"))
        #expect(found[1].advice.contains("change `class Item: _Item` into `extension Item`"))
    }

    /// A hand-edited class file: each line that will not compile beside the generated class, by kind.
    @Test func theLinesOfAHandEditedClassFile() throws {
        let text = """
            import CoreData

            @objc(Item)
            public class Item: NSManagedObject {
                @NSManaged public var title: String?
                var cache = [String: Int]()
                static var shared = 0
                var computed: Int { 1 }
                @nonobjc public class func fetchRequest() -> NSFetchRequest<Item> { NSFetchRequest(entityName: "Item") }
                func helper() { let local = 1; _ = local }
            }

            """
        let found = try scan(["Item+CoreDataClass.swift": text])
        let file = try #require(found.first)
        #expect(file.origin == .xcodeClass)
        #expect(file.line == 4)
        #expect(file.advice.contains("change `class Item: …` (line 4) into `extension Item`"))
        #expect(file.advice.contains("delete `@objc(Item)` (line 3)"))
        #expect(file.advice.contains("delete the @NSManaged members (the generated class declares every model property and accessor) (line 5)"))
        #expect(file.advice.contains("delete the stored properties (an extension cannot hold them: make them computed, e.g. over a transient attribute, or drop them) (line 6)"))
        #expect(file.advice.contains("delete fetchRequest() (the generated class declares a typed one) (line 9)"))
    }

    @Test func filesThatCompileBesideTheGeneratedClassesAreLeftAlone() throws {
        let found = try scan([
            // Extensions only, declaring nothing the generated class declares.
            "Item+CoreDataClass.swift": "import CoreData\nextension Item {\n    var label: String { \"\" }\n}\n",
            // A human file managed-codegen wrote: it is the human file.
            "TagObject.swift": "// TagObject.swift: written once by managed-codegen\nextension TagObject {}\n",
            // Another model's class.
            "Other+CoreDataProperties.swift": "extension Other {}\n",
        ])
        #expect(found.isEmpty)
    }

    @Test func aFileNamedLikeAHumanFileIsListedButNoClash() throws {
        let found = try scan(["TagObject.swift": "import Foundation\n"])
        #expect(found.map(\.origin) == [.humanFileName])
        #expect(found.first?.alwaysClashes == false)
        #expect(found.first?.advice.contains("pass --human-file-suffix +Model") == true)
        #expect(try scan(["TagObject.swift": "import Foundation\n"], suffix: "+Model").isEmpty)
    }

    @Test func aFileInsteadOfAFolderIsAnError() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Item.swift")
        try write("class Item {}\n", to: file)
        #expect(throws: DiagnosticsError.self) { try ClashingSourceScan.find(in: [file.path], classNames: Self.classNames) }
    }
}

/// Writing the edits: every model file or none, and a new model version beside the others.
@Suite struct ModelFileWritingTests {
    @Test func everyFileIsReplaced() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["a", "b"].map { folder.appendingPathComponent($0).path }
        for path in paths { try write("old", to: URL(fileURLWithPath: path)) }
        try ModelFileReplacement.replace(paths.map { ($0, Array("new \($0)".utf8)) })
        for path in paths { #expect(try String(contentsOfFile: path, encoding: .utf8) == "new \(path)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a", "b"])
    }

    @Test func aFileThatCannotBeWrittenLeavesEveryFileAsItWas() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let present = folder.appendingPathComponent("present").path
        try write("old", to: URL(fileURLWithPath: present))
        let missing = folder.appendingPathComponent("missing/contents").path
        #expect(throws: DiagnosticsError.self) {
            try ModelFileReplacement.replace([(present, Array("new".utf8)), (missing, Array("new".utf8))])
        }
        #expect(try String(contentsOfFile: present, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["present"])
    }

    @Test func aNewVersionIsACopyWithNewContentsAndMayBecomeCurrent() throws {
        let model = try AdoptionModel()
        defer { model.remove() }
        let bundle = model.folder.appendingPathComponent("Model.xcdatamodeld").path
        let source = model.contents.deletingLastPathComponent().path
        try ModelVersionCreation.create(
            bundlePath: bundle, copying: source, as: "Model 2", contents: Array("edited".utf8), makeCurrent: false, currentName: "Model")
        #expect(try String(contentsOfFile: "\(bundle)/Model 2.xcdatamodel/contents", encoding: .utf8) == "edited")
        // Without a current-version file Xcode would take the new version: one naming the old one is written.
        let currentVersion = try String(contentsOfFile: "\(bundle)/.xccurrentversion", encoding: .utf8)
        #expect(currentVersion.contains("<string>Model.xcdatamodel</string>"))

        try ModelVersionCreation.create(
            bundlePath: bundle, copying: source, as: "Model 3", contents: Array("third".utf8), makeCurrent: true, currentName: "Model")
        #expect(try String(contentsOfFile: "\(bundle)/.xccurrentversion", encoding: .utf8).contains("<string>Model 3.xcdatamodel</string>"))
        #expect(throws: DiagnosticsError.self) {
            try ModelVersionCreation.create(
                bundlePath: bundle, copying: source, as: "Model 2", contents: [], makeCurrent: false, currentName: "Model")
        }
        #expect(try String(contentsOfFile: "\(bundle)/Model 2.xcdatamodel/contents", encoding: .utf8) == "edited")
        // No temporary folder is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: bundle).filter { $0.hasPrefix(".") } == [".xccurrentversion"])
    }

    @Test func namesSplitAtTheirTrailingNumber() {
        #expect(ModelVersionCreation.splitTrailingNumber("Shop V 58") == ("Shop V ", 58))
        #expect(ModelVersionCreation.splitTrailingNumber("Model") == ("Model", nil))
        #expect(ModelVersionCreation.splitTrailingNumber("2021") == ("2021", nil))
    }
}
