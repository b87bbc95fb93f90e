import ManagedModel

/// Once a synced model version is in CloudKit's production schema it can only grow: Apple's *Creating a Core Data Model
/// for CloudKit*: "You can't delete a record type or modify any existing attributes after you promote a development
/// schema to production". Each synced entity is a record type and each stored attribute a field of it
/// (*Reading CloudKit Records for Core Data*), so a version after a locked (shipped) one may not change the kind of a
/// synced attribute's field. Adding entities, attributes and relationships passes. Relationships are not compared: the
/// rule Apple states is about record types and attributes.
///
/// Removing (or renaming: to CloudKit a removal and an addition) a synced entity or attribute deletes nothing in
/// CloudKit: the record type and field stay. Devices still running an older version keep syncing them, and the new
/// version would drop what they send and send records without it. Refusing the removal is a compatibility policy for
/// those older versions, and the message says so.
///
/// Field kinds, not attribute types, are compared: CloudKit's field types (Apple, *CloudKit Web Services Reference*,
/// "Types and Dictionaries") have one integer kind, Int(64), which holds Integer 16, 32 and 64 and Boolean, and one
/// floating-point kind, Double, which holds Float and Double. Other attribute types, whose field type Apple does not
/// document, are compared as types.
///
/// The production schema is the union of the locked versions: a field keeps the kind it was first deployed with, so a
/// kind is compared with the oldest locked version that had the attribute; removals with the newest locked version (an
/// element an earlier locked version removed already shipped removed).
package enum CloudKitAppendOnly {
    package static let removed = Rule(
        "cloudkit.production-removed", .error,
        summary: "a synced entity or stored attribute of the newest locked version removed or renamed in a later version",
        documentation: "Removing deletes nothing in CloudKit: the record type or field stays in the production schema, and "
            + "devices still running an older version keep syncing it while this version drops what they send. Refusing it "
            + "is a compatibility policy for those older versions: keep the element (stop using it, or make it optional) "
            + "and add the new one beside it")
    package static let typeChanged = Rule(
        "cloudkit.production-type-changed", .error,
        summary: "a synced attribute whose CloudKit field kind differs from the one a locked version deployed (Integer 16, 32, "
            + "64 and Boolean are one kind, Int(64); Float and Double one, Double)",
        documentation: "CloudKit cannot change a field's type in production: add a new attribute and copy the values")

    package static let all: [Rule] = [removed, typeChanged]

    /// The table of SyncingWithCloudKit.md, "Once shipped".
    package static func markdownTable() -> String {
        Rule.markdownTable(all, header: ["Found", "Severity", "Why, and what to do", "ID"]) {
            [$0.summary, $0.severity.documented, $0.documentation, "`\($0.id)`"]
        }
    }

    package struct Finding: Hashable, Sendable {
        package var rule: Rule
        package var message: String
        package var location: SourceLocation
        /// The element in the locked version.
        package var lockedLocation: SourceLocation
    }

    /// `deployed`: the locked versions before `current`, oldest first. `setting`: `cloudkit` of the config file (nil
    /// follows the model's marks, false checks nothing). Only entities the newest locked version syncs are compared.
    package static func findings(deployed: [Schema], current: Schema, setting: Bool?) -> [Finding] {
        guard let newest = deployed.last else { return [] }
        let synced = CloudKitScope(newest, setting: setting).syncedEntities(of: newest)
        let modelLocation = current.entities.map(\.location).min { $0.line < $1.line } ?? SourceLocation(path: current.contentsPath, line: 1)
        var findings: [Finding] = []
        let suffix = "after locked version '\(newest.versionName)', which syncs it with CloudKit"
        let policy = "refusing the removal is a compatibility policy for those older versions"
        for (old, _) in synced {
            guard let new = current.entity(named: old.name) else {
                let renamed = current.entities.first { ($0.renamingIdentifier ?? $0.elementID) == old.name }
                findings.append(Finding(
                    rule: removed,
                    message: "entity \(old.name) was \(renamed.map { "renamed to \($0.name)" } ?? "removed") in '\(current.versionName)' "
                        + "\(suffix): this deletes nothing in CloudKit (its record type stays in the production schema), but devices "
                        + "still running an older version keep syncing \(old.name) records, which this version would drop; \(policy): "
                        + "keep \(old.name)" + (renamed == nil ? "" : " and add \(renamed!.name) beside it"),
                    location: renamed?.location ?? modelLocation, lockedLocation: old.location))
                continue
            }
            let newAttributes = stored(current.allAttributes(of: new))
            for attribute in stored(newest.allAttributes(of: old)) where !newAttributes.contains(where: { $0.name == attribute.name }) {
                let renamed = newAttributes.first { ($0.renamingIdentifier ?? $0.elementID) == attribute.name }
                findings.append(Finding(
                    rule: removed,
                    message: "attribute \(old.name).\(attribute.name) was \(renamed.map { "renamed to \($0.name)" } ?? "removed") in "
                        + "'\(current.versionName)' \(suffix): this deletes nothing in CloudKit (its field stays in the production "
                        + "schema), but devices still running an older version keep syncing it, and this version would drop their "
                        + "values and send records without it; \(policy): keep \(attribute.name) (stop using it)"
                        + (renamed == nil ? "" : " and add \(renamed!.name) as a new attribute"),
                    location: renamed?.location ?? new.location, lockedLocation: attribute.location))
            }
            for attribute in newAttributes {
                guard let (version, first) = firstDeployed(attribute.name, of: old.name, in: deployed),
                    FieldKind(first.type) != FieldKind(attribute.type)
                else { continue }
                findings.append(Finding(
                    rule: typeChanged,
                    message: "attribute \(new.name).\(attribute.name) changed type from \(first.type.rawValue) to \(attribute.type.rawValue) "
                        + "in '\(current.versionName)', but locked version '\(version)' deployed it to CloudKit with "
                        + "field kind \(FieldKind(first.type)), which CloudKit cannot change to \(FieldKind(attribute.type)) in production; keep "
                        + "the type (or one of the same field kind) and add a new attribute for the new one",
                    location: attribute.location, lockedLocation: first.location))
            }
        }
        return findings
    }

    /// The kind of CloudKit field an attribute type is stored in (CloudKit Web Services Reference, "Types and
    /// Dictionaries": Int(64) is CloudKit's one integer type, Double its one floating-point type). A type whose field
    /// Apple does not document is its own kind.
    package enum FieldKind: Hashable, Sendable, CustomStringConvertible {
        case int64, double
        case attributeType(AttributeType)

        package init(_ type: AttributeType) {
            switch type {
            case .integer16, .integer32, .integer64, .boolean: self = .int64
            case .float, .double: self = .double
            case .decimal, .string, .date, .binary, .uuid, .uri, .transformable, .objectID, .undefined, .composite:
                self = .attributeType(type)
            }
        }

        package var description: String {
            switch self {
            case .int64: "Int(64)"
            case .double: "Double"
            case .attributeType(let type): type.rawValue
            }
        }
    }

    /// Transient attributes are not stored, so not synced.
    static func stored(_ attributes: [Attribute]) -> [Attribute] { attributes.filter { !$0.isTransient } }

    /// The oldest locked version whose entity `entityName` has the stored attribute, and the attribute there.
    static func firstDeployed(_ name: String, of entityName: String, in deployed: [Schema]) -> (String, Attribute)? {
        for schema in deployed {
            guard let entity = schema.entity(named: entityName),
                let attribute = stored(schema.allAttributes(of: entity)).first(where: { $0.name == name })
            else { continue }
            return (schema.versionName, attribute)
        }
        return nil
    }

    /// Each finding an error at the later version's element, with a note at the locked one.
    package static func diagnostics(_ findings: [Finding]) -> Diagnostics {
        var diagnostics = Diagnostics()
        for finding in findings {
            diagnostics.report(finding.rule, finding.message, at: finding.location)
            diagnostics.append(.note("as it was locked", at: finding.lockedLocation))
        }
        return diagnostics
    }
}
