import Foundation
import ManagedModel
import ModelReader
import TestSupport
import Testing

@testable import ModelLock

/// The lock's record of the hops into each version (`straight-hops=`, `hop-findings=`, issue 46): what it vouches for
/// is what `migration-check` finds, it round-trips through the file, and it is not trusted once its versions moved or
/// changed, or its findings were edited.
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
        let vouched = recorded.recordedHops { _ in true }
        var straightHops = 0
        var customHops = 0
        for (index, version) in recorded.versions.enumerated().dropFirst() {
            let record = try #require(version.straightHops)
            #expect(record.count >= 1 && record.count <= index)
            for above in 1...record.count {
                let from = recorded.versions[index - above].versionName
                let findings = MigrationCheck.findings(from: schemas[from]!, to: schemas[version.versionName]!)
                let straight = findings.allSatisfy { $0.kind == .dataLoss }
                // A hop with a finding: its first may-fail and first not-inferable finding, kind and what changes.
                let planned = try #require(RecordedFinding.planned(findings, destination: schemas[version.versionName]!.contentsPath))
                #expect(vouched[version.versionName]?[from] == planned, "\(from) -> \(version.versionName)")
                #expect(planned.isEmpty == straight)
                if straight { straightHops += 1 } else { customHops += 1 }
            }
        }
        #expect(straightHops > 0 && customHops > 0)
        #expect(recorded.versions[0].straightHops == nil)
    }

    @Test func theRecordRoundTripsThroughTheLockFile() throws {
        let (lock, schemas) = try Self.locked()
        let recorded = lock.recordingStraightHops { schemas[$0]! }
        let text = recorded.text(modelName: "Migrations")
        #expect(text.contains(" straight-hops=") && text.contains(" hop-findings=\""))
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

    @Test func runsAreWrittenNearestFirst() throws {
        let record = StraightHopRecord(straight: [true, true, false, true], digest: "0123456789abcdef")
        #expect(record.runs == [2, -1, 1])
        #expect(record.text == "2,-1,1/0123456789abcdef")
        #expect(StraightHopRecord(text: record.text) == record)
        #expect(record.straight == [true, true, false, true])
        for unreadable in ["2,0,1/0123456789abcdef", "2/0123", "x/0123456789abcdef", "2,-1"] {
            #expect(StraightHopRecord(text: unreadable) == nil, "\(unreadable)")
        }
        let findings: [Int: [RecordedFinding]] = [
            3: [.init(kind: .mayFail, line: 12, message: "attribute Entry.mood became non-optional: give it a default")],
            1: [
                .init(kind: .notInferable, line: 7, message: "relationship Entry.tags became to-one: (which object would it keep?)"),
                .init(kind: .mayFail, line: 9, message: "new attribute Entry.day is non-optional; make it optional"),
            ],
        ]
        let withFindings = StraightHopRecord(straight: [false, true, false], digest: "0123456789abcdef", findings: findings)
        #expect(withFindings.findingsText == "1 not inferable at line 7: relationship Entry.tags became to-one: (which object would it keep?)\n"
            + "1 may fail at line 9: new attribute Entry.day is non-optional; make it optional\n"
            + "3 may fail at line 12: attribute Entry.mood became non-optional: give it a default")
        #expect(StraightHopRecord.findings(text: withFindings.findingsText) == findings)
        for unreadable in ["x may fail at line 1: a", "1 may fail at line x: a", "1 may fail: a", "0 may fail at line 1: a", "1 maybe at line 1: a", "1 may fail at line 1: "] {
            #expect(StraightHopRecord.findings(text: unreadable) == nil, "\(unreadable)")
        }
        // An unreadable `hop-findings=` leaves the version without a record.
        let lock = try ModelLock.parse(
            "lock-format 2\n\nversion A 0000000000000000\n\nversion B 0000000000000000 straight-hops=-1/0123456789abcdef hop-findings=\"1 maybe at line 1: a\"\n",
            path: "M.managed-codegen.lock")
        #expect(lock.versions.map(\.straightHops) == [nil, nil])
    }

    /// A lock reordered by hand, a version whose bytes changed, or a file that no longer has the lock's digest: the
    /// record is not trusted (the plan checks those hops again).
    @Test func aRecordWhoseVersionsMovedOrChangedIsNotTrusted() throws {
        let (lock, schemas) = try Self.locked()
        let recorded = lock.recordingStraightHops { schemas[$0]! }
        let last = try #require(recorded.versions.last?.versionName)
        #expect(recorded.recordedHops { _ in true }[last] != nil)

        var reordered = recorded
        reordered.versions.swapAt(0, 1)
        #expect(reordered.recordedHops { _ in true }[recorded.versions[1].versionName] == nil)

        var edited = recorded
        edited.versions[edited.versions.count - 2].contentsDigest = "0000000000000000"
        #expect(edited.recordedHops { _ in true }[last] == nil)

        #expect(recorded.recordedHops { $0 != last }[last] == nil)

        // What the plan needs of a hop's findings, edited: the digest covers it.
        var retold = recorded
        let index = try #require(retold.versions.lastIndex { $0.straightHops?.findings.isEmpty == false })
        let above = try #require(retold.versions[index].straightHops?.findings.keys.min())
        retold.versions[index].straightHops?.findings[above]?[0].message += " (edited)"
        #expect(retold.recordedHops { _ in true }[retold.versions[index].versionName] == nil)
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
                    let findings = MigrationCheck.findings(from: from, to: to)
                    let straight = MigrationVerdictRecord.isStraight(findings)
                    let planned = RecordedFinding.planned(findings, destination: to.contentsPath)?.map { "\($0.kind.rawValue) \($0.line): \($0.message)" }
                    lines.append("\(fixture) \(from.versionName) \(to.versionName) \(straight) \(planned.map { "\($0)" } ?? "-")")
                }
            }
        }
        let verdicts = FingerprintHash.hex(lines)
        let expected = (revision: 2, verdicts: "8ab1ca00285d67c4")
        #expect(
            MigrationVerdictRecord.revision == expected.revision && verdicts == expected.verdicts,
            "the verdicts over the fixtures (and what the plan needs of their findings) are \(verdicts): if migration-check changed, raise MigrationVerdictRecord.revision and set both here")
    }
}
