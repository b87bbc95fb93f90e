import SwiftSourceScanning
import Testing

/// The lexical scan hook discovery and `audit` read the user's code with: what a comment or string literal holds
/// never becomes a token (a commented-out hook must not be called), and code after a literal is still seen with
/// its right line (a literal the scanner misreads would hide every declaration after it).
@Suite struct SwiftTokensTests {
    /// The words of `text`, in order.
    func words(_ text: String) -> [String] { SwiftTokens(text).tokens.compactMap(\.token.word) }

    /// The line of each `func` declaration's name that starts with `validate`.
    func validateNames(_ text: String) -> [String] {
        let scan = SwiftTokens(text)
        return (0..<scan.count).compactMap { index in
            guard scan.word(at: index) == "func", let name = scan.word(at: index + 1), name.hasPrefix("validate") else { return nil }
            return "\(scan.line(at: index + 1)):\(name)"
        }
    }

    @Test("text inside comments and string literals is no token", arguments: [
        "// func validateName(_ value: String) throws {}",
        "/// func validateName(_ value: String) throws {}",
        "/* func validateName(_ value: String) throws {} */",
        "/* outer /* nested */ func validateName(_ value: String) throws {} */",
        #"let s = "func validateName(_ value: String) throws {}""#,
        #"let s = "escaped \" func validateName(_ value: String) throws {}""#,
        #"let s = "interpolated \(f("func validateName(")) func validateName(_ value: String) {}""#,
        ##"let s = #"raw " func validateName(_ value: String) throws {}"#"##,
        ##"let s = #"raw \" func validateName(_ value: String) throws {}"#"##,
        ###"let s = ##"raw "# func validateName(_ value: String) throws {}"##"###,
        "let s = \"\"\"\n    func validateName(_ value: String) throws {}\n    \"\"\"",
        "let s = \"\"\"\n    \"\" func validateName(_ value: String) \\\"\"\" throws {}\n    \"\"\"",
        "let s = #\"\"\"\n    \"\"\" func validateName(_ value: String) throws {}\n    \"\"\"#",
    ])
    func literalsAndCommentsHideHookText(source: String) {
        #expect(!words(source).contains("validateName"), "\(words(source))")
    }

    @Test("code after a literal is seen, on its own line", arguments: [
        "// func validateName()\nfunc validateEmail(_ value: String) {}",
        "/* a\nb */ func validateEmail(_ value: String) {}",
        #"let s = "a \(g("}")) b"; func validateEmail(_ value: String) {}"#.replacingOccurrences(of: "; ", with: "\n"),
        "let s = #\"raw \\\" \"#\nfunc validateEmail(_ value: String) {}",
        "let s = \"\"\"\n    one\n    \"\"\"\nfunc validateEmail(_ value: String) {}",
        "let s = #\"\"\"\n    one \"\"\" two\n    \"\"\"#\nfunc validateEmail(_ value: String) {}",
    ])
    func codeAfterLiteralsIsSeen(source: String) {
        let line = source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("func validateEmail") }! + 1
        #expect(validateNames(source) == ["\(line):validateEmail"])
    }

    @Test func signatureShapesGiveTheirParameters() {
        let source = """
            @objc func validateName(_ value: String) throws {}
            @MainActor
            func validateEmail(
                _ value: String?,
                other: [String: Any] = [:]
            ) throws {}
            func validateTags<T: Sequence>(_ tags: Set < Tag >) where T.Element == Int {}
            func `validateCount`(_ count: inout Int) {}
            """
        let scan = SwiftTokens(source)
        var found: [String: [SwiftTokens.Parameter]] = [:]
        for index in 0..<scan.count where scan.word(at: index) == "func" {
            found[scan.word(at: index + 1)!] = scan.parameters(from: index + 2)
        }
        #expect(found["validateName"] == [.init(label: "_", type: "String")])
        #expect(found["validateEmail"] == [.init(label: "_", type: "String?"), .init(label: "other", type: "[String:Any]")])
        #expect(found["validateTags"] == [.init(label: "_", type: "Set<Tag>")])
        #expect(found["validateCount"] == [.init(label: "_", type: "inout Int")])
        #expect(validateNames(source) == ["1:validateName", "3:validateEmail", "7:validateTags", "8:validateCount"])
    }

    @Test func lineCommentsAreKeptOnlyWhenAloneOnTheirLine() {
        let scan = SwiftTokens("let a = 1 // trailing\n    // managedCodegen.rejects: \"\"\nfunc validateName() {}\n")
        #expect(scan.lineComments == [2: "// managedCodegen.rejects: \"\""])
    }
}
