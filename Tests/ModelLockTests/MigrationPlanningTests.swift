import ManagedModel
@testable import ModelLock
import ModelReader
import TestSupport
import Foundation
import Testing

/// The migration plan's stages (issue 36) from a lock's versions and `migration-check`'s verdicts: one kind of hop
/// per test, each verdict given by a table so that what is asked (and what is not) is visible.
@Suite struct MigrationPlanningTests {
    /// A version whose store schema is `schema` (versions with the same one have the same lock hash).
    static func version(_ name: String, schema: String) -> StoreFingerprint {
        StoreFingerprint(versionName: name, entities: [EntityFingerprint(name: "Item", hash: schema, facets: [], properties: [])])
    }

    static func finding(_ kind: MigrationCheck.Finding.Kind) -> MigrationCheck.Finding {
        MigrationCheck.Finding(kind: kind, message: kind.rawValue, location: SourceLocation(path: "contents", line: 1), sourceLocation: nil)
    }

    /// Verdicts by "from>to"; a pair not in the table infers (no finding). Records every pair asked.
    final class Verdicts: @unchecked Sendable {
        let table: [String: MigrationCheck.Finding.Kind]
        var asked: [String] = []
        init(_ table: [String: MigrationCheck.Finding.Kind]) { self.table = table }
        func findings(_ from: String, _ to: String) -> [MigrationCheck.Finding] {
            asked.append("\(from)>\(to)")
            return table["\(from)>\(to)"].map { [MigrationPlanningTests.finding($0)] } ?? []
        }
    }

    static func plan(_ versions: [StoreFingerprint], _ verdicts: Verdicts) -> MigrationPlanStages {
        MigrationPlanning.stages(of: versions, findings: verdicts.findings)
    }

    @Test func inferableHopsMergeIntoOneLightweightStage() {
        let verdicts = Verdicts([:])
        let plan = Self.plan([Self.version("A", schema: "1"), Self.version("B", schema: "2"), Self.version("C", schema: "3")], verdicts)
        #expect(plan.stages == [.lightweight(["A", "B", "C"])])
        #expect(plan.blockedHops.isEmpty && plan.sharedChecksums.isEmpty)
        // A store of A is migrated straight to C by the one stage: that hop is checked too.
        #expect(verdicts.asked.contains("A>C"))
    }

    /// V1→V2 and V2→V3 infer, V1→V3 does not (Apple Developer Forums thread 804902): one lightweight stage would fail.
    @Test func aRunEndsWhereAnEarlierVersionDoesNotMigrateDirectly() {
        let plan = Self.plan(
            [Self.version("A", schema: "1"), Self.version("B", schema: "2"), Self.version("C", schema: "3")],
            Verdicts(["A>C": .notInferable]))
        #expect(plan.stages == [.lightweight(["A"]), .custom(from: "B", to: "C", needsHook: false)])
        #expect(plan.blockedHops.isEmpty)
    }

    /// A revert (issue 44): the current version D has B's store schema. B is planned nowhere (its stores open as
    /// they are) and D comes last, so no stage lists the coordinator's checksum before C's (134506), and the hop
    /// C → D into the reverted schema is checked like any other: here a value becomes required again.
    @Test func aRevertPlansTheCurrentVersionLastAndChecksTheHopIntoIt() {
        let verdicts = Verdicts(["C>D": .mayFail])
        let versions = [Self.version("A", schema: "1"), Self.version("B", schema: "2"), Self.version("C", schema: "3"), Self.version("D", schema: "2")]
        let plan = MigrationPlanning.stages(of: versions, current: "D", findings: verdicts.findings)
        #expect(plan.stages == [.lightweight(["A"]), .custom(from: "C", to: "D", needsHook: true)])
        #expect(plan.sharedChecksums == ["B": "D"])
        #expect(plan.openAsCurrent == ["B"])
        #expect(plan.reasons[.init(from: "C", to: "D")] == .valueBecomesRequired(finding: "may fail"))
        #expect(!verdicts.asked.contains { $0.hasPrefix("B>") || $0.hasSuffix(">B") })
        // Without `current`, the first version with the schema stands for it, and C's stores would be planned ahead
        // of the coordinator's checksum.
        #expect(MigrationPlanning.stages(of: versions, findings: Verdicts([:]).findings).stages == [.lightweight(["A", "B", "C"])])
    }

