import ManagedModel

/// What the lock records, per version, about the hops into it that the migration plan asks (issue 46): for each
/// version listed above it, nearest first, whether a store of it migrates *straight* to this one with nothing
/// `migration-check` reports but possible data loss (``MigrationCheck/findings(from:to:)``; the plan does not act on
/// data loss). Written on the version line as `straight-hops=RUNS/DIGEST`, `RUNS` the lengths of the runs of
/// versions alike, positive for hops with nothing, negative for hops with a finding: `8,-2,3` says the 8 versions
/// just above migrate straight, the 2 above those do not, the 3 above those do.
///
/// Why it may be recorded: a verdict depends only on the two versions' `contents` and on migration-check's rules, so
/// it holds while those hold. `DIGEST` is made of exactly that (``MigrationVerdictRecord/revision``, the version's
/// name and contents digest, then those of each version the runs cover, nearest first): a record whose digest no
/// longer matches (a lock reordered by hand, a version re-locked, a managed-codegen whose checks differ) is not
/// trusted, and the plan checks those hops as before. With the records, `generate --migration-plan` reads no locked
/// version whose `contents` digest holds, except the two ends of each hop it must explain (a custom stage's).
///
/// How far up `lock` records: to the nearest version (this one included) whose hop from the version above it has a
/// finding. Every plan puts a custom stage on such a hop, whatever version it starts from, and no store of a version
/// above its destination reaches this version by a lightweight stage, so the plan asks no straight hop from there.
package struct StraightHopRecord: Hashable, Sendable {
    /// Nearest first: positive, that many versions whose hop has nothing; negative, that many with a finding.
    package var runs: [Int]
    package var digest: String

    package init(runs: [Int], digest: String) {
        self.runs = runs
        self.digest = digest
    }

    /// How many versions above this one the record covers.
    package var count: Int { runs.reduce(0) { $0 + abs($1) } }

    /// The verdicts, nearest version first: true for a hop with nothing the plan acts on.
    var straight: [Bool] { runs.flatMap { Array(repeating: $0 > 0, count: abs($0)) } }

    /// `8,-2,3/0a1b2c3d4e5f6071`, as the lock writes it.
    var text: String { runs.map(String.init).joined(separator: ",") + "/" + digest }

    init?(text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 16 else { return nil }
        let runs = parts[0].split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard !runs.contains(nil), !runs.contains(0) else { return nil }
        self.init(runs: runs.compactMap { $0 }, digest: String(parts[1]))
    }

    /// The runs of `straight` (nearest first).
    init(straight: [Bool], digest: String) {
        var runs: [Int] = []
        for verdict in straight {
            if let last = runs.last, (last > 0) == verdict {
                runs[runs.count - 1] += verdict ? 1 : -1
            } else {
                runs.append(verdict ? 1 : -1)
            }
        }
        self.init(runs: runs, digest: digest)
    }
}

package enum MigrationVerdictRecord {
    /// The revision of the verdicts a record vouches for: raise it when `MigrationCheck`'s findings (or the reading of
    /// a model they depend on) change for some pair of versions, so that records made by an earlier managed-codegen
    /// are checked again instead of trusted. `MigrationVerdictRecordTests` fails when the verdicts over the fixtures
    /// change while it stays.
    package static let revision = 1

    /// The lock's key on a version line.
    static let key = "straight-hops"

    /// The digest a record of `versions[index]` covering `count` versions above it must carry; nil when one of them
    /// has no contents digest (it cannot be told unchanged). `lines`: ``lines(_:)`` of `versions`.
    static func digest(_ lines: [String?], index: Int, count: Int) -> String? {
        guard count <= index else { return nil }
        var covered = ["revision \(revision)"]
        for position in stride(from: index, through: index - count, by: -1) {
            guard let line = lines[position] else { return nil }
            covered.append(line)
        }
        return FingerprintHash.hex(covered)
    }

    /// Each version's name and contents digest, as a record's digest takes them.
    static func lines(_ versions: [StoreFingerprint]) -> [String?] {
        versions.map { version in version.contentsDigest.map { "\(version.versionName) \($0)" } }
    }

    /// Whether a hop's findings leave a straight migration to lightweight migration, as the plan decides it
    /// (``MigrationPlanning/stages(of:current:findings:)`` acts on every kind but data loss).
    static func isStraight(_ findings: [MigrationCheck.Finding]) -> Bool {
        findings.allSatisfy { $0.kind == .dataLoss }
    }
}

extension ModelLock {
    /// Per version, the versions above it whose straight hop into it a valid record vouches for. `unchanged(name)`:
    /// whether the version's `contents` file still has the lock's digest; a record counts only when the version and
    /// every one it covers are unchanged.
    package func recordedStraightHops(unchanged: (String) -> Bool) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        let lines = MigrationVerdictRecord.lines(versions)
        for (index, version) in versions.enumerated() {
            guard let record = version.straightHops, record.count > 0,
                record.digest == MigrationVerdictRecord.digest(lines, index: index, count: record.count)
            else { continue }
            let covered = (1...record.count).map { versions[index - $0].versionName }
            guard unchanged(version.versionName), covered.allSatisfy(unchanged) else { continue }
            result[version.versionName] = Set(zip(covered, record.straight).filter(\.1).map(\.0))
        }
        return result
    }

    /// The lock with a record (``StraightHopRecord``) on every version below the first, made where it is missing or
    /// no longer matches; `schema(name)` reads a version (each at most once). A version that cannot be read, or has
    /// no contents digest, gets none.
    package func recordingStraightHops(schema: @escaping (String) throws -> Schema) -> ModelLock {
        var result = self
        let verdicts = MigrationCheck.VerdictCache(schema: schema)
        let lines = MigrationVerdictRecord.lines(versions)
        for index in versions.indices.dropFirst() {
            let version = versions[index]
            if let record = version.straightHops,
                record.digest == MigrationVerdictRecord.digest(lines, index: index, count: record.count)
            {
                continue
            }
            var straight: [Bool] = []
            do {
                // Up to the nearest version whose hop from the one above it has a finding: a custom stage in every plan.
                for above in stride(from: index - 1, through: 0, by: -1) {
                    let verdict = MigrationVerdictRecord.isStraight(
                        try verdicts.findings(from: versions[above].versionName, to: version.versionName))
                    straight.append(verdict)
                    // This version's own hop has a finding: the plan asks no straight hop into it.
                    if above == index - 1 && !verdict { break }
                    // `above`'s hop from the version above it has a finding (or is not known): the plan stops there.
                    if result.versions[above].straightHops?.runs.first.map({ $0 > 0 }) != true { break }
                }
            } catch {
                result.versions[index].straightHops = nil
                continue
            }
            result.versions[index].straightHops = MigrationVerdictRecord.digest(lines, index: index, count: straight.count).map {
                StraightHopRecord(straight: straight, digest: $0)
            }
        }
        return result
    }
}
