import ManagedModel
import ModelLock
import ModelReader
import TestSupport
import Testing

/// A synced model's version after a locked one: what CloudKit's production schema refuses, one test per change kind.
@Suite struct CloudKitAppendOnlyTests {
    static func attribute(_ name: String, _ type: AttributeType = .string, line: Int = 2, renamingFrom: String? = nil) -> Attribute {
        Attribute(name: name, location: Build.location(line), type: type, isOptional: true, renamingIdentifier: renamingFrom)
    }

    /// Version `name`, marked Used with CloudKit (or not), with `Note` (title, body) and `Folder`, unless changed.
    static func version(
        _ name: String, synced: Bool = true, note: [Attribute]? = nil, entities extra: [Entity] = [], dropFolder: Bool = false
    ) -> Schema {
        var schema = Build.schema(
            [Build.entity("Note", line: 1, attributes: note ?? [attribute("body", line: 2), attribute("title", line: 3)])]
                + (dropFolder ? [] : [Build.entity("Folder", line: 10, attributes: [attribute("name", line: 11)])]) + extra)
        schema.versionName = name
        schema.usedWithCloudKit = synced
        return schema
    }

    static func findings(_ deployed: [Schema], _ current: Schema, setting: Bool? = nil) -> [CloudKitAppendOnly.Finding] {
        CloudKitAppendOnly.findings(deployed: deployed, current: current, setting: setting)
    }

    @Test func addingEntitiesAttributesAndRelationshipsPasses() {
        var note = Build.entity("Note", line: 1, attributes: [Self.attribute("body"), Self.attribute("title"), Self.attribute("pinned", .boolean)])
        note.relationships = [Build.toOne("folder", "Folder", optional: true)]
        var current = Self.version("V2", entities: [Build.entity("Tag", line: 20)])
        current.entities[0] = note
        #expect(Self.findings([Self.version("V1")], current).isEmpty)
    }

    @Test func removingASyncedEntityIsAnError() {
        let found = Self.findings([Self.version("V1")], Self.version("V2", dropFolder: true))
        #expect(found.map(\.rule) == [CloudKitAppendOnly.removed])
        #expect(found.first?.message.contains("entity Folder was removed in 'V2' after locked version 'V1'") == true, "\(found)")
        #expect(found.first?.lockedLocation.line == 10)
    }

    @Test func renamingASyncedEntityIsAnError() {
        var renamed = Build.entity("Directory", line: 30, attributes: [Self.attribute("name")])
        renamed.renamingIdentifier = "Folder"
        let found = Self.findings([Self.version("V1")], Self.version("V2", entities: [renamed], dropFolder: true))
        #expect(found.count == 1 && found[0].message.contains("entity Folder was renamed to Directory"), "\(found)")
        #expect(found.first?.location.line == 30)
    }

    @Test func removingASyncedAttributeIsAnError() {
        let found = Self.findings([Self.version("V1")], Self.version("V2", note: [Self.attribute("title", line: 3)]))
        #expect(found.map(\.rule) == [CloudKitAppendOnly.removed])
        #expect(found.first?.message.contains("attribute Note.body was removed") == true, "\(found)")
        // Removing deletes nothing in CloudKit: the refusal is a compatibility policy for older versions still syncing.
        #expect(found.first?.message.contains("this deletes nothing in CloudKit (its field stays in the production schema)") == true)
        #expect(found.first?.message.contains("devices still running an older version keep syncing it") == true)
        #expect(found.first?.message.contains("refusing the removal is a compatibility policy for those older versions") == true)
    }

    @Test func renamingASyncedAttributeIsAnError() {
        let note = [Self.attribute("text", line: 4, renamingFrom: "body"), Self.attribute("title", line: 3)]
        let found = Self.findings([Self.version("V1")], Self.version("V2", note: note))
        #expect(found.count == 1 && found[0].message.contains("attribute Note.body was renamed to text"), "\(found)")
        #expect(found.first?.location.line == 4)
    }

