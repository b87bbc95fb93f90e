import Adoption
import ArgumentParser
import Foundation
import ManagedCodegenConfig
import ManagedModel
import ModelReader

struct Adopt: ParsableCommand, ReportingCommand {
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

            With --entity, only the named entities move (an app of any size moves one entity at a time and builds \
            after each step: Xcode's classes for the others and the generated ones side by side); the listing ends \
            with how many of the current version's entities have moved. Each entity is listed once, at its line in \
            the newest version, with the number of older versions that have the same setting.

            The config file `generate` reads (managed-codegen.yml beside the model, or --config) counts here too: \
            entities its `include`/`exclude` (or --exclude) leave out do not move, and its `human-file-suffix` \
            names the human files. With --sources, comparisons with zero that the move turns \
            (`order.itemCount == 0` once `itemCount` is `Int16?`) are warnings, as in `audit`.

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

    @Option(
        name: .customLong("entity"),
        help: ArgumentHelp("Move only this entity (repeatable); without it, every entity moves.", valueName: "name"))
    var entities: [String] = []

    @Flag(help: "Change the model files (without it, only list what would change).")
    var write = false

    @Flag var versions: Versions = .allVersions

    @Flag(help: ArgumentHelp(
        "List the optional number and Boolean attributes with a default value per entity; with --write, write a new model version (a copy of the current one) in which they are required."))
    var requireDefaultedScalars = false

    @Flag(help: "With --require-defaulted-scalars --write, make the new model version the current one.")
    var makeCurrent = false

    @Option(help: ArgumentHelp(
        "With --require-defaulted-scalars: the new model version's name (default: the current version's name with its number plus one, `Shop V 59` after `Shop V 58`).",
        valueName: "name"))
    var newVersionName: String?

    @Option(
        name: .customLong("exclude"),
        help: ArgumentHelp(
            "Leave this entity as it is (repeatable; replaces the config file's `exclude`): not moved, not made required by --require-defaulted-scalars, its files not listed; `generate` does not generate it either.",
            valueName: "entity"))
    var excludedEntities: [String] = []

    @OptionGroup(title: "Config file")
    var config: ConfigOptions

    @OptionGroup var reporting: ReporterOptions

    var reporterConfigPath: String? { config.path(besideModel: model) }

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
        let current = loaded.first { $0.schema.versionName == $0.bundle.currentVersionName } ?? loaded[loaded.count - 1]
        let knownNames = Set(loaded.flatMap { $0.schema.entities.map(\.name) })
        for name in entities where !knownNames.contains(name) {
            failures.report(
                AdoptRules.unknownEntity,
                "--entity: the model has no entity named '\(name)'" + SpellingSuggestion.hint(for: name, in: knownNames),
                at: SourceLocation(path: current.schema.contentsPath, line: 0))
        }
        // What `generate` generates, as the config file beside the model (or --config) says: an entity it leaves out
        // keeps its class where it is, so it does not move.
        let configFile = try config.load(besideModel: model)
        let scope = AdoptionScope(
            named: entities, excluded: excludedEntities.isEmpty ? configFile?.settings.excludedEntities ?? [] : excludedEntities,
            included: configFile?.settings.includedEntities)
        for name in scope.namedButLeftOut {
            failures.report(
                AdoptRules.entityLeftOut,
                "--entity: entity '\(name)' is left out by \(excludedEntities.isEmpty ? "the config file's include/exclude" : "--exclude"): "
                    + "`generate` does not generate it, so it cannot move",
                at: SourceLocation(path: configFile?.path ?? current.schema.contentsPath, line: 0))
        }
        let chosen = scope.chosen(among: knownNames)
        let humanFileSuffix = configFile?.settings.humanFileSuffix ?? ""
        var edits: [CodegenSettingEdit] = []
        for version in loaded {
            let path = version.schema.contentsPath
            guard let data = FileManager.default.contents(atPath: path) else {
                failures.report(ModelRules.notFound, "cannot read the model file", at: SourceLocation(path: path, line: 0))
                continue
            }
            if let edit = try failures.collecting({ try CodegenSettingEdit.plan(schema: version.schema, bytes: [UInt8](data), entityNames: chosen) }) {
                edits.append(edit)
            }
        }
        // The classes `generate` writes once this run's changes are made: those are the ones that can clash.
        let staysWithXcode = { (entity: Entity) in entity.codeGenerationType != .manual && !(chosen?.contains(entity.name) ?? true) }
        var classNames: [String: String] = [:]
        for entity in current.schema.entities where !staysWithXcode(entity) && scope.isGenerated(entity.name) {
            if let className = entity.className, className != "NSManagedObject" { classNames[className] = entity.name }
        }
        let clashes = try failures.collecting {
            try ClashingSourceScan.find(in: sources, classNames: classNames, humanFileSuffix: humanFileSuffix)
        } ?? []
        if makeCurrent && !requireDefaultedScalars {
            failures.report(AdoptRules.needsRequireDefaultedScalars, "--make-current applies only with --require-defaulted-scalars")
        }
        if newVersionName != nil && !requireDefaultedScalars {
            failures.report(AdoptRules.needsRequireDefaultedScalars, "--new-version-name applies only with --require-defaulted-scalars")
        }
        if let newVersionName, let problem = ModelVersionCreation.problem(withNewVersionName: newVersionName, bundlePath: bundlePath(of: current)) {
            failures.report(
                AdoptRules.unusableVersionName, "--new-version-name '\(newVersionName)': \(problem)",
                at: SourceLocation(path: bundlePath(of: current), line: 0))
        }
        // The new version is the current one as this run leaves it (its Codegen edit included).
        let generatedEntities = current.schema.entities.filter {
            !staysWithXcode($0) && $0.customClassName != nil && scope.isGenerated($0.name)
        }
        let defaulted = generatedEntities.map { ($0, DefaultedOptionalScalars.attributes(of: $0)) }.filter { !$0.1.isEmpty }
        var newVersion: (name: String, contents: [UInt8])?
        if requireDefaultedScalars, write, !defaulted.isEmpty, !bundlePath(of: current).hasSuffix(".xcdatamodeld") {
            failures.report(
                AdoptRules.newVersionNeedsBundle,
                "--require-defaulted-scalars --write adds a model version: it needs the model's .xcdatamodeld folder",
                at: SourceLocation(path: current.schema.contentsPath, line: 0))
        }
        if requireDefaultedScalars, write, !defaulted.isEmpty, !failures.hasErrors {
            let currentEdit = edits.first { $0.contentsPath == current.schema.contentsPath }
            let bytes = currentEdit?.editedBytes ?? [UInt8](FileManager.default.contents(atPath: current.schema.contentsPath) ?? Data())
            let required = try failures.collecting {
                try DefaultedOptionalScalars.requiringEdit(
                    of: defaulted.flatMap { entity, attributes in attributes.map { (entity.name, $0.name) } },
                    schema: current.schema, bytes: bytes)
            }
            if let required {
                newVersion = (newVersionName(after: current), required)
            }
        }
        if failures.hasErrors { throw DiagnosticsError(failures) }
        // Key paths that work over Xcode's @NSManaged properties and trap over the generated Swift-only ones, and
        // comparisons with zero that turn once optional scalars are `T?`.
        var keyPathErrors = Diagnostics()
        if !sources.isEmpty {
            let adopted = AdoptedSources(of: current.schema, entities: chosen, sources: sources, clashes: clashes)
            keyPathErrors = KeyPathCheck.diagnostics(adopted.sources, schema: adopted.schema, excluding: adopted.replaced)
            keyPathErrors.append(contentsOf: ZeroComparisonCheck.afterAdoption(adopted))
        }

        let changed = edits.filter { !$0.isEmpty }
        let changes = changed.flatMap(\.changes)
        if write, !changed.isEmpty {
            try ModelFileReplacement.replace(changed.map { ($0.contentsPath, $0.editedBytes) })
        }
        var lines: [String] = CodegenSettingChange.byEntity(changes).map { entity in
            let change = entity.newest
            let location = "\(change.location.path):\(change.location.line)"
            let older = entity.olderVersionCount == 0
                ? "" : " (and in \(entity.olderVersionCount) older \(entity.olderVersionCount == 1 ? "version" : "versions"))"
            return write
                ? "\(location): entity '\(change.entityName)': Codegen \(change.settingName) -> Manual/None\(older)"
                : "\(location): entity '\(change.entityName)': Codegen is \(change.settingName)\(older); --write sets it to Manual/None"
        }
        lines += clashes.map { "\($0.path):\($0.line): \($0.advice)" }
        lines += try defaultedScalarLines(defaulted, current: current, newVersion: newVersion)
        let blocking = clashes.filter(\.alwaysClashes)
        lines.append(summary(changes: changes, versionCount: changed.count, clashes: blocking.count, excluded: scope.excluded.sorted()))
        if !entities.isEmpty {
            let all = current.schema.entities
            let moved = all.filter { $0.codeGenerationType == .manual }.count
            let movingNow = Set(changes.filter { $0.location.path == current.schema.contentsPath }.map(\.entityName)).count
            lines.append(write || movingNow == 0
                ? "\(moved + (write ? movingNow : 0)) of \(all.count) entities moved (Codegen Manual/None in the current version)."
                : "\(moved) of \(all.count) entities moved (Codegen Manual/None in the current version); \(moved + movingNow) with --write.")
        }
        DiagnosticPrinter.output(lines.joined(separator: "\n"))
        DiagnosticPrinter.print(keyPathErrors)

        // Something is left for the user: exit 1 without another message (the listing said what).
        if (!write && !changes.isEmpty) || !blocking.isEmpty || keyPathErrors.hasErrors { throw DiagnosticsError(Diagnostics()) }
    }