    /// The hops a store crosses, as `migration-check` and `generate` find its hooks, are the plan's: in a revert, the
    /// version with the current schema opens as the current one (the old rule, the first version with a hash standing
    /// for it, put the current version first and found no hop from C).
    @Test func theStoreSchemaSequenceIsThePlans() {
        let versions = [Self.version("A", schema: "1"), Self.version("B", schema: "2"), Self.version("C", schema: "3"), Self.version("D", schema: "2")]
        let sequence = StoreSchemaSequence(versions, current: "D")
        #expect(sequence.distinct == ["A", "C", "D"])
        #expect(sequence.position(of: "B") == sequence.position(of: "D"))
        #expect(sequence.position(of: "C") == 1 && sequence.position(of: "E") == nil)
        let plan = MigrationPlanning.stages(of: versions, current: "D", findings: Verdicts(["C>D": .mayFail]).findings)
        #expect(plan.sharedChecksums == sequence.sharedChecksums && plan.openAsCurrent == sequence.openAsCurrent)
        let duplicate = StoreSchemaSequence([Self.version("A", schema: "1"), Self.version("B", schema: "1"), Self.version("C", schema: "2")], current: "C")
        #expect(duplicate.distinct == ["A", "C"] && duplicate.position(of: "B") == 0)
    }

    /// Why each custom stage is there (issue 44, item 10): one that stops a straight migration names the version
    /// whose stores it stops, and one between two custom stages says so.
    @Test func everyCustomStageHasAReason() {
        let plan = Self.plan(
            [Self.version("A", schema: "1"), Self.version("B", schema: "2"), Self.version("C", schema: "3"), Self.version("D", schema: "4"),
             Self.version("E", schema: "5")],
            Verdicts(["A>C": .notInferable, "C>D": .mayFail, "D>E": .mayFail]))
        for case .custom(let from, let to, _) in plan.stages {
            #expect(plan.reasons[.init(from: from, to: to)] != nil, "\(from) → \(to) has no reason")
        }
        #expect(plan.reasons[.init(from: "B", to: "C")] == .stopsStraightMigration(straightFrom: "A", finding: "not inferable"))
    }

    @Test func aValueThatMayBeMissingIsACustomStageWithAHook() {
        let plan = Self.plan(
            [Self.version("A", schema: "1"), Self.version("B", schema: "2"), Self.version("C", schema: "3"), Self.version("D", schema: "4")],
            Verdicts(["B>C": .mayFail]))
        // B is the custom stage's source, C its destination: neither is listed in a lightweight stage.
        #expect(plan.stages == [.lightweight(["A"]), .custom(from: "B", to: "C", needsHook: true), .lightweight(["D"])])
    }

    @Test func aHopLightweightMigrationCannotInferBlocksThePlan() {
        let plan = Self.plan([Self.version("A", schema: "1"), Self.version("B", schema: "2")], Verdicts(["A>B": .notInferable]))
        #expect(plan.blockedHops.map { "\($0.from)>\($0.to)" } == ["A>B"])
        #expect(plan.blockedHops.first?.findings.map(\.kind) == [.notInferable])
    }

    /// Data loss on a straight migration does not end a run: it may be data a hop loses too, which a custom stage
    /// would lose as well (telling it from data only the straight migration loses needs lineage: `stages`' comment).
    @Test func dataLossOnAStraightMigrationStaysInTheRun() {
        let plan = Self.plan(
            [Self.version("A", schema: "1"), Self.version("B", schema: "2"), Self.version("C", schema: "3"), Self.version("D", schema: "4")],
            Verdicts(["A>B": .dataLoss, "A>C": .dataLoss, "B>D": .dataLoss, "C>D": .dataLoss, "A>D": .dataLoss]))
        #expect(plan.stages == [.lightweight(["A", "B", "C", "D"])])
    }