    /// Compared with the type first deployed: V1 String, V2 (locked) dropped it, V3 brings it back as a Date.
    @Test func changingASyncedAttributesTypeIsAnError() {
        let found = Self.findings([Self.version("V1")], Self.version("V2", note: [Self.attribute("body", .date), Self.attribute("title", line: 3)]))
        #expect(found.map(\.rule) == [CloudKitAppendOnly.typeChanged])
        #expect(found.first?.message.contains("changed type from String to Date") == true, "\(found)")
        let again = Self.findings(
            [Self.version("V1"), Self.version("V2", note: [Self.attribute("title", line: 3)])],
            Self.version("V3", note: [Self.attribute("body", .date), Self.attribute("title", line: 3)]))
        #expect(again.map(\.rule) == [CloudKitAppendOnly.typeChanged], "\(again)")
        #expect(again.first?.message.contains("locked version 'V1' deployed it") == true)
    }

    /// CloudKit has one integer field type, Int(64), and one floating-point type, Double: Integer 16 → 32 → 64 and
    /// Boolean → Integer, and Float → Double, change no field; Integer → Double does.
    @Test func fieldKindsNotAttributeTypesAreCompared() {
        let note = { (type: AttributeType) in [Self.attribute("body", type), Self.attribute("title", line: 3)] }
        for (from, to) in [(AttributeType.integer16, AttributeType.integer32), (.integer32, .integer64), (.integer16, .integer64),
                           (.boolean, .integer16), (.integer64, .boolean), (.float, .double), (.double, .float)] {
            #expect(Self.findings([Self.version("V1", note: note(from))], Self.version("V2", note: note(to))).isEmpty, "\(from) -> \(to)")
        }
        let found = Self.findings([Self.version("V1", note: note(.integer16))], Self.version("V2", note: note(.double)))
        #expect(found.map(\.rule) == [CloudKitAppendOnly.typeChanged])
        #expect(found.first?.message.contains("deployed it to CloudKit with field kind Int(64), which CloudKit cannot change to Double") == true, "\(found)")
        #expect(CloudKitAppendOnly.FieldKind(.uuid) != CloudKitAppendOnly.FieldKind(.string), "an undocumented field type is compared as its type")
    }

    /// A synced app's history (EhPanda's `GalleryMO`, `Fixtures/CloudKit/GalleryHistory`), `Model` and `Model 2`
    /// locked: `Model 3` widens `pageCount` (Integer 16 → 32 → 64), keeps `rating` a Double (Float in `Model`), turns
    /// `isFavored` from Boolean into Integer 16 (all one field kind each: nothing), brings back `archiveURL`, which
    /// `Model 2` removed, as a URI (`Model` deployed a String field: an error) and removes `jpnTitle` (an error).
    @Test func aSyncedHistoryIsComparedWithTheWholeProductionSchema() throws {
        let versions = try ModelLoader.loadAllVersions(
            TestSupport.packageRoot.appendingPathComponent("Fixtures/CloudKit/GalleryHistory.xcdatamodeld").path).map(\.schema)
        #expect(versions.map(\.versionName) == ["Model", "Model 2", "Model 3"])
        let found = CloudKitAppendOnly.findings(deployed: Array(versions.prefix(2)), current: versions[2], setting: nil)
        #expect(found.count == 2, "\(found.map(\.message))")
        #expect(found.contains {
            $0.rule == CloudKitAppendOnly.typeChanged && $0.message.hasPrefix("attribute GalleryMO.archiveURL changed type from String to URI")
                && $0.message.contains("locked version 'Model' deployed it")
        }, "\(found.map(\.message))")
        #expect(found.contains { $0.rule == CloudKitAppendOnly.removed && $0.message.hasPrefix("attribute GalleryMO.jpnTitle was removed in 'Model 3'") })
    }

    @Test func aModelThatDoesNotSyncIsNotChecked() {
        #expect(Self.findings([Self.version("V1", synced: false)], Self.version("V2", synced: false, dropFolder: true)).isEmpty)
        #expect(Self.findings([Self.version("V1")], Self.version("V2", dropFolder: true), setting: false).isEmpty, "cloudkit: false")
    }

    /// Only the synced configuration's entities are compared.
    @Test func entitiesOutsideTheSyncedConfigurationAreNotChecked() {
        var old = Self.version("V1", synced: false)
        old.configurations = [Configuration(name: "Cloud", location: Build.location(40), usedWithCloudKit: true, memberEntities: ["Note"])]
        var new = Self.version("V2", synced: false, dropFolder: true)
        new.configurations = old.configurations
        #expect(Self.findings([old], new).isEmpty)
        new.entities[0].attributes.removeFirst()
        #expect(Self.findings([old], new).map(\.rule) == [CloudKitAppendOnly.removed])
    }
}
