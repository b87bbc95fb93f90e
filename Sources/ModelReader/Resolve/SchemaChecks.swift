import CoreDataMapping
import Foundation
import ManagedModel

/// Semantic checks over a decoded schema.
///
/// An error only where momc (Xcode's model compiler) or Core Data would refuse the model, or where no correct
/// Swift could be generated; each error states its reason where it is raised. Everything else is a warning that
/// says what was found and what is done instead (the documentation catalog's WarningsAndErrors.md). Notes: information only.
///
/// | check | severity | why |
/// |---|---|---|
/// | duplicate entity / fetch request / configuration / composite name | error | the compiled model keys them by name |
/// | duplicate property name in an entity, including one inherited from an ancestor | error | `propertiesByName` clash; Swift redeclaration |
/// | `parentEntity`, `destinationEntity`, fetch request `entity`, `memberEntity` naming no entity | error | momc cannot resolve the reference |
/// | inheritance cycle | error | momc refuses it; no Swift class hierarchy |
/// | `inverseName` naming no relationship of the destination (inherited ones count) | error | momc cannot resolve the inverse |
/// | `inverseEntity` naming no entity, or one that is neither the destination nor an ancestor of it | error | the inverse cannot be a relationship of the destination |
/// | `inverseEntity` an ancestor of the destination (the inverse is declared on the parent, inherited) | fine | |
/// | `inverseEntity` without `inverseName` | warning: no inverse | |
/// | one-sided inverse (A.b names B.a, but B.a's inverse is not A.b) | warning | |
/// | relationship without inverse (Xcode warns too) | warning | |
/// | `minCount` > `maxCount` | warning: every save fails count validation | |
/// | attribute min > max; default outside min...max (String: length) | warning: no default argument | |
/// | regular expression NSRegularExpression cannot compile | error | Core Data raises on it at every validation: no object can be saved |
/// | Undefined attribute (also: no `attributeType`) that is not transient | error | momc: Undefined is allowed only on transients |
/// | Composite attribute naming no composite definition | error | momc cannot resolve it; no Swift type |
/// | uniqueness constraint / fetch index / compound index naming no property | error | momc cannot resolve the property |
/// | property named like a no-parameter NSObject/NSManagedObject member (`description`, `entity`, …) | error | Core Data refuses it |
/// | entity or property name that is not a Swift identifier | error | no Swift declaration can carry the name |
/// | representedClassName that is not `Name`, `.Name` or `Module.Name` with identifiers | warning | |
/// | Transformable with a Swift-only `customClassName` (`[String]`) or one naming no class (`Module.`) | warning | |
/// | derived attribute without `derivationExpression` | warning | |
/// | property name that is a Swift keyword (the generator escapes it) | note | |
enum SchemaChecks {
    static func run(_ schema: Schema) -> Diagnostics {
        var checker = Checker(schema: schema)
        checker.checkUniqueNames()
        checker.checkInheritance()
        // Each entity's checks read the whole schema but only report on that entity: they run on every core,
        // each with its own diagnostics, taken in entity order as if checked in turn.
        let modelChecker = checker
        let entityDiagnostics = schema.entities.concurrentMap { entity in
            var entityChecker = modelChecker
            entityChecker.diagnostics = Diagnostics()
            entityChecker.checkEntity(entity)
            return entityChecker.diagnostics
        }
        for diagnostics in entityDiagnostics { checker.diagnostics.append(contentsOf: diagnostics) }
        for composite in schema.composites {
            for attribute in composite.attributes { checker.check(attribute, owner: composite.name) }
        }
        for request in schema.fetchRequests {
            checker.checkEntityExists(request.entityName, usedBy: "fetch request '\(request.name)'", at: request.location)
        }
        for configuration in schema.configurations {
            for member in configuration.memberEntities {
                checker.checkEntityExists(member, usedBy: "configuration '\(configuration.name)'", at: configuration.location)
            }
        }
        return checker.diagnostics
    }
}

