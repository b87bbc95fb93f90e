/// Named templates that include each other as partials (`{{> name}}`), compiled once and then rendered any
/// number of times from any thread.
package struct MustacheLibrary: Sendable {
    private let templates: [String: MustacheTemplate]
    private let program: MustacheProgram

    /// The last of several templates with one name wins.
    package init(_ templates: [MustacheTemplate]) {
        let unique = Dictionary(templates.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        self.templates = unique
        self.program = MustacheProgram(unique.values.sorted { $0.name < $1.name })
    }

    package subscript(name: String) -> MustacheTemplate? { templates[name] }

    /// Partial tags that name no template of the library (Mustache would render them as nothing).
    package var missingPartials: [(template: String, partial: String, line: Int)] {
        templates.values.sorted { $0.name < $1.name }.flatMap { template in
            template.partialReferences.filter { templates[$0.name] == nil }.map { (template.name, $0.name, $0.line) }
        }
    }

    /// Renders the template `name` with `object` as the outermost context.
    /// - Returns: UTF-8 bytes.
    /// - Throws: `MustacheRenderError` when the template is missing or partials include each other without end.
    package func render(_ name: String, with object: some TemplateObject) throws(MustacheRenderError) -> [UInt8] {
        guard let template = program.templateNumbers[name] else {
            throw MustacheRenderError(message: "there is no template named \(name)")
        }
        var renderer = MustacheRenderer(program: program, root: object)
        return try renderer.render(template: template)
    }

    /// Every name the templates look up (each part of a dotted name), whether or not a render reaches it.
    package var referencedNames: Set<String> { Set(program.names) }

    /// Renders as `render(_:with:)` and answers the names it looked up that no context on the stack had a field of:
    /// Mustache renders those as nothing, so a misspelt or removed field would vanish from the output silently.
    /// Tests call it (the pipeline does not pay for the bookkeeping); a field that is nil is a field.
    package func unknownNames(rendering name: String, with object: some TemplateObject) throws(MustacheRenderError)
        -> [(template: String, name: String)]
    {
        guard let template = program.templateNumbers[name] else {
            throw MustacheRenderError(message: "there is no template named \(name)")
        }
        var renderer = MustacheRenderer(program: program, root: object)
        renderer.unknownNames = []
        _ = try renderer.render(template: template)
        return (renderer.unknownNames ?? []).map { (program.templateNames[$0.template], program.names[Int($0.name)]) }
    }
}

package struct MustacheRenderError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
