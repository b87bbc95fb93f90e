import Foundation

/// Which package targets a command plugin works on, and their models: shared by `generate-managed-objects` and
/// `audit-managed-objects`, so both pick targets and report the same mistakes the same way. Plain values only (no
/// PackagePlugin type), so that Tests/PluginTests compiles it.
struct TargetSelection {
    /// A package target as the plugins see it: a Swift source target has a folder; other kinds have none.
    struct Target {
        var name: String
        var sourceDirectory: URL?
    }

    /// A chosen Swift target with the models under its folder.
    struct Chosen {
        var name: String
        var directory: URL
        var models: [ModelInput]
    }

    /// The Swift source targets among `targets` that hold a model, with their models.
    ///
    /// - Parameter explicit: the user named the targets (`--target`): then a target that is not a Swift source target,
    ///   or holds no model, is an error; otherwise such targets are simply not ours.
    /// - Throws: ``PluginError``; also when no target holds a model.
    static func choose(_ targets: [Target], explicit: Bool) throws -> [Chosen] {
        var sourceTargets: [String] = []
        var chosen: [Chosen] = []
        for target in targets {
            guard let directory = target.sourceDirectory else {
                if explicit { throw PluginError.notSourceTarget(target.name) }
                continue
            }
            sourceTargets.append(target.name)
            let models = ModelInput.models(under: directory)
            guard !models.isEmpty else {
                if explicit { throw PluginError.noModels(target: target.name, directory: directory.path) }
                continue
            }
            chosen.append(Chosen(name: target.name, directory: directory, models: models))
        }
        guard !chosen.isEmpty else { throw PluginError.noModelsInPackage(targets: sourceTargets) }
        return chosen
    }
}

// In the plugins only: Tests/PluginTests compiles this file too, without PackagePlugin.
#if canImport(PackagePlugin)
    import PackagePlugin

    extension TargetSelection {
        /// The package's targets named by `--target` (`names`), or all of them when none is named.
        static func choose(in package: Package, named names: [String]) throws -> [Chosen] {
            let explicit = !names.isEmpty
            let targets = explicit ? try package.targets(named: names) : package.targets
            return try choose(
                targets.map { Target(name: $0.name, sourceDirectory: ($0 as? SwiftSourceModuleTarget)?.directoryURL) },
                explicit: explicit)
        }
    }
#endif
