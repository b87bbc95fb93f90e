/// The YAML `managed-codegen.yml` is written in, read in plain Swift: one mapping of `key: value` lines whose
/// values are scalars (plain, `'single'` or `"double"` quoted) or lists (`[A, B]`, or `- A` lines below the key).
/// Nested lists and mappings are read far enough to be named in an error ("not a list"). What a flat settings
/// file never needs (anchors, aliases, tags, block scalars, several documents) is an error naming its line,
/// never a silent misreading. A YAML library cost the tool's first build more than this file does
/// (Benchmarks/README.md, "A plugin user's first build").
enum ConfigYAML {
    /// A value and the line (1-based) it starts on.
    struct Value: Equatable {
        enum Kind: Equatable {
            /// `plain` is false for quoted scalars: YAML reads `'true'` and `''` as text, never as a flag or nothing.
            case scalar(String, plain: Bool)
            case list([Value])
            case mapping
        }

        var kind: Kind
        var line: Int

        /// YAML's null: an empty plain value, `~` or `null`.
        var isNull: Bool {
            guard case .scalar(let text, plain: true) = kind else { return false }
            return ["", "~", "null", "Null", "NULL"].contains(text)
        }

        /// YAML 1.1's booleans, as the config file has always read them (`yes`/`no`, `on`/`off` too).
        var flag: Bool? {
            guard case .scalar(let text, plain: true) = kind else { return nil }
            switch text.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: return nil
            }
        }
    }

    struct Entry: Equatable {
        var key: String
        var line: Int
        var value: Value
    }

    enum Document: Equatable {
        /// No content (or only comments).
        case empty
        case mapping([Entry])
        /// The file is a single value other than a mapping (a list, a word).
        case other(Value)
    }

    struct SyntaxError: Error, Equatable {
        var line: Int
        var message: String
    }

    static func parse(_ text: String) throws(SyntaxError) -> Document {
        var reader = Reader(text)
        return try reader.document()
    }
}

/// One content line: its number, its indentation in spaces and the text after it.
private struct Line {
    var number: Int
    var indent: Int
    var text: Substring

    var isListItem: Bool { startsListItem(text) }
}

private func startsListItem(_ text: Substring) -> Bool { text == "-" || text.hasPrefix("- ") }

private struct Reader {
    typealias Value = ConfigYAML.Value
    typealias SyntaxError = ConfigYAML.SyntaxError

    private var lines: [Line] = []
    private var index = 0
    private var tabbedLine: Int?

