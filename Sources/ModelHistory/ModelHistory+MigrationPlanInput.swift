import Foundation
import GenerationPlanning
import ManagedCodegenConfig
import ManagedModel
import ModelLock

extension ModelHistory {
    /// What `--migration-plan` plans through: the schema of each locked version in the bundle, in the lock's order
    /// from `oldest` on (all of them when nil), their lock entries, and the versions neither locked nor `current`.
    /// Locked versions missing from the bundle are ``lockCheck()``'s errors.
    /// - Throws: ``HistoryRules/migrationPlanWithoutLock`` when the model has no lock, ``HistoryRules/oldestVersionNotLocked``
    ///   when `oldest` is not a locked version in the bundle.
    public func migrationPlanInput(current: Schema, oldest: String?) throws -> MigrationPlanInput {
        guard let lock = try lock() else {
            throw DiagnosticsError(HistoryRules.migrationPlanWithoutLock.diagnostic(
                "--migration-plan needs the model's lock of shipped versions, and \(lockPath) does not exist: run "
                    + "managed-codegen lock \(modelPath)",
                at: SourceLocation(path: modelPath, line: 0)))
        }
        let currentName = current.versionName
        var names = lock.versions.map(\.versionName).filter(hasVersion)
        var leftOut: [String] = []
        if let oldest {
            guard let start = names.firstIndex(of: oldest) else {
                throw DiagnosticsError(HistoryRules.oldestVersionNotLocked.diagnostic(
                    "the migration plan's oldest version '\(oldest)' is not a locked version of the model; locked: "
                        + NameList.quoted(names, noun: "versions"),
                    at: SourceLocation(path: lockPath, line: 0)))
            }
            leftOut = Array(names[..<start])
            names.removeFirst(start)
        }
        let schemas = try names.map { name in name == currentName ? current : try schema(of: name) }
        // A version neither locked nor current: the plan cannot place its stores (issue 44, item 9).
        let unlocked = bundle.versions.filter { lock.version(named: $0.name) == nil && $0.name != currentName }.map {
            (name: $0.name, location: SourceLocation(path: DisplayPath.relativeToCurrentFolder($0.contentsPath), line: 0))
        }
        return MigrationPlanInput(
            lockedVersions: schemas, lockFileName: (lockPath as NSString).lastPathComponent, leftOutVersionNames: leftOut,
            lockedFingerprints: names.compactMap(lock.version(named:)), unlockedVersions: unlocked)
    }
}
