import GenerationPlanning
import ManagedModel
import ModelLock
import ModelReader

extension ModelHistory {
    /// What `generate` reports about the way to `current` with a lock: each change from the newest locked version
    /// before it that lightweight migration cannot infer, as a warning (`MigrationCheck`), a value made required on a
    /// hop whose migration hook the app has written (`hooks`) as a note (`MigrationHookLookup`), and, for a synced
    /// model, each change CloudKit's production schema refuses as an error (`CloudKitAppendOnly`). Nothing without a
    /// lock, or when `current` is locked (shipped) itself.
    package func migrationDiagnostics(to current: Schema, hooks: ValidationHookScan, cloudKit: Bool?) throws -> Diagnostics {
        var diagnostics = Diagnostics()
        let currentName = current.versionName
        guard let lock = try lock(), lock.version(named: currentName) == nil,
            let from = lock.versionShipped(before: currentName)?.versionName
        else { return diagnostics }
        let findings = MigrationCheck.findings(from: try schema(of: from), to: current)
        let hookLookup = MigrationHookLookup(modelName: current.modelName, hooks: hooks)
        let hops = findings.contains { $0.kind == .mayFail } ? try hookedHops(from: from, to: current) : nil
        if let handled = hookLookup.handledDiagnostics(findings, from: from, to: currentName, hops: hops ?? []) {
            let others = findings.filter { $0.kind != .mayFail }
            diagnostics.append(contentsOf: MigrationCheck.diagnostics(others, from: from, to: currentName, asWarnings: true))
            diagnostics.append(contentsOf: handled)
        } else {
            diagnostics.append(contentsOf: MigrationCheck.diagnostics(findings, from: from, to: currentName, asWarnings: true))
        }
        diagnostics.append(contentsOf: CloudKitAppendOnly.diagnostics(
            try cloudKitFindings(fallback: nil, destination: current, setting: cloudKit)))
        return diagnostics
    }

    /// The hops of the migration plan a store of `source` crosses to `destination` that make a value required (each
    /// needs the app's hook), in the plan's names: the store schemas the plan walks (``StoreSchemaSequence``: the
    /// lock's versions in its order, each store schema once, `destination` last, a revert's earlier versions opening
    /// as it). Nil without a lock, or when the plan does not take a store of `source` to `destination`.
    package func hookedHops(from source: String, to destination: Schema) throws -> [(from: String, to: String)]? {
        guard let lock = try lock() else { return nil }
        // The plan as the app opening `destination` has it: the versions shipped up to it, then it.
        var versions = Array(lock.versions.prefix { $0.versionName != destination.versionName })
        versions.append(lock.version(named: destination.versionName) ?? StoreFingerprint(destination))
        let sequence = StoreSchemaSequence(versions, current: destination.versionName)
        let distinct = sequence.distinct
        guard let from = sequence.position(of: source), let to = sequence.position(of: destination.versionName), from < to
        else { return nil }
        let verdicts = MigrationCheck.VerdictCache(schema: { [self] name in
            name == destination.versionName ? destination : try schema(of: name)
        })
        var hops: [(from: String, to: String)] = []
        for index in from..<to where try verdicts.findings(from: distinct[index], to: distinct[index + 1]).contains(where: { $0.kind == .mayFail }) {
            hops.append((distinct[index], distinct[index + 1]))
        }
        return hops
    }

    /// What CloudKit's production schema refuses in `destination` (`CloudKitAppendOnly`). The production schema is the
    /// versions the lock lists before `destination`, in the lock's order (the order they shipped); without a lock, or
    /// when it lists none before `destination`, it is `fallback` (`migration-check`'s source). `generate` and
    /// `migration-check` both ask here, so they give the same findings for the same edit. The earlier versions are read
    /// only when the newest one syncs.
    package func cloudKitFindings(fallback: String?, destination: Schema, setting: Bool?) throws -> [CloudKitAppendOnly.Finding] {
        var names: [String] = []
        if let lock = try lock() {
            let shipped = lock.versions.map(\.versionName).filter(hasVersion)
            names = Array(shipped[..<(shipped.firstIndex(of: destination.versionName) ?? shipped.count)])
        }
        if names.isEmpty, let fallback, fallback != destination.versionName { names = [fallback] }
        guard let newestName = names.last else { return [] }
        let newest = try schema(of: newestName)
        guard !CloudKitScope(newest, setting: setting).isEmpty else { return [] }
        let deployed = try names.dropLast().map { try schema(of: $0) } + [newest]
        return CloudKitAppendOnly.findings(deployed: deployed, current: destination, setting: setting)
    }
}

// MARK: migration-check

extension ModelHistory {
    /// The version `migration-check` compares `destination` with: `requested` (`--from`), else the locked version
    /// shipped just before it, in the lock's order, else the version just before it by name. Nil for a model of one
    /// version (nothing to migrate).
    /// - Throws: ``HistoryRules/noEarlierVersion`` (after `destination`'s diagnostics) when several versions have none
    ///   before `destination`: a version named out of the model's order (`Shop 2` among `Shop V 1` … `Shop V 58`).
    package func migrationSource(to destination: LoadedModel, requested: String?) throws -> String? {
        let lock = try lock()
        if let requested { return try bundle.version(named: requested).name }
        let destinationName = destination.schema.versionName
        let names = bundle.versions.map(\.name)
        let previous = names.firstIndex(of: destinationName).flatMap { $0 > 0 ? names[$0 - 1] : nil }
        let locked = lock?.versionShipped(before: destinationName)?.versionName
        if let name = locked ?? previous { return name }
        // "Nothing to migrate" would pass a check that compared nothing.
        guard names.count > 1 else { return nil }
        var diagnostics = destination.diagnostics
        diagnostics.append(HistoryRules.noEarlierVersion.diagnostic(
            "'\(destinationName)' comes first of the model's \(names.count) versions by name, and no locked version comes before "
                + "it: there is no version to compare it with; pass --from VERSION (the version the stores were created with)",
            at: SourceLocation(path: modelPath, line: 0)))
        throw DiagnosticsError(diagnostics)
    }

    /// `findings`' values made required as the app's migration hooks (`hooks`) leave them: `accepted`, notes, when
    /// every hop of the plan from `source` to `destination` that makes a value required has its hook
    /// (`MigrationHookLookup`); else nil, and `notes` naming the hooks to write (with "did you mean" for one named
    /// nearly like it). Without a lock there is no plan (`generate --migration-plan` needs one), and nothing to say; a
    /// lock that does not order `source` before `destination` leaves the direct hop.
    package func hookVerdict(
        _ findings: [MigrationCheck.Finding], from source: Schema, to destination: Schema, hooks: ValidationHookScan
    ) throws -> (accepted: Diagnostics?, notes: Diagnostics) {
        let lookup = MigrationHookLookup(modelName: destination.modelName, hooks: hooks)
        guard try lock() != nil else { return (nil, Diagnostics()) }
        let hops = try hookedHops(from: source.versionName, to: destination) ?? [(source.versionName, destination.versionName)]
        let accepted = lookup.handledDiagnostics(findings, from: source.versionName, to: destination.versionName, hops: hops)
        return (accepted, lookup.missingHookNotes(hops))
    }
}
