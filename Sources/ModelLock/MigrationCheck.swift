import CoreDataMapping
import ManagedModel

/// What Core Data's lightweight migration cannot infer between two model versions, and the renames it would
/// silently turn into data loss.
///
/// The rules are Apple's list of what lightweight migration infers, in the *Core Data Model Versioning and Data
/// Migration Programming Guide*, chapter "Lightweight Migration" ("Core Data must be able to find the source and
/// destination managed object models … and infer a mapping model"). Inferred there, so not reported here:
/// - attributes: "Simple addition of a new attribute", "Removal of an attribute", "A non-optional attribute
///   becoming optional", "An optional attribute becoming non-optional, and defining a default value";
/// - relationships: addition, removal, "Changing a relationship from a to-one to a to-many", "Changing a
///   non-ordered to-many relationship to an ordered to-many (and vice versa)";
/// - entities: "Simple addition of a new entity", "Removal of an entity", "Adding a new parent or child entity and
///   moving properties up or down the hierarchy";
/// - "Renaming an entity or property", when the new element's renaming identifier names the old one
///   (`NSPropertyDescription.renamingIdentifier`, `NSEntityDescription.renamingIdentifier`; Xcode's "Renaming
///   ID", written as `elementID` or `renamingIdentifier`).
///
/// Apple's newer article *Using Lightweight Migration* (Core Data documentation) gives the same list per kind
/// (add, remove, rename through a renaming identifier; attributes: nonoptional to optional, optional to
/// nonoptional "and provide a default value"; relationships: to-one to to-many, ordered and unordered both ways;
/// entities: "create a new parent or child entity", "move an attribute up or down in a hierarchy", "move entities
/// out of a hierarchy"), so moving an entity out of its hierarchy is not reported.
///
/// What lightweight migration infers and refuses, as measured (docs/core-data-runtime.md, "What the version hashes
/// are made of … and what lightweight migration infers"; Apple's *Using Lightweight Migration*; the migrations
/// run on macOS by `daspoon/storable`, `Tests/StorableTests/CoreDataTests.swift`):
/// - attribute type changes among Integer 16/32/64, Decimal, Double, Float and Boolean are inferred (the values
///   are converted); every other type change is refused ("Source and destination attribute types are
///   incompatible"), also for a renamed attribute; Transformable <-> Binary only when the destination attribute's
///   user info has `NSMigrationAllowTypeTransformation`;
/// - a Binary attribute's external storage turned on is inferred, turned off is refused;
/// - a to-many relationship becoming to-one is refused; a relationship pointing at another entity is refused;
/// - two destination entities (or two properties of one entity) with the same renaming identifier (the name
///   when none is set) fail the migration outright (error 134190, "Each destination entity must have a unique
///   renaming identifier"): only that is reported, not the pairings that follow from it;
/// - "you cannot merge entity hierarchies" (the guide's explicit exception).
///
/// Inferred but validated when the migration runs ("may fail"): an attribute or relationship becoming required
/// without a default, and a new required one. It fails only when existing rows have no value; we block it (a
/// defensible choice, said as such). A to-many relationship with min count 0 is never flagged: an empty set is
/// a valid value.
///
/// Data loss: an element removed and one of the same kind and type added in the same entity without a renaming
/// identifier, named like it (one name begins or ends with the other, or they are spelled closely), look like a
/// rename; migration infers "remove and add" and drops the old values. When elements of its kind were added but
/// none is named like it, the dropped values are reported without naming a rename. An added element whose
/// renaming identifier is its own name is new by the model's word: it is paired with nothing. An entity that
/// looks renamed this way is reported once: relationships that followed it to its new name are not also
/// reported as pointing elsewhere.
///
/// Transient properties are not stored, so they are not compared.
package enum MigrationCheck {
    package struct Finding: Hashable, Sendable {
        package enum Kind: String, Hashable, Sendable {
            case notInferable = "not inferable"
            case dataLoss = "data loss"
            /// Inferred, but validated when the migration runs.
            case mayFail = "may fail"
        }

        /// A property of the destination version: `Entry.mood` is `Element(entityName: "Entry", propertyName: "mood")`.
        package struct Element: Hashable, Sendable {
            package var entityName: String
            package var propertyName: String
            package var isRelationship: Bool
        }

        package var kind: Kind
        package var message: String
        package var location: SourceLocation
        /// The element in the source version, when there is one to point at.
        package var sourceLocation: SourceLocation?
        /// For a may-fail finding: the property made required (the generated shipped-store tests leave it unset in a
        /// row and check the app's hook gave it a value).
        package var element: Element? = nil
    }

    package static func findings(from source: Schema, to destination: Schema) -> [Finding] {
        findings(from: source, to: destination) { old, new, sourceName in
            propertyFindings(old, in: source, new, in: destination, sourceName: sourceName)
        }
    }

    /// ``findings(from:to:)`` with the findings of each pair of entities (the source entity, the destination entity
    /// continuing it, and the source entity each destination name continues) from `entityPairFindings`, so that a
    /// ``VerdictCache`` can skip pairs it knows find nothing.
    static func findings(
        from source: Schema, to destination: Schema, entityPairFindings: (Entity, Entity, (String) -> String?) -> [Finding]
    ) -> [Finding] {
        // The migration fails outright on a shared renaming identifier: nothing else is worth saying.
        let duplicates = duplicateRenamingIdentifiers(
            destination.entities, kind: "entities", \.name, { renamingID($0.renamingIdentifier, $0.elementID) }, \.location)
        if !duplicates.isEmpty { return duplicates }

        var findings: [Finding] = []
        let entityPairs = pairEntities(source: source, destination: destination)
        // Sets and a dictionary, not searches of `entityPairs`: a long history asks this thousands of times.
        let pairedDestinations = Set(entityPairs.map(\.1.name))
        let pairedSources = Set(entityPairs.map(\.0.name))
        // The first pair of each destination name, as a search from the front would find.
        let pairedSourceName = Dictionary(entityPairs.map { ($0.1.name, $0.0.name) }, uniquingKeysWith: { first, _ in first })
        // Removed entities next to added ones with the same stored attribute names: a rename without its identifier.
        var presumedRenames: [String: String] = [:]
        let added = destination.entities.filter { !pairedDestinations.contains($0.name) }
        var unclaimed = source.entities.filter { !pairedSources.contains($0.name) }
        for entity in added {
            let names = Set(storedAttributes(of: entity, in: destination).map(\.name))
            guard !names.isEmpty,
                let index = unclaimed.firstIndex(where: { Set(storedAttributes(of: $0, in: source).map(\.name)) == names })
            else { continue }
            let old = unclaimed.remove(at: index)
            presumedRenames[entity.name] = old.name
            findings.append(Finding(
                kind: .dataLoss,
                message: "entity \(entity.name) looks like entity \(old.name) renamed, but has no renaming identifier: "
                    + "migration would delete every \(old.name) and start \(entity.name) empty; set \(entity.name)'s Renaming ID to \(old.name)",
                location: entity.location, sourceLocation: old.location))
        }
        // The source entity a destination entity continues, as far as relationships are concerned.
        let sourceName = { (destinationName: String) -> String? in
            pairedSourceName[destinationName] ?? presumedRenames[destinationName]
        }
        var propertyFindings: [Finding] = []
        for (old, new) in entityPairs {
            propertyFindings += entityPairFindings(old, new, sourceName)
        }
        return propertyFindings + hierarchyFindings(entityPairs, source: source, destination: destination) + findings
    }

    /// Error 134190: elements sharing a renaming identifier (their name when they have none), once per group.
    static func duplicateRenamingIdentifiers<Element>(
        _ elements: [Element], kind: String, _ name: (Element) -> String, _ explicitID: (Element) -> String?,
        _ location: (Element) -> SourceLocation, owner: String? = nil
    ) -> [Finding] {
        // Most element lists have no shared identifier: a set says so without grouping (copying) every element.
        var identifiers = Set<String>()
        guard !elements.allSatisfy({ identifiers.insert(explicitID($0) ?? name($0)).inserted }) else { return [] }
        var groups: [String: [Element]] = [:]
        var order: [String] = []
        for element in elements {
            let id = explicitID(element) ?? name(element)
            if groups[id] == nil { order.append(id) }
            groups[id, default: []].append(element)
        }
        return order.compactMap { id in
            guard let group = groups[id], group.count > 1 else { return nil }
            let names = group.map { (owner.map { "\($0)." } ?? "") + name($0) }
            let singular = kind == "entities" ? "entity" : "property"
            let explicit = group.first { explicitID($0) != nil } ?? group[group.count - 1]
            return Finding(
                kind: .notInferable,
                message: "\(kind) \(names.joined(separator: " and ")) have the same renaming identifier \(id) (an element without "
                    + "a Renaming ID is identified by its name): lightweight migration fails with error 134190 (\"Each destination "
                    + "\(singular) must have a unique renaming identifier\"); give each its own",
                location: location(explicit), sourceLocation: nil)
        }
    }

    /// The destination's renaming identifier: `renamingIdentifier`, else Xcode's `elementID` (the Renaming ID field).
    static func renamingID(_ renamingIdentifier: String?, _ elementID: String?) -> String? {
        let value = renamingIdentifier ?? elementID
        return value?.isEmpty == false ? value : nil
    }

    /// The source element a destination element continues: the one its renaming identifier names, else the one
    /// of the same name; nil for a new element.
    static func counterpart<Element>(
        of name: String, _ renamingIdentifier: String?, _ elementID: String?, among old: [Element], _ oldName: (Element) -> String
    ) -> Element? {
        if let id = renamingID(renamingIdentifier, elementID), let renamed = old.first(where: { oldName($0) == id }) { return renamed }
        return old.first { oldName($0) == name }
    }

    /// The entity of `source` (the version before) that `entity` continues, as migration pairs them: the one its
    /// renaming identifier names, else the one of its name; nil for a new entity.
    package static func continuedEntity(of entity: Entity, in source: Schema) -> Entity? {
        if let id = renamingID(entity.renamingIdentifier, entity.elementID), let renamed = source.entity(named: id) { return renamed }
        return source.entity(named: entity.name)
    }

    /// The stored attribute of `sourceEntity` (in `source`) that `attribute` continues; nil for a new attribute.
    package static func continuedAttribute(of attribute: Attribute, in sourceEntity: Entity, of source: Schema) -> Attribute? {
        counterpart(of: attribute.name, attribute.renamingIdentifier, attribute.elementID, among: storedAttributes(of: sourceEntity, in: source), \.name)
    }

    /// The stored relationship of `sourceEntity` (in `source`) that `relationship` continues; nil for a new one.
    package static func continuedRelationship(of relationship: Relationship, in sourceEntity: Entity, of source: Schema) -> Relationship? {
        counterpart(
            of: relationship.name, relationship.renamingIdentifier, relationship.elementID,
            among: storedRelationships(of: sourceEntity, in: source), \.name)
    }

    /// Every stored attribute and relationship of `new` (in `destination`) with the one of `old` (in `source`) it
    /// continues, as ``continuedAttribute(of:in:of:)`` pairs them one by one (by dictionary: a long history pairs
    /// thousands of entities).
    package static func continuedProperties(
        of new: Entity, in destination: Schema, from old: Entity, in source: Schema
    ) -> (attributes: [(old: Attribute, new: Attribute)], relationships: [(old: Relationship, new: Relationship)]) {
        func pairs<Element>(_ newElements: [Element], _ oldElements: [Element], _ name: (Element) -> String, _ ids: (Element) -> (String?, String?))
            -> [(old: Element, new: Element)]
        {
            let byName = Dictionary(oldElements.map { (name($0), $0) }, uniquingKeysWith: { first, _ in first })
            return newElements.compactMap { element in
                let (renamingIdentifier, elementID) = ids(element)
                if let id = renamingID(renamingIdentifier, elementID), let renamed = byName[id] { return (renamed, element) }
                return byName[name(element)].map { ($0, element) }
            }
        }
        return (
            pairs(storedAttributes(of: new, in: destination), storedAttributes(of: old, in: source), \.name) { ($0.renamingIdentifier, $0.elementID) },
            pairs(storedRelationships(of: new, in: destination), storedRelationships(of: old, in: source), \.name) {
                ($0.renamingIdentifier, $0.elementID)
            })
    }

    static func pairEntities(source: Schema, destination: Schema) -> [(Entity, Entity)] {
        // By name through a dictionary (the first entity of each name, as `counterpart` finds): every destination
        // entity is looked up, thousands of times over a long history.
        let byName = Dictionary(source.entities.indices.map { (source.entities[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        return destination.entities.compactMap { new in
            if let id = renamingID(new.renamingIdentifier, new.elementID), let renamed = byName[id] { return (source.entities[renamed], new) }
            return byName[new.name].map { (source.entities[$0], new) }
        }
    }

    static func storedAttributes(of entity: Entity, in schema: Schema) -> [Attribute] {
        schema.allAttributes(of: entity).filter { !$0.isTransient }
    }

    static func storedRelationships(of entity: Entity, in schema: Schema) -> [Relationship] {
        schema.allRelationships(of: entity).filter { !$0.isTransient }
    }

    static func propertyFindings(
        _ old: Entity, in source: Schema, _ new: Entity, in destination: Schema, sourceName: (String) -> String?
    ) -> [Finding] {
        let duplicates = duplicateRenamingIdentifiers(
            storedAttributes(of: new, in: destination).map { ($0.name, renamingID($0.renamingIdentifier, $0.elementID), $0.location) }
                + storedRelationships(of: new, in: destination).map { ($0.name, renamingID($0.renamingIdentifier, $0.elementID), $0.location) },
            kind: "properties", \.0, \.1, \.2, owner: new.name)
        if !duplicates.isEmpty { return duplicates }
        var findings: [Finding] = []
        let oldAttributes = storedAttributes(of: old, in: source)
        let oldRelationships = storedRelationships(of: old, in: source)
        var removedAttributes = oldAttributes
        var removedRelationships = oldRelationships
        var addedAttributes: [Attribute] = []
        var addedRelationships: [Relationship] = []
        func refuse(_ message: String, at location: SourceLocation, was sourceLocation: SourceLocation? = nil) {
            findings.append(Finding(kind: .notInferable, message: message, location: location, sourceLocation: sourceLocation))
        }
        func validated(
            _ change: String, _ advice: String, _ property: String, isRelationship: Bool = false, at location: SourceLocation,
            was sourceLocation: SourceLocation? = nil
        ) {
            findings.append(Finding(
                kind: .mayFail,
                message: "\(change): lightweight migration infers it, but it may fail at migration time when existing rows have no value; \(advice)",
                location: location, sourceLocation: sourceLocation,
                element: Finding.Element(entityName: new.name, propertyName: property, isRelationship: isRelationship)))
        }

        for attribute in storedAttributes(of: new, in: destination) {
            guard let was = counterpart(of: attribute.name, attribute.renamingIdentifier, attribute.elementID, among: oldAttributes, \.name)
            else {
                addedAttributes.append(attribute)
                if attribute.requiresStoredValue {
                    validated(
                        "new attribute \(new.name).\(attribute.name) is non-optional without a default value", "make it optional or give it a default", attribute.name,
                        at: attribute.location)
                }
                continue
            }
            removedAttributes.removeAll { $0.name == was.name }
            let label = "attribute \(new.name).\(attribute.name)" + (was.name == attribute.name ? "" : " (renamed from \(was.name))")
            if was.type != attribute.type, !typeChangeIsInferred(from: was, to: attribute) {
                let optIn = Set([was.type, attribute.type]) == [.transformable, .binary]
                refuse(
                    "\(label) changed type from \(was.type.rawValue) to \(attribute.type.rawValue): lightweight migration refuses it "
                        + "(\"Source and destination attribute types are incompatible\"; it converts only among Integer 16/32/64, "
                        + "Decimal, Double, Float and Boolean); "
                        + (optIn
                            ? "add the user info key \(allowTypeTransformationKey) = YES to the destination attribute to allow it"
                            : "add a new attribute (and a mapping model or a migration step to copy the values)"),
                    at: attribute.location, was: was.location)
            }
            if was.type == .binary, attribute.type == .binary, was.allowsExternalBinaryDataStorage, !attribute.allowsExternalBinaryDataStorage {
                refuse(
                    "\(label) no longer allows external storage: lightweight migration infers turning external storage on, "
                        + "not off; keep it on, or add a new attribute",
                    at: attribute.location, was: was.location)
            }
            if was.isOptional && attribute.requiresStoredValue {
                validated(
                    "\(label) became non-optional without a default value", "give it a default", attribute.name, at: attribute.location,
                    was: was.location)
            }
        }

        for relationship in storedRelationships(of: new, in: destination) {
            guard let was = counterpart(
                of: relationship.name, relationship.renamingIdentifier, relationship.elementID, among: oldRelationships, \.name)
            else {
                addedRelationships.append(relationship)
                if relationship.requiresDestination {
                    validated(
                        "new relationship \(new.name).\(relationship.name) is non-optional", "make it optional", relationship.name,
                        isRelationship: true, at: relationship.location)
                }
                continue
            }
            removedRelationships.removeAll { $0.name == was.name }
            let label = "relationship \(new.name).\(relationship.name)"
            if sourceName(relationship.destinationEntity) != was.destinationEntity {
                refuse(
                    "\(label) now points at \(relationship.destinationEntity) instead of \(was.destinationEntity): "
                        + "lightweight migration cannot move its objects to another entity",
                    at: relationship.location, was: was.location)
            }
            if was.isToMany && !relationship.isToMany {
                refuse(
                    "\(label) became to-one: lightweight migration infers to-one to to-many, not the reverse "
                        + "(which object would it keep?)",
                    at: relationship.location, was: was.location)
            }
            if !was.requiresDestination && relationship.requiresDestination {
                validated(
                    "\(label) became non-optional", "make sure every row has a destination first, or keep it optional", relationship.name,
                    isRelationship: true, at: relationship.location, was: was.location)
            }
        }

        // Renames without a renaming identifier: a removed and an added element of the same kind and type, paired by
        // name, never by order alone (pairing by type order once advised copying `streetAddress` into `city`).
        let attributes = presumedRenames(
            removed: removedAttributes, added: addedAttributes.filter { !isMarkedNew($0.name, $0.renamingIdentifier, $0.elementID) },
            \.name, sameKind: { $0.type == $1.type })
        for (old, attribute) in attributes.renames {
            findings.append(renameFinding("attribute", entity: new.name, old: old.name, new: attribute.name, attribute.location, old.location))
        }
        for (old, candidates) in attributes.dropped {
            findings.append(droppedFinding(
                "attribute", entity: new, old: old.name, type: old.type.rawValue, candidates: candidates.map { ($0.name, $0.location) }, old.location))
        }
        let relationships = presumedRenames(
            removed: removedRelationships,
            added: addedRelationships.filter { !isMarkedNew($0.name, $0.renamingIdentifier, $0.elementID) }, \.name,
            sameKind: { $0.destinationEntity == sourceName($1.destinationEntity) && $0.isToMany == $1.isToMany })
        for (old, relationship) in relationships.renames {
            findings.append(renameFinding("relationship", entity: new.name, old: old.name, new: relationship.name, relationship.location, old.location))
        }
        for (old, candidates) in relationships.dropped {
            findings.append(droppedFinding(
                "relationship", entity: new, old: old.name, type: "\(old.isToMany ? "to-many" : "to-one") to \(old.destinationEntity)",
                candidates: candidates.map { ($0.name, $0.location) }, old.location))
        }
        return findings
    }

    /// An added element whose renaming identifier is its own name: the model says it continues no removed element
    /// ("this is not a rename"), so no removed element is paired with it. Core Data identifies an element without a
    /// renaming identifier by its name, so this changes nothing for the migration itself.
    static func isMarkedNew(_ name: String, _ renamingIdentifier: String?, _ elementID: String?) -> Bool {
        renamingID(renamingIdentifier, elementID) == name
    }

    /// Removed and added elements of the same kind (`sameKind(removed, added)`) paired as presumed renames: an added
    /// element continues a removed one only when its name plausibly does (``renameDistance(from:to:)``), the
    /// closest pairs first. `dropped`: the removed elements left unpaired although elements of their kind were
    /// added (their values are dropped, and no added one is named like them), with those added elements.
    static func presumedRenames<Element>(
        removed: [Element], added: [Element], _ name: (Element) -> String, sameKind: (Element, Element) -> Bool
    ) -> (renames: [(old: Element, new: Element)], dropped: [(old: Element, candidates: [Element])]) {
        var pairs: [(distance: Int, old: Int, new: Int)] = []
        for (oldIndex, old) in removed.enumerated() {
            for (newIndex, new) in added.enumerated() where sameKind(old, new) {
                if let distance = renameDistance(from: name(old), to: name(new)) { pairs.append((distance, oldIndex, newIndex)) }
            }
        }
        pairs.sort { ($0.distance, $0.new, $0.old) < ($1.distance, $1.new, $1.old) }
        var oldPaired: [Int: Int] = [:]
        var newPaired = Set<Int>()
        for pair in pairs where oldPaired[pair.old] == nil && !newPaired.contains(pair.new) {
            oldPaired[pair.old] = pair.new
            newPaired.insert(pair.new)
        }
        let renames = oldPaired.sorted { $0.value < $1.value }.map { (old: removed[$0.key], new: added[$0.value]) }
        let dropped = removed.indices.filter { oldPaired[$0] == nil }.compactMap { oldIndex -> (old: Element, candidates: [Element])? in
            let candidates = added.indices.filter { !newPaired.contains($0) && sameKind(removed[oldIndex], added[$0]) }.map { added[$0] }
            return candidates.isEmpty ? nil : (removed[oldIndex], candidates)
        }
        return (renames, dropped)
    }

    /// How far apart `old` and `new` are spelled (edits, ignoring case), when `new` plausibly renames `old`: one
    /// name begins or ends with the other (`streetAddress` -> `street`, `name` -> `fullName`; at least 3 letters), or
    /// they are spelled closely (``SpellingSuggestion``: `adress` -> `address`). Nil otherwise: a type in common is no
    /// reason to believe that `note` became `city`.
    static func renameDistance(from old: String, to new: String) -> Int? {
        let (a, b) = (old.lowercased(), new.lowercased())
        let (shorter, longer) = a.count <= b.count ? (a, b) : (b, a)
        let affix = shorter.count >= 3 && (longer.hasPrefix(shorter) || longer.hasSuffix(shorter))
        guard a == b || affix || SpellingSuggestion.closest(to: old, in: [new]) != nil else { return nil }
        return SpellingSuggestion.distance(old, new)
    }

    /// The user info key that lets lightweight migration convert between Transformable and Binary.
    static let allowTypeTransformationKey = "NSMigrationAllowTypeTransformation"

    /// Numeric and Boolean types convert into each other; Transformable <-> Binary with the destination's opt-in.
    static func typeChangeIsInferred(from old: Attribute, to new: Attribute) -> Bool {
        let convertible = { (type: AttributeType) in type.isNumeric || type == .boolean }
        if convertible(old.type) && convertible(new.type) { return true }
        if Set([old.type, new.type]) == [.transformable, .binary] {
            let value = new.userInfo.first { $0.key == allowTypeTransformationKey }?.value.lowercased()
            return value.map { !["no", "false", "0"].contains($0) } ?? false
        }
        return false
    }

    private static func renameFinding(
        _ kind: String, entity: String, old: String, new: String, _ location: SourceLocation, _ sourceLocation: SourceLocation
    ) -> Finding {
        Finding(
            kind: .dataLoss,
            message: "\(kind) \(entity).\(new) looks like \(entity).\(old) renamed, but has no renaming identifier: migration "
                + "would drop the values of \(old) and start \(new) empty; set \(new)'s Renaming ID to \(old)",
            location: location, sourceLocation: sourceLocation)
    }

    /// A removed element whose values are dropped while elements of its kind were added, none named like it: the
    /// data loss is reported, at the first of those, without claiming which one (if any) renames it.
    private static func droppedFinding(
        _ element: String, entity: Entity, old: String, type: String, candidates: [(name: String, location: SourceLocation)],
        _ sourceLocation: SourceLocation
    ) -> Finding {
        let list = candidates.map { "\(entity.name).\($0.name)" }.joined(separator: ", ")
        let one = candidates.count == 1
        return Finding(
            kind: .dataLoss,
            message: "\(element) \(entity.name).\(old) (\(type)) was removed and \(list) (\(type)) added, "
                + "\(one ? "not named like it" : "none named like it"): migration would drop the values of \(old); "
                + "if \(one ? candidates[0].name : "one of them") is \(old) renamed, set its Renaming ID to \(old); "
                + "if \(one ? "not" : "none is"), set \(one ? "its" : "each one's") Renaming ID to its own name to say it is new",
            location: candidates.first?.location ?? entity.location, sourceLocation: sourceLocation)
    }

    /// "You cannot merge entity hierarchies": entities that share a root in the destination must have shared one in
    /// the source. A new parent (an entity the source lacks) above one existing hierarchy is fine.
    private static func hierarchyFindings(_ pairs: [(Entity, Entity)], source: Schema, destination: Schema) -> [Finding] {
        // Positions in `pairs`, not copies of the entities: this runs on every hop of a long history.
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (index, (_, new)) in pairs.enumerated() {
            let root = new.parentName == nil ? new.name : destination.ancestors(of: new).first?.name ?? new.name
            if groups[root] == nil { order.append(root) }
            groups[root, default: []].append(index)
        }
        var findings: [Finding] = []
        for root in order {
            guard let positions = groups[root], positions.count > 1 else { continue }
            let members = positions.map { (old: pairs[$0].0, new: pairs[$0].1) }
            let sourceRoot = { (entity: Entity) in source.ancestors(of: entity).first?.name ?? entity.name }
            let first = members[0]
            for member in members.dropFirst() where sourceRoot(member.old) != sourceRoot(first.old) {
                findings.append(Finding(
                    kind: .notInferable,
                    message: "entity \(member.new.name) now shares the root entity \(root) with \(first.new.name), but in the source "
                        + "version they were in different hierarchies: lightweight migration cannot merge entity hierarchies",
                    location: member.new.location, sourceLocation: member.old.location))
            }
        }
        return findings
    }

    /// The findings as diagnostics, each made from its row (``MigrationVerdicts``), at the destination element with a
    /// note at the source element. `asWarnings`: during `generate`, where each is a warning (an error with
    /// `--warnings-as-errors`); `migration-check` reports the row's severity.
    package static func diagnostics(
        _ findings: [Finding], from sourceVersion: String, to destinationVersion: String, asWarnings: Bool
    ) -> Diagnostics {
        var diagnostics = Diagnostics()
        for finding in findings {
            var diagnostic = finding.kind.rule.diagnostic(
                "\(finding.kind.rawValue) migrating '\(sourceVersion)' to '\(destinationVersion)': \(finding.message)",
                at: finding.location)
            if asWarnings { diagnostic.reportAs(.warning) }
            diagnostics.append(diagnostic)
            if let sourceLocation = finding.sourceLocation {
                diagnostics.append(.note("as it was in '\(sourceVersion)'", at: sourceLocation))
            }
        }
        return diagnostics
    }
}
