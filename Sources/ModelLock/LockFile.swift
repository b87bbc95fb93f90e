import ManagedModel

/// The lock file: the fingerprints of the model versions that shipped.
///
/// ```text
/// # managed-codegen lock for Inventory.xcdatamodeld (…)
/// lock-format 2
///
/// version "Inventory 2" 5f0c3e8b1d2a9e47 contents=9a3c0e5b7d1f2468 straight-hops=1/3e8b1d2a9e475f0c
///   entity Item 0a1b2c3d4e5f6071
///   entity Person 77aa01c3d4e5f608
///
/// entity Item 0a1b2c3d4e5f6071 unique=sku
///   attribute name type=String
///   attribute price type=Decimal optional=YES
///   relationship owner destination=Person inverse=items optional=YES max=1
/// ```
///
/// Versions are listed in the order they shipped, oldest first (``ModelLock/versions``); a lock file from before
/// that was said has them in natural order, which it is read as. Each version lists its entities by version hash; each distinct entity description is written once, below the
/// versions (sorted by name, then by the first version using it), so a history of a hundred versions that each
/// change one entity stays about as long as its distinct entities. `contents=` is the digest of the version's
/// `contents` file when it was locked: while the file has those bytes, `generate` does not read it.
/// `straight-hops=` records the verdicts of the hops into the version that the migration plan asks
/// (``StraightHopRecord``), so that `generate --migration-plan` need not read the versions either, and
/// `hop-findings=` what the plan needs of the findings of those hops that have some (a custom stage's); a reader
/// before issue 46 ignores both keys.
///
/// Lines starting with `#` and blank lines are ignored. A key at its default value (`NO`, `-`, `0`) is left out.
/// Values holding a space, `"`, `\`, `=` or `#` (and empty ones) are quoted with backslash escapes. The hashes
/// are 64-bit FNV-1a of the lines they stand for; the check compares the lines.
package struct ModelLock: Hashable, Sendable {
    /// In the order the versions shipped, oldest first: the order of the file's entries.
    package var versions: [StoreFingerprint]

    package init(versions: [StoreFingerprint]) {
        self.versions = versions
    }

    package func version(named name: String) -> StoreFingerprint? { versions.first { $0.versionName == name } }

    /// The locked version shipped just before `name`: the entry above it in the lock (the lock lists versions in
    /// the order they shipped), or, for a version not locked yet (it will be appended when locked), the last
    /// entry. Nil when nothing shipped before it.
    package func versionShipped(before name: String) -> StoreFingerprint? {
        guard let index = versions.firstIndex(where: { $0.versionName == name }) else { return versions.last }
        return index > 0 ? versions[index - 1] : nil
    }

    /// The order in which a lock lists `versionNames` (the bundle's versions being locked): versions already
    /// locked keep their place, so the order the user wrote or corrected stands; the others are appended in
    /// `assumedOrder` (``ModelLock/assumedShippingOrder(naturallyOrdered:current:)``).
    package func shippingOrder(of versionNames: Set<String>, assumedOrder: [String]) -> [String] {
        let locked = versions.map(\.versionName).filter { versionNames.contains($0) }
        return locked + assumedOrder.filter { versionNames.contains($0) && !locked.contains($0) }
    }

    /// The order versions are assumed to have shipped in when nothing says otherwise: the natural order of their
    /// names with numbers compared as numbers and spaces and punctuation ignored (``NaturalOrder``: `Model 9` before
    /// `Model 10`, `Model V 23` after `Model V22` and before `Model V32`), with the current version (the one
    /// `.xccurrentversion` names) last, since it is the one the app ships now. Names alone cannot settle it: real
    /// histories name versions inconsistently (`V32`, `V33`, then `V 23` … `V 58`), so `lock` prints the order it
    /// assumed, warns where it looks wrong (``LockOrderRules``), and the user corrects it in the lock file.
    /// - Parameter names: the bundle's versions, in any order.
    package static func assumedShippingOrder(naturallyOrdered names: [String], current: String) -> [String] {
        NaturalOrder(ignoringPunctuation: true).sorted(names.filter { $0 != current }) + (names.contains(current) ? [current] : [])
    }

    /// `<Model>.managed-codegen.lock`, in the folder holding the model bundle (beside `managed-codegen.yml`).
    package static func fileName(modelName: String) -> String { "\(modelName).managed-codegen.lock" }

    /// The format `text` writes and `parse` reads.
    static let format = "2"
}

