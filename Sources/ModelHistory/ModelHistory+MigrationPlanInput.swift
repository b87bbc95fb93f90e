import Foundation
import GenerationPlanning
import ManagedCodegenConfig
import ManagedModel
import ModelLock

extension ModelHistory {
    /// What `--migration-plan` plans through (``MigrationPlanInput/fromLock(_:lockPath:versions:current:oldest:schema:contentsDigest:)``):
    /// the locked versions in the bundle, in the lock's order from `oldest` on (all of them when nil), their lock
    /// entries and the verdicts the lock records, and the versions neither locked nor `current`. A locked version is
    /// read only when the plan needs it, through this history (each once); a `contents` digest is the one the lock
    /// check took. Locked versions missing from the bundle are ``lockCheck()``'s errors.
    /// - Throws: ``HistoryRules/migrationPlanWithoutLock`` when the model has no lock, ``HistoryRules/oldestVersionNotLocked``
    ///   when `oldest` is not a locked version in the bundle.
    package func migrationPlanInput(current: Schema, oldest: String?) throws -> MigrationPlanInput {
        guard let lock = try lock() else {
            throw DiagnosticsError(HistoryRules.migrationPlanWithoutLock.diagnostic(
                "--migration-plan needs the model's lock of shipped versions, and \(lockPath) does not exist: run "
                    + "managed-codegen lock \(modelPath)",
                at: SourceLocation(path: modelPath, line: 0)))
        }
        do {
            return try MigrationPlanInput.fromLock(
                lock, lockPath: lockPath,
                versions: bundle.versions.map { ($0.name, $0.contentsPath, DisplayPath.relativeToCurrentFolder($0.contentsPath)) },
                current: current, oldest: oldest, schema: { [self] in try schema(of: $0) },
                contentsDigest: { [self] in contentsDigest(ofVersion: $0) })
        } catch let error as MigrationPlanInput.OldestVersionNotLocked {
            throw DiagnosticsError(HistoryRules.oldestVersionNotLocked.diagnostic(
                "the migration plan's oldest version '\(error.name)' is not a locked version of the model; locked: "
                    + NameList.quoted(error.locked, noun: "versions"),
                at: SourceLocation(path: lockPath, line: 0)))
        }
    }
}
