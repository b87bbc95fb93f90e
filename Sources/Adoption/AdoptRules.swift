import ManagedModel

/// What `adopt` reports about its flags and the edits it makes (<doc:AdoptCommand>): one row per kind of finding, each
/// before anything is written. The table of WarningsAndErrors.md, "What `adopt` reports", is rendered from ``all``.
package enum AdoptRules {
    package static let unknownEntity = Rule(
        "adopt.unknown-entity", .error,
        summary: "`--entity` naming no entity of the model (with the closest one)",
        documentation: "a typo would move nothing: correct the name")
    package static let entityLeftOut = Rule(
        "adopt.entity-left-out", .error,
        summary: "`--entity` naming an entity the config file's `include`/`exclude` (or `--exclude`) leaves out",
        documentation: "`generate` does not generate it, so its class cannot move: change the include or exclude first")
    package static let needsRequireDefaultedScalars = Rule(
        "adopt.needs-require-defaulted-scalars", .error,
        summary: "`--make-current` or `--new-version-name` without `--require-defaulted-scalars`",
        documentation: "they shape the model version that flag adds: pass it, or drop them")
    package static let unusableVersionName = Rule(
        "adopt.unusable-version-name", .error,
        summary: "a `--new-version-name` that is not a folder name, or names a version the model already has",
        documentation: "an existing version is never overwritten: choose another name")
    package static let newVersionNeedsBundle = Rule(
        "adopt.new-version-needs-bundle", .error,
        summary: "`--require-defaulted-scalars --write` on a lone `.xcdatamodel` folder or `contents` file",
        documentation: "the new model version goes into the `.xcdatamodeld` bundle: point `adopt` at the bundle")
    package static let cannotEditBytes = Rule(
        "adopt.cannot-edit-bytes", .error,
        summary: "a Codegen setting or an `optional=\"YES\"` that `--write` cannot locate in the `contents` file's bytes, "
            + "or that the bytes and the XML reader read differently",
        documentation: "every other byte of the file is kept, so an edit is made only where it is certain: the file is "
            + "left alone; make the change in Xcode's model editor instead")
    package static let writeFailed = Rule(
        "adopt.write-failed", .error,
        summary: "a model file, a new model version or `.xccurrentversion` that cannot be written, or that appeared "
            + "while it was written",
        documentation: "the new contents are written beside the old under temporary names, and renamed over them only when "
            + "all are complete: a failure before that changes no model file; make the files writable and run again")

    package static let all: [Rule] = [
        unknownEntity, entityLeftOut, needsRequireDefaultedScalars, unusableVersionName, newVersionNeedsBundle,
        cannotEditBytes, writeFailed,
    ]

    /// The table of WarningsAndErrors.md, "What `adopt` reports".
    package static func markdownTable() -> String {
        Rule.findingsTable(all)
    }
}
