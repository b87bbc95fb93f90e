import ManagedModel
import ModelLock

/// The app's migration hooks (`willMigrate<From>To<To>` in an extension of the plan type, found by
/// ``ValidationHookScan``), looked up for the hops of the plan. One lookup for the three places that ask: the plan's
/// custom stages (``MigrationPlanner``), and the verdicts on a may-fail hop of `generate` (newest locked version →
/// current) and `migration-check`, which accept a hop whose hook exists (``MigrationVerdicts/handledByHook``).
package struct MigrationHookLookup: Sendable {
    /// `JournalMigrationPlan`
    package let typeName: String
    /// The plan type's `willMigrate…` declarations, in file order.
    package let declarations: [ValidationHookScan.Declaration]

    package init(modelName: String, hooks: ValidationHookScan) {
        typeName = SwiftNames.modelTypeName(modelName) + "MigrationPlan"
        declarations = hooks.declarations(of: typeName).filter { $0.methodName.hasPrefix("willMigrate") }
    }

    package enum Found: Hashable, Sendable {
        /// Declared as the plan calls it.
        case hook(ValidationHookScan.Declaration)
        /// Declared with other parameters: the plan does not call it.
        case otherSignature(ValidationHookScan.Declaration)
        /// Not declared; `nearMiss`: a declared hook named nearly like it (``SpellingSuggestion``).
        case missing(nearMiss: ValidationHookScan.Declaration?)
    }

    /// The hook of the hop `from` → `to` (the plan's names: ``MigrationPlanFile/hookName(from:to:)``).
    package func hook(from: String, to: String) -> Found {
        let name = MigrationPlanFile.hookName(from: from, to: to)
        let named = declarations.filter { $0.methodName == name }
        if let hook = named.first(where: MigrationPlanner.isHookSignature) { return .hook(hook) }
        if let other = named.first { return .otherSignature(other) }
        let nearMiss = SpellingSuggestion.closest(to: name, in: declarations.map(\.methodName)).flatMap { near in
            declarations.first { $0.methodName == near }
        }
        return .missing(nearMiss: nearMiss)
    }

    /// `static func willMigrateJournal2ToJournal4(_ context: NSManagedObjectContext) throws`, as the app writes it.
    package static func signature(_ name: String) -> String {
        "nonisolated static func \(name)(_ context: NSManagedObjectContext) throws"
    }

    /// Why a hook that is not `.hook` is not called, for a message: "" when nothing is declared near it.
    package static func reason(_ found: Found, name: String) -> String {
        switch found {
        case .hook:
            return ""
        case .otherSignature(let declaration):
            return " (\(declaration.location.path):\(declaration.location.line) declares \(name) with other parameters, so it is not called)"
        case .missing(let nearMiss?):
            return " (\(nearMiss.location.path):\(nearMiss.location.line) declares \(nearMiss.methodName), which no hop of the plan "
                + "calls; did you mean '\(name)'?)"
        case .missing(nil):
            return ""
        }
    }

    /// The may-fail findings of migrating a store of `source` to `destination` (``MigrationCheck/findings(from:to:)``)
    /// as notes (``MigrationVerdicts/handledByHook``) when every hop of the plan between them that makes a value
    /// required (`hops`: the plan's names, in order; at least one) has its hook; nil otherwise, when they stay the
    /// row's own diagnostics (and ``missingHookNotes(_:)`` says which hooks would handle them).
    package func handledDiagnostics(
        _ findings: [MigrationCheck.Finding], from source: String, to destination: String, hops: [(from: String, to: String)]
    ) -> Diagnostics? {
        let mayFail = findings.filter { $0.kind == .mayFail }
        guard !mayFail.isEmpty, !hops.isEmpty else { return nil }
        var hooks: [String] = []
        for hop in hops {
            guard case .hook(let declaration) = hook(from: hop.from, to: hop.to) else { return nil }
            hooks.append("\(declaration.methodName) (\(declaration.location.path):\(declaration.location.line))")
        }
        var diagnostics = Diagnostics()
        for finding in mayFail {
            diagnostics.report(
                MigrationVerdicts.handledByHook,
                "\(finding.kind.rawValue) migrating '\(source)' to '\(destination)', handled by the app's hook "
                    + "\(hooks.joined(separator: ", ")), which the migration plan calls before the hop: \(finding.message). "
                    + "Before iOS 17 and macOS 14 no hook runs (there is no staged migration): a store holding such a row still "
                    + "fails to migrate there",
                at: finding.location)
        }
        return diagnostics
    }

    /// A note per hop of `hops` whose hook is not declared as the plan calls it: what to write, and why a hook
    /// named nearly like it is not called.
    package func missingHookNotes(_ hops: [(from: String, to: String)]) -> Diagnostics {
        var diagnostics = Diagnostics()
        for hop in hops {
            let found = hook(from: hop.from, to: hop.to)
            if case .hook = found { continue }
            let name = MigrationPlanFile.hookName(from: hop.from, to: hop.to)
            diagnostics.append(.note(
                "the migration plan's hook of '\(hop.from)' → '\(hop.to)' would handle it: write `\(Self.signature(name))` in an "
                    + "extension of \(typeName)\(Self.reason(found, name: name))"))
        }
        return diagnostics
    }
}