enum LockFileFormat {
    /// A canonical line; `leavingOutDefaults` drops the keys at their default value (`FacetKeys`), as the file does.
    static func line(kind: String, name: String, hash: String? = nil, facets: [Facet], leavingOutDefaults: Bool = false) -> String {
        let defaults = leavingOutDefaults ? FacetKeys.keys(of: kind) ?? [] : []
        let written = facets.filter { facet in !defaults.contains { $0.0 == facet.key && $0.1 == facet.value } }
        return ([kind, quoted(name)] + (hash.map { [$0] } ?? []) + written.map { "\($0.key)=\(quoted($0.value))" })
            .joined(separator: " ")
    }

    static func quoted(_ text: String) -> String {
        let needsQuotes = text.isEmpty || text.contains { " \"\\=#\t\n\r".contains($0) }
        guard needsQuotes else { return text }
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// Splits a line's bytes into words, unquoting; `key=value` stays one word with its value unquoted. Nil when
    /// a quote is not closed.
    static func words(_ line: ArraySlice<UInt8>) -> [String]? {
        var words: [String] = []
        var current: [UInt8] = []
        var inWord = false
        var inQuotes = false
        var escaped = false
        for byte in line {
            if inQuotes {
                if escaped {
                    switch byte {
                    case UInt8(ascii: "n"): current.append(0x0A)
                    case UInt8(ascii: "r"): current.append(0x0D)
                    case UInt8(ascii: "t"): current.append(0x09)
                    default: current.append(byte)
                    }
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inQuotes = false
                } else {
                    current.append(byte)
                }
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                if inWord { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
                inWord = false
            } else if byte == UInt8(ascii: "\"") {
                inQuotes = true
                inWord = true
            } else {
                current.append(byte)
                inWord = true
            }
        }
        if inQuotes { return nil }
        if inWord { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// `key=value` words as a dictionary; nil when a word has no `=`.
    static func facets(_ words: ArraySlice<String>) -> [String: String]? {
        var values: [String: String] = [:]
        for word in words {
            guard let equals = word.firstIndex(of: "=") else { return nil }
            values[String(word[..<equals])] = String(word[word.index(after: equals)...])
        }
        return values
    }
}

extension ModelLock {
    /// The lock file's text.
    package func text(modelName: String) -> String {
        var lines = [
            "# managed-codegen lock for \(modelName).xcdatamodeld: the store schema of each shipped model version.",
            "# Written by `managed-codegen lock`; commit it. `managed-codegen generate` fails when a version below",
            "# changes in a way that makes Core Data refuse the stores it created: add a new model version instead.",
            "# Lines: what each entity's Core Data version hash is made of (documentation: \"Locking shipped model versions\").",
            "lock-format \(Self.format)",
        ]
        var descriptions: [String: [EntityFingerprint]] = [:]
        for version in versions {
            lines.append("")
            lines.append(
                "version \(LockFileFormat.quoted(version.versionName)) \(version.hash)"
                    + (version.contentsDigest.map { " contents=\($0)" } ?? "")
                    + (version.straightHops.map { " \(MigrationVerdictRecord.key)=\($0.text)" } ?? "")
                    + (version.straightHops.map(\.findingsText).flatMap { $0.isEmpty ? nil : $0 }.map {
                        " \(MigrationVerdictRecord.findingsKey)=\(LockFileFormat.quoted($0))"
                    } ?? ""))
            for entity in version.entities {
                lines.append("  entity \(LockFileFormat.quoted(entity.name)) \(entity.hash)")
                if descriptions[entity.name]?.contains(where: { $0.hash == entity.hash }) != true {
                    descriptions[entity.name, default: []].append(entity)
                }
            }
        }
        for name in descriptions.keys.sorted() {
            for entity in descriptions[name] ?? [] {
                lines.append("")
                lines.append(LockFileFormat.line(kind: "entity", name: entity.name, hash: entity.hash, facets: entity.facets, leavingOutDefaults: true))
                for property in entity.properties {
                    lines.append("  " + LockFileFormat.line(
                        kind: property.kind.rawValue, name: property.name, facets: property.facets, leavingOutDefaults: true))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether `text` is a lock file from before `lock-format 2` (it recorded values Core Data does not hash,
    /// and every version in full): it cannot be checked against, only re-created.
    package static func isOutdatedFormat(_ text: String) -> Bool {
        // Up to the first version line only: the rest of a long lock need not be split here.
        var rest = Substring(text)
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[..<end]
            if line.hasPrefix("lock-format ") { return false }
            if line.hasPrefix("version ") { return true }
            rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
        }
        return false
    }

    /// Reads a lock file's text; every element keeps its line (`path:line`) as its location.
    /// - Throws: `DiagnosticsError` naming each line that cannot be read, or one error for a lock file in an
    ///   earlier format, telling how to re-create it (`relock`: the command to run).
    package static func parse(_ text: String, path: String, relock: String = "managed-codegen lock MODEL --force") throws -> ModelLock {
        if isOutdatedFormat(text) {
            throw DiagnosticsError(Diagnostic(
                LockFileRules.outdatedFormat,
                "this lock file was written by an earlier managed-codegen, which recorded values Core Data does not hash; "
                    + "re-create it with `\(relock)` (it re-locks every version as the model has it now: check first, "
                    + "e.g. with `git log` on the model, that no shipped version was edited since it was locked)",
                at: SourceLocation(path: path, line: 1)))
        }
        var reader = LockFileReader(path: path, relock: relock)
        reader.read(Array(text.utf8))
        let lock = reader.lock()
        if reader.diagnostics.hasErrors { throw DiagnosticsError(reader.diagnostics) }
        return lock
    }
}

/// What reading the lock file's text reports: rows of ``HistoryRules``' table (the lock file is the history's
/// record), declared here where the text is read.
package enum LockFileRules {
    package static let outdatedFormat = Rule(
        "history.outdated-lock-format", .error,
        summary: "a lock file written by an earlier managed-codegen (without a `lock-format` line), which recorded values "
            + "Core Data does not hash",
        documentation: "its fingerprints cannot be compared: check (`git log` on the model) that no shipped version was "
            + "edited since it was locked, then re-create it with `managed-codegen lock MODEL --force`")
    package static let malformed = Rule(
        "history.malformed-lock", .error,
        summary: "a lock file line that cannot be read (an edit by hand, a merge conflict's markers), a version locked "
            + "twice, an entity it does not describe, or a `lock-format` this managed-codegen does not read",
        documentation: "the lock file is written by `managed-codegen lock`: restore it from version control, or re-create "
            + "it with `lock --force` (the message gives the command) once no shipped version was edited since it was locked")

    package static let all: [Rule] = [outdatedFormat, malformed]
}

/// The lock file's lines, read from bytes (a long history's lock is read on every `generate`).
private struct LockFileReader {
    let path: String
    let relock: String
    var diagnostics = Diagnostics()
    /// Versions with their entity references (name, hash, line).
    var versions: [(version: StoreFingerprint, references: [(String, String, Int)])] = []
    var descriptions: [String: EntityFingerprint] = [:]
    /// The description being read, keyed by hash, and whether the last block was a version or a description.
    var currentDescription: String?
    var inVersion = false
    var sawFormat = false
    var lineNumber = 0

    init(path: String, relock: String) {
        self.path = path
        self.relock = relock
    }

    mutating func fail(_ message: String, line: Int? = nil) {
        diagnostics.report(
            LockFileRules.malformed, "\(message); the lock file is written by `managed-codegen lock` (re-create it: \(relock))",
            at: SourceLocation(path: path, line: line ?? lineNumber))
    }

    mutating func read(_ bytes: [UInt8]) {
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            lineNumber += 1
            readLine(bytes[start..<end])
            start = end + 1
        }
        if !sawFormat, !versions.isEmpty { fail("the lock-format line is missing", line: 1) }
    }

    mutating func readLine(_ raw: ArraySlice<UInt8>) {
        let indented = raw.first == 0x20 || raw.first == 0x09
        guard let first = raw.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }), raw[first] != 0x23 else { return }
        guard let words = LockFileFormat.words(raw[first...]), words.count >= 2 else {
            fail("cannot read this line")
            return
        }
        let kind = words[0]
        let location = SourceLocation(path: path, line: lineNumber)
        switch (kind, indented) {
        case ("lock-format", false):
            guard words[1] == ModelLock.format else {
                fail("this lock file has format \(words[1]), which this managed-codegen does not read (it writes format \(ModelLock.format))")
                return
            }
            sawFormat = true
        case ("version", false):
            guard words.count >= 3, let facets = LockFileFormat.facets(words.dropFirst(3)) else {
                fail("cannot read this version line")
                return
            }
            if versions.contains(where: { $0.version.versionName == words[1] }) {
                fail("version '\(words[1])' is locked twice")
                return
            }
            let digest = facets["contents"]
            var version = StoreFingerprint(versionName: words[1], entities: [], contentsDigest: digest, location: location)
            // A record that cannot be read is as good as none: the plan checks those hops, the next `lock` rewrites it.
            version.straightHops = facets[MigrationVerdictRecord.key].flatMap(StraightHopRecord.init(text:))
            if let text = facets[MigrationVerdictRecord.findingsKey] {
                if let findings = StraightHopRecord.findings(text: text) {
                    version.straightHops?.findings = findings
                } else {
                    version.straightHops = nil
                }
            }
            versions.append((version, []))
            inVersion = true
            currentDescription = nil
        case ("entity", true) where inVersion:
            guard words.count == 3 else {
                fail("cannot read this entity line (a version's entity lines are `entity NAME HASH`)")
                return
            }
            versions[versions.count - 1].references.append((words[1], words[2], lineNumber))
        case ("entity", false):
            guard words.count >= 3, let facets = LockFileFormat.facets(words.dropFirst(3)) else {
                fail("cannot read this entity line")
                return
            }
            inVersion = false
            currentDescription = words[2]
            descriptions[words[2]] = EntityFingerprint(
                name: words[1], hash: words[2], facets: FacetKeys.facets(FacetKeys.entity, facets), properties: [],
                location: location)
        case (let kind, true):
            guard let propertyKind = PropertyFingerprint.Kind(rawValue: kind), let keys = FacetKeys.keys(of: kind) else {
                fail("unknown line kind '\(kind)'")
                return
            }
            guard let hash = currentDescription, let facets = LockFileFormat.facets(words.dropFirst(2)) else {
                fail("cannot read this \(kind) line")
                return
            }
            descriptions[hash]?.properties.append(
                PropertyFingerprint(kind: propertyKind, name: words[1], facets: FacetKeys.facets(keys, facets), location: location))
        default:
            fail("unknown line kind '\(kind)'")
        }
    }

    mutating func lock() -> ModelLock {
        var result: [StoreFingerprint] = []
        for (version, references) in versions {
            var version = version
            for (name, hash, line) in references {
                guard let entity = descriptions[hash], entity.name == name else {
                    fail("version '\(version.versionName)' refers to entity \(name) \(hash), which the lock file does not describe", line: line)
                    continue
                }
                version.entities.append(entity)
            }
            result.append(version)
        }
        return ModelLock(versions: result)
    }
}
