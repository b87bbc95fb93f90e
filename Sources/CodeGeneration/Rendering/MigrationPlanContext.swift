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

    /// `'Journal 2'` (quoted, comma-separated): locked versions with the current store schema; nil when none.
    var openAsCurrentVersions: String? {
        file.openAsCurrentVersionNames.isEmpty ? nil : file.openAsCurrentVersionNames.map { "'\($0)'" }.joined(separator: ", ")
    }

    var loadedVersions: [LoadedVersionContext] { file.loadedVersions.map(LoadedVersionContext.init) }

    var stages: [StageContext] {
        file.stages.indices.map { index in
            // A lightweight stage takes its stores to the next stage's source model, or to the current model.
            var destination = "the current model"
            if index + 1 < file.stages.count, case .custom(let from, _, _, _, _) = file.stages[index + 1] { destination = "'\(from)'" }
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
        /// `journal, journal2`: the local names of the versions' loaded models.
        let versionList: String
        /// `'Journal', 'Journal 2'`
        let versions: String
        let destination: String
    }

    struct Custom: Sendable {
        let fromVariable: String
        let toVariable: String
        let from: String
        let to: String
        /// Why the stage is there (``MigrationPlanFile/Stage/custom(from:to:needsHook:hook:why:)``), as comment lines.
        let whyLines: [String]
        /// The app's hook the handler calls; nil: no handler.
        let hook: String?
    }

    var lightweight: Lightweight? {
        guard case .lightweight(let versions) = stage else { return nil }
        return Lightweight(
            versionList: versions.map { plan.variableName(of: $0) }.joined(separator: ", "),
            versions: versions.map { "'\($0)'" }.joined(separator: ", "), destination: destination)
    }

    var custom: Custom? {
        guard case .custom(let from, let to, _, let hook, let why) = stage else { return nil }
        return Custom(
            fromVariable: plan.variableName(of: from), toVariable: plan.variableName(of: to), from: from, to: to,
            whyLines: Self.commentLines("'\(from)' → '\(to)' (NSCustomMigrationStage): \(why).", width: 108), hook: hook)
    }

    /// `text` in lines of at most `width` characters, broken between words.
    static func commentLines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
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
        "openAsCurrentVersions": { $0.openAsCurrentVersions.templateValue },
        "loadedVersions": { $0.loadedVersions.templateValue },
        "stages": { $0.stages.templateValue },
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
        "versionList": { $0.versionList.templateValue },
        "versions": { $0.versions.templateValue },
        "destination": { $0.destination.templateValue },
    ])
}

extension StageContext.Custom: TemplateObject {
    static let templateFields = TemplateFields<StageContext.Custom>([
        "fromVariable": { $0.fromVariable.templateValue },
        "toVariable": { $0.toVariable.templateValue },
        "from": { $0.from.templateValue },
        "to": { $0.to.templateValue },
        "whyLines": { $0.whyLines.templateValue },
        "hook": { $0.hook.templateValue },
    ])
}