    /// Versions with one store schema have one checksum at run time: listed once, the later ones share it.
    @Test func identicalSchemasShareOneChecksum() {
        let verdicts = Verdicts([:])
        let plan = Self.plan(
            [Self.version("A", schema: "1"), Self.version("A2", schema: "1"), Self.version("B", schema: "2"), Self.version("B2", schema: "2")],
            verdicts)
        #expect(plan.stages == [.lightweight(["A", "B"])])
        #expect(plan.sharedChecksums == ["A2": "A", "B2": "B"])
        #expect(!verdicts.asked.contains { $0.contains("2") })
    }

    /// A version a lightweight stage lists appears in no other stage; consecutive custom stages may share a version
    /// (`custom[1->2]->custom[2->3]` migrates: thread 804902); every version is in some stage.
    @Test func noLightweightChecksumIsListedTwice() {
        let names = (0..<8).map { "V\($0)" }
        let plan = Self.plan(
            names.enumerated().map { Self.version($1, schema: "\($0)") },
            Verdicts(["V1>V2": .mayFail, "V2>V3": .mayFail, "V3>V5": .notInferable, "V6>V7": .mayFail]))
        var lightweight: [String] = []
        var custom: Set<String> = []
        for stage in plan.stages {
            switch stage {
            case .lightweight(let versions): lightweight += versions
            case .custom(let from, let to, _): custom.formUnion([from, to])
            }
        }
        #expect(lightweight.count == Set(lightweight).count, "\(plan.stages)")
        #expect(custom.isDisjoint(with: lightweight), "\(plan.stages)")
        #expect(custom.union(lightweight) == Set(names))
        #expect(plan.stages == [
            .lightweight(["V0"]), .custom(from: "V1", to: "V2", needsHook: true), .custom(from: "V2", to: "V3", needsHook: true),
            .custom(from: "V3", to: "V4", needsHook: false), .custom(from: "V4", to: "V5", needsHook: false),
            .custom(from: "V5", to: "V6", needsHook: false), .custom(from: "V6", to: "V7", needsHook: true),
        ])
    }
}

/// ``MigrationCheck/VerdictCache`` gives exactly ``MigrationCheck/findings(from:to:)`` (messages, kinds, lines, order).
@Suite struct MigrationVerdictCacheTests {
    static let fixtures = TestSupport.packageRoot.appendingPathComponent("Fixtures/MigrationPlan")

    /// Every hop between two versions of the fixture, each asked twice in one cache (the second time, the pairs of
    /// entities that found nothing are skipped): Journal has an inferable hop, identical schemas in two files (same
    /// entities, other lines), a value made required, and Counters a hop that is not inferable.
    @Test(arguments: ["Journal", "Counters"]) func theCacheAgreesWithTheCheckOnEveryHop(model: String) throws {
        let loaded = try ModelLoader.loadAllVersions(Self.fixtures.appendingPathComponent("\(model).xcdatamodeld").path)
        let schemas = Dictionary(uniqueKeysWithValues: loaded.map { ($0.schema.versionName, $0.schema) })
        let names = loaded.map(\.schema.versionName)
        var read: [String] = []
        let cache = MigrationCheck.VerdictCache { name in
            read.append(name)
            return schemas[name]!
        }
        var found = 0
        for _ in 0..<2 {
            for (index, source) in names.enumerated() {
                for destination in names[(index + 1)...] {
                    let expected = MigrationCheck.findings(from: schemas[source]!, to: schemas[destination]!)
                    #expect(try cache.findings(from: source, to: destination) == expected, "\(source) -> \(destination)")
                    found += expected.count
                }
            }
        }
        #expect(found > 0, "the fixture's hops find something: the agreement covers findings, not only their absence")
        #expect(read.sorted() == names.sorted(), "each version is read once")
    }

