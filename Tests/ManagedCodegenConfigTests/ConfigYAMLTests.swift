import ManagedCodegenConfig
import Testing

/// The YAML `managed-codegen.yml` is read with (ConfigYAML, no YAML library): every way of writing a value the
/// YAML spec allows and a settings file plausibly uses, and an error with its line for what it does not read.
@Suite struct ConfigYAMLTests {
    let path = "/p/App/managed-codegen.yml"

    func settings(_ text: String) throws -> GenerateSettings { try ConfigFile.parse(text, path: path).settings }

    func errors(_ text: String) -> [String] { configErrors(text, path: path) }

    @Test func listsInEveryLayout() throws {
        let expected = ["A", "B"]
        for text in [
            "import: [A, B]", "import: [A, B,]", "import: [ A ,B ]  # two", "import:\n  - A\n  - B",
            "import:\n- A\n- B", "import:\n  # first\n  - A   # a\n\n  - B\n", "import: [A,\n  B]",
            "import: [\n    A, # a\n    B\n  ]", "import: ['A', \"B\"]", "import:\n  - 'A'\n  - \"B\"",
        ] {
            #expect(try settings(text + "\nmodule-name: M\n").imports == expected, "\(text)")
            #expect(try settings(text + "\nmodule-name: M\n").moduleName == "M", "\(text)")
        }
        #expect(try settings("import: []").imports == [])
        #expect(
            errors("import:\n  -\n") == ["\(path):2: error: every element of 'import' must be a name, not an empty value"])
    }

    @Test func scalarsPlainQuotedAndCommented() throws {
        #expect(try settings("module-name: App # the module").moduleName == "App")
        #expect(try settings("module-name: 'It''s # not a comment'").moduleName == "It's # not a comment")
        #expect(try settings(#"module-name: "a\tb \"q\" \u00e9 \\""#).moduleName == "a\tb \"q\" é \\")
        #expect(try settings("module-name: a#b").moduleName == "a#b")
        #expect(try settings("module-name: C:/x").moduleName == "C:/x")
        #expect(try settings("module-name:\n  App\n").moduleName == "App")
        #expect(try settings("module-name: My\n  App\n").moduleName == "My App", "YAML folds a continued plain value")
        #expect(try settings("\"module-name\": App").moduleName == "App")
        #expect(try settings("module-name : App").moduleName == "App")
        #expect(try settings("module-name:\tApp\noutput:\t\tG").moduleName == "App", "a tab after the colon separates too")
        #expect(try settings("\"module-name\":\tApp").moduleName == "App")
        #expect(try settings("---\nmodule-name: App\n...\n").moduleName == "App")
        #expect(try settings("\u{FEFF}module-name: App\r\noutput: G\r\n").moduleName == "App")
        #expect(try settings("  module-name: App\n  output: G\n").output == "/p/App/G")
        #expect(try settings("~").moduleName == nil)
    }

    @Test func booleansAsYAMLOneOneReadsThem() throws {
        for (text, value) in [("true", true), ("False", false), ("yes", true), ("no", false), ("on", true), ("OFF", false)] {
            #expect(try settings("warnings-as-errors: \(text)").warningsAsErrors == value)
        }
        #expect(
            errors("warnings-as-errors: 'true'") == [
                "\(path):1: error: 'warnings-as-errors' must be true or false, not 'true'"
            ])
        #expect(errors("warnings-as-errors: ~") == ["\(path):1: error: 'warnings-as-errors' must be true or false, not an empty value"])
        #expect(errors("module-name: ''") == ["\(path):1: error: 'module-name' must be a name, not an empty value"])
        #expect(errors("module-name: null") == ["\(path):1: error: 'module-name' must be a name, not an empty value"])
        #expect(try settings("module-name: 'null'").moduleName == "null")
    }

    @Test func nestedValuesAreNamedOnTheirLines() {
        #expect(
            errors("output: G\nmodule-name:\n  name: App\n  other: x\naccess-level: public\n") == [
                "\(path):3: error: 'module-name' must be a name, not a mapping"
            ])
        #expect(errors("output: {a: b}") == ["\(path):1: error: 'output' must be a folder path, not a mapping"])
        #expect(
            errors("exclude:\n  - A\n  - key: v\n    more: w\n  - [B]\n") == [
                "\(path):3: error: every element of 'exclude' must be a name, not a mapping"
            ])
        #expect(errors("import: [A, [B, C]]\n") == ["\(path):1: error: every element of 'import' must be a name, not a list"])
        #expect(errors("[a, b]\n") == ["\(path):1: error: the config file must be a mapping of settings (`key: value` lines), not a list"])
    }

    @Test func syntaxErrorsNameTheLine() {
        let cases: [(String, String)] = [
            ("output: G\nimport: [A, B\n", "2: error: invalid YAML: '[' has no closing ']'"),
            ("import: [A,, B]", "1: error: invalid YAML: an empty element in a list"),
            ("import: [A B] x", "1: error: invalid YAML: unexpected 'x' after the value"),
            ("output: G\nmodule-name: \"App\n", "2: error: invalid YAML: a quoted value must end on its line"),
            ("output: G\n\nmodule-name: a: b\n", "3: error: invalid YAML: a value cannot contain ': '; quote it"),
            ("output: G\nmodule-name:App\n", "2: error: invalid YAML: expected `key: value` (a space after the colon)"),
            ("output: G\n  human-output: H\n", "2: error: invalid YAML: a value cannot contain ': '; quote it"),
            ("output: &dir G\n", "1: error: invalid YAML: anchors (&), aliases (*) and tags (!) are not supported"),
            ("output: G\nhuman-output: *dir\n", "2: error: invalid YAML: anchors (&), aliases (*) and tags (!)"),
            ("output: |\n  G\n", "1: error: invalid YAML: block scalars (| and >) are not supported"),
            ("output: G\n\thuman-output: H\n", "2: error: invalid YAML: a tab in the indentation"),
            ("output: G\n---\noutput: H\n", "2: error: invalid YAML: a second YAML document"),
            ("import:\n   - A\n  - B\n", "3: error: invalid YAML: expected a `- item` line indented like the list's first item"),
            ("output: G\n- A\n", "2: error: invalid YAML: a list item where a key was expected"),
            (#"module-name: "a\qb""#, "1: error: invalid YAML: unknown escape '\\q'"),
            ("{output: G}\n", "1: error: invalid YAML: write the settings as `key: value` lines, not in braces"),
        ]
        for (text, prefix) in cases {
            let found = errors(text)
            #expect(found.count == 1 && found.first?.hasPrefix("\(path):\(prefix)") == true, "\(text): \(found)")
        }
    }

    /// Any damaged file, however cut, is read or refused with a line to look at; the reader never traps.
    @Test func everyTruncationAndDeletionIsReadOrNamesALine() {
        let text = """
            # settings
            output: Generated
            import: [Combine, 'Swift UI']
            include:
              - Item   # the main one
              - "Tag"
            warnings-as-errors: yes
            module-name:
              App
            """
        let characters = Array(text)
        var damaged = (0...characters.count).map { String(characters[..<$0]) }
        damaged += characters.indices.map { var copy = characters; copy.remove(at: $0); return String(copy) }
        for input in damaged {
            for error in errors(input) {
                #expect(error.hasPrefix("\(path):") && !error.hasPrefix("\(path):0:"), "\(input): \(error)")
            }
        }
    }
}
