import ManagedModel

/// The lock file: the fingerprints of the model versions that shipped, one block per version.
///
/// ```text
/// # managed-codegen lock for Inventory.xcdatamodeld (…)
/// version "Inventory 2" 5f0c3e8b1d2a9e47
///   entity Item 0a1b2c3d4e5f6071 abstract=NO parent=- modifier=-
///     attribute name type=String optional=NO transient=NO derived=NO external-storage=NO modifier=-
///     relationship owner destination=Person inverse=items to-many=NO ordered=NO optional=YES transient=NO min=0 max=1 modifier=-
/// ```
///
/// Lines starting with `#` and blank lines are ignored. Versions are in the bundle's natural order, entities and
/// properties sorted by name, every key written on every line: a change to the model changes exactly the lines
/// it concerns, so the lock's diff in review says what changed. Values holding a space, `"`, `\`, `=` or `#`
/// (and empty ones) are quoted with backslash escapes. The hashes are 64-bit FNV-1a of the lines below them;
/// they are there to be read, the check compares the lines.
public struct ModelLock: Hashable, Sendable {
    public var versions: [StoreFingerprint]

    public init(versions: [StoreFingerprint]) {
        self.versions = versions
    }

    public func version(named name: String) -> StoreFingerprint? { versions.first { $0.versionName == name } }

    /// `<Model>.managed-codegen.lock`, in the folder holding the model bundle (beside `managed-codegen.yml`).
    public static func fileName(modelName: String) -> String { "\(modelName).managed-codegen.lock" }
}

enum LockFileFormat {
    static func line(kind: String, name: String, hash: String? = nil, facets: [Facet]) -> String {
        ([kind, quoted(name)] + (hash.map { [$0] } ?? []) + facets.map { "\($0.key)=\(quoted($0.value))" })
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

    /// Splits a line into words, unquoting; `key=value` stays one word with its value unquoted. Nil when a
    /// quote is not closed.
    static func words(_ line: Substring) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var inQuotes = false
        var escaped = false
        for character in line {
            if inQuotes {
                if escaped {
                    switch character {
                    case "n": current.append("\n")
                    case "r": current.append("\r")
                    case "t": current.append("\t")
                    default: current.append(character)
                    }
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inQuotes = false
                } else {
                    current.append(character)
                }
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else if character == "\"" {
                inQuotes = true
                inWord = true
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inQuotes { return nil }
        if inWord { words.append(current) }
        return words
    }
}

extension ModelLock {
    /// The lock file's text.
    public func text(modelName: String) -> String {
        var lines = [
            "# managed-codegen lock for \(modelName).xcdatamodeld: the store schema of each shipped model version.",
            "# Written by `managed-codegen lock`; commit it. `managed-codegen generate` fails when a version below",
            "# changes in a way that makes Core Data refuse the stores it created: add a new model version instead.",
            "# Lines: what each entity's and property's Core Data version hash is made of (README, section \"Shipped versions: the model lock\").",
        ]
        for version in versions {
            lines.append("")
            lines.append("version \(LockFileFormat.quoted(version.versionName)) \(version.hash)")
            for entity in version.entities {
                lines.append("  " + LockFileFormat.line(kind: "entity", name: entity.name, hash: entity.hash, facets: entity.facets))
                for property in entity.properties {
                    lines.append("    " + LockFileFormat.line(kind: property.kind.rawValue, name: property.name, facets: property.facets))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a lock file's text; every element keeps its line (`path:line`) as its location.
    /// - Throws: `DiagnosticsError` naming each line that cannot be read.
    public static func parse(_ text: String, path: String) throws -> ModelLock {
        var versions: [StoreFingerprint] = []
        var diagnostics = Diagnostics()
        var lineNumber = 0
        func fail(_ message: String) {
            diagnostics.error(
                "\(message); the lock file is written by `managed-codegen lock` (re-create it with `managed-codegen lock --force`)",
                at: SourceLocation(path: path, line: lineNumber))
        }
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let words = LockFileFormat.words(line), let kind = words.first, words.count >= 2 else {
                fail("cannot read this line")
                continue
            }
            let location = SourceLocation(path: path, line: lineNumber)
            switch kind {
            case "version":
                if versions.contains(where: { $0.versionName == words[1] }) {
                    fail("version '\(words[1])' is locked twice")
                    continue
                }
                versions.append(StoreFingerprint(versionName: words[1], entities: [], location: location))
            case "entity":
                guard !versions.isEmpty, words.count >= 3, let facets = facets(words.dropFirst(3)) else {
                    fail(versions.isEmpty ? "an entity line before any version line" : "cannot read this entity line")
                    continue
                }
                versions[versions.count - 1].entities.append(
                    EntityFingerprint(name: words[1], facets: facets, properties: [], location: location))
            default:
                guard let propertyKind = PropertyFingerprint.Kind(rawValue: kind) else {
                    fail("unknown line kind '\(kind)'")
                    continue
                }
                guard versions.last?.entities.isEmpty == false, let facets = facets(words.dropFirst(2)) else {
                    fail("cannot read this \(kind) line")
                    continue
                }
                let v = versions.count - 1
                versions[v].entities[versions[v].entities.count - 1].properties.append(
                    PropertyFingerprint(kind: propertyKind, name: words[1], facets: facets, location: location))
            }
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        return ModelLock(versions: versions)
    }

    private static func facets(_ words: ArraySlice<String>) -> [Facet]? {
        var facets: [Facet] = []
        for word in words {
            guard let equals = word.firstIndex(of: "=") else { return nil }
            facets.append(Facet(String(word[..<equals]), String(word[word.index(after: equals)...])))
        }
        return facets
    }
}
