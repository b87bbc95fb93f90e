import ManagedModel

/// What reading the config file (`config.*`, <doc:ConfigFile>) and combining it with the flags (`settings.*`) report,
/// before the model is read: one row per kind of finding. Every problem of the file is reported at once, each at its
/// line. The table of WarningsAndErrors.md, "The config file and the settings", is rendered from ``all``.
package enum ConfigRules {
    // MARK: The config file

    package static let unreadable = Rule(
        "config.unreadable", .error,
        summary: "a config file (`--config`, or `managed-codegen.yml` beside the model) that does not exist, cannot be "
            + "read or is not UTF-8 text",
        documentation: "its settings would be silently missing: correct the path, or restore the file")
    package static let notAMapping = Rule(
        "config.not-a-mapping", .error,
        summary: "a config file whose top level is not `key: value` lines (a list, a lone value)",
        documentation: "its keys are the long names of `generate`'s flags, one `key: value` line each")
    package static let invalidYAML = Rule(
        "config.invalid-yaml", .error,
        summary: "a config file that is not YAML, or uses what a flat settings file never needs (anchors, aliases, tags, "
            + "block scalars, several documents)",
        documentation: "an error at its line, never a silent misreading: write `key: value` lines whose values are "
            + "scalars or lists (`[A, B]`, or `- A` lines)")
    package static let duplicateKey = Rule(
        "config.duplicate-key", .error,
        summary: "a key set twice (the message names the line of the first)",
        documentation: "which one wins would be a guess: keep one")
    package static let unknownKey = Rule(
        "config.unknown-key", .error,
        summary: "a key that is not a setting (with the closest one)",
        documentation: "a misspelt key would be silently ignored: the keys are listed in <doc:ConfigFile>")
    package static let invalidValue = Rule(
        "config.invalid-value", .error,
        summary: "a value of the wrong kind: not `true`/`false`, not one of the choices, empty, not a list where a list "
            + "of folders or names is expected",
        documentation: "the message names the key and what it takes")

    // MARK: The settings, flags over the config file

    package static let invalidHumanFileSuffix = Rule(
        "settings.invalid-human-file-suffix", .error,
        summary: "a `human-file-suffix` (`--human-file-suffix`) with a `/`, ending in `.swift`, or `+Generated`",
        documentation: "it is part of a file name (`+Model` names `Item+Model.swift`), and `+Generated` is the machine "
            + "files' own")
    package static let noOutputFolder = Rule(
        "settings.no-output-folder", .error,
        summary: "no folder for the machine files (`--output`) or for the human files (`--human-output`) in a run that "
            + "writes them",
        documentation: "pass the flag or set the config key the message names, or `--no-human-files` to write no human files")
    package static let nothingToWrite = Rule(
        "settings.nothing-to-write", .error,
        summary: "`--skip-machine-files` with `--no-human-files` and no `--tests-output`",
        documentation: "the run would write nothing: drop one of the flags")
    package static let modelOutsideTarget = Rule(
        "settings.model-outside-target", .error,
        summary: "a model outside the folder of the target the command plugin runs for (`--target-directory`)",
        documentation: "the plugin writes into that target's folder: move the model into the target, or run "
            + "`managed-codegen` on it directly")

    package static let all: [Rule] = [
        unreadable, notAMapping, invalidYAML, duplicateKey, unknownKey, invalidValue,
        invalidHumanFileSuffix, noOutputFolder, nothingToWrite, modelOutsideTarget,
    ]

    /// The table of WarningsAndErrors.md, "The config file and the settings".
    package static func markdownTable() -> String {
        Rule.findingsTable(all)
    }
}
