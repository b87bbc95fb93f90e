import ManagedModel

/// What Core Data compares when it decides whether a store can be opened with a model version: per entity, the
/// values its version hash is made of, written out as canonical text so a difference can be named.
///
/// Exactly what Core Data hashes (docs/core-data-runtime.md, "What the version hashes are made of"; Apple's
/// `versionHash` reference pages of NSEntityDescription, NSPropertyDescription, NSAttributeDescription and
/// NSRelationshipDescription, and the hashes measured on macOS by `daspoon/storable`,
/// `Tests/StorableTests/CoreDataTests.swift`):
/// - property: name, optional, transient, `versionHashModifier`;
/// - attribute: + attribute type, Allows External Storage, Preserve After Deletion; a derived attribute's
///   derivation expression; a composite's elements with their attribute facts, nested composites flattened, sorted
///   by name, transient elements skipped;
/// - relationship: + destination entity name, inverse name (left out when the relationship is its own inverse),
///   min count, max count, ordered;
/// - entity: name, abstract, the parent entity's hash, the hashes of its non-transient attributes and
///   relationships (inherited ones through the parent's hash), `versionHashModifier`, uniqueness constraints
///   (each constraint's names in declared order, the constraints sorted).
///
/// Not hashed, so not recorded (editing them never blocks a build): transient properties (so every recorded
/// property has transient=NO, and the flag is not written), fetched properties, default values, validation
/// rules, user info, class names (`representedClassName`, `customClassName`, `usesScalarValueType`), value
/// transformer names, renaming identifiers, delete rules, Allows Cloud Encryption, Spotlight, fetch indexes,
/// configurations.
package struct StoreFingerprint: Hashable, Sendable {
    package var versionName: String
    /// Sorted by name.
    package var entities: [EntityFingerprint]
    /// The digest of the version's `contents` file when it was locked (`ContentsDigest`): when the file still has
    /// these bytes, the version is unchanged without being read. Nil for a fingerprint made from a model. Not part
    /// of equality (the same store schema can be written in many ways).
    @NotCompared package var contentsDigest: String?
    /// The `version` line when read from a lock file; nil otherwise. Not part of equality.
    @NotCompared package var location: SourceLocation?
    /// What the lock records about the hops into this version for the migration plan (`straight-hops=`); nil for a
    /// fingerprint made from a model, the first locked version, and entries locked before issue 46. Not part of equality.
    @NotCompared package var straightHops: StraightHopRecord?

    package init(versionName: String, entities: [EntityFingerprint], contentsDigest: String? = nil, location: SourceLocation? = nil) {
        self.versionName = versionName
        self.entities = entities
        self.contentsDigest = contentsDigest
        self.location = location
    }

    /// A short hash of every entity's hash: equal fingerprints mean the same store schema.
    package var hash: String { FingerprintHash.hex(entities.map { "\($0.name) \($0.hash)" }) }

    package func entity(named name: String) -> EntityFingerprint? { entities.first { $0.name == name } }

    /// Whether a derived attribute is recorded as locks before issue 44 recorded it (with its type and optionality,
    /// its expression as written): such an entry is compared with ``init(_:legacyDerivedAttributes:)``'s legacy
    /// fingerprint too, and the next `lock` rewrites it.
    package var hasLegacyDerivedAttributes: Bool {
        entities.contains(where: \.hasLegacyDerivedAttributes)
    }

    /// The names of `versions` with ``hasLegacyDerivedAttributes``, each distinct entity looked at once (a lock's
    /// versions share most of their entities).
    package static func withLegacyDerivedAttributes(_ versions: [StoreFingerprint]) -> Set<String> {
        var legacyEntity: [String: Bool] = [:]
        var names: Set<String> = []
        for version in versions {
            let legacy = version.entities.contains { entity in
                if let known = legacyEntity[entity.hash] { return known }
                let found = entity.hasLegacyDerivedAttributes
                legacyEntity[entity.hash] = found
                return found
            }
            if legacy { names.insert(version.versionName) }
        }
        return names
    }
}

