import ManagedModel
import MustacheEngine

/// The migration plan's file (`migration-plan`): a view over ``MigrationPlanFile`` with its Swift spellings (string
/// literals, the model references' local names). Every field is documented in Templates/README.md.
struct MigrationPlanContext: Sendable {
    let file: MigrationPlanFile
    let header: FileHeaderContext
    let access: String
    /// `Journal.xcdatamodeld`
    let modelFileName: String

    var shippedVersionsLiteral: String { "[" + file.shippedVersionNames.map(SwiftSourceText.stringLiteral).joined(separator: ", ") + "]" }

    /// `'Counters'` (quoted, comma-separated); nil when every locked version is planned.
    var leftOutVersions: String? {
        file.leftOutVersionNames.isEmpty ? nil : file.leftOutVersionNames.map { "'\($0)'" }.joined(separator: ", ")
    }

    var loadedVersions: [LoadedVersionContext] { file.loadedVersions.map(LoadedVersionContext.init) }

    var stages: [StageContext] {
        file.stages.indices.map { index in
            // A lightweight stage takes its stores to the next stage's source model, or to the current model.
            var destination = "the current model"
            if index + 1 < file.stages.count, case .custom(let from, _, _, _) = file.stages[index + 1] { destination = "'\(from)'" }
            return StageContext(stage: file.stages[index], plan: file, destination: destination)
        }
    }
}

struct LoadedVersionContext: Sendable {
    let version: MigrationPlanFile.LoadedVersion

    var variableName: String { version.variableName }
    var versionLiteral: String { SwiftSourceText.stringLiteral(version.versionName) }
    /// `also the stores of 'Journal 3' (same store schema)`; nil when no later version shares its schema.
    var sharedNote: String? {
        version.sharedBy.isEmpty ? nil : "also the stores of " + version.sharedBy.map { "'\($0)'" }.joined(separator: ", ") + " (same store schema)"
    }
}

struct StageContext: Sendable {
    let stage: MigrationPlanFile.Stage
    let plan: MigrationPlanFile
    let destination: String

    struct Lightweight: Sendable {
        /// `journal.versionChecksum, journal2.versionChecksum`
        let checksums: String
        /// `'Journal', 'Journal 2'`
        let versions: String
        let destination: String
    }

    struct Custom: Sendable {
        /// The stage's local name: `journal2ToJournal4`.
        let variableName: String
        let fromVariable: String
        let toVariable: String
        let from: String
        let to: String
        /// `"Journal 2 → Journal 4"`, the stage's label.
        let labelLiteral: String
        let needsHook: Bool
        /// The app's hook the handler calls; nil: no handler.
        let hook: String?
    }

    var lightweight: Lightweight? {
        guard case .lightweight(let versions) = stage else { return nil }
        return Lightweight(
            checksums: versions.map { plan.variableName(of: $0) + ".versionChecksum" }.joined(separator: ", "),
            versions: versions.map { "'\($0)'" }.joined(separator: ", "), destination: destination)
    }

    var custom: Custom? {
        guard case .custom(let from, let to, let needsHook, let hook) = stage else { return nil }
        let fromVariable = plan.variableName(of: from)
        let toVariable = plan.variableName(of: to)
        return Custom(
            variableName: fromVariable + "To" + toVariable.prefix(1).uppercased() + toVariable.dropFirst(),
            fromVariable: fromVariable, toVariable: toVariable, from: from, to: to,
            labelLiteral: SwiftSourceText.stringLiteral("\(from) → \(to)"), needsHook: needsHook, hook: hook)
    }
}

extension MigrationPlanContext: TemplateObject {
    static let templateFields = TemplateFields<MigrationPlanContext>([
        "header": { $0.header.templateValue },
        "access": { $0.access.templateValue },
        "typeName": { $0.file.typeName.templateValue },
        "modelName": { $0.file.modelName.templateValue },
        "modelNameLiteral": { SwiftSourceText.stringLiteral($0.file.modelName).templateValue },
        "modelFileName": { $0.modelFileName.templateValue },
        "lockFileName": { $0.file.lockFileName.templateValue },
        "shippedVersionsLiteral": { $0.shippedVersionsLiteral.templateValue },
        "leftOutVersions": { $0.leftOutVersions.templateValue },
        "loadedVersions": { $0.loadedVersions.templateValue },
        "stages": { $0.stages.templateValue },
        "callsHooks": { $0.file.callsHooks.templateValue },
    ])
}

extension LoadedVersionContext: TemplateObject {
    static let templateFields = TemplateFields<LoadedVersionContext>([
        "variableName": { $0.variableName.templateValue },
        "versionLiteral": { $0.versionLiteral.templateValue },
        "sharedNote": { $0.sharedNote.templateValue },
    ])
}

extension StageContext: TemplateObject {
    static let templateFields = TemplateFields<StageContext>([
        "lightweight": { $0.lightweight.templateValue },
        "custom": { $0.custom.templateValue },
    ])
}

extension StageContext.Lightweight: TemplateObject {
    static let templateFields = TemplateFields<StageContext.Lightweight>([
        "checksums": { $0.checksums.templateValue },
        "versions": { $0.versions.templateValue },
        "destination": { $0.destination.templateValue },
    ])
}

extension StageContext.Custom: TemplateObject {
    static let templateFields = TemplateFields<StageContext.Custom>([
        "variableName": { $0.variableName.templateValue },
        "fromVariable": { $0.fromVariable.templateValue },
        "toVariable": { $0.toVariable.templateValue },
        "from": { $0.from.templateValue },
        "to": { $0.to.templateValue },
        "labelLiteral": { $0.labelLiteral.templateValue },
        "needsHook": { $0.needsHook.templateValue },
        "hook": { $0.hook.templateValue },
    ])
}
