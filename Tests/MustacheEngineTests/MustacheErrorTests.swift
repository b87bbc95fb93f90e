import MustacheEngine
import TestSupport
import Testing

/// Template mistakes are reported with the line of the tag at fault, before anything renders.
@Suite struct MustacheErrorTests {
    @Test(arguments: [
        ("line 1\n{{#a}}\nno end\n", 2, "never closed"),
        ("{{#a}}\n{{/b}}\n", 2, "does not close"),
        ("text\n\n{{/a}}", 3, "never opened"),
        ("x {{name\n", 1, "unclosed tag"),
        ("{{=<% %>=}}\n<%name}}", 2, "unclosed tag"),
        ("{{= a b c =}}", 1, "delimiter"),
        ("{{%MODE: fast}}", 1, "unknown pragma"),
        ("{{%CONTENT_TYPE: XML}}", 1, "unknown content type"),
        ("\n{{shout(name)}}", 2, "unknown transform `shout`"),
        ("{{a b}}", 1, "is not a name"),
        ("{{a..b}}", 1, "is not a name"),
        ("{{!\n\n\n}}{{#x}}", 4, "never closed"),
        ("{{>}}", 1, "needs a template name"),
    ])
    func reportsTheLine(source: TextArgument, line: Int, message: String) {
        #expect {
            _ = try MustacheTemplate(name: "t", source: source.text)
        } throws: { error in
            guard let error = error as? MustacheSyntaxError else { return false }
            return error.line == line && error.message.contains(message) && error.templateName == "t"
        }
    }

    @Test func missingPartialsAreListed() throws {
        let library = MustacheLibrary([
            try MustacheTemplate(name: "main", source: "a\n{{> present}}\n{{> absent}}\n"),
            try MustacheTemplate(name: "present", source: "{{> alsoAbsent}}"),
        ])
        let missing = library.missingPartials.map { "\($0.template):\($0.line):\($0.partial)" }
        #expect(missing == ["main:3:absent", "present:1:alsoAbsent"])
    }

    @Test func endlessPartialRecursionIsAnErrorNotACrash() throws {
        let library = MustacheLibrary([try MustacheTemplate(name: "loop", source: "{{#yes}}x{{> loop}}{{/yes}}")])
        #expect {
            _ = try library.render("loop", with: ["yes": true] as Fields)
        } throws: { error in
            (error as? MustacheRenderError)?.message.contains("include itself") == true
        }
    }

    @Test func renderingAnUnknownTemplateIsAnError() {
        #expect(throws: MustacheRenderError.self) { try MustacheLibrary([]).render("none", with: [:] as Fields) }
    }
}
