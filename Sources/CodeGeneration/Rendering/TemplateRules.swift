import ManagedModel

/// What loading and rendering the templates reports (``TemplateSet``: the bundled ones, and those of `--templates`
/// / `templates`, Templates/README.md): one row per kind of finding, each before anything is written. The table of
/// WarningsAndErrors.md, "Templates", is rendered from ``all``.
package enum TemplateRules {
    package static let unreadable = Rule(
        "template.unreadable", .error,
        summary: "a `--templates` folder that cannot be read, or a `.mustache` file in it that is not UTF-8 text",
        documentation: "a template of yours would be silently replaced by the bundled one: correct the path, or save the "
            + "file as UTF-8")
    package static let syntax = Rule(
        "template.syntax", .error,
        summary: "a template that does not parse: an unclosed tag or section, a section closed that was never opened, "
            + "an unknown transform or pragma",
        documentation: "the message names the line; Templates/README.md lists the Mustache the engine reads")
    package static let missing = Rule(
        "template.missing", .error,
        summary: "a partial (`{{> name}}`) naming no template; a template the run renders that is in neither set",
        documentation: "nothing is rendered: add `name.mustache` to the `--templates` folder, or correct the partial's name")
    package static let renderingFailed = Rule(
        "template.rendering-failed", .error,
        summary: "a template that fails while rendering: partials nested past the limit (one that includes itself)",
        documentation: "nothing is written: break the cycle of partials the message names")

    package static let all: [Rule] = [unreadable, syntax, missing, renderingFailed]

    /// The table of WarningsAndErrors.md, "Templates".
    package static func markdownTable() -> String {
        Rule.findingsTable(all)
    }
}