extension EntityFingerprint {
    var hasLegacyDerivedAttributes: Bool {
        properties.contains { ($0.facet("derivation") ?? "-") != "-" && ($0.facet("type") ?? "-") != "-" }
    }
}

/// One `key=value` of a canonical line.
package struct Facet: Hashable, Sendable {
    package var key: String
    package var value: String

    package init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

package struct EntityFingerprint: Hashable, Sendable {
    package var name: String
    /// The entity's version hash (`FingerprintHash` of its canonical lines and its parent's hash): entities with
    /// the same hash are stored once in the lock file.
    package var hash: String
    /// `abstract`, `parent`, `modifier`, `unique`.
    package var facets: [Facet]
    /// Own non-transient attributes and relationships, sorted by kind and name (the inherited ones are in the
    /// parent's, whose hash is in this entity's).
    package var properties: [PropertyFingerprint]
    /// Where the element is: in the model, or the lock file line it was read from. Not part of equality.
    @NotCompared package var location: SourceLocation?

    package init(name: String, hash: String, facets: [Facet], properties: [PropertyFingerprint], location: SourceLocation? = nil) {
        self.name = name
        self.hash = hash
        self.facets = facets
        self.properties = properties
        self.location = location
    }

    /// The hash of an entity's lines, given its parent's hash (nil without a parent).
    static func hash(name: String, facets: [Facet], properties: [PropertyFingerprint], parentHash: String?) -> String {
        FingerprintHash.hex(
            [LockFileFormat.line(kind: "entity", name: name, facets: facets)] + (parentHash.map { ["parent \($0)"] } ?? [])
                + properties.map { LockFileFormat.line(kind: $0.kind.rawValue, name: $0.name, facets: $0.facets) })
    }

    package func property(_ kind: PropertyFingerprint.Kind, named name: String) -> PropertyFingerprint? {
        properties.first { $0.kind == kind && $0.name == name }
    }

    package func facet(_ key: String) -> String? { facets.first { $0.key == key }?.value }
}

package struct PropertyFingerprint: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        case attribute, relationship
    }

    package var kind: Kind
    package var name: String
    package var facets: [Facet]
    /// As for entities: not part of equality.
    @NotCompared package var location: SourceLocation?

    package init(kind: Kind, name: String, facets: [Facet], location: SourceLocation? = nil) {
        self.kind = kind
        self.name = name
        self.facets = facets
        self.location = location
    }

    package func facet(_ key: String) -> String? { facets.first { $0.key == key }?.value }
}

/// The keys of each kind of line, in their canonical order, with the value a line leaves out (nil: always
/// written), from ``LockFacet/all``. Leaving defaults out keeps a long history's lock file small and each line about
/// what is special.
enum FacetKeys {
    static let entity = LockFacet.keys(of: .entity)
    static let attribute = LockFacet.keys(of: .attribute)
    static let relationship = LockFacet.keys(of: .relationship)

    static func keys(of kind: String) -> [(String, String?)]? {
        switch kind {
        case "entity": entity
        case "attribute": attribute
        case "relationship": relationship
        default: nil
        }
    }

    /// Every key of `kind` in canonical order, from `values` (a key it lacks takes its default).
    static func facets(_ kind: [(String, String?)], _ values: [String: String]) -> [Facet] {
        kind.map { key, defaultValue in Facet(key, values[key] ?? defaultValue ?? "-") }
    }
}

extension StoreFingerprint {
    /// The fingerprint of one resolved model version.
    package init(_ schema: Schema) {
        self.init(schema, legacyDerivedAttributes: false)
    }

