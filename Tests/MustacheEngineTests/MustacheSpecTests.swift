import MustacheEngine
import Testing

/// Cases from the Mustache specification's rules (interpolation, sections, inverted sections, comments,
/// partials, set delimiters, standalone lines), each written here from the rule it checks.
@Suite struct MustacheSpecTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rule: String
        var template: String
        var data: Fields
        var partials: [String: String] = [:]
        var expected: String
        var testDescription: String { rule }
    }

    static let interpolation: [Case] = [
        Case(rule: "text without tags is copied", template: "Hello from {Mustache}!\n", data: [:], expected: "Hello from {Mustache}!\n"),
        Case(rule: "a value is interpolated", template: "Hello, {{subject}}!", data: ["subject": "world"], expected: "Hello, world!"),
        Case(
            rule: "double mustaches escape HTML", template: "{{forbidden}}", data: ["forbidden": "& \" < >"],
            expected: "&amp; &quot; &lt; &gt;"),
        Case(rule: "triple mustaches do not escape", template: "{{{forbidden}}}", data: ["forbidden": "& \" < >"], expected: "& \" < >"),
        Case(rule: "ampersand does not escape", template: "{{&forbidden}}", data: ["forbidden": "& \" < >"], expected: "& \" < >"),
        Case(rule: "numbers render as decimals", template: "{{n}} {{m}}", data: ["n": 85, "m": -3], expected: "85 -3"),
        Case(rule: "a missing name renders nothing", template: "I ({{cannot}}) be seen!", data: [:], expected: "I () be seen!"),
        Case(
            rule: "dotted names walk into objects", template: "{{person.name}} == {{#person}}{{name}}{{/person}}",
            data: ["person": .object(["name": "Joe"])], expected: "Joe == Joe"),
        Case(
            rule: "a broken dotted chain renders nothing", template: "[{{a.b.c}}]", data: ["a": .object(["x": "1"])],
            expected: "[]"),
        Case(
            rule: "dotted names resolve their first part through the stack only",
            template: "{{#a}}[{{b.c}}]{{/a}}",
            data: ["a": .object(["b": .object([:])]), "b": .object(["c": "ERROR"])], expected: "[]"),
        Case(rule: "the implicit iterator renders the current value", template: "{{#list}}({{.}}){{/list}}", data: ["list": ["a", "b"]], expected: "(a)(b)"),
        Case(rule: "whitespace inside tags is ignored", template: "|{{ string }}|{{{ string }}}|{{& string }}|", data: ["string": "---"], expected: "|---|---|---|"),
        Case(rule: "interpolation keeps surrounding whitespace", template: "  {{string}}\n", data: ["string": "---"], expected: "  ---\n"),
    ]

    static let sections: [Case] = [
        Case(rule: "true renders the block", template: "\"{{#b}}yes{{/b}}\"", data: ["b": true], expected: "\"yes\""),
        Case(rule: "false omits the block", template: "\"{{#b}}yes{{/b}}\"", data: ["b": false], expected: "\"\""),
        Case(rule: "a missing name omits the block", template: "[{{#missing}}Found{{/missing}}]", data: [:], expected: "[]"),
        Case(
            rule: "an object becomes the context", template: "{{#context}}Hi {{name}}.{{/context}}",
            data: ["context": .object(["name": "Joe"])], expected: "Hi Joe."),
        Case(
            rule: "names not in the object are found further out", template: "{{#a}}{{one}}{{#b}}{{one}}{{two}}{{/b}}{{/a}}",
            data: ["a": .object(["one": "1"]), "b": .object(["two": "2"])], expected: "112"),
        Case(
            rule: "a list renders once per element", template: "{{#list}}{{item}}{{/list}}",
            data: ["list": .listOf([.object(["item": "1"]), .object(["item": "2"]), .object(["item": "3"])])], expected: "123"),
        Case(rule: "an empty list omits the block", template: "\"{{#list}}Yay lists!{{/list}}\"", data: ["list": .listOf([])], expected: "\"\""),
        Case(
            rule: "nested sections of the same name", template: "{{#b}}1{{#b}}2{{/b}}3{{/b}}", data: ["b": true], expected: "123"),
        Case(
            rule: "standalone section lines are removed", template: "| This Is\n{{#boolean}}\n|\n{{/boolean}}\n| A Line\n",
            data: ["boolean": true], expected: "| This Is\n|\n| A Line\n"),
        Case(
            rule: "indented standalone section lines are removed", template: "| This Is\n  {{#boolean}}\n|\n  {{/boolean}}\n| A Line\n",
            data: ["boolean": true], expected: "| This Is\n|\n| A Line\n"),
        Case(
            rule: "CRLF standalone lines are removed", template: "|\r\n{{#boolean}}\r\n{{/boolean}}\r\n|", data: ["boolean": true],
            expected: "|\r\n|"),
        Case(
            rule: "a standalone tag on the first line", template: "  {{#boolean}}\n#{{/boolean}}\n/", data: ["boolean": true],
            expected: "#\n/"),
        Case(
            rule: "a standalone tag on the last line without a newline", template: "#{{#boolean}}\n/\n  {{/boolean}}",
            data: ["boolean": true], expected: "#\n/\n"),
        Case(
            rule: "tags sharing a line are not standalone", template: " | {{#boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n",
            data: ["boolean": true], expected: " |  \n  | \n"),
        Case(
            rule: "a section tag with text on its line is not standalone", template: " {{#boolean}}YES{{/boolean}}\n {{#boolean}}GOOD{{/boolean}}\n",
            data: ["boolean": true], expected: " YES\n GOOD\n"),
        Case(rule: "text is truthy, even empty", template: "[{{#s}}<{{.}}>{{/s}}]", data: ["s": ""], expected: "[<>]"),
    ]

    static let inverted: [Case] = [
        Case(rule: "false renders an inverted block", template: "\"{{^b}}no{{/b}}\"", data: ["b": false], expected: "\"no\""),
        Case(rule: "true omits an inverted block", template: "\"{{^b}}no{{/b}}\"", data: ["b": true], expected: "\"\""),
        Case(rule: "a missing name renders an inverted block", template: "[{{^missing}}Found{{/missing}}]", data: [:], expected: "[Found]"),
        Case(rule: "an empty list renders an inverted block", template: "{{^list}}empty{{/list}}", data: ["list": .listOf([])], expected: "empty"),
        Case(rule: "a list omits an inverted block", template: "[{{^list}}empty{{/list}}]", data: ["list": ["x"]], expected: "[]"),
        Case(rule: "an object omits an inverted block", template: "[{{^o}}none{{/o}}]", data: ["o": .object([:])], expected: "[]"),
    ]

    static let comments: [Case] = [
        Case(rule: "comments render nothing", template: "12345{{! Comment Block! }}67890", data: [:], expected: "1234567890"),
        Case(
            rule: "multi-line comments render nothing", template: "12345{{!\n  This is a\n  multi-line comment...\n}}67890\n",
            data: [:], expected: "1234567890\n"),
        Case(rule: "standalone comment lines are removed", template: "Begin.\n{{! Comment Block! }}\nEnd.\n", data: [:], expected: "Begin.\nEnd.\n"),
        Case(
            rule: "standalone multi-line comments are removed", template: "Begin.\n  {{!\n    Something's going on here...\n  }}\nEnd.\n",
            data: [:], expected: "Begin.\nEnd.\n"),
        Case(rule: "inline comments keep their line", template: "  12 {{! 34 }}\n", data: [:], expected: "  12 \n"),
    ]

    static let partials: [Case] = [
        Case(rule: "a partial is rendered in place", template: "\"{{>text}}\"", data: [:], partials: ["text": "from partial"], expected: "\"from partial\""),
        Case(
            rule: "a partial sees the current context", template: "\"{{>partial}}\"", data: ["text": "content"],
            partials: ["partial": "*{{text}}*"], expected: "\"*content*\""),
        Case(
            rule: "partials may recurse through data",
            template: "{{>node}}",
            data: ["content": "X", "nodes": .listOf([.object(["content": "Y", "nodes": .listOf([])])])],
            partials: ["node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"], expected: "X<Y<>>"),
        Case(
            rule: "an inline partial keeps the whitespace around it", template: "| {{>partial}} |", data: [:],
            partials: ["partial": "\t|\t"], expected: "| \t|\t |"),
        Case(
            rule: "a standalone partial indents every line of the partial",
            template: "\\\n {{>partial}}\n/\n", data: ["content": "<\n->"],
            partials: ["partial": "|\n{{{content}}}\n|\n"], expected: "\\\n |\n <\n->\n |\n/\n"),
        Case(
            rule: "a standalone partial without a previous line", template: "  {{>partial}}\n>", data: [:],
            partials: ["partial": ">\n>"], expected: "  >\n  >>"),
        Case(
            rule: "standalone lines inside an indented partial are removed, others indented",
            template: "begin\n  {{>p}}\nend\n", data: ["b": true],
            partials: ["p": "{{#b}}\nline\n{{/b}}\n"], expected: "begin\n  line\nend\n"),
    ]

    static let delimiters: [Case] = [
        Case(rule: "delimiters can change", template: "{{=<% %>=}}(<%text%>)", data: ["text": "Hey!"], expected: "(Hey!)"),
        Case(rule: "special characters are fine as delimiters", template: "({{=[ ]=}}[text])", data: ["text": "It worked!"], expected: "(It worked!)"),
        Case(
            rule: "changed delimiters apply inside sections", template: "[\n{{#section}}\n  {{data}}\n  |data|\n{{/section}}\n{{= | | =}}\n|#section|\n  {{data}}\n  |data|\n|/section|\n]\n",
            data: ["section": true, "data": "I got interpolated."],
            expected: "[\n  I got interpolated.\n  |data|\n  {{data}}\n  I got interpolated.\n]\n"),
        Case(rule: "standalone delimiter lines are removed", template: "Begin.\n{{=@ @=}}\nEnd.\n", data: [:], expected: "Begin.\nEnd.\n"),
        Case(rule: "triple mustaches with changed delimiters", template: "{{=| |=}}|{text}|", data: ["text": "<b>"], expected: "<b>"),
    ]

    static let extensions: [Case] = [
        Case(rule: "CONTENT_TYPE TEXT turns escaping off", template: "{{%CONTENT_TYPE: TEXT}}\n{{x}}\n", data: ["x": "a < b && c"], expected: "a < b && c\n"),
        Case(rule: "CONTENT_TYPE HTML turns it back on", template: "{{%CONTENT_TYPE: TEXT}}{{x}}{{%CONTENT_TYPE:HTML}}{{x}}", data: ["x": "<"], expected: "<&lt;"),
        Case(
            rule: "list position transforms", template: "{{#l}}{{^first()}}, {{/first()}}{{index()}}{{.}}{{#last()}}.{{/last()}}{{/l}}",
            data: ["l": ["a", "b", "c"]], expected: "0a, 1b, 2c."),
        Case(
            rule: "even and odd positions", template: "{{#l}}{{#even()}}e{{/even()}}{{#odd()}}o{{/odd()}}{{/l}}", data: ["l": ["a", "b", "c"]],
            expected: "eoe"),
        Case(
            rule: "the position is the innermost list's", template: "{{#outer}}{{#inner}}{{index()}}{{/inner}};{{/outer}}",
            data: ["outer": .listOf([.object(["inner": ["x", "y"]]), .object(["inner": ["z"]])])], expected: "01;0;"),
        Case(rule: "a position outside any list is absent", template: "[{{index()}}{{^first()}}none{{/first()}}]", data: [:], expected: "[none]"),
        Case(
            rule: "text transforms", template: "{{uppercased(s)}} {{lowercased(s)}} {{capitalized(t)}} {{reversed(s)}}",
            data: ["s": "aBc", "t": "hello big WORLD"], expected: "ABC abc Hello Big World cBa"),
        Case(
            rule: "list transforms", template: "{{count(l)}} {{first(l)}} {{last(l)}} {{#reversed(l)}}{{.}}{{/reversed(l)}} {{#empty(l)}}E{{/empty(l)}}{{#empty(e)}}E{{/empty(e)}}",
            data: ["l": ["a", "b", "c"], "e": .listOf([])], expected: "3 a c cba E"),
        Case(
            rule: "number transforms compose", template: "{{plusone(n)}} {{minusone(n)}} {{#equalzero(minusone(n))}}zero{{/equalzero(minusone(n))}}",
            data: ["n": 1], expected: "2 0 zero"),
        Case(rule: "a transform of the wrong kind is absent", template: "[{{uppercased(n)}}]", data: ["n": 3], expected: "[]"),
        Case(rule: "booleans render as words", template: "{{t}} {{f}}", data: ["t": true, "f": false], expected: "true false"),
        Case(
            rule: "a position transform feeds a number transform", template: "{{#l}}{{plusone(index())}}.{{.}} {{/l}}",
            data: ["l": ["a", "b"]], expected: "1.a 2.b "),
        Case(
            rule: "nested standalone partials add up their indentation", template: "<\n  {{>outer}}\n>\n", data: [:],
            partials: ["outer": "o1\n  {{>inner}}\no2\n", "inner": "i1\ni2\n"], expected: "<\n  o1\n    i1\n    i2\n  o2\n>\n"),
        Case(
            rule: "a partial keeps its own delimiters", template: "{{=<% %>=}}<%>p%>[<%x%>]", data: ["x": "1"],
            partials: ["p": "{{x}}"], expected: "1[1]"),
    ]

    @Test(arguments: interpolation + sections + inverted + comments + partials + delimiters + extensions)
    func rendersAsTheSpecificationSays(_ testCase: Case) throws {
        var templates = [try MustacheTemplate(name: "main", source: testCase.template)]
        for (name, source) in testCase.partials.sorted(by: { $0.key < $1.key }) {
            templates.append(try MustacheTemplate(name: name, source: source))
        }
        let library = MustacheLibrary(templates)
        let rendered = try library.render("main", with: testCase.data)
        #expect(String(decoding: rendered, as: UTF8.self) == testCase.expected)
    }
}

/// Test data: a dictionary of fields, written as a literal.
final class Fields: TemplateObject, ExpressibleByDictionaryLiteral, Sendable {
    nonisolated(unsafe) let values: [String: TemplateValue]

    required init(dictionaryLiteral elements: (String, TemplateValue)...) {
        values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    static let templateFields = TemplateFields<Fields>(lookingUp: { $0.values[$1] })
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral
{
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(value) }
    public init(arrayLiteral elements: String...) { self = elements.map { TemplateValue.text($0) }.templateList }

    static func listOf(_ elements: [TemplateValue]) -> TemplateValue { elements.templateList }

    static func object(_ fields: Fields) -> TemplateValue { .object(fields as any TemplateObject) }
}
