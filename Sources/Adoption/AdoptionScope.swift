/// The entities one `adopt` run moves: those `--entity` names (all without it), among those `generate` generates
/// (the config file's or `--exclude`'s `exclude`, the config file's `include`). An entity `generate` leaves out keeps
/// its class where it is (Xcode's, or the app's own): moving it would leave it with no class at all.
package struct AdoptionScope: Hashable, Sendable {
    package var named: Set<String>
    package var excluded: Set<String>
    /// nil: every entity.
    package var included: Set<String>?

    package init(named: [String], excluded: [String], included: [String]?) {
        self.named = Set(named)
        self.excluded = Set(excluded)
        self.included = included.flatMap { $0.isEmpty ? nil : Set($0) }
    }

    /// Whether `generate` generates the entity (as far as include/exclude go).
    package func isGenerated(_ entity: String) -> Bool {
        !excluded.contains(entity) && (included?.contains(entity) ?? true)
    }

    /// The entities named by `--entity` that `generate` leaves out, sorted: an error, since they cannot move.
    package var namedButLeftOut: [String] { named.filter { !isGenerated($0) }.sorted() }

    /// The entities this run may move, among `all`; nil when that is every entity (no `--entity`, nothing left out).
    package func chosen(among all: Set<String>) -> Set<String>? {
        if named.isEmpty, excluded.isEmpty, included == nil { return nil }
        return (named.isEmpty ? all : named).filter(isGenerated)
    }
}