    /// `legacyDerivedAttributes`: derived attributes as locks before issue 44 recorded them (type, optionality, the
    /// expression as written), to compare with such a lock's entries.
    package init(_ schema: Schema, legacyDerivedAttributes: Bool) {
        var done: [String: EntityFingerprint] = [:]
        var visiting: Set<String> = []
        func fingerprint(_ entity: Entity) -> EntityFingerprint {
            if let known = done[entity.name] { return known }
            // The parent's hash first: it is part of this entity's (a cycle, reported by the reader, stops it).
            visiting.insert(entity.name)
            var parentHash: String?
            if let parentName = entity.parentName, !visiting.contains(parentName), let parent = schema.entity(named: parentName) {
                parentHash = fingerprint(parent).hash
            }
            visiting.remove(entity.name)
            let attributes = entity.attributes.filter { !$0.isTransient }.map { attribute in
                PropertyFingerprint(
                    kind: .attribute, name: attribute.name,
                    facets: Self.facets(of: attribute, in: schema, legacyDerivedAttributes: legacyDerivedAttributes), location: attribute.location)
            }
            let relationships = entity.relationships.filter { !$0.isTransient }.map { relationship in
                PropertyFingerprint(
                    kind: .relationship, name: relationship.name, facets: Self.facets(of: relationship, in: entity),
                    location: relationship.location)
            }
            let properties = (attributes + relationships).sorted { ($0.kind.sortKey, $0.name) < ($1.kind.sortKey, $1.name) }
            let unique = entity.uniquenessConstraints.map { $0.joined(separator: ",") }.sorted().joined(separator: ";")
            let facets = FacetKeys.facets(FacetKeys.entity, [
                "abstract": yesNo(entity.isAbstract), "parent": entity.parentName ?? "-",
                "modifier": entity.versionHashModifier ?? "-", "unique": unique.isEmpty ? "-" : unique,
            ])
            let hash = EntityFingerprint.hash(name: entity.name, facets: facets, properties: properties, parentHash: parentHash)
            let result = EntityFingerprint(name: entity.name, hash: hash, facets: facets, properties: properties, location: entity.location)
            done[entity.name] = result
            return result
        }
        let entities = schema.entities.map(fingerprint)
        self.init(versionName: schema.versionName, entities: entities.sorted { $0.name < $1.name })
    }

    static func facets(of attribute: Attribute, in schema: Schema, legacyDerivedAttributes: Bool = false) -> [Facet] {
        // A derived attribute enters its entity's version hash by its derivation expression only, as Core Data
        // rewrites it, not by its type or optionality (read in the iOS 26.1 CoreData binary; docs/core-data-runtime.md,
        // "What the version hashes are made of"): `type=-`, and the optionality left at its default.
        if attribute.isDerived && !legacyDerivedAttributes {
            return FacetKeys.facets(FacetKeys.attribute, [
                "type": "-", "derivation": coreDataSpelling(ofDerivation: attribute.derivationExpression ?? ""),
                "modifier": attribute.versionHashModifier ?? "-",
            ])
        }
        var values = [
            "type": attribute.type.rawValue, "optional": yesNo(attribute.isOptional),
            "external-storage": yesNo(attribute.allowsExternalBinaryDataStorage),
            "preserve-after-deletion": yesNo(attribute.preserveAfterDeletion),
            "modifier": attribute.versionHashModifier ?? "-",
        ]
        // A derived attribute is hashed by its expression, not by a yes/no flag.
        if attribute.isDerived { values["derivation"] = attribute.derivationExpression ?? "" }
        if attribute.type == .composite {
            let elements = compositeElements(of: attribute, in: schema, seen: [])
            values["composite"] = elements.isEmpty ? "" : elements.sorted { $0.name < $1.name }.map { element in
                let facts = facets(of: element, in: schema).filter { $0.key != "composite" }
                    .filter { facet in FacetKeys.attribute.first { $0.0 == facet.key }?.1 != facet.value }
                return "\(element.name)(\(facts.map { "\($0.key):\($0.value)" }.joined(separator: " ")))"
            }.joined(separator: ", ")
        }
        return FacetKeys.facets(FacetKeys.attribute, values)
    }