    /// The Journal fixture planned through the cache (`stages(of:schema:)`): the plan `Fixtures/README.md` describes,
    /// each version read once and Journal 3 (Journal 2's schema) never.
    @Test func theJournalFixturePlansThroughTheCache() throws {
        let loaded = try ModelLoader.loadAllVersions(Self.fixtures.appendingPathComponent("Journal.xcdatamodeld").path)
        let schemas = Dictionary(uniqueKeysWithValues: loaded.map { ($0.schema.versionName, $0.schema) })
        let versions = ["Journal", "Journal 2", "Journal 3", "Journal 4", "Journal 5"].map { StoreFingerprint(schemas[$0]!) }
        var read: [String] = []
        let plan = try MigrationPlanning.stages(of: versions) { name in
            read.append(name)
            return schemas[name]!
        }
        #expect(plan.stages == [
            .lightweight(["Journal"]), .custom(from: "Journal 2", to: "Journal 4", needsHook: true), .lightweight(["Journal 5"]),
        ])
        #expect(plan.sharedChecksums == ["Journal 3": "Journal 2"])
        #expect(plan.blockedHops.isEmpty)
        #expect(read.sorted() == ["Journal", "Journal 2", "Journal 4", "Journal 5"])
    }

    /// What spans entities, through the cache: a presumed entity rename (and a relationship that followed it), two
    /// hierarchies merged, and entities sharing a renaming identifier; two destinations with one outline on other
    /// lines, each asked twice.
    @Test func findingsAcrossEntitiesKeepTheirOwnVersionsLines() throws {
        func schema(_ version: String, offset: Int, entities: [(name: String, parent: String?, renamingID: String?, attributes: [String], to: String?)]) -> Schema {
            let path = "\(version).xcdatamodel/contents"
            var line = offset
            func next() -> ManagedModel.SourceLocation {
                line += 1
                return SourceLocation(path: path, line: line)
            }
            return Schema(
                contentsPath: path, modelName: "M", versionName: version,
                entities: entities.map { entity in
                    Entity(
                        name: entity.name, location: next(), parentName: entity.parent, renamingIdentifier: entity.renamingID,
                        attributes: entity.attributes.map { Attribute(name: $0, location: next(), type: .string, isOptional: true) },
                        relationships: entity.to.map { [Relationship(name: "link", location: next(), destinationEntity: $0, isOptional: true)] } ?? [])
                })
        }
        let before: [(name: String, parent: String?, renamingID: String?, attributes: [String], to: String?)] = [
            ("Animal", nil, nil, ["legs"], nil), ("Note", nil, nil, ["title", "body"], nil), ("Plant", nil, nil, ["leaves"], nil),
            ("Tag", nil, nil, ["label"], "Note"),
        ]
        let after: [(name: String, parent: String?, renamingID: String?, attributes: [String], to: String?)] = [
            ("Animal", nil, nil, ["legs"], nil), ("Memo", nil, nil, ["title", "body"], nil), ("Plant", "Animal", nil, ["leaves"], nil),
            ("Tag", nil, nil, ["label"], "Memo"),
        ]
        let shared: [(name: String, parent: String?, renamingID: String?, attributes: [String], to: String?)] = [
            ("Animal", nil, "Plant", ["legs"], nil), ("Plant", nil, nil, ["leaves"], nil),
        ]
        let schemas = [
            "A": schema("A", offset: 2, entities: before), "B": schema("B", offset: 10, entities: after),
            "C": schema("C", offset: 40, entities: after), "D": schema("D", offset: 7, entities: shared),
        ]
        let cache = MigrationCheck.VerdictCache { schemas[$0]! }
        var kinds: Set<MigrationCheck.Finding.Kind> = []
        for (source, destination) in [("A", "B"), ("A", "C"), ("A", "D"), ("B", "D"), ("A", "B"), ("A", "C"), ("C", "D")] {
            let expected = MigrationCheck.findings(from: schemas[source]!, to: schemas[destination]!)
            kinds.formUnion(expected.map(\.kind))
            #expect(try cache.findings(from: source, to: destination) == expected, "\(source) -> \(destination)")
        }
        let renamed = MigrationCheck.findings(from: schemas["A"]!, to: schemas["C"]!).map(\.message)
        #expect(renamed.contains { $0.contains("entity Memo looks like entity Note renamed") }, "\(renamed)")
        #expect(renamed.contains { $0.contains("cannot merge entity hierarchies") }, "\(renamed)")
        #expect(MigrationCheck.findings(from: schemas["A"]!, to: schemas["D"]!).contains { $0.message.contains("same renaming identifier") })
        #expect(kinds == [.dataLoss, .notInferable])
    }

    /// Two versions holding the same entities on other lines: a pair of entities that found something is checked
    /// again, so each hop's findings point at its own files.
    @Test func findingsKeepTheirOwnVersionsLines() throws {
        func schema(_ version: String, line: Int, optional: Bool) -> Schema {
            let path = "\(version).xcdatamodel/contents"
            return Schema(
                contentsPath: path, modelName: "M", versionName: version,
                entities: [Entity(
                    name: "Item", location: SourceLocation(path: path, line: line),
                    attributes: [Attribute(name: "title", location: SourceLocation(path: path, line: line + 1), type: .string, isOptional: optional)])])
        }
        let schemas = ["A": schema("A", line: 3, optional: true), "B": schema("B", line: 5, optional: false), "C": schema("C", line: 9, optional: false)]
        let cache = MigrationCheck.VerdictCache { schemas[$0]! }
        for (source, destination) in [("A", "B"), ("A", "C"), ("A", "B")] {
            let expected = MigrationCheck.findings(from: schemas[source]!, to: schemas[destination]!)
            #expect(expected.map(\.kind) == [.mayFail])
            #expect(try cache.findings(from: source, to: destination) == expected)
        }
    }
}

