import ManagedModel

/// One difference between a locked fingerprint and the model as it is now, said in words.
package struct FingerprintChange: Hashable, Sendable {
    /// e.g. "attribute Item.price became non-optional".
    package var description: String
    /// The model element that changed (for a removed element, its entity, else the model's first entity).
    package var location: SourceLocation
    /// The lock file line that records the element as it was; nil for an added element.
    package var lockedAt: SourceLocation?
    /// The ``LockFacts`` row of the changed element (its entity's, or its property kind's).
    package var rule: Rule
}

package enum LockCheck {
    /// Every difference between `locked` and `current`, entities and properties by name.
    package static func changes(from locked: StoreFingerprint, to current: StoreFingerprint, contentsPath: String) -> [FingerprintChange] {
        let modelLocation = current.entities.compactMap(\.location).min { $0.line < $1.line }
            ?? SourceLocation(path: contentsPath, line: 1)
        var changes: [FingerprintChange] = []
        let names = Set(locked.entities.map(\.name)).union(current.entities.map(\.name)).sorted()
        for name in names {
            switch (locked.entity(named: name), current.entity(named: name)) {
            case (let old?, nil):
                changes.append(FingerprintChange(
                    description: "entity \(name) was removed", location: modelLocation, lockedAt: old.location, rule: LockFacts.entity))
            case (nil, let new?):
                changes.append(FingerprintChange(
                    description: "entity \(name) was added", location: new.location ?? modelLocation, lockedAt: nil, rule: LockFacts.entity))
            case (let old?, let new?):
                changes += entityChanges(old, new, modelLocation: modelLocation)
            case (nil, nil):
                break
            }
        }
        return changes
    }

    /// An entity whose lines are unchanged but whose hash is not has a changed parent: that change is reported at
    /// the parent, once.
    private static func entityChanges(_ old: EntityFingerprint, _ new: EntityFingerprint, modelLocation: SourceLocation) -> [FingerprintChange] {
        var changes: [FingerprintChange] = []
        guard old.hash != new.hash else { return changes }
        let entityLocation = new.location ?? modelLocation
        let facetWords = describe(old.facets, new.facets)
        if !facetWords.isEmpty {
            changes.append(FingerprintChange(
                description: "entity \(new.name) \(facetWords.joined(separator: " and "))", location: entityLocation, lockedAt: old.location,
                rule: LockFacts.entity))
        }
        for kind in PropertyFingerprint.Kind.allCases {
            let names = Set(old.properties.filter { $0.kind == kind }.map(\.name))
                .union(new.properties.filter { $0.kind == kind }.map(\.name)).sorted()
            for name in names {
                let label = "\(kind.label) \(new.name).\(name)"
                switch (old.property(kind, named: name), new.property(kind, named: name)) {
                case (let was?, nil):
                    changes.append(FingerprintChange(description: "\(label) was removed", location: entityLocation, lockedAt: was.location, rule: kind.rule))
                case (nil, let now?):
                    changes.append(FingerprintChange(description: "\(label) was added", location: now.location ?? entityLocation, lockedAt: nil, rule: kind.rule))
                case (let was?, let now?):
                    let words = describe(was.facets, now.facets)
                    if !words.isEmpty {
                        changes.append(FingerprintChange(
                            description: "\(label) \(words.joined(separator: " and "))", location: now.location ?? entityLocation,
                            lockedAt: was.location, rule: kind.rule))
                    }
                case (nil, nil):
                    break
                }
            }
        }
        return changes
    }

    /// Each facet whose value differs, in words ("became non-optional", "changed type from String to Date").
    static func describe(_ old: [Facet], _ new: [Facet]) -> [String] {
        var keys: [String] = []
        for facet in old + new where !keys.contains(facet.key) { keys.append(facet.key) }
        return keys.compactMap { key in
            let was = old.first { $0.key == key }?.value ?? "-"
            let now = new.first { $0.key == key }?.value ?? "-"
            guard was != now else { return nil }
            return words(key: key, was: was, now: now)
        }
    }

    static func words(key: String, was: String, now: String) -> String {
        // How each facet reads: ``LockFacet/all``.
        let facet = LockFacet.named(key)
        if let flag = facet?.flagWording {
            if was == "NO" && now == "YES" { return flag.on }
            if was == "YES" && now == "NO" { return flag.off }
        }
        switch key {
        // A to-one's maximum count is 1; an unbounded to-many's is written 0.
        case "max" where was == "1": return "became to-many"
        case "max" where now == "1": return "became to-one"
        case "derivation" where was == "-": return "became derived from \(now)"
        case "derivation" where now == "-": return "is no longer derived"
        case "parent" where was == "-": return "got the parent entity \(now)"
        case "parent" where now == "-": return "no longer has the parent entity \(was)"
        default: break
        }
        let name = facet?.name ?? key
        return "changed its \(name) from \(was) to \(now)"
    }

    /// The errors `generate` reports for locked versions that changed: one per change, at the changed element,
    /// each followed by a note at the lock file line that recorded it.
    package static func diagnostics(
        for changes: [FingerprintChange], versionName: String, modelPath: String
    ) -> Diagnostics {
        var diagnostics = Diagnostics()
        for change in changes {
            diagnostics.report(
                change.rule, "\(change.description) in locked model version '\(versionName)': stores created by apps that shipped it "
                    + "would no longer open; add a new model version for this change (Editor > Add Model Version), "
                    + "or, if '\(versionName)' never shipped, re-lock it: managed-codegen lock \(modelPath) --force",
                at: change.location)
            if let lockedAt = change.lockedAt {
                diagnostics.append(.note("locked here", at: lockedAt))
            }
        }
        return diagnostics
    }
}

extension PropertyFingerprint.Kind {
    /// The ``LockFacts`` row of a property of this kind.
    var rule: Rule {
        switch self {
        case .attribute: LockFacts.attribute
        case .relationship: LockFacts.relationship
        }
    }

    var label: String {
        switch self {
        case .attribute: "attribute"
        case .relationship: "relationship"
        }
    }
}