    /// A derivation expression as Core Data holds it (its `predicateFormat` after parsing): `tags.@count` is
    /// `count:(tags)`. Other expressions are kept as written (no other rewrite is known).
    static func coreDataSpelling(ofDerivation expression: String) -> String {
        if expression.hasSuffix(".@count") {
            let keyPath = expression.dropLast(".@count".count)
            if !keyPath.isEmpty, !keyPath.contains { "@( ".contains($0) } { return "count:(\(keyPath))" }
        }
        return expression
    }

    /// A composite's non-transient elements, nested composites replaced by their own elements.
    private static func compositeElements(of attribute: Attribute, in schema: Schema, seen: Set<String>) -> [Attribute] {
        guard let name = attribute.compositeName, !seen.contains(name), let composite = schema.composite(named: name) else { return [] }
        return composite.attributes.filter { !$0.isTransient }.flatMap { element in
            element.type == .composite ? compositeElements(of: element, in: schema, seen: seen.union([name])) : [element]
        }
    }

    static func facets(of relationship: Relationship, in entity: Entity) -> [Facet] {
        // Core Data hashes "min and max count": Xcode writes maxCount="1" on every to-one and nothing on an
        // unbounded to-many, so both are normalised (0: no limit).
        let maximum = relationship.isToMany ? (relationship.maxCount ?? 0) : 1
        // A relationship that is its own inverse leaves the inverse out of its hash.
        let isOwnInverse = relationship.destinationEntity == entity.name && relationship.inverseName == relationship.name
            && (relationship.inverseEntity ?? entity.name) == entity.name
        return FacetKeys.facets(FacetKeys.relationship, [
            "destination": relationship.destinationEntity,
            "inverse": isOwnInverse ? "-" : (relationship.inverseName ?? "-"),
            "optional": yesNo(relationship.isOptional),
            "min": String(relationship.minCount ?? 0),
            "max": String(maximum),
            "ordered": yesNo(relationship.isToMany && relationship.isOrdered),
            "modifier": relationship.versionHashModifier ?? "-",
        ])
    }
}

/// A stored value that equality and hashing ignore: where a fingerprint was read from does not change what it says.
@propertyWrapper
package struct NotCompared<Value: Sendable>: Hashable, Sendable {
    package var wrappedValue: Value

    package init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    package static func == (lhs: Self, rhs: Self) -> Bool { true }
    package func hash(into hasher: inout Hasher) {}
}

func yesNo(_ flag: Bool) -> String { flag ? "YES" : "NO" }

extension PropertyFingerprint.Kind {
    var sortKey: Int {
        switch self {
        case .attribute: 0
        case .relationship: 1
        }
    }
}

/// 64-bit FNV-1a, as 16 hex digits: short, stable across platforms and runs (Swift's `Hasher` is seeded per
/// process), and enough to tell edits apart; the lines themselves are in the lock file, so nothing depends on
/// the hash being cryptographic.
package enum FingerprintHash {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Over the lines, each followed by a newline.
    static func hex(_ lines: [String]) -> String {
        var hash = offsetBasis
        for line in lines {
            for byte in line.utf8 { hash = step(hash, byte) }
            hash = step(hash, 0x0A)
        }
        return hex(hash)
    }

    /// The digest of a version's `contents` file, so that `generate` can tell an unchanged locked version
    /// without reading it: the same FNV-1a step, taken over 64-bit little-endian words (and then the remaining
    /// bytes). Benchmarks/README.md, "The model lock on a long version history", has why words.
    package static func digest(_ bytes: [UInt8]) -> String {
        var hash = offsetBasis
        let words = bytes.count / 8
        for index in 0..<words {
            var word: UInt64 = 0
            for shift in 0..<8 { word |= UInt64(bytes[index * 8 + shift]) << UInt64(8 * shift) }
            hash = (hash ^ word) &* 0x0000_0100_0000_01B3
        }
        for index in (words * 8)..<bytes.count { hash = step(hash, bytes[index]) }
        return hex(hash)
    }

    private static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    private static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
