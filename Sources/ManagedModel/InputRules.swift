/// What a command reports about what it was pointed at besides the model, its lock and the config file (the
/// `--sources` of `audit` and `adopt`, the id `explain` is given): one row per kind of finding. The table of
/// WarningsAndErrors.md, "What the commands are given", is rendered from ``all``.
package enum InputRules {
    package static let noSuchSources = Rule(
        "input.no-such-sources", .error,
        summary: "a `--sources` folder that does not exist, is not a folder (`adopt`) or cannot be read",
        documentation: "a misspelt folder must not pass as \"nothing to report\": correct the path")
    package static let noSwiftFiles = Rule(
        "input.no-swift-files", .error,
        summary: "`audit --sources` folders that hold no `.swift` file",
        documentation: "there is nothing to check, and passing would say the classes agree with the model: point "
            + "`--sources` at the folders that hold them")

    package static let unknownRule = Rule(
        "input.unknown-rule", .error,
        summary: "`explain` with an id no rule has (with the closest one)",
        documentation: "the ids are the last column of these tables: correct the id")

    package static let all: [Rule] = [noSuchSources, noSwiftFiles, unknownRule]

    /// The table of WarningsAndErrors.md, "What the commands are given".
    package static func markdownTable() -> String {
        Rule.findingsTable(all)
    }
}

/// A failure no input explains, so no other row can name it: the parser could not start (out of memory), a step was
/// handed less than it needs. The table of WarningsAndErrors.md, "Failures no input explains", is rendered from ``all``.
package enum InternalRules {
    package static let failure = Rule(
        "internal.failure", .error,
        summary: "the tool failed in a way no model, flag or file explains (libxml2 could not create a parser; the "
            + "migration plan asked for a version it was not given)",
        documentation: "nothing is written: run it again; if it fails again, please report it with the message and the model")

    package static let all: [Rule] = [failure]

    /// The table of WarningsAndErrors.md, "Failures no input explains".
    package static func markdownTable() -> String {
        Rule.findingsTable(all, documentationHeader: "What to do")
    }
}
