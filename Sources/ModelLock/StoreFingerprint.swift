import ManagedModel

/// What Core Data compares when it decides whether a store can be opened with a model version: per entity, the
/// values its version hash is made of, written out as canonical text so a difference can be named.
///
/// The basis is Apple's documentation of the version hashes (the API reference pages and the comments of the
/// Core Data headers):
/// - `NSEntityDescription.versionHash`: "The version hash uses only values which affect the persistence of data
///   and the user-defined versionHashModifier value. (The values which affect persistence are the name of the
///   entity, the version hash of the superentity (if present), if the entity is abstract, and all of the version
///   hashes for the properties.)"
/// - `NSPropertyDescription.versionHash`: "the name of the property, the flags for isOptional, isTransient, and
///   isReadOnly" and the property's `versionHashModifier` (`isReadOnly` has no spelling in the model file).
/// - `NSAttributeDescription.versionHash`: the property's values "and the attribute type".
/// - `NSRelationshipDescription.versionHash`: the property's values, "the name of the destination entity and the
///   inverse relationship, and the min and max count".
/// - `NSManagedObjectModel.entityVersionHashesByName` is what a store's metadata keeps: adding or removing an
///   entity changes the model's hashes as much as editing one.
///
/// Deliberately left out, because none of these pages lists them: default values, validation (min/max values,
/// regular expressions, validation predicates), user info, class names (`representedClassName`,
/// `customClassName`, `usesScalarValueType`), the value transformer's name, the renaming identifier (it only
/// tells migration which old element a new one continues: `NSPropertyDescription.renamingIdentifier`), delete
/// rules, Codegen, indexes, uniqueness constraints, Spotlight, CloudKit and history-tracking flags.
///
/// Included although the pages do not list them, to be conservative (each changes what is stored, and we would
/// rather ask for a new model version than let a store fail to open): `ordered` (an ordered relationship keeps
/// an ordering column), Allows External Storage (`allowsExternalBinaryDataStorage`), derived attributes
/// (`NSDerivedAttributeDescription`: a stored column Core Data fills), the attributes of a composite, and
/// fetched properties (`NSFetchedPropertyDescription` is a property of the entity, so it is among "all of the
/// version hashes for the properties"; its entity and predicate are included).
public struct StoreFingerprint: Hashable, Sendable {
    public var versionName: String
    /// Sorted by name.
    public var entities: [EntityFingerprint]
    /// The `version` line when read from a lock file; nil otherwise. Not part of equality.
    @NotCompared public var location: SourceLocation?

    public init(versionName: String, entities: [EntityFingerprint], location: SourceLocation? = nil) {
        self.versionName = versionName
        self.entities = entities
        self.location = location
    }

    /// A short hash of every entity's hash: equal fingerprints mean the same store schema.
    public var hash: String { FingerprintHash.hex(entities.map { "\($0.name) \($0.hash)" }) }

    public func entity(named name: String) -> EntityFingerprint? { entities.first { $0.name == name } }
}

/// One `key=value` of a canonical line. Every key is always written, so a line reads the same in every lock.
public struct Facet: Hashable, Sendable {
    public var key: String
    public var value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

public struct EntityFingerprint: Hashable, Sendable {
    public var name: String
    /// `abstract`, `parent`, `modifier`.
    public var facets: [Facet]
    /// Own properties (the parent's are in the parent's fingerprint, as its hash is in the entity's), sorted by kind and name.
    public var properties: [PropertyFingerprint]
    /// Where the element is: in the model, or the lock file line it was read from. Not part of equality.
    @NotCompared public var location: SourceLocation?

    public init(name: String, facets: [Facet], properties: [PropertyFingerprint], location: SourceLocation? = nil) {
        self.name = name
        self.facets = facets
        self.properties = properties
        self.location = location
    }

    /// A short hash of the entity's canonical lines (its own and its properties').
    public var hash: String {
        FingerprintHash.hex(
            [LockFileFormat.line(kind: "entity", name: name, facets: facets)]
                + properties.map { LockFileFormat.line(kind: $0.kind.rawValue, name: $0.name, facets: $0.facets) })
    }

    public func property(_ kind: PropertyFingerprint.Kind, named name: String) -> PropertyFingerprint? {
        properties.first { $0.kind == kind && $0.name == name }
    }

