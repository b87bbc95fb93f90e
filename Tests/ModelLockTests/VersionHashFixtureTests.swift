import Foundation
import ManagedModel
import ModelLock
import ModelReader
import TestSupport
import Testing

/// One fixture version per version-hash fact (Fixtures/MigrationRules/VersionHashes.xcdatamodeld, written by
/// scripts/make-migration-fixture.py): the lock of the base version must refuse exactly the versions whose Core
/// Data version hashes differ, naming the change, and let the others pass.
@Suite struct VersionHashFixtureTests {
    static let bundle = TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationRules/VersionHashes.xcdatamodeld").path

    /// Each `changes-…` version: the changes the lock reports against the base, in order. (Composite elements
    /// are flattened, nested composite `coordinates` into `latitude` and `longitude`, and sorted by name.)
    static let expectedChanges: [String: [String]] = [
        "changes-attribute-optional": ["attribute Item.price became non-optional"],
        "changes-attribute-type": ["attribute Item.weight changed its type from Double to Float"],
        "changes-attribute-external-storage": ["attribute Item.blob now allows external storage"],
        "changes-attribute-preserve-after-deletion": ["attribute Item.price now preserves its value after deletion"],
        "changes-attribute-version-hash-modifier": ["attribute Item.price changed its version hash modifier from - to 2"],
        // Transient properties are not hashed: to the lock, the attribute is gone.
        "changes-attribute-becomes-transient": ["attribute Item.price was removed"],
        "changes-attribute-added": ["attribute Person.email was added"],
        // In Core Data's spelling (`lines.@count` is held as `count:(lines)`, issue 44).
        "changes-derivation-expression": [
            "attribute Item.lineCount changed its derivation expression from count:(lines) to count:(related)"
        ],
        "changes-composite-element": [
            "attribute Item.place changed its composite elements from label(type:String), latitude(type:Double), longitude(type:Double) "
                + "to label(type:String optional:YES), latitude(type:Double), longitude(type:Double)"
        ],
        "changes-nested-composite-element": [
            "attribute Item.place changed its composite elements from label(type:String), latitude(type:Double), longitude(type:Double) "
                + "to label(type:String), latitude(type:Float), longitude(type:Double)"
        ],
        "changes-relationship-optional": ["relationship Item.owner became non-optional"],
        "changes-relationship-destination": ["relationship Person.best changed its destination from Item to Line"],
        "changes-relationship-inverse": [
            "relationship Item.lines changed its inverse from item to order", "relationship Line.item was removed",
            "relationship Line.order was added",
        ],
        "changes-relationship-min-count": ["relationship Person.items changed its minimum count from 0 to 1"],
        "changes-relationship-max-count": ["relationship Person.items changed its maximum count from 0 to 5"],
        "changes-relationship-ordered": ["relationship Person.items became ordered"],
        "changes-entity-abstract": ["entity Person became abstract"],
        "changes-entity-version-hash-modifier": ["entity Person changed its version hash modifier from - to 2"],
        "changes-entity-uniqueness-constraint": ["entity Item changed its uniqueness constraints from name to name;price,weight"],
        // Reported once, at the parent; the child's hash changes with it (below).
        "changes-parent-entity-attribute": ["attribute Record.created became non-optional"],
    ]

    static let versions: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: bundle)) ?? []
        return names.filter { $0.hasSuffix(".xcdatamodel") && $0 != "00-base.xcdatamodel" }
            .map { String($0.dropLast(".xcdatamodel".count)) }.sorted()
    }()

    static func fingerprint(_ version: String) throws -> StoreFingerprint {
        StoreFingerprint(try ModelLoader.load(bundle, version: version).schema)
    }

    @Test(arguments: versions)
    func lockVerdictFollowsTheVersionHash(version: String) throws {
        let base = try Self.fingerprint("00-base")
        let edited = try Self.fingerprint(version)
        let changes = LockCheck.changes(from: base, to: edited, contentsPath: "contents").map(\.description)
        if version.hasPrefix("same-") {
            #expect(changes.isEmpty, "\(changes)")
            #expect(base.hash == edited.hash)
            #expect(base.entities.map(\.hash) == edited.entities.map(\.hash))
        } else {
            let expected = try #require(Self.expectedChanges[version], "no expected changes for \(version)")
            #expect(changes == expected)
            #expect(base.hash != edited.hash)
        }
    }

    /// The lock file round-trips every version, and a lock of the base, read back, gives the same verdicts.
    @Test func lockFileOfEveryVersionRoundTrips() throws {
        let lock = ModelLock(versions: try (["00-base"] + Self.versions).map(Self.fingerprint))
        let text = lock.text(modelName: "VersionHashes")
        let parsed = try ModelLock.parse(text, path: "VersionHashes.managed-codegen.lock")
        #expect(parsed == lock)
        #expect(parsed.text(modelName: "VersionHashes") == text)
    }

    /// The entity hash includes the parent's: a changed parent changes every child's hash, though the child's
    /// own lines are the same.
    @Test func aParentsChangeChangesTheChildsHash() throws {
        let base = try Self.fingerprint("00-base")
        let edited = try Self.fingerprint("changes-parent-entity-attribute")
        #expect(base.entity(named: "Item")?.hash != edited.entity(named: "Item")?.hash)
        #expect(base.entity(named: "Item")?.properties == edited.entity(named: "Item")?.properties)
        #expect(base.entity(named: "Person")?.hash == edited.entity(named: "Person")?.hash)
    }

    @Test func everyChangingVersionHasItsExpectation() {
        #expect(Set(Self.versions.filter { $0.hasPrefix("changes-") }) == Set(Self.expectedChanges.keys))
        #expect(Self.versions.filter { $0.hasPrefix("same-") }.count == 15)
    }
}

private let corpusFolder = TestSupport.corpus
private let corpusIsPresent = TestSupport.corpusIsPresent

/// Every version of every real model in `../shared/corpus`: its lock file reads back as written, and the same
/// model read twice has the same hashes (nothing in the fingerprint depends on the run).
@Suite(.enabled(if: corpusIsPresent, "../shared/corpus is absent; corpus lock tests skipped"))
struct CorpusLockTests {
    static let corpus = corpusFolder

    @Test func everyCorpusModelsLockRoundTrips() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        var locked = 0
        for folder in folders {
            // Each corpus folder holds one bundle: a `.xcdatamodeld`, else a bare `.xcdatamodel`.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.corpus.appendingPathComponent(folder).path)) ?? []
            guard let bundle = names.sorted().first(where: { $0.hasSuffix(".xcdatamodeld") }) ?? names.first(where: { $0.hasSuffix(".xcdatamodel") }),
                let versions = try? ModelLoader.loadAllVersions(Self.corpus.appendingPathComponent(folder).appendingPathComponent(bundle).path)
            else { continue }
            let lock = ModelLock(versions: versions.map { StoreFingerprint($0.schema) })
            let text = lock.text(modelName: "Corpus")
            let parsed = try ModelLock.parse(text, path: "\(folder).lock")
            #expect(parsed == lock, "\(folder)")
            #expect(parsed.versions.map(\.hash) == versions.map { StoreFingerprint($0.schema).hash }, "\(folder)")
            locked += 1
        }
        #expect(locked >= 90)
    }
}