private struct Checker {
    let schema: Schema
    /// Positions in `schema.entities` (the first entity of a name): an `Entity` copied out of a dictionary
    /// retained each of its many fields.
    let entityIndexesByName: [String: Int]
    var diagnostics = Diagnostics()
    /// Whether each regular expression of the model compiles: models repeat a few patterns over many
    /// attributes. Worked out once, before the entities are checked in parallel, so the checks share it
    /// read-only.
    private let patternCompiles: [String: Bool]

    init(schema: Schema) {
        self.schema = schema
        var byName: [String: Int] = [:]
        byName.reserveCapacity(schema.entities.count)
        for (index, entity) in schema.entities.enumerated() where byName[entity.name] == nil { byName[entity.name] = index }
        self.entityIndexesByName = byName
        var patterns: Set<String> = []
        for attributes in schema.entities.map(\.attributes) + schema.composites.map(\.attributes) {
            for attribute in attributes { if let pattern = attribute.regularExpression { patterns.insert(pattern) } }
        }
        let uniquePatterns = Array(patterns)
        let compiles = uniquePatterns.concurrentMap { pattern in (try? NSRegularExpression(pattern: pattern)) != nil }
        self.patternCompiles = Dictionary(uniqueKeysWithValues: zip(uniquePatterns, compiles))
    }

    /// Everything checked about one entity and its properties.
    mutating func checkEntity(_ entity: Entity) {
        checkNames(of: entity)
        checkProperties(of: entity)
        for attribute in entity.attributes { check(attribute, owner: entity.name) }
        for relationship in entity.relationships { check(relationship, of: entity) }
        for fetched in entity.fetchedProperties {
            checkEntityExists(fetched.fetchRequest.entityName, usedBy: "fetched property '\(entity.name).\(fetched.name)'", at: fetched.location)
        }
        checkIndexes(of: entity)
    }

    // MARK: names

    mutating func checkUniqueNames() {
        reportDuplicates(schema.entities.map { ($0.name, $0.location) }, kind: "entity")
        reportDuplicates(schema.fetchRequests.map { ($0.name, $0.location) }, kind: "fetch request")
        reportDuplicates(schema.configurations.map { ($0.name, $0.location) }, kind: "configuration")
        reportDuplicates(schema.composites.map { ($0.name, $0.location) }, kind: "composite")
    }

    /// Error: the compiled model keys entities, properties, fetch requests, configurations and composites by
    /// name (momc refuses duplicates), and Swift cannot declare two members of one name.
    private mutating func reportDuplicates(_ items: [(String, SourceLocation)], kind: String, scope: String = "") {
        for (position, first) in DuplicateNames.find(in: items.map(\.0)) {
            let (name, location) = items[position]
            diagnostics.report(
                ModelRules.duplicateName, "duplicate \(kind) name '\(name)'\(scope) (first declared on line \(items[first].1.line))", at: location)
        }
    }

    mutating func checkNames(of entity: Entity) {
        if !SwiftNames.isIdentifier(entity.name) {
            // Error: no correct Swift can name it (keys, fetch requests and tests use the entity name).
            diagnostics.report(ModelRules.invalidName, "entity name '\(entity.name)' is not a valid identifier", at: entity.location)
        }
        // Core Data accepts any runtime class name; only the generated Swift declaration needs `Module.Name`.
        let classParts = [entity.classModule, entity.className].compactMap { $0 }
        if let represented = entity.representedClassName, !classParts.allSatisfy(SwiftNames.isIdentifier) {
            diagnostics.report(
                ModelRules.classNotGenerated, "representedClassName '\(represented)' of entity '\(entity.name)' is not a Swift class name (Name, .Name or Module.Name); generated code cannot declare it",
                at: entity.location)
        }
    }