    init(_ text: String) {
        var number = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            number += 1
            var line = raw
            if number == 1, line.first == "\u{FEFF}" { line = line.dropFirst() }
            let indentation = line.prefix { $0 == " " || $0 == "\t" }
            let content = line.dropFirst(indentation.count)
            guard !content.isEmpty, content.first != "#" else { continue }
            if indentation.contains("\t"), tabbedLine == nil { tabbedLine = number }
            lines.append(Line(number: number, indent: indentation.count, text: trimmingTrailingSpace(content)))
        }
    }

    mutating func document() throws(SyntaxError) -> ConfigYAML.Document {
        if let tabbedLine { throw SyntaxError(line: tabbedLine, message: "a tab in the indentation; YAML indents with spaces") }
        if let first = lines.first, first.text == "---" || first.text.hasPrefix("--- ") {
            guard first.text == "---" || withoutComment(first.text.dropFirst(4)).isEmpty else {
                throw SyntaxError(line: first.number, message: "write the settings on the lines after '---'")
            }
            index += 1
        }
        guard index < lines.count else { return .empty }
        let first = lines[index]
        if first.text.first == "{" {
            throw SyntaxError(line: first.number, message: "write the settings as `key: value` lines, not in braces")
        }
        guard !first.isListItem, Self.splitKey(first.text) != nil else {
            if first.isListItem { return .other(Value(kind: .list([]), line: first.number)) }
            index += 1
            return .other(try inlineValue(first.text, line: first, parentIndent: .max))
        }
        var entries: [ConfigYAML.Entry] = []
        while index < lines.count {
            let line = lines[index]
            if line.text == "..." { break }
            if line.text == "---" || line.text.hasPrefix("--- ") {
                throw SyntaxError(line: line.number, message: "a second YAML document; the config file is one mapping of settings")
            }
            guard line.indent == first.indent else {
                throw SyntaxError(
                    line: line.number,
                    message: "indented \(line.indent) spaces where the keys above are indented \(first.indent)")
            }
            guard let (key, rest) = Self.splitKey(line.text) else {
                throw SyntaxError(
                    line: line.number,
                    message: line.isListItem
                        ? "a list item where a key was expected; indent it under its key"
                        : "expected `key: value` (a space after the colon)")
            }
            index += 1
            entries.append(ConfigYAML.Entry(key: key, line: line.number, value: try value(after: rest, on: line)))
        }
        return .mapping(entries)
    }

    /// The value of a key (or a list item's dash) on `line`: `rest` is the text after it; an empty `rest`
    /// takes the value from the lines below, indented more (a list may also start at the key's own indentation).
    private mutating func value(after rest: Substring, on line: Line) throws(SyntaxError) -> Value {
        let text = rest.drop { $0 == " " || $0 == "\t" }
        guard text.isEmpty || text.first == "#" else { return try inlineValue(text, line: line, parentIndent: line.indent) }
        guard index < lines.count else { return Value(kind: .scalar("", plain: true), line: line.number) }
        let next = lines[index]
        if next.isListItem, next.indent >= line.indent, !(next.indent == line.indent && line.isListItem) {
            return try blockList(at: next.indent, parentIndent: line.indent)
        }
        guard next.indent > line.indent else { return Value(kind: .scalar("", plain: true), line: line.number) }
        if Self.splitKey(next.text) != nil {
            skipLines(indentedMoreThan: line.indent)
            return Value(kind: .mapping, line: next.number)
        }
        index += 1
        return try inlineValue(next.text, line: next, parentIndent: line.indent)
    }

    /// `- item` lines at `indent`.
    private mutating func blockList(at indent: Int, parentIndent: Int) throws(SyntaxError) -> Value {
        let start = lines[index].number
        var items: [Value] = []
        while index < lines.count, lines[index].indent == indent, lines[index].isListItem {
            let line = lines[index]
            index += 1
            let rest = line.text.dropFirst(1)
            if Self.splitKey(rest.drop { $0 == " " }) != nil {
                skipLines(indentedMoreThan: indent)
                items.append(Value(kind: .mapping, line: line.number))
            } else if startsListItem(rest.drop { $0 == " " }) {
                skipLines(indentedMoreThan: indent)
                items.append(Value(kind: .list([]), line: line.number))
            } else {
                items.append(try value(after: rest, on: line))
            }
        }
        if index < lines.count, lines[index].indent > parentIndent {
            throw SyntaxError(
                line: lines[index].number, message: "expected a `- item` line indented like the list's first item")
        }
        return Value(kind: .list(items), line: start)
    }

    /// A value that starts on `line` with `text` (the reader is past `line`); plain text and lists in brackets may
    /// continue on the following lines indented more than `parentIndent`.
    private mutating func inlineValue(_ text: Substring, line: Line, parentIndent: Int) throws(SyntaxError) -> Value {
        switch text.first {
        case "[", "{":
            var scanner = FlowScanner(text: text, line: line.number)
            let value = try scanner.value {
                guard index < lines.count, lines[index].indent > parentIndent else { return nil }
                defer { index += 1 }
                return (lines[index].text, lines[index].number)
            }
            try scanner.expectEnd()
            return value
        case "\"", "'":
            var scanner = FlowScanner(text: text, line: line.number)
            let value = try scanner.quoted()
            try scanner.expectEnd()
            return value
        case "&", "*", "!":
            throw SyntaxError(
                line: line.number, message: "anchors (&), aliases (*) and tags (!) are not supported in managed-codegen.yml")
        case "|", ">":
            throw SyntaxError(line: line.number, message: "block scalars (| and >) are not supported; write the value on one line")
        case "@", "`":
            throw SyntaxError(line: line.number, message: "a value cannot start with '\(text.first!)'; quote it")
        default:
            if text.hasPrefix("- ") || text == "-" {
                throw SyntaxError(line: line.number, message: "a list item cannot follow a key on its line; put it on the next line")
            }
            var words: [Substring] = []
            var wordLine = line.number
            var word = withoutComment(text)
            while true {
                if word.contains(": ") || word.hasSuffix(":") {
                    throw SyntaxError(line: wordLine, message: "a value cannot contain ': '; quote it")
                }
                words.append(word)
                guard index < lines.count, lines[index].indent > parentIndent else { break }
                (word, wordLine) = (withoutComment(lines[index].text), lines[index].number)
                index += 1
            }
            return Value(kind: .scalar(words.joined(separator: " "), plain: true), line: line.number)
        }
    }

    private mutating func skipLines(indentedMoreThan indent: Int) {
        while index < lines.count, lines[index].indent > indent { index += 1 }
    }

    /// `key: rest` or `key:` (the key plain or quoted); nil when the line is not a mapping entry.
    static func splitKey(_ text: Substring) -> (String, Substring)? {
        guard let first = text.first else { return nil }
        if first == "\"" || first == "'" {
            var scanner = FlowScanner(text: text, line: 0)
            guard case .scalar(let key, _)? = (try? scanner.quoted())?.kind else { return nil }
            let rest = scanner.remaining
            guard rest.first == ":", rest.count == 1 || rest.dropFirst().first == " " || rest.dropFirst().first == "\t" else {
                return nil
            }
            return (key, rest.dropFirst())
        }
        if "[{#&*!|>%@`?".contains(first) || startsListItem(text) { return nil }
        var position = text.startIndex
        while let colon = text[position...].firstIndex(of: ":") {
            let after = text.index(after: colon)
            if let hash = text[position..<colon].firstIndex(of: "#"), hash > text.startIndex,
                text[text.index(before: hash)] == " "
            {
                return nil
            }
            // YAML separates a key's colon from its value with white space: a space or a tab.
            if after == text.endIndex || text[after] == " " || text[after] == "\t" {
                return (String(trimmingTrailingSpace(text[..<colon])), text[after...])
            }
            position = after
        }
        return nil
    }
}

