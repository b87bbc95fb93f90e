import ArgumentParser
import Foundation
import ManagedCodegenConfig
import ManagedModel
import ModelHistory
import ModelLock
import ModelReader

struct Lock: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record the store schema of the model's versions in a lock file, to commit when you ship.",
        discussion: """
            Writes <Model>.managed-codegen.lock beside the model bundle: per version, its entities' Core Data \
            version hashes and what they are made of (each distinct entity written once; not transient or fetched \
            properties, default values, validation rules, user info, class names or delete rules), and a digest of \
            the version's contents file, so that an unchanged version is not read again. From then on `generate` fails when a locked version changes in a way that makes \
            Core Data refuse the stores it created, and warns about changes from the newest locked version to the \
            current one that lightweight migration cannot infer.

            The lock lists versions in the order they shipped: a newly locked version is appended. The first \
            lock of a model with several versions assumes the natural order of their names (numbers compared as \
            numbers, spaces and punctuation ignored: Model V 23 after Model V22) with the current version last, \
            prints that order one version a line, and warns where a hop of it removes an entity or property that \
            a later version has again; correct it by moving version blocks in the lock file. migration-check and \
            the migration plan follow that order.

            Locks every version of the bundle (or only --model-version). A version already locked that has \
            changed is refused unless --force re-locks it (only for versions that never shipped); --force also \
            drops locked versions that are no longer in the bundle, and replaces a lock file of an earlier \
            managed-codegen. Nothing is written on error.
            """
    )

    @OptionGroup var model: ModelOptions

    @Flag(help: "Re-lock versions whose store schema changed, and drop locked versions the bundle no longer has.")
    var force = false

    @OptionGroup var reporting: ReporterOptions

    var reporterConfigPath: String? { ConfigFile.locate(besideModel: model.model) }

    func run() throws {
        var bundleDiagnostics = Diagnostics()
        let bundle = try ModelBundle.locate(model.model, diagnostics: &bundleDiagnostics)
        let history = ModelHistory(modelPath: model.model, bundle: bundle, bundleDiagnostics: bundleDiagnostics, replacingOutdatedLock: force)
        let relocking = try history.relocked(versionNamed: model.modelVersion, force: force)
        try DiagnosticPrinter.report(relocking.diagnostics, warningsAsErrors: model.warningsAsErrors ?? false)

        let lock = relocking.lock
        let lockPath = history.lockPath
        let added = relocking.added
        let quoted = { (names: [String]) in NameList.quoted(names, noun: "versions") }
        guard try history.write(lock) else {
            DiagnosticPrinter.output("\(lockPath): up to date (\(lock.versions.count) locked \(lock.versions.count == 1 ? "version" : "versions"))")
            return
        }
        var parts: [String] = []
        if !added.isEmpty { parts.append("locked \(quoted(added))") }
        if !relocking.relocked.isEmpty { parts.append("re-locked \(quoted(relocking.relocked))") }
        if !relocking.dropped.isEmpty { parts.append("dropped \(quoted(relocking.dropped))") }
        if !relocking.refreshed.isEmpty { parts.append("store schema unchanged, contents digest updated for \(quoted(relocking.refreshed))") }
        if parts.isEmpty { parts.append("rewritten") }
        DiagnosticPrinter.output("\(lockPath): \(parts.joined(separator: "; ")) (\(lock.versions.count) locked \(lock.versions.count == 1 ? "version" : "versions"))")
        if added.count > 1 {
            // Several versions locked at once (the first lock of an existing history): their order is a guess from
            // the names; say so, once, one version a line, and where a hop of it removes what a later version has
            // again (a sign the names misled).
            let appended = lock.versions.map(\.versionName).filter(added.contains)
            DiagnosticPrinter.output(
                "\(lockPath): assumed these versions shipped in this order"
                    + ((try history.lock())?.versions.isEmpty ?? true ? " " : ", after the versions locked before ") + "(natural order of their names, numbers compared as numbers, "
                    + "spaces and punctuation ignored, the current version last); if they shipped in another order, move their "
                    + "version blocks in the lock file (migration-check and the migration plan follow it):")
            for name in appended { DiagnosticPrinter.output("  \(name)") }
            DiagnosticPrinter.print(LockOrderCheck.diagnostics(LockOrderCheck.findings(lock.versions), lockPath: lockPath))
        }
    }
}