    mutating func checkProperties(of entity: Entity) {
        let own: [(String, SourceLocation)] =
            entity.attributes.map { ($0.name, $0.location) } + entity.relationships.map { ($0.name, $0.location) }
            + entity.fetchedProperties.map { ($0.name, $0.location) }
        reportDuplicates(own, kind: "property", scope: " in entity '\(entity.name)'")
        // Most entities have no parent: no ancestors to look for.
        for ancestor in entity.parentName == nil ? [] : schema.ancestors(of: entity).reversed() {
            let inherited = Set(
                ancestor.attributes.map(\.name) + ancestor.relationships.map(\.name) + ancestor.fetchedProperties.map(\.name))
            for (name, location) in own where inherited.contains(name) {
                // Error: Core Data refuses a sub-entity property that shadows an inherited one; Swift would
                // redeclare it in the subclass.
                diagnostics.report(
                    ModelRules.duplicateName, "property '\(name)' of entity '\(entity.name)' is already declared by its ancestor '\(ancestor.name)'",
                    at: location)
            }
        }
        for (name, location) in own { checkPropertyName(name, entity: entity.name, at: location) }
    }

    private mutating func checkPropertyName(_ name: String, entity: String, at location: SourceLocation) {
        // The one name rule (`SwiftNames.propertyNameClash`); its errors here: no Swift declaration (nor
        // `@NSManaged` KVC key) can carry a name that is not an identifier; Core Data refuses property names of
        // no-parameter NSObject/NSManagedObject members. The generator warns about the names it leaves out.
        switch SwiftNames.propertyNameClash(name) {
        case .notAnIdentifier:
            diagnostics.report(ModelRules.invalidName, "property name '\(entity).\(name)' is not a valid Swift identifier", at: location)
            return
        case .rejectedByCoreData:
            diagnostics.report(
                ModelRules.reservedName, "property '\(entity).\(name)' clashes with the NSObject/NSManagedObject member '\(name)'; Core Data rejects properties named like a no-parameter method of NSObject or NSManagedObject",
                at: location)
            return
        case .importedUnderGetterName, nil:
            break
        }
        if SwiftNames.isKeyword(name) {
            diagnostics.report(ModelRules.keywordName, "property '\(entity).\(name)' is a Swift keyword; generated code writes it as `\(name)`", at: location)
        }
    }

    // MARK: inheritance

    mutating func checkInheritance() {
        for entity in schema.entities {
            guard let parentName = entity.parentName else { continue }
            if entityIndexesByName[parentName] == nil {
                // Error: momc cannot resolve the parent; the Swift superclass is unknown.
                diagnostics.report(
                    ModelRules.unknownReference, "parent entity '\(parentName)' of entity '\(entity.name)' does not exist"
                        + SpellingSuggestion.hint(for: parentName, in: entityIndexesByName.keys),
                    at: entity.location)
                continue
            }
            // Walk up; report a cycle once, at the alphabetically first entity on it.
            var chain = [entity.name]
            var current: String? = parentName
            while let name = current, let next = entityIndexesByName[name].map({ schema.entities[$0] }) {
                if name == entity.name {
                    // Error: momc refuses an inheritance cycle; no Swift class hierarchy can express one.
                    if entity.name == chain.min() {
                        diagnostics.report(ModelRules.inheritanceCycle, "inheritance cycle: \((chain + [name]).joined(separator: " -> "))", at: entity.location)
                    }
                    break
                }
                if chain.contains(name) { break }  // a cycle above this entity, reported at its own members
                chain.append(name)
                current = next.parentName
            }
        }
    }

    // MARK: relationships