/// Reads a quoted scalar or a bracketed list, across lines when a list continues.
private struct FlowScanner {
    typealias Value = ConfigYAML.Value
    typealias SyntaxError = ConfigYAML.SyntaxError

    private var text: Substring
    private var line: Int
    private var position: Substring.Index

    init(text: Substring, line: Int) {
        self.text = text
        self.line = line
        position = text.startIndex
    }

    var remaining: Substring { text[position...] }

    /// Only a comment may follow the value on its last line.
    func expectEnd() throws(SyntaxError) {
        let rest = withoutComment(remaining.drop { $0 == " " || $0 == "\t" })
        guard rest.isEmpty else { throw SyntaxError(line: line, message: "unexpected '\(rest)' after the value") }
    }

    /// A bracketed list (or a `{…}` mapping, skipped); `nextLine` supplies the continuation lines.
    mutating func value(nextLine: () -> (Substring, Int)?) throws(SyntaxError) -> Value {
        skipSpace(nextLine: nextLine)
        let start = line
        guard position < text.endIndex else { throw SyntaxError(line: line, message: "a list ends without a value") }
        switch text[position] {
        case "[":
            let opening = line
            advance()
            var items: [Value] = []
            while true {
                skipSpace(nextLine: nextLine)
                guard position < text.endIndex else {
                    throw SyntaxError(
                        line: opening,
                        message: "'[' has no closing ']' (a list continued on the next lines must be indented)")
                }
                if text[position] == "]" {
                    advance()
                    return Value(kind: .list(items), line: start)
                }
                if text[position] == "," { throw SyntaxError(line: line, message: "an empty element in a list") }
                items.append(try value(nextLine: nextLine))
                skipSpace(nextLine: nextLine)
                guard position < text.endIndex else { continue }
                switch text[position] {
                case ",": advance()
                case "]": continue
                default: throw SyntaxError(line: line, message: "expected ',' or ']' in a list, found '\(text[position])'")
                }
            }
        case "{":
            let opening = line
            var depth = 0
            repeat {
                skipSpace(nextLine: nextLine)
                guard position < text.endIndex else {
                    throw SyntaxError(line: opening, message: "'{' has no closing '}'")
                }
                switch text[position] {
                case "{", "[": depth += 1
                case "}", "]": depth -= 1
                case "\"", "'": _ = try quoted()
                    continue
                default: break
                }
                advance()
            } while depth > 0
            return Value(kind: .mapping, line: start)
        case "\"", "'":
            return try quoted()
        default:
            let end = text[position...].firstIndex { ",[]{}".contains($0) } ?? text.endIndex
            var word = text[position..<end]
            if let hash = word.firstIndex(of: "#"), hash == word.startIndex || word[word.index(before: hash)] == " " {
                word = word[..<hash]
                position = hash
            } else {
                position = end
            }
            let plain = trimmingTrailingSpace(word)
            if plain.contains(": ") || plain.hasSuffix(":") { return Value(kind: .mapping, line: start) }
            return Value(kind: .scalar(String(plain), plain: true), line: start)
        }
    }

