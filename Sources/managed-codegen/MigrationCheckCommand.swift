import ArgumentParser
import Foundation
import ManagedCodegenConfig
import ManagedModel
import ModelLock
import ModelReader

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
            CloudKit's production schema only grows; documentation: "Syncing with CloudKit"). Exit status: 0 when \
            every change can be inferred, 1 otherwise.
            """
    )

    @OptionGroup var model: ModelOptions

    @Option(help: ArgumentHelp("The version the stores were created with.", valueName: "version"))
    var from: String?

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
        let findings = MigrationCheck.findings(from: source.schema, to: destination.schema)
        diagnostics.append(contentsOf: MigrationCheck.diagnostics(findings, from: sourceName, to: destinationName, asWarnings: false))
        // A synced model: what CloudKit's production schema (the locked versions before the destination, as `generate`
        // compares; the source without a lock) refuses (the config file beside the model can say `cloudkit: false`).
        let cloudKit = try ConfigFile.locate(besideModel: model.model).map(ConfigFile.load)?.settings.cloudKit
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
            summary = "'\(sourceName)' -> '\(destinationName)': lightweight migration can infer every change."
        } else {
            let count = { (kind: MigrationCheck.Finding.Kind) in findings.filter { $0.kind == kind }.count }
            summary = "'\(sourceName)' -> '\(destinationName)': \(count(.notInferable)) not inferable, \(count(.dataLoss)) losing data, "
                + "\(count(.mayFail)) may fail at migration time."
        }
        print(summary)
        try DiagnosticPrinter.report(diagnostics, warningsAsErrors: model.warningsAsErrors ?? false)
    }
}