    mutating func check(_ relationship: Relationship, of entity: Entity) {
        // Captures names only: capturing the values copied them whole on every call.
        let (entityName, relationshipName) = (entity.name, relationship.name)
        var qualified: String { "\(entityName).\(relationshipName)" }
        if let minCount = relationship.minCount, let maxCount = relationship.maxCount, maxCount > 0, minCount > maxCount {
            // Warning: momc compiles it; Core Data's count validation then fails for every object that has the
            // relationship set. Nothing generated depends on the two agreeing.
            diagnostics.report(
                ModelRules.contradictoryBounds, "minCount \(minCount) of relationship '\(qualified)' is greater than its maxCount \(maxCount); Core Data's validation will reject every count",
                at: relationship.location)
        }
        guard let destinationIndex = entityIndexesByName[relationship.destinationEntity] else {
            // Error: momc cannot resolve the destination; the property's Swift type is unknown.
            diagnostics.report(
                ModelRules.unknownReference, "destination entity '\(relationship.destinationEntity)' of relationship '\(qualified)' does not exist"
                    + SpellingSuggestion.hint(for: relationship.destinationEntity, in: entityIndexesByName.keys),
                at: relationship.location)
            return
        }
        let destination = schema.entities[destinationIndex]
        guard let inverseName = relationship.inverseName else {
            if let inverseEntity = relationship.inverseEntity {
                // Warning: an editor leftover; without a name there is no inverse to resolve.
                diagnostics.report(
                    ModelRules.inverse, "relationship '\(qualified)' names an inverseEntity '\(inverseEntity)' but no inverseName; treated as having no inverse",
                    at: relationship.location)
            } else {
                diagnostics.report(
                    ModelRules.inverse, "relationship '\(qualified)' has no inverse; Core Data cannot keep both sides of the graph consistent",
                    at: relationship.location)
            }
            return
        }
        // `inverseEntity` is the entity that declares the inverse: the destination, or an ancestor of it when the
        // inverse is declared on a parent entity and inherited (the editor writes that). Any other entity is an
        // error: Core Data's inverse must be a relationship of the destination, and momc cannot resolve it.
        if let inverseEntity = relationship.inverseEntity, inverseEntity != destination.name,
            !schema.ancestors(of: destination).contains(where: { $0.name == inverseEntity })
        {
            if entityIndexesByName[inverseEntity] == nil {
                diagnostics.report(ModelRules.unknownReference, "inverse entity '\(inverseEntity)' of relationship '\(qualified)' does not exist", at: relationship.location)
            } else {
                diagnostics.report(
                    ModelRules.unknownReference, "inverse entity '\(inverseEntity)' of relationship '\(qualified)' is neither its destination '\(destination.name)' nor an ancestor of it",
                    at: relationship.location)
            }
            return
        }
        // Most destinations have no parent: their own relationships are all there is, without building a list.
        let inverse =
            destination.parentName == nil
            ? destination.relationships.first { $0.name == inverseName }
            : schema.allRelationships(of: destination).first { $0.name == inverseName }
        guard let inverse else {
            // Error: momc cannot resolve an inverse the destination does not have (inherited ones count).
            diagnostics.report(
                ModelRules.unknownReference, "inverse relationship '\(destination.name).\(inverseName)' of '\(qualified)' does not exist"
                    + SpellingSuggestion.hint(for: inverseName, in: schema.allRelationships(of: destination).map(\.name)),
                at: relationship.location)
            return
        }
        if inverse.inverseName != relationship.name {
            let theirs = inverse.inverseName.map { "'\(inverse.destinationEntity).\($0)'" } ?? "nothing"
            diagnostics.report(
                ModelRules.inverse, "one-sided inverse: '\(qualified)' names '\(destination.name).\(inverseName)' as its inverse, but that relationship's inverse is \(theirs)",
                at: relationship.location)
        } else if inverse.destinationEntity != entity.name,
            !schema.ancestors(of: entity).contains(where: { $0.name == inverse.destinationEntity })
        {
            diagnostics.report(
                ModelRules.inverse, "mismatched inverse: '\(destination.name).\(inverseName)' (the inverse of '\(qualified)') points to '\(inverse.destinationEntity)', not to '\(entity.name)'",
                at: relationship.location)
        }
    }

