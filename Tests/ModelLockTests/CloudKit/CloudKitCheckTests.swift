import Foundation
import ManagedModel
import ModelLock
import ModelReader
import TestSupport
import Testing

/// `generate`'s CloudKit validation stage: `Fixtures/CloudKit/CloudKitRules` breaks every rule once in the
/// configuration marked Used with CloudKit (`Cloud`) and again in one that is not (`Local`); `PhotoSharing` (Apple's
/// sample "Sharing Core Data objects between iCloud users", transient and derived properties added) and
/// `GalleryHistory` (a shipped synced app's history: EhPanda's `GalleryMO`) are the validator's real shapes.
@Suite struct CloudKitCheckTests {
    static let fixture = TestSupport.packageRoot.appendingPathComponent("Fixtures/CloudKit/CloudKitRules.xcdatamodeld").path

    static func schema() throws -> Schema { try ModelLoader.load(fixture).schema }

    /// The line of the model file a diagnostic points at.
    static func line(of diagnostic: Diagnostic) throws -> String {
        let location = try #require(diagnostic.location)
        let lines = try String(contentsOfFile: location.path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        return String(lines[location.line - 1])
    }

    @Test func everyRuleIsReportedOnceInTheSyncedConfigurationOnly() throws {
        let diagnostics = CloudKitCheck.diagnostics(try Self.schema(), setting: nil)
        #expect(diagnostics.all.allSatisfy { $0.severity == .error })
        #expect(diagnostics.all.compactMap(\.ruleID).sorted() == CloudKitRules.all.map(\.id).sorted(), "\(diagnostics.all)")
        for diagnostic in diagnostics.all {
            #expect(diagnostic.message.contains("CloudNote"), "\(diagnostic)")
            #expect(!diagnostic.message.contains("LocalNote.") && !diagnostic.message.contains("entity LocalNote"), "\(diagnostic)")
            #expect(diagnostic.message.contains("configuration 'Cloud'"), "\(diagnostic)")
        }
        // At the element that breaks the rule, with what to change.
        let expected: [(Rule, String, String)] = [
            (CloudKitRules.uniqueConstraint, "<entity name=\"CloudNote\"", "remove them"),
            (CloudKitRules.requiredAttribute, "<attribute name=\"title\"", "make it optional or give it a default value"),
            (CloudKitRules.unsupportedAttributeType, "<attribute name=\"scratch\"", "give it another type"),
            (CloudKitRules.requiredRelationship, "<relationship name=\"folder\"", "make it optional"),
            (CloudKitRules.noInverse, "<relationship name=\"parent\"", "add an inverse relationship on CloudFolder"),
            (CloudKitRules.denyRule, "<relationship name=\"attachments\"", "use Nullify or Cascade"),
            (CloudKitRules.orderedRelationship, "<relationship name=\"related\"", "make it unordered"),
            (CloudKitRules.crossConfiguration, "<relationship name=\"local\"", "add LocalNote to 'Cloud'"),
        ]
        for (rule, element, advice) in expected {
            let found = try #require(diagnostics.all.first { $0.ruleID == rule.id }, "\(rule.id) not reported")
            let line = try Self.line(of: found)
            #expect(line.contains(element), "\(rule.id) at \(line)")
            #expect(found.message.contains(advice), "\(found.message)")
        }
        // A store loaded without CloudKit loads whatever the mark says: each error names both ways out.
        for diagnostic in diagnostics.all {
            #expect(diagnostic.message.contains(
                "or, if this store does not sync, clear Used with CloudKit on configuration 'Cloud' in Xcode's Data Model inspector, "
                    + "or set `cloudkit: false`"), "\(diagnostic.message)")
        }
    }

    static func photoSharing() throws -> Schema {
        try ModelLoader.load(TestSupport.packageRoot.appendingPathComponent("Fixtures/CloudKit/PhotoSharing.xcdatamodeld").path).schema
    }

    /// The validator walks every attribute and relationship of a synced entity: a required transient without a default,
    /// a required derived attribute (which takes no default), transient attributes of type Undefined and Object ID, and a
    /// transient relationship without an inverse are each refused; the rest of Apple's sample passes.
    @Test func transientAndDerivedPropertiesAreCheckedLikeTheOthers() throws {
        let diagnostics = CloudKitCheck.diagnostics(try Self.photoSharing(), setting: nil).all
        let found = try diagnostics.map { ($0.ruleID ?? "", try Self.line(of: $0).trimmingCharacters(in: .whitespaces)) }
        let expected: [(Rule, String)] = [
            (CloudKitRules.requiredAttribute, "<attribute name=\"isSelected\""),
            (CloudKitRules.unsupportedAttributeType, "<attribute name=\"pendingObjectID\""),
            (CloudKitRules.unsupportedAttributeType, "<attribute name=\"thumbnailCache\""),
            (CloudKitRules.noInverse, "<relationship name=\"selectedTag\""),
            (CloudKitRules.requiredAttribute, "<attribute name=\"photoCount\""),
        ]
        #expect(found.count == expected.count, "\(diagnostics)")
        for (rule, element) in expected {
            #expect(found.contains { $0.0 == rule.id && $0.1.hasPrefix(element) }, "\(rule.id) at \(element): \(diagnostics)")
        }
        let messages = diagnostics.map(\.message)
        #expect(messages.contains { $0.hasPrefix("transient attribute Photo.isSelected is required without a default value") })
        #expect(messages.contains { $0.hasPrefix("derived attribute Tag.photoCount is required") && $0.contains("a derived attribute takes no default value") })
        #expect(messages.contains { $0.hasPrefix("transient attribute Photo.pendingObjectID has type Object ID") })
        #expect(messages.contains { $0.hasPrefix("transient attribute Photo.thumbnailCache has type Undefined") })
        #expect(messages.contains { $0.hasPrefix("transient relationship Photo.selectedTag has no inverse") })
        #expect(messages.allSatisfy { $0.contains("clear Used with CloudKit in Xcode's Data Model inspector, or set `cloudkit: false`") })
    }

    /// A Boolean turned Integer 16 keeps `defaultValueString="NO"` (EhPanda's `isFavored`, here in `GalleryHistory`'s
    /// current version): the reader cannot read it as an integer and warns, but momc compiles it to a number and the
    /// shipped app loads, so the check does not call it required without a default. A Decimal's unreadable default
    /// is not assumed to compile (no source says how).
    @Test func anIntegerDefaultOfAnotherTypeStillCounts() throws {
        let loaded = try ModelLoader.load(TestSupport.packageRoot.appendingPathComponent("Fixtures/CloudKit/GalleryHistory.xcdatamodeld").path)
        let favored = try #require(loaded.schema.entity(named: "GalleryMO")?.attributes.first { $0.name == "isFavored" })
        #expect(favored.type == .integer16 && !favored.isOptional && favored.defaultValue == nil && favored.unreadableDefaultValue == "NO")
        #expect(loaded.diagnostics.all.contains { $0.message.contains("defaultValueString 'NO'") }, "the reader still warns")
        #expect(CloudKitCheck.diagnostics(loaded.schema, setting: nil).all.isEmpty, "\(CloudKitCheck.diagnostics(loaded.schema, setting: nil).all)")
        #expect(favored.hasCompiledDefault && !favored.requiresValueInCompiledModel, "Attribute.hasCompiledDefault (CoreDataMapping) decides")
    }

    @Test func cloudkitFalseChecksNothing() throws {
        #expect(CloudKitCheck.diagnostics(try Self.schema(), setting: false).all.isEmpty)
    }

    /// Nothing marked: `cloudkit: true` checks every entity (the Local ones too), as one store without configurations.
    @Test func cloudkitTrueWithoutMarksChecksEveryEntity() throws {
        var schema = try Self.schema()
        schema.configurations = schema.configurations.map { var configuration = $0; configuration.usedWithCloudKit = false; return configuration }
        #expect(CloudKitCheck.diagnostics(schema, setting: nil).all.isEmpty, "nothing marked, nothing set")
        let diagnostics = CloudKitCheck.diagnostics(schema, setting: true)
        let ids = diagnostics.all.compactMap(\.ruleID)
        #expect(ids.filter { $0 == CloudKitRules.requiredAttribute.id }.count == 2, "\(diagnostics.all)")
        #expect(diagnostics.all.contains { $0.message.contains("LocalNote.title") && $0.message.contains("`cloudkit: true`") })
        #expect(!ids.contains(CloudKitRules.crossConfiguration.id), "one store holds every entity")
        #expect(diagnostics.all.allSatisfy { $0.message.hasSuffix("or, if this store does not sync, remove `cloudkit: true`") }, "\(diagnostics.all)")
    }

    /// The model marked: every entity syncs (Core Data's Default configuration), each reported once.
    @Test func aMarkedModelChecksEveryEntityOnce() throws {
        var schema = try Self.schema()
        schema.usedWithCloudKit = true
        let diagnostics = CloudKitCheck.diagnostics(schema, setting: nil)
        let required = diagnostics.all.filter { $0.ruleID == CloudKitRules.requiredAttribute.id }
        #expect(required.count == 2 && required.allSatisfy { $0.message.contains("the model is marked Used with CloudKit") }, "\(required)")
        // The marked configuration still may not point outside itself.
        #expect(diagnostics.all.filter { $0.ruleID == CloudKitRules.crossConfiguration.id }.count == 1)
    }

    @Test func inheritedPropertiesAreCheckedWhereTheySync() throws {
        let location = SourceLocation(path: "m", line: 1)
        let parent = Entity(name: "Base", location: location, attributes: [Attribute(name: "name", location: location, type: .string)])
        var child = Entity(name: "Child", location: location, parentName: "Base")
        child.attributes = [Attribute(name: "extra", location: location, type: .string, isOptional: true)]
        let configuration = Configuration(name: "Cloud", location: location, usedWithCloudKit: true, memberEntities: ["Child"])
        let schema = Schema(contentsPath: "m", modelName: "M", versionName: "M", entities: [parent, child], configurations: [configuration])
        let messages = CloudKitCheck.diagnostics(schema, setting: nil).all.map(\.message)
        #expect(messages.count == 1 && messages[0].contains("attribute Child.name"), "\(messages)")
    }
}

/// Real shipped models marked Used with CloudKit load in NSPersistentCloudKitContainer, so none may get a CloudKit error.
@Suite(.enabled(if: TestSupport.corpusIsPresent, "../shared/corpus is absent; CloudKit corpus test skipped"))
struct CloudKitCorpusTests {
    @Test func markedCorpusModelsPassTheCheck() throws {
        var checked = 0
        var failures: [String] = []
        let folders = try FileManager.default.contentsOfDirectory(atPath: TestSupport.corpus.path).sorted()
        for folder in folders {
            let url = TestSupport.corpus.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path),
                let bundle = names.first(where: { $0.hasSuffix(".xcdatamodeld") }) ?? names.first(where: { $0.hasSuffix(".xcdatamodel") })
            else { continue }
            for loaded in try ModelLoader.loadAllVersions(url.appendingPathComponent(bundle).path) {
                let schema = loaded.schema
                guard !CloudKitScope(schema, setting: nil).isEmpty else { continue }
                checked += 1
                failures += CloudKitCheck.diagnostics(schema, setting: nil).all.map { "\(folder) \(schema.versionName): \($0)" }
            }
        }
        #expect(checked >= 5, "marked corpus versions checked: \(checked)")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
