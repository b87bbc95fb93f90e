import ManagedModel

/// What `lock` reports about the order it assumed the versions shipped in (``ModelLock/assumedShippingOrder(naturallyOrdered:current:)``):
/// one row per kind of finding. The table of ModelLock.md, "The order versions shipped in", is rendered from ``all``.
package enum LockOrderRules {
    package static let removedThenRestored = Rule(
        "lock.order-removes-then-restores", .warning,
        summary: "in the order `lock` assumed, a hop removes an entity or property that a later version has again",
        documentation: "a model rarely loses an element and gets it back: more likely the versions did not ship in the "
            + "order their names suggest (`V33` before `V 23`), and `migration-check` and the migration plan, which follow "
            + "the lock's order, would report removals that never happened; move the version blocks in the lock file into "
            + "the order they shipped. An app can also really remove an entity and add it again (one production history "
            + "removes one in `Model 15` and adds it back in `Model 23`): then nothing is wrong")

    package static let all: [Rule] = [removedThenRestored]

    /// The table of ModelLock.md, "The order versions shipped in".
    package static func markdownTable() -> String {
        Rule.markdownTable(all, header: ["Found", "Severity", "Why, and what to change", "ID"]) {
            [$0.summary, $0.severity.documented, $0.documentation, "`\($0.id)`"]
        }
    }
}

/// The hops of an order of versions that remove what a later version has again (``LockOrderRules``).
package enum LockOrderCheck {
    package struct Finding: Hashable, Sendable {
        package var from: String
        package var to: String
        /// `Order`, `Order.total`: what `to` no longer has, sorted.
        package var removed: [String]
        /// The first version after `to` that has one of them again.
        package var restoredIn: String
    }

    /// Each hop of `versions` (in the order given) removing an entity (`Order`) or stored property (`Order.total`,
    /// by name) that a version after the hop's destination has again.
    package static func findings(_ versions: [StoreFingerprint]) -> [Finding] {
        let elements = versions.map { version in
            Set(version.entities.flatMap { entity in [entity.name] + entity.properties.map { "\(entity.name).\($0.name)" } })
        }
        var findings: [Finding] = []
        for index in versions.indices.dropLast() {
            let removed = elements[index].subtracting(elements[index + 1])
            guard !removed.isEmpty else { continue }
            for later in (index + 2)..<versions.count {
                let restored = removed.intersection(elements[later])
                if !restored.isEmpty {
                    findings.append(Finding(
                        from: versions[index].versionName, to: versions[index + 1].versionName, removed: restored.sorted(),
                        restoredIn: versions[later].versionName))
                    break
                }
            }
        }
        return findings
    }

    /// The findings as warnings, at the lock file.
    package static func diagnostics(_ findings: [Finding], lockPath: String) -> Diagnostics {
        var diagnostics = Diagnostics()
        for finding in findings {
            let shown = finding.removed.prefix(3).joined(separator: ", ")
                + (finding.removed.count > 3 ? " and \(finding.removed.count - 3) more" : "")
            diagnostics.report(
                LockOrderRules.removedThenRestored,
                "in the assumed order, '\(finding.from)' -> '\(finding.to)' removes \(shown), which '\(finding.restoredIn)' has "
                    + "again: if the versions did not ship in this order, move their version blocks in the lock file into the "
                    + "order they shipped (migration-check and the migration plan follow it); if they did, nothing is wrong",
                at: SourceLocation(path: lockPath, line: 0))
        }
        return diagnostics
    }
}
