import ManagedModel
import ModelLock

/// The locked versions → the migration plan's file (``MigrationPlanFile``) and what `generate` reports about it
/// (``MigrationPlanRules``). The stages are `MigrationPlanning`'s (ModelLock); this adds what the Swift code needs:
/// the versions it loads, their local names, and the hooks of the app (found by ``ValidationHookScan``) it calls.
package enum MigrationPlanner {
    /// The plan through `input`'s versions and, when it is not locked yet (it ships next), `current`'s. Nil, with an
    /// error per hop lightweight migration cannot infer, when the plan cannot be made.
    package static func plan(
        _ input: MigrationPlanInput, current: Schema, hooks: ValidationHookScan
    ) -> (MigrationPlanFile?, Diagnostics) {
        var diagnostics = Diagnostics()
        for version in input.unlockedVersions {
            diagnostics.report(
                MigrationPlanRules.unlockedVersion,
                "no migration plan: the model version '\(version.name)' is neither locked (\(input.lockFileName)) nor the current "
                    + "version, so the plan cannot know where its stores stand (a store of it would fail to open with Core Data's "
                    + "error 134504): if it shipped, lock it (managed-codegen lock); if it never shipped, remove it from the model",
                at: version.location)
        }
        var versionNames = input.lockedVersionNames
        if !versionNames.contains(current.versionName) { versionNames.append(current.versionName) }
        // Each version is read once, when first needed: a hop the lock records (`straight-hops=`, `hop-findings=`)
        // needs neither end, so over a locked history no version is read unless the plan cannot be made (issue 46).
        var schemas: [String: Schema] = [current.versionName: current]
        let read = { (name: String) throws -> Schema in
            if let schema = schemas[name] { return schema }
            let schema = try input.schema(name)
            schemas[name] = schema
            return schema
        }
        // Without records, through `MigrationCheck.VerdictCache` (each pair of entities checked once over thousands of
        // hops); into a recorded version, the few hops left are checked whole (the cache's keys would cost more).
        // A hop the lock records is answered by the record (its versions unread); a hop lightweight migration cannot
        // migrate is an error quoting every finding of it, for which it is checked (`exactFindings`).
        let verdicts = MigrationCheck.VerdictCache(schema: read)
        var checked: [MigrationPlanStages.Hop: [MigrationCheck.Finding]] = [:]
        let exactFindings = { (from: String, to: String) throws -> [MigrationCheck.Finding] in
            let hop = MigrationPlanStages.Hop(from: from, to: to)
            if let known = checked[hop] { return known }
            let found = input.recordedHops[to] != nil
                ? MigrationCheck.findings(from: try read(from), to: try read(to)) : try verdicts.findings(from: from, to: to)
            checked[hop] = found
            return found
        }
        let findings = { (from: String, to: String) throws -> [MigrationCheck.Finding] in
            try input.recordedHops[to]?[from] ?? exactFindings(from, to)
        }
        let locked = Dictionary(input.lockedFingerprints.map { ($0.versionName, $0) }, uniquingKeysWith: { first, _ in first })
        let planned: MigrationPlanStages
        do {
            // An entry locked before issue 44 hashes derived attributes otherwise than Core Data: fingerprinted again.
            let legacy = StoreFingerprint.withLegacyDerivedAttributes(input.lockedFingerprints)
            let fingerprints = try versionNames.map { name in
                try locked[name].flatMap { legacy.contains($0.versionName) ? nil : $0 } ?? StoreFingerprint(read(name))
            }
            planned = try MigrationPlanning.stages(of: fingerprints, current: current.versionName, findings: findings)
        } catch {
            diagnostics.append(contentsOf: Self.diagnostics(of: error))
            return (nil, diagnostics)
        }
        let lockedNames = Set(input.lockedVersionNames)
        let openAsCurrent = planned.openAsCurrent
        let typeName = SwiftNames.modelTypeName(current.modelName) + "MigrationPlan"

        for hop in planned.blockedHops {
            // Every finding, with its places in both versions: a recorded hop's versions are read for them.
            let refused = (try? exactFindings(hop.from, hop.to))?.filter { $0.kind == .notInferable } ?? hop.findings
            guard let first = refused.first else { continue }
            // Splitting the change needs a version between the two: only while the later one has not shipped.
            let split = lockedNames.contains(hop.to) ? "" : "split the change over two versions with a custom stage between them "
                + "(Apple's \"Staged migrations\"); or "
            diagnostics.report(
                MigrationPlanRules.blockedHop,
                "no migration plan: lightweight migration cannot migrate a store of '\(hop.from)' to '\(hop.to)' "
                    + "(\(first.message)). Ways out: \(split)migrate stores of '\(hop.from)' with a mapping model from '\(hop.from)' "
                    + "to '\(hop.to)' in the bundle, which the plan does not run (the Migrating stores article), and declare "
                    + "'\(hop.to)' the oldest version the plan migrates from; or, if stores older than '\(hop.to)' need not open "
                    + "any more, declare only that (migration-plan-oldest-version: \"\(hop.to)\" in managed-codegen.yml, or "
                    + "--migration-plan-oldest-version)",
                at: first.location)
            if let source = first.sourceLocation { diagnostics.append(.note("as it was in '\(hop.from)'", at: source)) }
            if !openAsCurrent.isEmpty {
                diagnostics.append(.note(
                    "the current version '\(current.versionName)' has the store schema of "
                        + openAsCurrent.map { "'\($0)'" }.joined(separator: ", ")
                        + " (a revert): those stores open as they are, and the other versions' stores migrate on to '\(current.versionName)'",
                    at: first.location))
            }
            for further in refused.dropFirst() {
                diagnostics.append(.note("also not inferable: \(further.message)", at: further.location))
            }
        }
        if diagnostics.hasErrors { return (nil, diagnostics) }

        var stages: [MigrationPlanFile.Stage] = []
        for stage in planned.stages {
            switch stage {
            case .lightweight(let versions):
                stages.append(.lightweight(versions))
            case .custom(let from, let to, let needsHook):
                let name = MigrationPlanFile.hookName(from: from, to: to)
                let found = MigrationHookLookup(modelName: current.modelName, hooks: hooks).hook(from: from, to: to)
                var hook: ValidationHookScan.Declaration?
                if case .hook(let declaration) = found { hook = declaration }
                if needsHook && hook == nil {
                    // Found while planning (or recorded): no version is read again.
                    let required = (try? findings(from, to))?.first { $0.kind == .mayFail }
                    diagnostics.report(
                        MigrationPlanRules.missingHook,
                        "the hop '\(from)' → '\(to)' needs the app's hook, which the hook sources do not declare"
                            + "\(MigrationHookLookup.reason(found, name: name)): write "
                            + "`\(MigrationHookLookup.signature(name))` in an extension of \(typeName), giving "
                            + "a value to the rows that have none; until then a store holding such a row fails to migrate ("
                            + (required?.message ?? "a value made required") + ")",
                        at: required?.location)
                }
                if let hook, !hook.isNonisolated {
                    diagnostics.report(
                        MigrationPlanRules.hookIsolation,
                        "\(name) is not declared nonisolated: in a target whose default isolation is MainActor it is MainActor-isolated, "
                            + "and \(typeName), which calls it from the migration's background context, does not compile; write "
                            + "`\(MigrationHookLookup.signature(name))`",
                        at: hook.location)
                }
                stages.append(.custom(
                    from: from, to: to, needsHook: needsHook, hook: hook == nil ? nil : name,
                    why: why(planned.reasons[.init(from: from, to: to)], hook: hook == nil ? nil : name, hookName: name)))
            }
        }

        var named: [String] = []
        for stage in stages {
            switch stage {
            case .lightweight(let versions): named += versions
            case .custom(let from, let to, _, _, _): named += [from, to]
            }
        }
        var taken: Set<String> = ["bundle", "momd", "plan", "stages", "manager", "context", "container", "description", "model"]
        let loaded = versionNames.filter(named.contains).map { version in
            var variable = variableName(version)
            while !taken.insert(variable).inserted { variable += "_" }
            let sharedBy = versionNames.filter { planned.sharedChecksums[$0] == version }
            return MigrationPlanFile.LoadedVersion(versionName: version, variableName: variable, sharedBy: sharedBy)
        }
        let file = MigrationPlanFile(
            typeName: typeName, modelName: current.modelName, lockFileName: input.lockFileName,
            shippedVersionNames: input.lockedVersionNames, leftOutVersionNames: input.leftOutVersionNames,
            openAsCurrentVersionNames: openAsCurrent, loadedVersions: loaded, stages: stages)
        return (file, diagnostics)
    }

    /// A version the plan needed could not be read: its errors (the reader's), or one naming the failure.
    static func diagnostics(of error: Error) -> Diagnostics {
        if let error = error as? DiagnosticsError { return error.diagnostics }
        return Diagnostics([Diagnostic(InternalRules.failure, "no migration plan: a locked version could not be read (\(error))")])
    }

    /// Why a custom stage is there, as the generated comment says it.
    static func why(_ reason: MigrationPlanStages.CustomStageReason?, hook: String?, hookName: String) -> String {
        return switch reason {
        case .valueBecomesRequired(let finding):
            hook == nil
                ? "a value becomes required without a default (\(finding)); the app's hook \(hookName) is not written yet, so a "
                    + "store holding a row without the value fails to migrate"
                : "a value becomes required without a default (\(finding)): the app's hook gives it to the rows without one"
        case .stopsStraightMigration(let straightFrom, let finding):
            "stores of '\(straightFrom)' stop here first: a lightweight stage would take them straight on, and lightweight "
                + "migration cannot do that in one step (\(finding))"
        case .joinsCustomStages:
            "the previous custom stage's stores start after it, and no lightweight stage can take them alone to the next custom "
                + "stage's source"
        case nil:
            "a custom stage"
        }
    }

    /// `(_ context: NSManagedObjectContext)`: what the generated handler passes.
    static func isHookSignature(_ declaration: ValidationHookScan.Declaration) -> Bool {
        guard declaration.parameters.count == 1, let parameter = declaration.parameters.first else { return false }
        return parameter.label == "_" && ["NSManagedObjectContext", "CoreData.NSManagedObjectContext"].contains(parameter.type)
    }

    /// `journal2` for `Journal 2`: lower camel case, never a keyword, never starting with a digit.
    static func variableName(_ versionName: String) -> String {
        let identifier = MigrationPlanFile.identifierCharacters(versionName)
        guard let first = identifier.first, !first.isNumber else { return "version" + identifier }
        let name = first.lowercased() + identifier.dropFirst()
        return SwiftNames.keywords.contains(name) ? name + "_" : name
    }
}
