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
/// Reported as not inferable: everything outside that list that we can see — an attribute type change, a to-many
/// becoming to-one, a relationship pointing at another entity, an optional attribute becoming non-optional without
/// a default, and the guide's explicit exception "you cannot merge entity hierarchies; if two existing entities do
/// not share a common parent in the source, they cannot share a common parent in the destination".
///
/// Also reported, to be conservative (the guide lists "addition" without conditions, but every existing object
/// then lacks a value the destination requires, and the migrated store fails validation with "missing
/// attribute values on mandatory destination attribute/relationship"): a new non-optional attribute without a
/// default, a new non-optional relationship, and an optional relationship becoming non-optional.
///
/// Data loss: an element removed and one of the same kind and type added in the same entity without a renaming
/// identifier look like a rename; migration infers "remove and add" and drops the old values.
///
/// Transient properties are not stored, so they are not compared.
public enum MigrationCheck {
    public struct Finding: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            case notInferable = "not inferable"
            case dataLoss = "data loss"
        }

        public var kind: Kind
        public var message: String
        public var location: SourceLocation
        /// The element in the source version, when there is one to point at.
        public var sourceLocation: SourceLocation?
    }

    public static func findings(from source: Schema, to destination: Schema) -> [Finding] {
        var findings: [Finding] = []
        let entityPairs = pairEntities(source: source, destination: destination)
        var mappedSources: Set<String> = []
        for (old, new) in entityPairs {
            mappedSources.insert(old.name)
            findings += propertyFindings(old, in: source, new, in: destination, entityPairs: entityPairs)
        }
        findings += hierarchyFindings(entityPairs, source: source, destination: destination)
        // Removed entities next to added ones with the same stored attribute names: a rename without its identifier.
        let added = destination.entities.filter { entity in !entityPairs.contains { $0.1.name == entity.name } }
        var unclaimed = source.entities.filter { !mappedSources.contains($0.name) }
        for entity in added {
            let names = Set(storedAttributes(of: entity, in: destination).map(\.name))
            guard !names.isEmpty,
                let index = unclaimed.firstIndex(where: { Set(storedAttributes(of: $0, in: source).map(\.name)) == names })
            else { continue }
            let old = unclaimed.remove(at: index)
            findings.append(Finding(
                kind: .dataLoss,
                message: "entity \(entity.name) looks like entity \(old.name) renamed, but has no renaming identifier: "
                    + "migration would delete every \(old.name) and start \(entity.name) empty; set \(entity.name)'s Renaming ID to \(old.name)",
                location: entity.location, sourceLocation: old.location))
        }
        return findings
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

    static func pairEntities(source: Schema, destination: Schema) -> [(Entity, Entity)] {
        destination.entities.compactMap { new in
            counterpart(of: new.name, new.renamingIdentifier, new.elementID, among: source.entities, \.name).map { ($0, new) }
        }
    }

    static func storedAttributes(of entity: Entity, in schema: Schema) -> [Attribute] {
        schema.allAttributes(of: entity).filter { !$0.isTransient }
    }

    static func storedRelationships(of entity: Entity, in schema: Schema) -> [Relationship] {
        schema.allRelationships(of: entity).filter { !$0.isTransient }
    }

    private static func propertyFindings(
        _ old: Entity, in source: Schema, _ new: Entity, in destination: Schema, entityPairs: [(Entity, Entity)]
    ) -> [Finding] {
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

        for attribute in storedAttributes(of: new, in: destination) {
            guard let was = counterpart(of: attribute.name, attribute.renamingIdentifier, attribute.elementID, among: oldAttributes, \.name)
            else {
                addedAttributes.append(attribute)
                if !attribute.isOptional && attribute.defaultValue == nil && !attribute.isDerived {
                    refuse(
                        "new attribute \(new.name).\(attribute.name) is non-optional without a default value: "
                            + "existing objects have no value for it and migration fails validation; make it optional or give it a default",
                        at: attribute.location)
                }
                continue
            }
            removedAttributes.removeAll { $0.name == was.name }
            let label = "attribute \(new.name).\(attribute.name)"
            if was.type != attribute.type {
                refuse(
                    "\(label) changed type from \(was.type.rawValue) to \(attribute.type.rawValue): lightweight migration "
                        + "does not convert values between types; add a new attribute (and a mapping model or a migration step to copy the values)",
                    at: attribute.location, was: was.location)
            }
            if was.isOptional && !attribute.isOptional && attribute.defaultValue == nil {
                refuse(
                    "\(label) became non-optional without a default value: lightweight migration infers this only "
                        + "with a default value for the objects that have none; give it a default",
                    at: attribute.location, was: was.location)
            }
        }

        for relationship in storedRelationships(of: new, in: destination) {
            guard let was = counterpart(
                of: relationship.name, relationship.renamingIdentifier, relationship.elementID, among: oldRelationships, \.name)
            else {
                addedRelationships.append(relationship)
                if !relationship.isOptional {
                    refuse(
                        "new relationship \(new.name).\(relationship.name) is non-optional: existing objects have no "
                            + "destination for it and migration fails validation; make it optional",
                        at: relationship.location)
                }
                continue
            }
            removedRelationships.removeAll { $0.name == was.name }
            let label = "relationship \(new.name).\(relationship.name)"
            let mappedDestination = entityPairs.first { $0.1.name == relationship.destinationEntity }?.0.name
            if mappedDestination != was.destinationEntity {
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
            if was.isOptional && !relationship.isOptional {
                refuse(
                    "\(label) became non-optional: objects without a destination fail validation during migration",
                    at: relationship.location, was: was.location)
            }
        }

        // Renames without a renaming identifier: one removed and one added element of the same kind and type.
        for attribute in addedAttributes {
            guard let index = removedAttributes.firstIndex(where: { $0.type == attribute.type }) else { continue }
            let old = removedAttributes.remove(at: index)
            findings.append(renameFinding("attribute", entity: new.name, old: old.name, new: attribute.name, attribute.location, old.location))
        }
        for relationship in addedRelationships {
            guard let index = removedRelationships.firstIndex(where: {
                $0.destinationEntity == (entityPairs.first { $0.1.name == relationship.destinationEntity }?.0.name)
                    && $0.isToMany == relationship.isToMany
            }) else { continue }
            let old = removedRelationships.remove(at: index)
            findings.append(renameFinding("relationship", entity: new.name, old: old.name, new: relationship.name, relationship.location, old.location))
        }
        return findings
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

    /// "You cannot merge entity hierarchies": entities that share a root in the destination must have shared one in
    /// the source. A new parent (an entity the source lacks) above one existing hierarchy is fine.
    private static func hierarchyFindings(_ pairs: [(Entity, Entity)], source: Schema, destination: Schema) -> [Finding] {
        var groups: [String: [(old: Entity, new: Entity)]] = [:]
        var order: [String] = []
        for (old, new) in pairs {
            let root = destination.ancestors(of: new).first?.name ?? new.name
            if groups[root] == nil { order.append(root) }
            groups[root, default: []].append((old, new))
        }
        var findings: [Finding] = []
        for root in order {
            guard let members = groups[root], members.count > 1 else { continue }
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

    /// The findings as diagnostics: `severity` (error for `migration-check`, warning during `generate`) at the
    /// destination element, with a note at the source element.
    public static func diagnostics(
        _ findings: [Finding], from sourceVersion: String, to destinationVersion: String, severity: Diagnostic.Severity
    ) -> Diagnostics {
        var diagnostics = Diagnostics()
        for finding in findings {
            diagnostics.append(Diagnostic(
                severity, "\(finding.kind.rawValue) migrating '\(sourceVersion)' to '\(destinationVersion)': \(finding.message)",
                at: finding.location))
            if let sourceLocation = finding.sourceLocation {
                diagnostics.append(.note("as it was in '\(sourceVersion)'", at: sourceLocation))
            }
        }
        return diagnostics
    }
}
