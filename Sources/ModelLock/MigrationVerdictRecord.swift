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
/// name and contents digest, then those of each version the runs cover, nearest first, then ``findingsText``): a
/// record whose digest no longer matches (a lock reordered by hand, a version re-locked, a managed-codegen whose
/// checks or messages differ, findings edited) is not trusted, and the plan checks those hops as before. With the
/// records, `generate --migration-plan` reads no locked version whose `contents` digest holds, except the two ends of
/// a hop lightweight migration cannot migrate (the plan's error quotes all its findings, in both versions).
///
/// How far up `lock` records: to the nearest version (this one included) whose hop from the version above it has a
/// finding. Every plan puts a custom stage on such a hop, whatever version it starts from, and no store of a version
/// above its destination reaches this version by a lightweight stage, so the plan asks no straight hop from there.
/// Then on through the versions just above with the store schema of one covered: the plan walks each store schema
/// once, from its first version, so it asks the hop from that one. (A hop the record does not answer, after a
/// revert to an earlier schema for one, the plan checks.)
///
/// A hop with a finding the plan acts on is a custom stage's, whose reason the plan's file gives and whose finding a
/// missing hook's warning quotes (``RecordedFinding``): the record also holds, for each such hop, what the plan needs
/// of its findings (``findings``, written beside it as `hop-findings=`), and `DIGEST` covers them too, so the plan
/// need not read those versions either.
package struct StraightHopRecord: Hashable, Sendable {
    /// Nearest first: positive, that many versions whose hop has nothing; negative, that many with a finding.
    package var runs: [Int]
    package var digest: String
    /// For a hop with a finding, by how far above this version its source is (1: the version just above), what the
    /// plan needs of its findings. A hop with a finding and no entry is checked by the plan.
    package var findings: [Int: [RecordedFinding]]

    package init(runs: [Int], digest: String, findings: [Int: [RecordedFinding]] = [:]) {
        self.runs = runs
        self.digest = digest
        self.findings = findings
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
    init(straight: [Bool], digest: String, findings: [Int: [RecordedFinding]] = [:]) {
        var runs: [Int] = []
        for verdict in straight {
            if let last = runs.last, (last > 0) == verdict {
                runs[runs.count - 1] += verdict ? 1 : -1
            } else {
                runs.append(verdict ? 1 : -1)
            }
        }
        self.init(runs: runs, digest: digest, findings: findings)
    }

    /// `1 may fail at line 67: new attribute Order.statusKey is non-optional …`, one line per finding, nearest hop first,
    /// as the lock writes ``findings`` (`hop-findings=`, quoted: the lines are joined by `\n`); empty when there are none.
    var findingsText: String {
        findings.keys.sorted().flatMap { above in
            (findings[above] ?? []).map { "\(above) \($0.kind.rawValue) at line \($0.line): \($0.message)" }
        }.joined(separator: "\n")
    }

    /// ``findingsText`` read back; nil when it cannot be read (the record is then not trusted: its digest covers the text).
    static func findings(text: String) -> [Int: [RecordedFinding]]? {
        var findings: [Int: [RecordedFinding]] = [:]
        for entry in text.split(separator: "\n") {
            // `ABOVE KIND at line LINE: MESSAGE`; no kind holds a colon (plain splits: a long lock is read on every `generate`).
            guard let colon = entry.firstIndex(of: ":") else { return nil }
            let words = entry[..<colon].split(separator: " ", omittingEmptySubsequences: false)
            let message = entry[colon...].dropFirst(2)
            guard words.count >= 5, words[words.count - 3] == "at", words[words.count - 2] == "line",
                let above = Int(words[0]), above > 0, let line = Int(words[words.count - 1]), line > 0,
                let kind = MigrationCheck.Finding.Kind(rawValue: words[1..<(words.count - 3)].joined(separator: " ")),
                entry[colon...].hasPrefix(": "), !message.isEmpty
            else { return nil }
            findings[above, default: []].append(RecordedFinding(kind: kind, line: line, message: String(message)))
        }
        return findings
    }
}

/// What the migration plan needs of a hop's findings, as the lock records it (`hop-findings=`): the first may-fail
/// finding and the first not-inferable one, in `migration-check`'s order (the plan stages by their kinds, says why a
/// custom stage is there by the first of them, and quotes a may-fail finding, with its place, when the app's hook for
/// the hop is missing), each as its kind, its line in the destination version's `contents` and its message. What
/// else a finding holds (its place in the source version, the property made required) the plan does not use; a hop
/// it cannot migrate (not inferable) is an error quoting every such finding, for which it reads the versions.
package struct RecordedFinding: Hashable, Sendable {
    package var kind: MigrationCheck.Finding.Kind
    /// The finding's line in the destination version's `contents` file (whose digest the record's covers).
    package var line: Int
    package var message: String

    package init(kind: MigrationCheck.Finding.Kind, line: Int, message: String) {
        self.kind = kind
        self.line = line
        self.message = message
    }

    /// What the plan needs of `findings` (a hop's, in `migration-check`'s order, into the version whose `contents` file
    /// is at `destination`); nil when one of them cannot be recorded (it is elsewhere, or its message spans lines).
    static func planned(_ findings: [MigrationCheck.Finding], destination: String) -> [RecordedFinding]? {
        var kept: [RecordedFinding] = []
        for finding in findings where finding.kind != .dataLoss && !kept.contains(where: { $0.kind == finding.kind }) {
            guard finding.location.path == destination, finding.location.line > 0, !finding.message.contains("\n") else { return nil }
            kept.append(RecordedFinding(kind: finding.kind, line: finding.location.line, message: finding.message))
        }
        return kept
    }

    /// The finding as `migration-check` made it, but for its source place and element; `destination`: the destination
    /// version's `contents` path, as its elements' places have it.
    package func finding(destination: String) -> MigrationCheck.Finding {
        MigrationCheck.Finding(kind: kind, message: message, location: SourceLocation(path: destination, line: line))
    }
}

extension MigrationCheck.Finding {
    /// What changes: the message's first clause (`attribute Entry.mood became non-optional without a default value`),
    /// which the migration plan's file quotes to say why a custom stage is there.
    package var change: String { String(message.prefix { $0 != ":" && $0 != ";" }) }
}

package enum MigrationVerdictRecord {
    /// The revision of the verdicts a record vouches for: raise it when `MigrationCheck`'s findings (or the reading of
    /// a model they depend on) change for some pair of versions, so that records made by an earlier managed-codegen
    /// are checked again instead of trusted. `MigrationVerdictRecordTests` fails when the verdicts over the fixtures
    /// change while it stays.
    /// Raise it too when what the plan needs of a hop's findings (``RecordedFinding``) changes: revision 2 records them.
    package static let revision = 2

    /// The lock's key on a version line.
    static let key = "straight-hops"
    /// The key of ``StraightHopRecord/findings`` beside it.
    static let findingsKey = "hop-findings"

    /// The digest a record of `versions[index]` covering `count` versions above it, with `findings`
    /// (``StraightHopRecord/findingsText``), must carry; nil when one of them has no contents digest (it cannot be told
    /// unchanged). `lines`: ``lines(_:)`` of `versions`.
    static func digest(_ lines: [String?], index: Int, count: Int, findings: String) -> String? {
        guard count <= index else { return nil }
        var covered = ["revision \(revision)"]
        for position in stride(from: index, through: index - count, by: -1) {
            guard let line = lines[position] else { return nil }
            covered.append(line)
        }
        covered.append("findings \(findings)")
        return FingerprintHash.hex(covered)
    }

    /// Whether `record` is the one `versions[index]` must carry (``digest(_:index:count:findings:)``).
    static func holds(_ record: StraightHopRecord, _ lines: [String?], index: Int) -> Bool {
        record.digest == digest(lines, index: index, count: record.count, findings: record.findingsText)
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
    /// Per version, the versions above it whose hop into it a valid record answers, each with what the plan needs of
    /// its findings (empty: a straight hop, nothing the plan acts on). `unchanged(name)`: whether the version's
    /// `contents` file still has the lock's digest; a record counts only when the version and every one it covers are
    /// unchanged.
    package func recordedHops(unchanged: (String) -> Bool) -> [String: [String: [RecordedFinding]]] {
        var result: [String: [String: [RecordedFinding]]] = [:]
        let lines = MigrationVerdictRecord.lines(versions)
        for (index, version) in versions.enumerated() {
            guard let record = version.straightHops, record.count > 0, MigrationVerdictRecord.holds(record, lines, index: index)
            else { continue }
            let covered = (1...record.count).map { versions[index - $0].versionName }
            guard unchanged(version.versionName), covered.allSatisfy(unchanged) else { continue }
            var answered: [String: [RecordedFinding]] = [:]
            for (offset, (from, straight)) in zip(covered, record.straight).enumerated() {
                if straight {
                    answered[from] = []
                } else if let findings = record.findings[offset + 1] {
                    answered[from] = findings
                }
            }
            result[version.versionName] = answered
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
        let hashes = versions.map(\.hash)
        for index in versions.indices.dropFirst() {
            let version = versions[index]
            if let record = version.straightHops, MigrationVerdictRecord.holds(record, lines, index: index) { continue }
            var straight: [Bool] = []
            var findings: [Int: [RecordedFinding]] = [:]
            do {
                // Up to the nearest version whose hop from the one above it has a finding: a custom stage in every plan;
                // then on through the versions above with a store schema of one covered (the plan asks a hop from the
                // first version of each store schema: `Journal 2` for `Journal 3` when they share one).
                var stopped = false
                var coveredHashes: Set<String> = []
                for above in stride(from: index - 1, through: 0, by: -1) {
                    if stopped && !coveredHashes.contains(hashes[above]) { break }
                    coveredHashes.insert(hashes[above])
                    let hop = try verdicts.findings(from: versions[above].versionName, to: version.versionName)
                    let verdict = MigrationVerdictRecord.isStraight(hop)
                    straight.append(verdict)
                    if !verdict {
                        findings[index - above] = RecordedFinding.planned(hop, destination: try verdicts.schema(of: version.versionName).contentsPath)
                    }
                    if stopped { continue }
                    // This version's own hop has a finding: the plan asks no straight hop into it.
                    if above == index - 1 && !verdict { stopped = true }
                    // `above`'s hop from the version above it has a finding (or is not known): the plan stops there.
                    if result.versions[above].straightHops?.runs.first.map({ $0 > 0 }) != true { stopped = true }
                }
            } catch {
                result.versions[index].straightHops = nil
                continue
            }
            var record = StraightHopRecord(straight: straight, digest: "", findings: findings)
            guard let digest = MigrationVerdictRecord.digest(lines, index: index, count: straight.count, findings: record.findingsText) else {
                result.versions[index].straightHops = nil
                continue
            }
            record.digest = digest
            result.versions[index].straightHops = record
        }
        return result
    }
}
