import ManagedModel

/// One entity whose Codegen setting `adopt` switches to Manual/None.
public struct CodegenSettingChange: Hashable, Sendable {
    public var entityName: String
    /// `.class` ("Class Definition") or `.category` ("Category/Extension").
    public var setting: CodeGenerationType
    public var location: SourceLocation
    /// The `codeGenerationType` attribute with the whitespace before it.
    var bytes: Range<Int>

    /// The setting as Xcode's Data Model inspector names it.
    public var settingName: String { setting == .class ? "Class Definition" : "Category/Extension" }
}

/// One model version's `contents` with the Codegen changes planned for it: the edit is located and checked
/// before anything is written.
public struct CodegenSettingEdit: Sendable {
    public var contentsPath: String
    public var versionName: String
    /// In file order.
    public var changes: [CodegenSettingChange]
    let original: [UInt8]

    /// The file's bytes with each change's attribute cut out. Xcode stores Manual/None by leaving
    /// `codeGenerationType` out (`CodeGenerationType.manual`), so nothing is written in its place.
    public var editedBytes: [UInt8] {
        var bytes = original
        for change in changes.sorted(by: { $0.bytes.lowerBound > $1.bytes.lowerBound }) {
            bytes.removeSubrange(change.bytes)
        }
        return bytes
    }

    public var isEmpty: Bool { changes.isEmpty }

    /// Locates, in `bytes` (the `contents` file `schema` was read from), the start tag of every entity the
    /// schema says uses Xcode's codegen, and checks that the bytes say the same as the XML reader did.
    /// - Throws: `DiagnosticsError` when a tag cannot be located or the two readings disagree: the file is left
    ///   alone, and the user is told to change the setting in Xcode instead.
    public static func plan(schema: Schema, bytes: [UInt8]) throws -> CodegenSettingEdit {
        let path = schema.contentsPath
        let tags: [EntityStartTag]
        do {
            tags = try EntityStartTagScanner.scan(bytes)
        } catch {
            throw DiagnosticsError(.error(
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
                diagnostics.error(
                    "cannot locate the Codegen setting of entity '\(entity.name)' in the file's bytes; "
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
            diagnostics.error(
                "entity '\(name)' has codeGenerationType=\"\(value)\" in the file's bytes but not as the XML reader read "
                    + "it; set Codegen to Manual/None in Xcode's model editor instead",
                at: SourceLocation(path: path, line: tag.line))
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        return CodegenSettingEdit(
            contentsPath: path, versionName: schema.versionName,
            changes: changes.sorted { $0.bytes.lowerBound < $1.bytes.lowerBound }, original: bytes)
    }
}