    /// `--new-version-name`, else the version after the current one in the model's own naming.
    private func newVersionName(after current: LoadedModel) -> String {
        newVersionName ?? ModelVersionCreation.nextVersionName(
            bundlePath: bundlePath(of: current), currentName: current.schema.versionName, versionNames: current.bundle.versions.map(\.name))
    }

    /// The check of the new version, both versions named: it needs no lock, and a name that sorts before the current
    /// one (a --new-version-name) is still compared with the right version.
    private func migrationCheckCommand(from: String, to: String) -> String {
        func quoted(_ text: String) -> String { text.contains(" ") ? "'\(text)'" : text }
        return "`managed-codegen migration-check \(quoted(model)) --model-version \(quoted(to)) --from \(quoted(from))`"
    }

    /// The `.xcdatamodeld` folder holding `version`.
    private func bundlePath(of version: LoadedModel) -> String {
        ((version.schema.contentsPath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
    }

    /// The optional scalars with a default: one line in all, or with --require-defaulted-scalars one per entity and
    /// the new version (written here with --write, after the Codegen edit).
    private func defaultedScalarLines(_ defaulted: [(Entity, [Attribute])], current: LoadedModel, newVersion: (name: String, contents: [UInt8])?) throws -> [String] {
        let count = defaulted.map(\.1.count).reduce(0, +)
        guard count > 0 else { return [] }
        let what = "optional number or Boolean \(count == 1 ? "attribute" : "attributes") with a default value"
        guard requireDefaultedScalars else {
            return ["\(count) \(what) in \(defaulted.count) \(defaulted.count == 1 ? "entity" : "entities") generate as optional "
                + "scalars (Int16?, where Xcode declares Int16); --require-defaulted-scalars lists them and makes them required in a new model version."]
        }
        var lines = defaulted.map { entity, attributes in
            "\(entity.location.path):\(entity.location.line): entity '\(entity.name)': \(attributes.count) \(attributes.count == 1 ? "attribute" : "attributes") "
                + "optional with a default value: \(attributes.map(\.name).joined(separator: ", "))"
        }
        let bundle = bundlePath(of: current)
        guard let newVersion else {
            let name = newVersionName(after: current)
            lines.append("\(count) \(what): --write writes model version '\(name)', a copy of '\(current.schema.versionName)' in which they are required "
                + "(lightweight migration infers it; check with \(migrationCheckCommand(from: current.schema.versionName, to: name))).")
            return lines
        }
        try ModelVersionCreation.create(
            bundlePath: bundle, copying: (current.schema.contentsPath as NSString).deletingLastPathComponent, as: newVersion.name,
            contents: newVersion.contents, makeCurrent: makeCurrent, currentName: current.schema.versionName)
        lines.append("\(bundle)/\(newVersion.name).xcdatamodel: wrote model version '\(newVersion.name)' with \(count) \(what) made required; "
            + (makeCurrent ? "it is now the current version" : "make it current in Xcode (Model Version in the File inspector) or with --make-current")
            + "; check it with \(migrationCheckCommand(from: current.schema.versionName, to: newVersion.name)).")
        return lines
    }

    private func summary(changes: [CodegenSettingChange], versionCount: Int, clashes: Int, excluded: [String]) -> String {
        let entityCount = Set(changes.map(\.entityName)).count
        let entityText = "\(entityCount) \(entityCount == 1 ? "entity" : "entities")"
        let inVersions = "in \(versionCount) model \(versionCount == 1 ? "version" : "versions")"
        var parts: [String] = []
        if changes.isEmpty {
            let scope = (self.entities.isEmpty ? "" : " among those named by --entity")
                + (excluded.isEmpty ? "" : " but those `generate` leaves out (\(NameList.listed(excluded, noun: "entities")))")
                + (versions == .currentVersionOnly ? " in the current version" : "")
            parts.append("No entity uses Xcode's codegen\(scope).")
        } else if write {
            parts.append("Set \(entityText) \(inVersions) to Manual/None.")
        } else {
            parts.append("\(entityText) \(inVersions) \(entityCount == 1 ? "uses" : "use") Xcode's codegen; run again with --write to set them to Manual/None.")
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
