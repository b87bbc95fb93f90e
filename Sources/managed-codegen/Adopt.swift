import Adoption
import ArgumentParser
import Foundation
import ManagedModel
import ModelReader

struct Adopt: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Move a model over from Xcode's codegen: set its entities' Codegen to Manual/None, list the files that will clash.",
        discussion: """
            Lists the entities whose Codegen is Class Definition or Category/Extension (Xcode generates their \
            classes, so `generate` skips them), and the Swift files in the --sources folders that will not compile \
            beside the generated classes: Xcode's <Class>+CoreDataClass.swift and <Class>+CoreDataProperties.swift, \
            mogenerator's _<Class>.swift and <Class>.swift, SwiftGen's coredata output; each with what to do.

            Nothing is written without --write. With it, those entities are set to Manual/None: only their \
            codeGenerationType attribute is removed, every other byte of the model stays as it was; every version \
            of the model, or only the current one with --current-version-only. Source files are never changed.

            Exit status: 0 when nothing is left to do, 1 when something is (entities to switch without --write, \
            files that clash) or on any error; on error nothing is written.
            """
    )

    enum Versions: EnumerableFlag {
        case allVersions, currentVersionOnly

        static func help(for value: Versions) -> ArgumentHelp? {
            switch value {
            case .allVersions: "Switch the entities of every version of the model."
            case .currentVersionOnly: "Switch only the current version's entities (the one Xcode generates classes from)."
            }
        }
    }

    @Argument(help: "A .xcdatamodeld bundle, a .xcdatamodel folder or a `contents` file.")
    var model: String

    @Option(
        name: .customLong("sources"),
        help: ArgumentHelp("A folder of the app's Swift sources to search for clashing files (repeatable).", valueName: "folder"))
    var sources: [String] = []

    @Flag(help: "Change the model files (without it, only list what would change).")
    var write = false

    @Flag var versions: Versions = .allVersions

    func run() throws {
        // Everything is read and checked before anything is written: the model's versions, the located edits, the
        // source folders.
        // The bundle's own warnings (a guessed current version) matter here: the current version names the classes
        // that can clash, and is the one --current-version-only changes. The models' other warnings are `generate`'s.
        var bundleWarnings = Diagnostics()
        _ = try? ModelBundle.locate(model, diagnostics: &bundleWarnings)
        let loaded = versions == .allVersions ? try ModelLoader.loadAllVersions(model) : [try ModelLoader.load(model)]
        DiagnosticPrinter.print(bundleWarnings)
        var failures = Diagnostics()
        var edits: [CodegenSettingEdit] = []
        for version in loaded {
            let path = version.schema.contentsPath
            guard let data = FileManager.default.contents(atPath: path) else {
                failures.error("cannot read the model file", at: SourceLocation(path: path, line: 0))
                continue
            }
            do {
                edits.append(try CodegenSettingEdit.plan(schema: version.schema, bytes: [UInt8](data)))
            } catch let error as DiagnosticsError {
                failures.append(contentsOf: error.diagnostics)
            }
        }
        let current = loaded.first { $0.schema.versionName == $0.bundle.currentVersionName } ?? loaded[loaded.count - 1]
        var classNames: [String: String] = [:]
        for entity in current.schema.entities {
            if let className = entity.className, className != "NSManagedObject" { classNames[className] = entity.name }
        }
        var clashes: [ClashingSourceFile] = []
        do {
            clashes = try ClashingSourceScan.find(in: sources, classNames: classNames)
        } catch let error as DiagnosticsError {
            failures.append(contentsOf: error.diagnostics)
        }
        if failures.hasErrors { throw DiagnosticsError(failures) }
        // Key paths that work over Xcode's @NSManaged properties and trap over the generated Swift-only ones.
        let keyPathErrors = sources.isEmpty ? Diagnostics() : KeyPathCheck.afterAdoption(of: current.schema, sources: sources, clashes: clashes)

        let changed = edits.filter { !$0.isEmpty }
        let changes = changed.flatMap(\.changes)
        if write, !changed.isEmpty {
            try ModelFileReplacement.replace(changed.map { ($0.contentsPath, $0.editedBytes) })
        }
        var lines: [String] = changes.map { change in
            let location = "\(change.location.path):\(change.location.line)"
            return write
                ? "\(location): entity '\(change.entityName)': Codegen \(change.settingName) -> Manual/None"
                : "\(location): entity '\(change.entityName)': Codegen is \(change.settingName); --write sets it to Manual/None"
        }
        lines += clashes.map { "\($0.path):\($0.line): \($0.advice)" }
        lines.append(summary(changes: changes, versionCount: changed.count, clashes: clashes.count))
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        DiagnosticPrinter.print(keyPathErrors)

        // Something is left for the user: exit 1 without another message (the listing said what).
        if (!write && !changes.isEmpty) || !clashes.isEmpty || keyPathErrors.hasErrors { throw DiagnosticsError(Diagnostics()) }
    }

    private func summary(changes: [CodegenSettingChange], versionCount: Int, clashes: Int) -> String {
        let entities = "\(changes.count) \(changes.count == 1 ? "entity" : "entities")"
        let inVersions = "in \(versionCount) model \(versionCount == 1 ? "version" : "versions")"
        var parts: [String] = []
        if changes.isEmpty {
            parts.append("No entity uses Xcode's codegen\(versions == .currentVersionOnly ? " in the current version" : "").")
        } else if write {
            parts.append("Set \(entities) \(inVersions) to Manual/None.")
        } else {
            parts.append("\(entities) \(inVersions) \(changes.count == 1 ? "uses" : "use") Xcode's codegen; run again with --write to set them to Manual/None.")
        }
        if clashes > 0 {
            parts.append("\(clashes) \(clashes == 1 ? "file" : "files") in --sources will clash with the generated classes.")
        } else if sources.isEmpty {
            parts.append("Pass --sources with the app's source folders to list the files that will clash.")
        } else {
            parts.append("No file in --sources clashes.")
        }
        return parts.joined(separator: " ")
    }
}
