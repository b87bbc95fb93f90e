import ArgumentParser
import CodeGeneration
import Foundation
import ManagedCodegenConfig
import ManagedModel
import ModelHistory
import ModelLock
import ModelReader
import SwiftSourceScanning

struct MigrationCheckCommand: ParsableCommand, ReportingCommand {
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

    @OptionGroup var reporting: ReporterOptions

    var reporterConfigPath: String? { ConfigFile.locate(besideModel: model.model) }

    func run() throws {
        let history = try ModelHistory(locating: model.model)
        let destination = try history.loadedVersion(named: model.modelVersion)
        let destinationName = destination.schema.versionName
        guard let sourceName = try history.migrationSource(to: destination, requested: from) else {
            try DiagnosticPrinter.report(destination.diagnostics, warningsAsErrors: model.warningsAsErrors ?? false)
            DiagnosticPrinter.output("'\(destinationName)' has no earlier version: nothing to migrate.")
            return
        }
        let source = try history.loadedVersion(named: sourceName)
        var diagnostics = destination.diagnostics
        if sourceName != destinationName {
            for diagnostic in source.diagnostics.all where !diagnostics.all.contains(diagnostic) { diagnostics.append(diagnostic) }
        }
        var findings = MigrationCheck.findings(from: source.schema, to: destination.schema)
        let configFile = try ConfigFile.locate(besideModel: model.model).map(ConfigFile.load)
        // A value made required: accepted once the migration plan's hook of every hop making one required exists.
        var handled = 0
        if findings.contains(where: { $0.kind == .mayFail }) {
            let (accepted, notes) = try history.hookVerdict(
                findings, from: source.schema, to: destination.schema, hooks: migrationHooks(configFile: configFile))
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
        let cloudKitFindings = try history.cloudKitFindings(fallback: sourceName, destination: destination.schema, setting: cloudKit)
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
        DiagnosticPrinter.output(summary)
        try DiagnosticPrinter.report(diagnostics, warningsAsErrors: model.warningsAsErrors ?? false)
    }

    /// The migration plan's hooks the app declares: in --hook-sources and the config file's human-output and hook-sources.
    private func migrationHooks(configFile: ConfigFile?) -> ValidationHookScan {
        let folders = hookSources + [configFile?.settings.humanOutput].compactMap { $0 } + (configFile?.settings.hookSources ?? [])
        let sources = SwiftSourceFiles.read(SwiftSourceFiles.paths(under: folders))
            .filter { !$0.text.hasPrefix(CodeGenerator.bannerPrefix) }.map { (path: Generate.displayPath($0.path), text: $0.text) }
        return ValidationHookScan.scanning(sources)
    }
}