    // MARK: attributes

    mutating func check(_ attribute: Attribute, owner: String) {
        // Built only for a message: nearly every attribute passes every check.
        let attributeName = attribute.name
        var qualified: String { "\(owner).\(attributeName)" }
        if attribute.type == .undefined && !attribute.isTransient {
            // Error: momc refuses it ("must have a defined type"); a store cannot persist a value of no type.
            diagnostics.report(ModelRules.undefinedType, "attribute '\(qualified)' has type Undefined, which Core Data allows only on transient attributes", at: attribute.location)
        }
        if attribute.type == .composite {
            // Error: momc cannot resolve the composite, and its Swift struct does not exist.
            if let compositeName = attribute.compositeName {
                if schema.composite(named: compositeName) == nil {
                    diagnostics.report(
                        ModelRules.unknownReference, "composite '\(compositeName)' of attribute '\(qualified)' is not defined in the model"
                            + SpellingSuggestion.hint(for: compositeName, in: schema.composites.map(\.name)),
                        at: attribute.location)
                }
            } else {
                diagnostics.report(ModelRules.unknownReference, "Composite attribute '\(qualified)' names no composite", at: attribute.location)
            }
        }
        if attribute.type == .transformable, let className = attribute.customClassName {
            if SwiftTypeTable.isSwiftOnlyTypeName(className) {
                if SwiftTypeTable.needsOwnTransformer(customClassName: className, valueTransformerName: attribute.valueTransformerName) {
                    diagnostics.report(
                        ModelRules.transformableClass, "customClassName '\(className)' of Transformable attribute '\(qualified)' holds values the default transformer "
                            + "(NSSecureUnarchiveFromData) cannot archive: it archives NSArray, NSDictionary, NSSet, NSString, NSNumber, "
                            + "NSDate, NSData, NSURL, NSUUID and NSNull, and the Swift types bridged to them; name a value transformer "
                            + "that archives it, or use such a type",
                        at: attribute.location)
                }
            } else if SwiftTypeTable.transformableClassName(className) == nil {
                diagnostics.report(
                    ModelRules.transformableClass, "customClassName '\(className)' of Transformable attribute '\(qualified)' names no class", at: attribute.location)
            }
        }
        if attribute.isDerived && (attribute.derivationExpression ?? "").isEmpty {
            diagnostics.report(ModelRules.transformableClass, "derived attribute '\(qualified)' has no derivationExpression", at: attribute.location)
        }
        // Error: Core Data evaluates the pattern (`MATCHES`) on every validation of the attribute and raises on one
        // that does not compile, so no object of the entity can be saved; the generated tests need the pattern too.
        if let pattern = attribute.regularExpression, !compiles(pattern) {
            diagnostics.report(ModelRules.invalidRegularExpression, "regular expression '\(pattern)' of attribute '\(qualified)' does not compile", at: attribute.location)
        }
        checkBounds(of: attribute, owner: owner)
    }

    private func compiles(_ pattern: String) -> Bool {
        patternCompiles[pattern] ?? ((try? NSRegularExpression(pattern: pattern)) != nil)
    }

