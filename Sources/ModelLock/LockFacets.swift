import ManagedModel

/// One `key=value` of a lock file's entity, attribute or relationship line: a value Core Data's version hash is
/// made of. ``all`` is the one list of them: the lines' keys and their order, the defaults a line leaves out
/// (`FacetKeys`), how the lock check words a change (`LockCheck`), and the table of ModelLock.md, "The keys of a
/// line", come from it. A new facet is one entry here, plus its value where `StoreFingerprint` reads the model
/// (`facets(of:)`); `LockFacetTests` fails while the documentation's table lacks it.
package struct LockFacet: Sendable {
    package enum Element: String, Sendable, CaseIterable {
        case entity, attribute, relationship
    }

    package var element: Element
    package var key: String
    /// The value a line leaves out; nil: always written.
    package var defaultValue: String?
    /// How the lock check names the value in "changed its NAME from A to B".
    package var name: String
    /// For a YES/NO flag: how turning it on and off reads ("became optional", "became non-optional").
    package var flagWording: (on: String, off: String)?

    init(_ element: Element, _ key: String, default defaultValue: String?, name: String, flag: (on: String, off: String)? = nil) {
        self.element = element
        self.key = key
        self.defaultValue = defaultValue
        self.name = name
        self.flagWording = flag
    }

    /// Per element in the order the lock writes the keys (changing the order changes every lock's text and hashes).
    package static let all: [LockFacet] = [
        LockFacet(.entity, "abstract", default: "NO", name: "abstract flag", flag: ("became abstract", "is no longer abstract")),
        LockFacet(.entity, "parent", default: "-", name: "parent entity"),
        LockFacet(.entity, "modifier", default: "-", name: "version hash modifier"),
        LockFacet(.entity, "unique", default: "-", name: "uniqueness constraints"),

        LockFacet(.attribute, "type", default: nil, name: "type"),
        LockFacet(.attribute, "optional", default: "NO", name: "optional flag", flag: ("became optional", "became non-optional")),
        LockFacet(
            .attribute, "external-storage", default: "NO", name: "external storage flag",
            flag: ("now allows external storage", "no longer allows external storage")),
        LockFacet(
            .attribute, "preserve-after-deletion", default: "NO", name: "preserve after deletion flag",
            flag: ("now preserves its value after deletion", "no longer preserves its value after deletion")),
        LockFacet(.attribute, "derivation", default: "-", name: "derivation expression"),
        LockFacet(.attribute, "composite", default: "-", name: "composite elements"),
        LockFacet(.attribute, "modifier", default: "-", name: "version hash modifier"),

        LockFacet(.relationship, "destination", default: nil, name: "destination"),
        LockFacet(.relationship, "inverse", default: "-", name: "inverse"),
        LockFacet(.relationship, "optional", default: "NO", name: "optional flag", flag: ("became optional", "became non-optional")),
        LockFacet(.relationship, "min", default: "0", name: "minimum count"),
        LockFacet(.relationship, "max", default: nil, name: "maximum count"),
        LockFacet(.relationship, "ordered", default: "NO", name: "ordered flag", flag: ("became ordered", "became unordered")),
        LockFacet(.relationship, "modifier", default: "-", name: "version hash modifier"),
    ]

    /// The keys of `element`'s lines in order, each with the value a line leaves out.
    static func keys(of element: Element) -> [(String, String?)] {
        all.filter { $0.element == element }.map { ($0.key, $0.defaultValue) }
    }

    /// The facet `key` names (the same wording on every element that has it).
    static func named(_ key: String) -> LockFacet? { all.first { $0.key == key } }

    /// The table of ModelLock.md, "The keys of a line".
    package static func markdownTable() -> String {
        var lines = ["| Line | Key | Left out when | A change reads |", "|---|---|---|---|"]
        for facet in all {
            let change = facet.flagWording.map { "\($0.on) / \($0.off)" } ?? "changed its \(facet.name) from … to …"
            lines.append("| \(facet.element.rawValue) | `\(facet.key)` | \(facet.defaultValue.map { "`\($0)`" } ?? "never") | \(change) |")
        }
        return lines.joined(separator: "\n")
    }
}
