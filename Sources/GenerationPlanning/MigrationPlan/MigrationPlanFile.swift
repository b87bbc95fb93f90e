import ManagedModel

/// The migration plan's file (`<Model>MigrationPlan.swift`, `generate --migration-plan`), decided completely: the
/// `migration-plan` template only lays these values out. Made by ``MigrationPlanner`` from the lock's versions and
/// `MigrationPlanning`'s stages.
package struct MigrationPlanFile: Hashable, Sendable {
    /// `JournalMigrationPlan`: the model's type-name form (``SwiftNames/modelTypeName(_:)``) + `MigrationPlan`.
    package var typeName: String
    /// `JournalMigrationPlan.swift`
    package var fileName: String { typeName + ".swift" }
    /// The compiled model's resource name, `Journal` for `Journal.momd`.
    package var modelName: String
    /// `Journal.managed-codegen.lock`
    package var lockFileName: String
    /// The lock's versions present in the bundle, in the lock's order, identical store schemas included (from the
    /// oldest one the app migrates from, `migration-plan-oldest-version`).
    package var shippedVersionNames: [String]
    /// The locked versions before the oldest one the app migrates from: their stores fail to open.
    package var leftOutVersionNames: [String] = []
    /// Locked versions with the current model's store schema (a revert): no stage names them, their stores open as they are.
    package var openAsCurrentVersionNames: [String] = []
    /// The versions whose compiled model (`<Model>.momd/<version>.mom`) the plan loads at run time: each version a
    /// stage names, in the lock's order (a version sharing an earlier one's store schema is never named).
    package var loadedVersions: [LoadedVersion]
    package var stages: [Stage]

    package struct LoadedVersion: Hashable, Sendable {
        package var versionName: String
        /// The generated code's local name of its `NSManagedObjectModelReference`: `journal2`.
        package var variableName: String
        /// Later versions with the same store schema, whose stores carry this version's checksum.
        package var sharedBy: [String]
    }

    package enum Stage: Hashable, Sendable {
        /// Stores of these versions migrate by one inferred mapping to the next stage's source (or the current model).
        case lightweight([String])
        /// One hop; `hook`: the app's hook the stage's `willMigrateHandler` calls (nil: no handler). `needsHook`: a
        /// value made required without a default; a store holding a row without it fails without the hook. `why`: why
        /// the stage is there, for the generated comment.
        case custom(from: String, to: String, needsHook: Bool, hook: String?, why: String)
    }

    /// The local name of `versionName`'s model reference.
    package func variableName(of versionName: String) -> String {
        loadedVersions.first { $0.versionName == versionName }?.variableName ?? versionName
    }

    /// Whether some custom stage calls a hook.
    package var callsHooks: Bool {
        stages.contains { if case .custom(_, _, _, let hook?, _) = $0 { return !hook.isEmpty } else { return false } }
    }

    /// The hook the app writes for the hop `from` → `to`: `willMigrate` + the Swift-identifier forms of both names
    /// (`willMigrateJournal2ToJournal4`).
    package static func hookName(from: String, to: String) -> String {
        "willMigrate" + identifierCharacters(from) + "To" + identifierCharacters(to)
    }

    /// `name` without the characters a Swift identifier cannot hold (`Journal 2` → `Journal2`), as type names are formed.
    static func identifierCharacters(_ name: String) -> String {
        String(name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_") }
            .map(Character.init))
    }
}