    /// Warnings: momc compiles contradictory bounds and defaults; Core Data's validation then rejects the
    /// values. The planner gives such a default no default argument (`Attribute.defaultIsOutsideBounds`).
    private mutating func checkBounds(of attribute: Attribute, owner: String) {
        let attributeName = attribute.name
        var qualified: String { "\(owner).\(attributeName)" }
        let minimum = attribute.minValue?.boundMagnitude
        let maximum = attribute.maxValue?.boundMagnitude
        if let minimum, let maximum, minimum > maximum {
            diagnostics.report(
                ModelRules.contradictoryBounds, "minimum \(Self.describe(attribute.minValue!)) of attribute '\(qualified)' is greater than its maximum \(Self.describe(attribute.maxValue!)); Core Data's validation will reject every value",
                at: attribute.location)
            return
        }
        guard let defaultValue = attribute.defaultValue, let measured = attribute.measuredDefault else { return }
        func what() -> String {
            if case .string(let text) = defaultValue, attribute.type == .string { return "length \(text.count) of the default value '\(text)'" }
            return "default value \(Self.describe(defaultValue))"
        }
        let instead = "; Core Data's validation rejects it, so it gets no default argument"
        if let minimum, measured < minimum {
            diagnostics.report(
                ModelRules.contradictoryBounds, "\(what()) of attribute '\(qualified)' is below its minimum \(Self.describe(attribute.minValue!))\(instead)", at: attribute.location)
        } else if let maximum, measured > maximum {
            diagnostics.report(
                ModelRules.contradictoryBounds, "\(what()) of attribute '\(qualified)' is above its maximum \(Self.describe(attribute.maxValue!))\(instead)", at: attribute.location)
        }
    }

    private static func describe(_ value: ModelValue) -> String {
        switch value {
        case .integer(let number): "\(number)"
        case .double(let number): "\(number)"
        case .decimal(let text): text
        case .bool(let flag): flag ? "YES" : "NO"
        case .string(let text): "'\(text)'"
        case .date(let seconds): "\(seconds) s since 2001-01-01"
        case .uuid(let text), .url(let text), .swiftExpression(let text): text
        case .data(let bytes): "\(bytes.count) bytes"
        }
    }

    // MARK: references by name

    /// Error: momc cannot resolve a reference to an entity that does not exist.
    mutating func checkEntityExists(_ name: String, usedBy user: String, at location: SourceLocation) {
        guard entityIndexesByName[name] == nil else { return }
        diagnostics.report(
            ModelRules.unknownReference, "entity '\(name)' of \(user) does not exist" + SpellingSuggestion.hint(for: name, in: entityIndexesByName.keys), at: location)
    }

    mutating func checkIndexes(of entity: Entity) {
        guard !entity.uniquenessConstraints.isEmpty || !entity.compoundIndexes.isEmpty || !entity.fetchIndexes.isEmpty
        else { return }
        let propertyNames = Set(
            schema.allAttributes(of: entity).map(\.name) + schema.allRelationships(of: entity).map(\.name))
        // Constraints and compound indexes keep no line of their own: they are reported on the entity.
        // Error: momc cannot resolve a constraint or index on a property the entity does not have.
        func check(_ name: String, _ kind: String, at location: SourceLocation, _ diagnostics: inout Diagnostics) {
            guard !propertyNames.contains(name) else { return }
            diagnostics.report(
                ModelRules.unknownReference, "\(kind) of entity '\(entity.name)' names '\(name)', which is not a property of the entity"
                    + SpellingSuggestion.hint(for: name, in: propertyNames),
                at: location)
        }
        for constraint in entity.uniquenessConstraints {
            for name in constraint { check(name, "uniqueness constraint", at: entity.location, &diagnostics) }
        }
        for index in entity.compoundIndexes {
            for name in index { check(name, "compound index", at: entity.location, &diagnostics) }
        }
        for index in entity.fetchIndexes {
            for name in index.elements.compactMap(\.property) {
                check(name, "fetch index '\(index.name)'", at: index.location, &diagnostics)
            }
        }
    }
}

/// Which names repeat an earlier one, for lists of property or entity names.
enum DuplicateNames {
    /// `(position, first)` for every name equal to an earlier one, in order; `first` is where it first appeared.
    static func find(in names: [String]) -> [(position: Int, first: Int)] {
        var firstPositions: [String: Int] = [:]
        var found: [(position: Int, first: Int)] = []
        for (position, name) in names.enumerated() {
            if let first = firstPositions[name] { found.append((position, first)) } else { firstPositions[name] = position }
        }
        return found
    }
}
