import ManagedModel

/// One entity whose Codegen setting `adopt` switches to Manual/None.
package struct CodegenSettingChange: Hashable, Sendable {
    package var entityName: String
    /// `.class` ("Class Definition") or `.category` ("Category/Extension").
    package var setting: CodeGenerationType
    package var location: SourceLocation
    /// The `codeGenerationType` attribute with the whitespace before it.
    var bytes: Range<Int>

    /// The setting as Xcode's Data Model inspector names it.
    package var settingName: String { setting == .class ? "Class Definition" : "Category/Extension" }
}

/// One model version's `contents` with the Codegen changes planned for it: the edit is located and checked
/// before anything is written.
package struct CodegenSettingEdit: Sendable {
    package var contentsPath: String
    package var versionName: String
    /// In file order.
    package var changes: [CodegenSettingChange]
    let original: [UInt8]

    /// The file's bytes with each change's attribute cut out. Xcode stores Manual/None by leaving
    /// `codeGenerationType` out (`CodeGenerationType.manual`), so nothing is written in its place.
    package var editedBytes: [UInt8] {
        var bytes = original
        for change in changes.sorted(by: { $0.bytes.lowerBound > $1.bytes.lowerBound }) {
            bytes.removeSubrange(change.bytes)
        }
        return bytes
    }

    package var isEmpty: Bool { changes.isEmpty }

    /// Locates, in `bytes` (the `contents` file `schema` was read from), the start tag of every entity the
    /// schema says uses Xcode's codegen, and checks that the bytes say the same as the XML reader did.
    /// `entityNames`: only these entities change (`adopt --entity`); nil for every entity. The whole file is
    /// checked either way.
    /// - Throws: `DiagnosticsError` when a tag cannot be located or the two readings disagree: the file is left
    ///   alone, and the user is told to change the setting in Xcode instead.
    package static func plan(schema: Schema, bytes: [UInt8], entityNames: Set<String>? = nil) throws -> CodegenSettingEdit {
        let path = schema.contentsPath
        let tags: [EntityStartTag]
        do {
            tags = try EntityStartTagScanner.scan(bytes)
        } catch {
            throw DiagnosticsError(Diagnostic(
                AdoptRules.cannotEditBytes,
                "cannot edit the model's bytes: \(error.reason); set Codegen to Manual/None in Xcode's model editor instead",
                at: SourceLocation(path: path, line: error.line)))
        }
        var tagsByName: [String: EntityStartTag] = [:]
        for tag in tags {
            if let name = tag[attribute: "name"]?.value, tagsByName[name] == nil { tagsByName[name] = tag }
        }
        var diagnostics = Diagnostics()
        var changes: [CodegenSettingChange] = []
        for entity in schema.entities where entity.codeGenerationType != .manual {
            guard let tag = tagsByName[entity.name], let attribute = tag[attribute: "codeGenerationType"],
                attribute.value == entity.codeGenerationType.rawValue
            else {
                diagnostics.report(
                    AdoptRules.cannotEditBytes, "cannot locate the Codegen setting of entity '\(entity.name)' in the file's bytes; "
                        + "set it to Manual/None in Xcode's model editor instead",
                    at: entity.location)
                continue
            }
            changes.append(.init(
                entityName: entity.name, setting: entity.codeGenerationType, location: entity.location, bytes: attribute.bytes))
        }
        // The other way round: a tag with a setting the reader did not report means the two readings differ.
        let readAsGenerated = Set(schema.entities.filter { $0.codeGenerationType != .manual }.map(\.name))
        for tag in tags {
            guard let value = tag[attribute: "codeGenerationType"]?.value,
                CodeGenerationType(rawValue: value).map({ $0 != .manual }) == true,
                let name = tag[attribute: "name"]?.value, !readAsGenerated.contains(name)
            else { continue }
            diagnostics.report(
                AdoptRules.cannotEditBytes,
                "entity '\(name)' has codeGenerationType=\"\(value)\" in the file's bytes but not as the XML reader read "
                    + "it; set Codegen to Manual/None in Xcode's model editor instead",
                at: SourceLocation(path: path, line: tag.line))
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        return CodegenSettingEdit(
            contentsPath: path, versionName: schema.versionName,
            changes: changes.filter { entityNames?.contains($0.entityName) ?? true }.sorted { $0.bytes.lowerBound < $1.bytes.lowerBound },
            original: bytes)
    }
}

extension CodegenSettingChange {
    /// One entity's changes across the model's versions: what `adopt` lists as one line.
    package struct EntityGroup: Sendable {
        /// The change in the newest version that has one.
        package var newest: CodegenSettingChange
        package var olderVersionCount: Int
    }

    /// `changes` (versions oldest first, each in file order) grouped by entity: the newest version's entities first,
    /// in file order, then those only older versions have. A model with 58 versions lists each entity once.
    package static func byEntity(_ changes: [CodegenSettingChange]) -> [EntityGroup] {
        var versionOrder: [String: Int] = [:]
        for change in changes where versionOrder[change.location.path] == nil {
            versionOrder[change.location.path] = versionOrder.count
        }
        var groups: [String: EntityGroup] = [:]
        for change in changes {
            if let existing = groups[change.entityName] {
                groups[change.entityName] = EntityGroup(newest: change, olderVersionCount: existing.olderVersionCount + 1)
            } else {
                groups[change.entityName] = EntityGroup(newest: change, olderVersionCount: 0)
            }
        }
        return groups.values.sorted {
            let (left, right) = (versionOrder[$0.newest.location.path] ?? 0, versionOrder[$1.newest.location.path] ?? 0)
            return left != right ? left > right : $0.newest.location.line < $1.newest.location.line
        }
    }
}