    /// `'text'` (`''` is a quote) or `"text"` (backslash escapes); on one line.
    mutating func quoted() throws(SyntaxError) -> Value {
        let quote = text[position]
        advance()
        var result = ""
        while position < text.endIndex {
            let character = text[position]
            advance()
            if character == quote {
                guard quote == "'", position < text.endIndex, text[position] == "'" else {
                    return Value(kind: .scalar(result, plain: false), line: line)
                }
                advance()
                result.append("'")
            } else if character == "\\", quote == "\"" {
                result.append(try escape())
            } else {
                result.append(character)
            }
        }
        throw SyntaxError(line: line, message: "a quoted value must end on its line, with \(quote)")
    }

    private mutating func escape() throws(SyntaxError) -> String {
        guard position < text.endIndex else { throw SyntaxError(line: line, message: "a '\\' ends the line") }
        let character = text[position]
        advance()
        switch character {
        case "\\", "\"", "/", " ": return String(character)
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "0": return "\0"
        case "x", "u", "U":
            let count = character == "x" ? 2 : character == "u" ? 4 : 8
            let digits = text[position...].prefix(count)
            guard digits.count == count, let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else {
                throw SyntaxError(line: line, message: "'\\\(character)' needs \(count) hexadecimal digits")
            }
            position = text.index(position, offsetBy: count)
            return String(Character(scalar))
        default:
            throw SyntaxError(line: line, message: "unknown escape '\\\(character)' in a double-quoted value")
        }
    }

    private mutating func advance() { position = text.index(after: position) }

    /// Skips spaces and comments, moving on to the next line when this one is used up.
    private mutating func skipSpace(nextLine: () -> (Substring, Int)?) {
        while true {
            while position < text.endIndex, text[position] == " " || text[position] == "\t" { advance() }
            if position < text.endIndex, text[position] == "#",
                position == text.startIndex || text[text.index(before: position)] == " "
            {
                position = text.endIndex
            }
            guard position == text.endIndex, let (next, number) = nextLine() else { return }
            text = next
            line = number
            position = text.startIndex
        }
    }
}

/// `text` without a trailing `# comment` (a `#` at the start or after a space) and trailing spaces; quotes are
/// the caller's business (a quoted value is read before its comment).
private func withoutComment(_ text: Substring) -> Substring {
    var previous: Character = " "
    for index in text.indices {
        if text[index] == "#", previous == " " || previous == "\t" { return trimmingTrailingSpace(text[..<index]) }
        previous = text[index]
    }
    return trimmingTrailingSpace(text)
}

private func trimmingTrailingSpace(_ text: Substring) -> Substring {
    var end = text.endIndex
    while end > text.startIndex, text[text.index(before: end)] == " " || text[text.index(before: end)] == "\t" {
        end = text.index(before: end)
    }
    return text[..<end]
}
