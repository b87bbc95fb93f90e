import ManagedModel

extension MigrationCheck {
    /// `migration-check`'s verdicts between the versions of one model, each exactly ``MigrationCheck/findings(from:to:)``,
    /// for callers that ask many of them: the migration plan asks for consecutive versions and, within a lightweight
    /// run, for a direct hop from every version entering the run (3,263 verdicts over a 117-version history, 15 s of
    /// CPU in a release build when each is checked whole; 1.8 s with this cache).
    ///
    /// Why it may skip work: the findings about one pair of entities (a source entity and the destination entity
    /// continuing it) depend only on what the two entities hold, their inherited stored properties included, and on
    /// which source entity each of the destination entity's relationship destinations continues. A history's
    /// versions share most entities, so most pairs have been checked before: their findings are remembered with
    /// each line replaced by the element it points at (the destination entity, or the place of a property among
    /// the stored properties of either entity), and given back with the lines of the versions asked about. A
    /// finding whose line does not name one element is not remembered: that pair is checked again on every hop.
    /// What spans entities (shared renaming identifiers, entities paired or presumed renamed, merged hierarchies)
    /// is checked on every hop as ``MigrationCheck/findings(from:to:)`` checks it.
    ///
    /// "What an entity holds" is the whole `Entity`'s name and its stored `Attribute` and `Relationship` values with
    /// their lines blanked, not a list of the fields the checks read, so a check that reads one more field stays
    /// exact. A version whose entity names repeat (not a loadable model) is never cached.
    package final class VerdictCache {
        private let load: (String) throws -> Schema
        private var schemas: [String: Schema] = [:]
        /// Per version, per entity name: what it holds; nil for a version whose entity names repeat.
        private var contents: [String: [String: Content]?] = [:]
        private var contentIDs: [ContentKey: Int] = [:]
        /// The findings of each pair of entities checked, by place; nil when a line named no single element.
        private var pairFindings: [PairKey: [PlacedFinding]?] = [:]

        /// `schema(version)` reads a version; each is read once, when a verdict first needs it.
        package init(schema: @escaping (String) throws -> Schema) {
            load = schema
        }

        /// ``MigrationCheck/findings(from:to:)`` from version `source` to version `destination`.
        package func findings(from source: String, to destination: String) throws -> [Finding] {
            let (sourceSchema, sourceContents) = try version(source)
            let (destinationSchema, destinationContents) = try version(destination)
            guard let sourceContents, let destinationContents else {
                return MigrationCheck.findings(from: sourceSchema, to: destinationSchema)
            }
            return MigrationCheck.findings(from: sourceSchema, to: destinationSchema) { old, new, sourceName in
                let oldContent = sourceContents[old.name]!
                let newContent = destinationContents[new.name]!
                // Nearly always each destination continues the source entity of its own name: no list to build.
                let continuesItself = newContent.destinations.allSatisfy { sourceName($0) == $0 }
                let key = PairKey(
                    old: oldContent.id, new: newContent.id,
                    continuedDestinations: continuesItself ? nil : newContent.destinations.map(sourceName))
                if let remembered = pairFindings[key], let remembered {
                    return remembered.map { $0.finding(old: oldContent, new: newContent, newEntity: new.location) }
                }
                let findings = MigrationCheck.propertyFindings(old, in: sourceSchema, new, in: destinationSchema, sourceName: sourceName)
                if pairFindings[key] == nil {
                    pairFindings[key] = .some(PlacedFinding.placing(findings, old: oldContent, new: newContent, newEntity: new.location))
                }
                return findings
            }
        }

        /// The schema of version `name`, as the verdicts read it (once).
        package func schema(of name: String) throws -> Schema {
            try version(name).0
        }

        private func version(_ name: String) throws -> (Schema, [String: Content]?) {
            if let schema = schemas[name], let contents = contents[name] { return (schema, contents) }
            let schema = try load(name)
            var byName: [String: Content]? = [:]
            for entity in schema.entities {
                guard byName?[entity.name] == nil else {
                    byName = nil
                    break
                }
                let attributes = MigrationCheck.storedAttributes(of: entity, in: schema).map { attribute in
                    var blanked = attribute
                    blanked.location = Self.blank
                    return blanked
                }
                let relationships = MigrationCheck.storedRelationships(of: entity, in: schema).map { relationship in
                    var blanked = relationship
                    blanked.location = Self.blank
                    return blanked
                }
                let key = ContentKey(entity: entity.name, attributes: attributes, relationships: relationships)
                let id = contentIDs[key] ?? contentIDs.count
                contentIDs[key] = id
                byName?[entity.name] = Content(
                    id: id, destinations: relationships.map(\.destinationEntity),
                    lines: MigrationCheck.storedAttributes(of: entity, in: schema).map(\.location)
                        + MigrationCheck.storedRelationships(of: entity, in: schema).map(\.location))
            }
            schemas[name] = schema
            contents[name] = .some(byName)
            return (schema, byName)
        }

        private static let blank = SourceLocation(path: "", line: 0)

        private struct ContentKey: Hashable {
            var entity: String
            var attributes: [Attribute]
            var relationships: [Relationship]
        }

        private struct Content {
            var id: Int
            /// The stored relationships' destination entities, inherited ones first (as `storedRelationships` lists them).
            var destinations: [String]
            /// The lines of the stored attributes, then of the stored relationships: the places findings point at.
            var lines: [SourceLocation]
        }

        /// A finding of a pair of entities with its lines replaced by what they point at.
        private struct PlacedFinding {
            enum Place {
                case newEntity
                /// The index in the destination entity's (`new`) or the source entity's (`old`) ``Content/lines``.
                case new(Int), old(Int)
            }

            var kind: Finding.Kind
            var message: String
            var location: Place
            var sourceLocation: Place?
            var element: Finding.Element?

            func finding(old: Content, new: Content, newEntity: SourceLocation) -> Finding {
                let line = { (place: Place) -> SourceLocation in
                    switch place {
                    case .newEntity: newEntity
                    case .new(let index): new.lines[index]
                    case .old(let index): old.lines[index]
                    }
                }
                return Finding(
                    kind: kind, message: message, location: line(location), sourceLocation: sourceLocation.map(line), element: element)
            }

            /// Nil when a line is not exactly one place (two elements on one line): the pair is not remembered.
            static func placing(_ findings: [Finding], old: Content, new: Content, newEntity: SourceLocation) -> [PlacedFinding]? {
                var places: [SourceLocation: Place?] = [:]
                func add(_ line: SourceLocation, _ place: Place) { places[line] = places[line] == nil ? .some(place) : .some(nil) }
                add(newEntity, .newEntity)
                for (index, line) in new.lines.enumerated() { add(line, .new(index)) }
                for (index, line) in old.lines.enumerated() { add(line, .old(index)) }
                var placed: [PlacedFinding] = []
                for finding in findings {
                    guard let location = places[finding.location], let location else { return nil }
                    var sourceLocation: Place?
                    if let line = finding.sourceLocation {
                        guard let place = places[line], let place else { return nil }
                        sourceLocation = place
                    }
                    placed.append(PlacedFinding(
                        kind: finding.kind, message: finding.message, location: location, sourceLocation: sourceLocation,
                        element: finding.element))
                }
                return placed
            }
        }

        private struct PairKey: Hashable {
            var old: Int
            var new: Int
            /// The source entity each relationship destination continues, when one is not the entity of that name.
            var continuedDestinations: [String?]?
        }
    }
}