private let history = TestSupport.packageRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/histories/woocommerce__woocommerce-ios__Storage_Storage_Model_WooCommerce.xcdatamodeld/WooCommerce.xcdatamodeld")

/// The 117-version production history in `../shared/histories`, in the order a first `lock` assumes (natural order,
/// current version last): the planner covers every version and lists no lightweight checksum twice, and the verdict
/// cache agrees with `migration-check` on every hop the planner asks. Opt-in (`MANAGED_CODEGEN_HISTORY_PLAN=1`): in a
/// debug build, reading the 117 versions takes 4 s, planning with the cache 13 s, and checking the 3263 hops again
/// without it 72 s, too slow for every run on a shared machine.
@Suite(.enabled(
    if: FileManager.default.fileExists(atPath: history.path) && ProcessInfo.processInfo.environment["MANAGED_CODEGEN_HISTORY_PLAN"] == "1",
    "../shared/histories is absent or MANAGED_CODEGEN_HISTORY_PLAN is not 1; history plan test skipped"))
struct HistoryMigrationPlanningTests {
    @Test func theRealHistoryPlansEveryVersion() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let loaded = try ModelLoader.loadAllVersions(history.path)
        let read = clock.now
        let bundle = try #require(loaded.first?.bundle)
        let schemas = Dictionary(uniqueKeysWithValues: loaded.map { ($0.schema.versionName, $0.schema) })
        let order = ModelLock.assumedShippingOrder(naturallyOrdered: bundle.versions.map(\.name), current: bundle.currentVersionName)
        let versions = order.compactMap { schemas[$0].map(StoreFingerprint.init) }
        #expect(versions.count == 117)
        var asked: [(String, String)] = []
        let cache = MigrationCheck.VerdictCache { schemas[$0]! }
        let plan = try MigrationPlanning.stages(of: versions) { from, to in
            asked.append((from, to))
            return try cache.findings(from: from, to: to)
        }
        let planned = clock.now
        var lightweight: [String] = []
        var custom: Set<String> = []
        for stage in plan.stages {
            switch stage {
            case .lightweight(let names): lightweight += names
            case .custom(let from, let to, _): custom.formUnion([from, to])
            }
        }
        print("history plan: reading \(read - start), planning \(planned - read)")
        #expect(lightweight.count == Set(lightweight).count)
        #expect(custom.isDisjoint(with: lightweight))
        #expect(custom.union(lightweight).union(plan.sharedChecksums.keys) == Set(order))
        let customCount = plan.stages.filter { if case .custom = $0 { true } else { false } }.count
        print("history plan: \(plan.stages.count) stages (\(customCount) custom), \(plan.sharedChecksums.count) versions sharing a checksum, "
            + "\(plan.blockedHops.count) blocked hops, \(asked.count) verdicts asked")
        // The same verdicts without the cache (the slow part): the plan depends on nothing else.
        for (from, to) in asked {
            let expected = MigrationCheck.findings(from: schemas[from]!, to: schemas[to]!)
            #expect(try cache.findings(from: from, to: to) == expected, "\(from) -> \(to)")
        }
        print("history plan: checking every verdict without the cache \(clock.now - planned)")
    }
}
