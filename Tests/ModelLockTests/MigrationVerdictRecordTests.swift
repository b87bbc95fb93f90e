import Foundation
import ManagedModel
import ModelReader
import TestSupport
import Testing

@testable import ModelLock

/// The lock's record of the straight hops into each version (`straight-hops=`, issue 46): what it vouches for is what
/// `migration-check` finds, it round-trips through the file, and it is not trusted once its versions moved or changed.
@Suite struct MigrationVerdictRecordTests {
    /// `Fixtures/MigrationRules/Migrations.xcdatamodeld`, locked in natural order with contents digests.
    static func locked() throws -> (lock: ModelLock, schemas: [String: Schema]) {
        let bundle = TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationRules/Migrations.xcdatamodeld").path
        let loaded = try ModelLoader.loadAllVersions(bundle)
        let schemas = Dictionary(uniqueKeysWithValues: loaded.map { ($0.schema.versionName, $0.schema) })
        let order = ModelLock.assumedShippingOrder(
            naturallyOrdered: loaded.map(\.schema.versionName), current: loaded[0].bundle.currentVersionName)
        let versions = try order.map { name in
            var fingerprint = StoreFingerprint(schemas[name]!)
            fingerprint.contentsDigest = FingerprintHash.digest([UInt8](try Data(contentsOf: URL(fileURLWithPath: schemas[name]!.contentsPath))))
            return fingerprint
        }
        return (ModelLock(versions: versions), schemas)
    }

    @Test func aRecordVouchesForWhatMigrationCheckFinds() throws {
        let (lock, schemas) = try Self.locked()
        #expect(lock.versions.count > 2)
        let recorded = lock.recordingStraightHops { schemas[$0]! }
        let vouched = recorded.recordedStraightHops { _ in true }
        var straightHops = 0
        for (index, version) in recorded.versions.enumerated().dropFirst() {
            let record = try #require(version.straightHops)
            #expect(record.count >= 1 && record.count <= index)
            for above in 1...record.count {
                let from = recorded.versions[index - above].versionName
                let findings = MigrationCheck.findings(from: schemas[from]!, to: schemas[version.versionName]!)
                let straight = findings.allSatisfy { $0.kind == .dataLoss }
                #expect(vouched[version.versionName]?.contains(from) == straight, "\(from) -> \(version.versionName)")
                if straight { straightHops += 1 }
            }
        }
        #expect(straightHops > 0)
        #expect(recorded.versions[0].straightHops == nil)
    }

    @Test func theRecordRoundTripsThroughTheLockFile() throws {
        let (lock, schemas) = try Self.locked()
        let recorded = lock.recordingStraightHops { schemas[$0]! }
        let text = recorded.text(modelName: "Migrations")
        #expect(text.contains(" straight-hops="))
        let parsed = try ModelLock.parse(text, path: "Migrations.managed-codegen.lock")
        #expect(parsed.versions.map(\.straightHops) == recorded.versions.map(\.straightHops))
        #expect(parsed.text(modelName: "Migrations") == text)
        // Recording again keeps every record: nothing is read.
        let again = parsed.recordingStraightHops { name in
            Issue.record("read \(name) although its record holds")
            return schemas[name]!
        }
        #expect(again.versions.map(\.straightHops) == recorded.versions.map(\.straightHops))
    }

    @Test func runsAreWrittenNearestFirst() {
        let record = StraightHopRecord(straight: [true, true, false, true], digest: "0123456789abcdef")
        #expect(record.runs == [2, -1, 1])
        #expect(record.text == "2,-1,1/0123456789abcdef")
        #expect(StraightHopRecord(text: record.text) == record)
        #expect(record.straight == [true, true, false, true])
        for unreadable in ["2,0,1/0123456789abcdef", "2/0123", "x/0123456789abcdef", "2,-1"] {
            #expect(StraightHopRecord(text: unreadable) == nil, "\(unreadable)")
        }
    }

    /// A lock reordered by hand, a version whose bytes changed, or a file that no longer has the lock's digest: the
    /// record is not trusted (the plan checks those hops again).
    @Test func aRecordWhoseVersionsMovedOrChangedIsNotTrusted() throws {
        let (lock, schemas) = try Self.locked()
        let recorded = lock.recordingStraightHops { schemas[$0]! }
        let last = try #require(recorded.versions.last?.versionName)
        #expect(recorded.recordedStraightHops { _ in true }[last] != nil)

        var reordered = recorded
        reordered.versions.swapAt(0, 1)
        #expect(reordered.recordedStraightHops { _ in true }[recorded.versions[1].versionName] == nil)

        var edited = recorded
        edited.versions[edited.versions.count - 2].contentsDigest = "0000000000000000"
        #expect(edited.recordedStraightHops { _ in true }[last] == nil)

        #expect(recorded.recordedStraightHops { $0 != last }[last] == nil)
    }

    /// The verdicts a record vouches for, over the fixtures' versions: when migration-check's findings change,
    /// this digest changes, and ``MigrationVerdictRecord/revision`` must be raised with it (records made by the
    /// earlier rules are then checked again instead of trusted).
    @Test func theRevisionMovesWithTheVerdicts() throws {
        var lines: [String] = []
        for fixture in ["MigrationRules/Migrations", "MigrationRules/VersionHashes", "MigrationPlan/Journal"] {
            let bundle = TestSupport.packageRoot.appendingPathComponent("Fixtures/\(fixture).xcdatamodeld").path
            let schemas = try ModelLoader.loadAllVersions(bundle).map(\.schema)
            for from in schemas {
                for to in schemas where to.versionName != from.versionName {
                    let straight = MigrationVerdictRecord.isStraight(MigrationCheck.findings(from: from, to: to))
                    lines.append("\(fixture) \(from.versionName) \(to.versionName) \(straight)")
                }
            }
        }
        let verdicts = FingerprintHash.hex(lines)
        let expected = (revision: 1, verdicts: "5a4e1f0d9c7e44f0")
        #expect(
            MigrationVerdictRecord.revision == expected.revision && verdicts == expected.verdicts,
            "the straight verdicts over the fixtures are \(verdicts): if migration-check changed, raise MigrationVerdictRecord.revision and set both here")
    }
}