    public func facet(_ key: String) -> String? { facets.first { $0.key == key }?.value }
}

public struct PropertyFingerprint: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case attribute, relationship, fetched
    }

    public var kind: Kind
    public var name: String
    public var facets: [Facet]
    /// As for entities: not part of equality.
    @NotCompared public var location: SourceLocation?

    public init(kind: Kind, name: String, facets: [Facet], location: SourceLocation? = nil) {
        self.kind = kind
        self.name = name
        self.facets = facets
        self.location = location
    }

    public func facet(_ key: String) -> String? { facets.first { $0.key == key }?.value }
}

extension StoreFingerprint {
    /// The fingerprint of one resolved model version.
    public init(_ schema: Schema) {
        let entities = schema.entities.map { entity in
            let attributes = entity.attributes.map { attribute in
                PropertyFingerprint(
                    kind: .attribute, name: attribute.name, facets: Self.facets(of: attribute, in: schema),
                    location: attribute.location)
            }
            let relationships = entity.relationships.map { relationship in
                PropertyFingerprint(
                    kind: .relationship, name: relationship.name, facets: Self.facets(of: relationship),
                    location: relationship.location)
            }
            let fetched = entity.fetchedProperties.map { property in
                PropertyFingerprint(
                    kind: .fetched, name: property.name,
                    facets: [
                        Facet("optional", yesNo(property.isOptional)),
                        Facet("entity", property.fetchRequest.entityName),
                        Facet("predicate", property.fetchRequest.predicateString ?? "-"),
                    ],
                    location: property.location)
            }
            let properties = (attributes + relationships + fetched).sorted {
                ($0.kind.sortKey, $0.name) < ($1.kind.sortKey, $1.name)
            }
            return EntityFingerprint(
                name: entity.name,
                facets: [
                    Facet("abstract", yesNo(entity.isAbstract)),
                    Facet("parent", entity.parentName ?? "-"),
                    Facet("modifier", entity.versionHashModifier ?? "-"),
                ],
                properties: properties, location: entity.location)
        }
        self.init(versionName: schema.versionName, entities: entities.sorted { $0.name < $1.name })
    }

    static func facets(of attribute: Attribute, in schema: Schema) -> [Facet] {
        var facets = [
            Facet("type", attribute.type.rawValue),
            Facet("optional", yesNo(attribute.isOptional)),
            Facet("transient", yesNo(attribute.isTransient)),
            Facet("derived", yesNo(attribute.isDerived)),
            Facet("external-storage", yesNo(attribute.allowsExternalBinaryDataStorage)),
            Facet("modifier", attribute.versionHashModifier ?? "-"),
        ]
        if attribute.type == .composite {
            let elements = attribute.compositeName.flatMap { schema.composite(named: $0) }?.attributes ?? []
            let text = elements.sorted { $0.name < $1.name }
                .map { "\($0.name):\($0.type.rawValue):\($0.isOptional ? "optional" : "required")" }
            facets.append(Facet("composite", text.isEmpty ? "-" : text.joined(separator: ",")))
        }
        return facets
    }

    static func facets(of relationship: Relationship) -> [Facet] {
        // The documented "min and max count": Xcode writes maxCount="1" on every to-one and nothing on an
        // unbounded to-many, so both are normalised (0: no limit) and to-many is spelled out for the reader.
        let maximum = relationship.isToMany ? (relationship.maxCount ?? 0) : 1
        return [
            Facet("destination", relationship.destinationEntity),
            Facet("inverse", relationship.inverseName ?? "-"),
            Facet("to-many", yesNo(relationship.isToMany)),
            Facet("ordered", yesNo(relationship.isToMany && relationship.isOrdered)),
            Facet("optional", yesNo(relationship.isOptional)),
            Facet("transient", yesNo(relationship.isTransient)),
            Facet("min", String(relationship.minCount ?? 0)),
            Facet("max", String(maximum)),
            Facet("modifier", relationship.versionHashModifier ?? "-"),
        ]
    }
}

/// A stored value that equality and hashing ignore: where a fingerprint was read from does not change what it says.
@propertyWrapper
public struct NotCompared<Value: Sendable>: Hashable, Sendable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

func yesNo(_ flag: Bool) -> String { flag ? "YES" : "NO" }

extension PropertyFingerprint.Kind {
    var sortKey: Int {
        switch self {
        case .attribute: 0
        case .relationship: 1
        case .fetched: 2
        }
    }
}

/// 64-bit FNV-1a over the lines (each followed by a newline), as 16 hex digits: short, stable across platforms
/// and runs (Swift's `Hasher` is seeded per process), and enough to tell edits apart; the lines themselves
/// are in the lock file, so nothing depends on the hash being cryptographic.
enum FingerprintHash {
    static func hex(_ lines: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for line in lines {
            for byte in line.utf8 + [0x0A] {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
