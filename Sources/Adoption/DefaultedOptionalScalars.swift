import Foundation
import ManagedModel

/// Optional number and Boolean attributes that have a default value: the attributes Xcode's model editor makes
/// (every new attribute is optional), whose classes Xcode declares as non-optional scalars (`Int16`, 0 when unset)
/// and the generated classes as optional ones (`Int16?`), since the type follows the model. Most of the call sites
/// a move has to touch are theirs. When "no value" never means anything in the app, the model should say so: the
/// same attribute required, with its default, generates as `Int16` again, and a store migrates to it by lightweight
/// migration ("An optional attribute becoming non-optional, and defining a default value" is inferred: Apple's *Core
/// Data Model Versioning and Data Migration Programming Guide*, "Lightweight Migration"; `MigrationCheck`).
package enum DefaultedOptionalScalars {
    /// The types Xcode declares as a Swift scalar (`usesScalarValueType`), never optional.
    static let scalarTypes: Set<AttributeType> = [.integer16, .integer32, .integer64, .double, .float, .boolean]

    /// The entity's own such attributes (not inherited ones; derived attributes are computed by Core Data, left out).
    package static func attributes(of entity: Entity) -> [Attribute] {
        entity.attributes.filter { attribute in
            attribute.isOptional && attribute.defaultValue != nil && !attribute.isDerived && scalarTypes.contains(attribute.type)
        }
    }

    /// Whether Xcode's codegen declares the attribute as a non-optional scalar (`usesScalarValueType` not NO): only
    /// then does making it required bring the generated type back to what the call sites were written against.
    package static func xcodeDeclaresScalar(_ attribute: Attribute) -> Bool {
        attribute.usesScalarValueType != false
    }

    /// The `contents` bytes of `schema` with `optional="YES"` cut out of each given attribute's start tag (every
    /// other byte kept), checked against what the XML reader read.
    /// - Throws: `DiagnosticsError` when a tag cannot be located in the bytes.
    package static func requiringEdit(
        of attributes: [(entity: String, attribute: String)], schema: Schema, bytes: [UInt8]
    ) throws -> [UInt8] {
        let path = schema.contentsPath
        let tags: [EntityStartTag]
        do {
            tags = try EntityStartTagScanner.scan(bytes)
        } catch {
            throw DiagnosticsError(Diagnostic(
                AdoptRules.cannotEditBytes,
                "cannot edit the model's bytes: \(error.reason)", at: SourceLocation(path: path, line: error.line)))
        }
        var cuts: [Range<Int>] = []
        var diagnostics = Diagnostics()
        for (entityName, attributeName) in attributes {
            let tag = tags.first { $0[attribute: "name"]?.value == entityName }?
                .attributeTags.first { $0[attribute: "name"]?.value == attributeName }
            guard let optional = tag?[attribute: "optional"], optional.value == "YES" else {
                diagnostics.report(
                    AdoptRules.cannotEditBytes,
                    "cannot locate optional=\"YES\" of attribute '\(entityName).\(attributeName)' in the file's bytes; "
                        + "make it non-optional in Xcode's model editor instead",
                    at: SourceLocation(path: path, line: tag?.line ?? 0))
                continue
            }
            cuts.append(optional.bytes)
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        var edited = bytes
        for cut in cuts.sorted(by: { $0.lowerBound > $1.lowerBound }) { edited.removeSubrange(cut) }
        return edited
    }
}

/// A new version of a model, written into its `.xcdatamodeld` beside the others: a copy of one version folder with
/// new `contents` bytes, and, when asked, `.xccurrentversion` naming it. All of it or nothing: the folder is
/// written under a temporary name and renamed into place; an existing name is never written over.
package enum ModelVersionCreation {
    /// The name of the version after `currentName`, in the model's own naming: the current name's trailing number
    /// plus one past every version of the same stem (`Shop V 59` after `Shop V 58`, `Model 118` after `Model 117`),
    /// or `<current> 2` for a name without one (Xcode's Editor › Add Model Version names `Model 2` after `Model`);
    /// a number whose folder exists is skipped. A version named so sorts after the others, which is the order
    /// `migration-check` and the lock assume for versions they have no other order for.
    package static func nextVersionName(bundlePath: String, currentName: String, versionNames: [String]) -> String {
        let (currentStem, currentNumber) = splitTrailingNumber(currentName)
        let stem = currentNumber == nil ? currentName + " " : currentStem
        let numbers = versionNames.compactMap { name -> Int? in
            let (otherStem, number) = splitTrailingNumber(name)
            return otherStem == stem ? number : nil
        }
        var number = max(numbers.max() ?? 1, currentNumber ?? 1) + 1
        while FileManager.default.fileExists(atPath: "\(bundlePath)/\(stem)\(number).xcdatamodel") { number += 1 }
        return "\(stem)\(number)"
    }

    /// `("Shop V ", 58)` for `Shop V 58`; `("Model", nil)` for `Model`.
    static func splitTrailingNumber(_ name: String) -> (stem: String, number: Int?) {
        let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count < name.count, let number = Int(String(digits.reversed())) else { return (name, nil) }
        return (String(name.dropLast(digits.count)), number)
    }

    /// Why `name` cannot name a new version of the bundle at `bundlePath`; nil when it can.
    package static func problem(withNewVersionName name: String, bundlePath: String) -> String? {
        if name.isEmpty || name.contains("/") || name.hasPrefix(".") { return "not a folder name" }
        if FileManager.default.fileExists(atPath: "\(bundlePath)/\(name).xcdatamodel") { return "the model already has a version of that name" }
        return nil
    }

    /// `currentName`: the current version's name, written into a new `.xccurrentversion` when the bundle has none
    /// and the new version is not to be current (else Xcode would take the naturally last version, the new one).
    package static func create(
        bundlePath: String, copying sourceFolder: String, as name: String, contents: [UInt8], makeCurrent: Bool,
        currentName: String
    ) throws {
        let folder = "\(bundlePath)/\(name).xcdatamodel"
        let location = SourceLocation(path: folder, line: 0)
        guard !FileManager.default.fileExists(atPath: folder) else {
            throw DiagnosticsError(Diagnostic(
                AdoptRules.unusableVersionName, "the model version already exists; nothing was written", at: location))
        }
        let currentVersionFile = "\(bundlePath)/.xccurrentversion"
        let temporary = "\(bundlePath)/.\(name).managed-codegen-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            try FileManager.default.copyItem(atPath: sourceFolder, toPath: temporary)
            try Data(contents).write(to: URL(fileURLWithPath: "\(temporary)/contents"))
            try FileManager.default.moveItem(atPath: temporary, toPath: folder)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw DiagnosticsError(Diagnostic(
                AdoptRules.writeFailed, "cannot write the model version: \(error.localizedDescription); nothing was written", at: location))
        }
        let hasCurrentVersionFile = FileManager.default.fileExists(atPath: currentVersionFile)
        guard makeCurrent || !hasCurrentVersionFile else { return }
        do {
            let propertyList = Array(currentVersionPropertyList(naming: makeCurrent ? name : currentName).utf8)
            if hasCurrentVersionFile {
                try ModelFileReplacement.replace([(currentVersionFile, propertyList)])
            } else {
                // Whole or not at all, and never over a file that appeared meanwhile.
                let location = SourceLocation(path: currentVersionFile, line: 0)
                let created: Bool
                do {
                    created = try StagedFile.stage(propertyList, for: currentVersionFile).publishIfAbsent()
                } catch let error as FileWriteError {
                    throw DiagnosticsError(Diagnostic(
                        AdoptRules.writeFailed,
                        "cannot write the current version file: \(error.reason); nothing was written", at: location))
                }
                guard created else {
                    throw DiagnosticsError(Diagnostic(
                        AdoptRules.writeFailed, "the file appeared while the model version was written; nothing was written", at: location))
                }
            }
        } catch {
            // The new version alone is not half a change the user has to undo, but it was asked for with the switch.
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    /// `.xccurrentversion` as Xcode writes it.
    static func currentVersionPropertyList(naming name: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>_XCCurrentVersionName</key>
        \t<string>\(name).xcdatamodel</string>
        </dict>
        </plist>

        """
    }
}
