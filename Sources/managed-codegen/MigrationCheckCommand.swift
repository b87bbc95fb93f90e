import ArgumentParser
import CodeGeneration
import Foundation
import ManagedCodegenConfig
import ManagedModel
import ModelLock
import ModelReader
import SwiftSourceScanning

struct MigrationCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migration-check",
        abstract: "Report the changes between two model versions that lightweight migration cannot infer.",
        discussion: """
            Compares --from (default: the locked version shipped before the destination, in the lock's order, \
            else the version just before it by name) with the current version (or --model-version), by what lightweight migration infers \
            (Apple's "Using Lightweight Migration", and migrations measured on macOS; documentation: \
            "Locking shipped model versions"). Each change it refuses, each change it infers but validates when \
            the migration runs (a required value without a default: it may fail at migration time when existing \
            rows have no value), and each apparent rename without a renaming identifier (which loses the old \
            values) is an error at the changed element. For a model that syncs with CloudKit, so is each synced \
            entity or attribute removed or renamed and each attribute's CloudKit field kind changed, compared with \
            the locked versions before the destination as generate compares (with --from's version without a lock; \
            CloudKit's production schema only grows; documentation: "Syncing with CloudKit"). A value made required is accepted, with a note, \
            once the app has written the migration plan's hook of every hop that makes one required \
            (willMigrate<From>To<To>, looked for in --hook-sources and the config file's human-output and \
            hook-sources; documentation: "Migrating stores"): the plan calls it before the hop, on iOS 17 and \
            macOS 14 and later. Exit status: 0 when every change can be inferred, 1 otherwise.
            """
    )

    @OptionGroup var model: ModelOptions

    @Option(help: ArgumentHelp("The version the stores were created with.", valueName: "version"))
    var from: String?

    @Option(
        name: .customLong("hook-sources"),
        help: ArgumentHelp(
            "A folder (or Swift file) to scan for the migration plan's hooks (repeatable), besides the config file's human-output and hook-sources.",
            valueName: "dir"))
    var hookSources: [String] = []

    func run() throws {
        let destination = try ModelLoader.load(model.model, version: model.modelVersion)
        let bundle = destination.bundle
        let destinationName = destination.schema.versionName
        let lockPath = LockSupport.lockPath(modelPath: model.model, modelName: bundle.modelName)
        let lock = try LockSupport.load(path: lockPath, modelPath: model.model)
        let sourceName: String
        if let from {
            sourceName = try bundle.version(named: from).name
        } else {
            let names = bundle.versions.map(\.name)
            let previous = names.firstIndex(of: destinationName).flatMap { $0 > 0 ? names[$0 - 1] : nil }
            let locked = lock.flatMap { LockSupport.newestLockedVersion(before: destinationName, lock: $0) }
            guard let name = locked ?? previous else {
                // One version: nothing to migrate. Several, and this one first by name (a version named out of the
                // model's order, `Shop 2` among `Shop V 1` … `Shop V 58`): "nothing to migrate" would pass a check
                // that compared nothing.
                guard names.count > 1 else {
                    try DiagnosticPrinter.report(destination.diagnostics, warningsAsErrors: model.warningsAsErrors ?? false)
                    print("'\(destinationName)' has no earlier version: nothing to migrate.")
                    return
                }
                var diagnostics = destination.diagnostics
                diagnostics.error(
                    "'\(destinationName)' comes first of the model's \(names.count) versions by name, and no locked version comes before "
                        + "it: there is no version to compare it with; pass --from VERSION (the version the stores were created with)",
                    at: SourceLocation(path: model.model, line: 0))
                throw DiagnosticsError(diagnostics)
            }
            sourceName = name
        }
        let source = try ModelLoader.load(model.model, version: sourceName)
        var diagnostics = destination.diagnostics
        if sourceName != destinationName {
            for diagnostic in source.diagnostics.all where !diagnostics.all.contains(diagnostic) { diagnostics.append(diagnostic) }
        }
        var findings = MigrationCheck.findings(from: source.schema, to: destination.schema)
        let configFile = try ConfigFile.locate(besideModel: model.model).map(ConfigFile.load)
        // A value made required: accepted once the migration plan's hook of every hop making one required exists.
        var handled = 0
        if findings.contains(where: { $0.kind == .mayFail }) {
            let (accepted, notes) = try hookVerdict(findings, source: source.schema, destination: destination.schema, configFile: configFile)
            if let accepted {
                handled = findings.filter { $0.kind == .mayFail }.count
                findings.removeAll { $0.kind == .mayFail }
                diagnostics.append(contentsOf: MigrationCheck.diagnostics(findings, from: sourceName, to: destinationName, asWarnings: false))
                diagnostics.append(contentsOf: accepted)
            } else {
                diagnostics.append(contentsOf: MigrationCheck.diagnostics(findings, from: sourceName, to: destinationName, asWarnings: false))
                diagnostics.append(contentsOf: notes)
            }
        } else {
            diagnostics.append(contentsOf: MigrationCheck.diagnostics(findings, from: sourceName, to: destinationName, asWarnings: false))
        }
        // A synced model: what CloudKit's production schema (the locked versions before the destination, as `generate`
        // compares; the source without a lock) refuses (the config file beside the model can say `cloudkit: false`).
        let cloudKit = configFile?.settings.cloudKit
        let cloudKitFindings = try LockSupport.cloudKitFindings(
            lock: lock, fallback: sourceName, destination: destination.schema, bundle: bundle, setting: cloudKit,
            schema: { name in
                name == sourceName ? source.schema : name == destinationName ? destination.schema : try ModelLoader.load(model.model, version: name).schema
            })
        diagnostics.append(contentsOf: CloudKitAppendOnly.diagnostics(cloudKitFindings))
        let summary: String
        if !cloudKitFindings.isEmpty {
            summary = "'\(sourceName)' -> '\(destinationName)': \(cloudKitFindings.count) changes CloudKit's production schema refuses, "
                + "\(findings.count) lightweight migration findings."
        } else if findings.isEmpty {
            summary = "'\(sourceName)' -> '\(destinationName)': lightweight migration can infer every change"
                + (handled == 0 ? "." : "; \(handled) values made required are given by the app's migration hooks (iOS 17, macOS 14 and later).")
        } else {
            let count = { (kind: MigrationCheck.Finding.Kind) in findings.filter { $0.kind == kind }.count }
            summary = "'\(sourceName)' -> '\(destinationName)': \(count(.notInferable)) not inferable, \(count(.dataLoss)) losing data, "
                + "\(count(.mayFail)) may fail at migration time."
        }
        print(summary)
        try DiagnosticPrinter.report(diagnostics, warningsAsErrors: model.warningsAsErrors ?? false)
    }

    /// The may-fail findings as the app's migration hooks leave them: `accepted`, notes, when every hop of the plan
    /// from `source` to `destination` that makes a value required has its hook (`MigrationHookLookup`); else nil, and
    /// `notes` naming the hooks to write (with "did you mean" for one named nearly like it). Without a lock there is no
    /// plan, and nothing to say; a lock that does not order `source` before `destination` leaves the direct hop.
    private func hookVerdict(
        _ findings: [MigrationCheck.Finding], source: Schema, destination: Schema, configFile: ConfigFile?
    ) throws -> (accepted: Diagnostics?, notes: Diagnostics) {
        let folders = hookSources + [configFile?.settings.humanOutput].compactMap { $0 } + (configFile?.settings.hookSources ?? [])
        let sources = SwiftSourceFiles.read(SwiftSourceFiles.paths(under: folders))
            .filter { !$0.text.hasPrefix(CodeGenerator.bannerPrefix) }.map { (path: Generate.displayPath($0.path), text: $0.text) }
        let lookup = MigrationHookLookup(modelName: destination.modelName, hooks: ValidationHookScan.scanning(sources))
        let lockPath = LockSupport.lockPath(modelPath: model.model, modelName: destination.modelName)
        // No lock, no migration plan (`generate --migration-plan` needs one): no hook is called.
        guard let lock = try LockSupport.load(path: lockPath, modelPath: model.model) else { return (nil, Diagnostics()) }
        let hops = try LockSupport.hookedHops(lock, from: source.versionName, to: destination) { name in
            name == source.versionName ? source : try ModelLoader.load(model.model, version: name).schema
        } ?? [(source.versionName, destination.versionName)]
        let accepted = lookup.handledDiagnostics(findings, from: source.versionName, to: destination.versionName, hops: hops)
        return (accepted, lookup.missingHookNotes(hops))
    }
}
