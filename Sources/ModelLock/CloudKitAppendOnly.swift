import ManagedModel

/// Once a synced model version is in CloudKit's production schema it can only grow: Apple's *Creating a Core Data Model
/// for CloudKit*: "You can't delete a record type or modify any existing attributes after you promote a development
/// schema to production". Each synced entity is a record type and each stored attribute a field of it
/// (*Reading CloudKit Records for Core Data*), so a version after a locked (shipped) one may not remove or rename a
/// synced entity or attribute (a rename is a removal and an addition to CloudKit) or change an attribute's type.
/// Adding entities, attributes and relationships passes. Relationships are not compared: the rule Apple states is about
/// record types and attributes.
///
/// The production schema is the union of the locked versions: a field keeps the type it was first deployed with, so a
/// type is compared with the oldest locked version that had the attribute; removals with the newest locked version (an
/// element an earlier locked version removed already shipped removed).
public enum CloudKitAppendOnly {
    public static let removed = Rule(
        "cloudkit.production-removed", .error,
        summary: "a synced entity or stored attribute of the newest locked version removed or renamed in a later version",
        documentation: "CloudKit cannot delete a record type or field once in production: keep the element (stop using it, "
            + "or hide it behind an optional attribute) and add the new one beside it")
    public static let typeChanged = Rule(
        "cloudkit.production-type-changed", .error,
        summary: "a synced attribute whose type differs from the type a locked version deployed",
        documentation: "CloudKit cannot change a field's type in production: add a new attribute and copy the values")

    public static let all: [Rule] = [removed, typeChanged]

    /// The table of SyncingWithCloudKit.md, "Once shipped".
    public static func markdownTable() -> String {
        Rule.markdownTable(all, header: ["Found", "Severity", "Why, and what to do", "ID"]) {
            [$0.summary, $0.severity.documented, $0.documentation, "`\($0.id)`"]
        }
    }

    public struct Finding: Hashable, Sendable {
        public var rule: Rule
        public var message: String
        public var location: SourceLocation
        /// The element in the locked version.
        public var lockedLocation: SourceLocation
    }

    /// `deployed`: the locked versions before `current`, oldest first. `setting`: `cloudkit` of the config file (nil
    /// follows the model's marks, false checks nothing). Only entities the newest locked version syncs are compared.
    public static func findings(deployed: [Schema], current: Schema, setting: Bool?) -> [Finding] {
        guard let newest = deployed.last else { return [] }
        let synced = CloudKitScope(newest, setting: setting).syncedEntities(of: newest)
        let modelLocation = current.entities.map(\.location).min { $0.line < $1.line } ?? SourceLocation(path: current.contentsPath, line: 1)
        var findings: [Finding] = []
        let suffix = "after locked version '\(newest.versionName)', which syncs it with CloudKit"
        for (old, _) in synced {
            guard let new = current.entity(named: old.name) else {
                let renamed = current.entities.first { ($0.renamingIdentifier ?? $0.elementID) == old.name }
                findings.append(Finding(
                    rule: removed,
                    message: "entity \(old.name) was \(renamed.map { "renamed to \($0.name)" } ?? "removed") in '\(current.versionName)' "
                        + "\(suffix): CloudKit cannot delete its record type in production; keep \(old.name)"
                        + (renamed == nil ? "" : " and add \(renamed!.name) beside it"),
                    location: renamed?.location ?? modelLocation, lockedLocation: old.location))
                continue
            }
            let newAttributes = stored(current.allAttributes(of: new))
            for attribute in stored(newest.allAttributes(of: old)) where !newAttributes.contains(where: { $0.name == attribute.name }) {
                let renamed = newAttributes.first { ($0.renamingIdentifier ?? $0.elementID) == attribute.name }
                findings.append(Finding(
                    rule: removed,
                    message: "attribute \(old.name).\(attribute.name) was \(renamed.map { "renamed to \($0.name)" } ?? "removed") in "
                        + "'\(current.versionName)' \(suffix): CloudKit cannot delete its field in production; keep \(attribute.name)"
                        + (renamed == nil ? "" : " and add \(renamed!.name) as a new attribute"),
                    location: renamed?.location ?? new.location, lockedLocation: attribute.location))
            }
            for attribute in newAttributes {
                guard let (version, first) = firstDeployed(attribute.name, of: old.name, in: deployed), first.type != attribute.type else { continue }
                findings.append(Finding(
                    rule: typeChanged,
                    message: "attribute \(new.name).\(attribute.name) changed type from \(first.type.rawValue) to \(attribute.type.rawValue) "
                        + "in '\(current.versionName)', but locked version '\(version)' deployed it to CloudKit as \(first.type.rawValue): "
                        + "CloudKit cannot change a field's type in production; keep the type and add a new attribute for the new one",
                    location: attribute.location, lockedLocation: first.location))
            }
        }
        return findings
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
    public static func diagnostics(_ findings: [Finding]) -> Diagnostics {
        var diagnostics = Diagnostics()
        for finding in findings {
            diagnostics.report(finding.rule, finding.message, at: finding.location)
            diagnostics.append(.note("as it was locked", at: finding.lockedLocation))
        }
        return diagnostics
    }
}
