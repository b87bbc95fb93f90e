/// Turns template source into nodes, following the Mustache specification (mustache(5) and the spec's
/// interpolation, sections, inverted, comments, partials and delimiters rules), plus swift-mustache's
/// `{{%CONTENT_TYPE: TEXT}}` pragma and transforms.
///
/// Three passes: cut the source into text, newline and tag tokens (delimiters change as `{{=<% %>=}}` is read);
/// drop standalone lines (a line holding only whitespace and one section, inverted, closing, comment, partial,
/// delimiter or pragma tag renders nothing of its own); build the section tree.
struct MustacheParser {
    private let source: [UInt8]
    private let templateName: String
    private(set) var partialReferences: [(name: String, line: Int)] = []

    init(source: [UInt8], templateName: String) {
        self.source = source
        self.templateName = templateName
    }

    mutating func parse() throws(MustacheSyntaxError) -> [Node] {
        try buildTree(from: withoutStandaloneLines(try tokens()))
    }

    // MARK: Tokens

    private enum TagKind {
        case variable, rawVariable, sectionOpen, invertedOpen, sectionClose, comment, partial, delimiters, pragma

        var mayStandAlone: Bool {
            switch self {
            case .variable, .rawVariable: false
            case .sectionOpen, .invertedOpen, .sectionClose, .comment, .partial, .delimiters, .pragma: true
            }
        }
    }

    private struct Tag {
        var kind: TagKind
        /// Between the sigil and the closing delimiter, whitespace trimmed.
        var content: String
        var line: Int
    }

    private enum Token {
        /// Never contains a line break.
        case text(Range<Int>)
        /// `\n` or `\r\n`.
        case newline(Range<Int>)
        case tag(Tag)
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    private func error(_ message: String, line: Int) -> MustacheSyntaxError {
        MustacheSyntaxError(templateName: templateName, line: line, message: message)
    }

    private func tokens() throws(MustacheSyntaxError) -> [Token] {
        var tokens: [Token] = []
        var opening = Array("{{".utf8)
        var closing = Array("}}".utf8)
        var line = 1
        var textStart = 0
        var index = 0
        func flushText(upTo end: Int) {
            if end > textStart { tokens.append(.text(textStart..<end)) }
        }
        while index < source.count {
            if source[index] == Self.lineFeed {
                let breakStart = index > textStart && source[index - 1] == Self.carriageReturn ? index - 1 : index
                flushText(upTo: breakStart)
                tokens.append(.newline(breakStart..<index + 1))
                line += 1
                index += 1
                textStart = index
            } else if source[index] == opening[0], matches(opening, at: index) {
                flushText(upTo: index)
                let (tag, end) = try readTag(from: index + opening.count, closing: closing, line: line)
                line += source[index..<end].lazy.filter { $0 == Self.lineFeed }.count
                if tag.kind == .delimiters {
                    (opening, closing) = try delimiters(in: tag)
                }
                tokens.append(.tag(tag))
                index = end
                textStart = index
            } else {
                index += 1
            }
        }
        flushText(upTo: source.count)
        return tokens
    }

    private func matches(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index + bytes.count <= source.count else { return false }
        for offset in bytes.indices where source[index + offset] != bytes[offset] { return false }
        return true
    }

    private func firstMatch(of bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + bytes.count <= source.count {
            if matches(bytes, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// Reads the tag whose opening delimiter ends at `start`; returns it and the index after its closing delimiter.
    private func readTag(from start: Int, closing: [UInt8], line: Int) throws(MustacheSyntaxError) -> (Tag, Int) {
        let sigil = start < source.count ? source[start] : 0
        let kind: TagKind
        var terminator = closing
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .rawVariable
            terminator = Array("}".utf8) + closing
        case UInt8(ascii: "="):
            kind = .delimiters
            terminator = Array("=".utf8) + closing
        case UInt8(ascii: "&"): kind = .rawVariable
        case UInt8(ascii: "#"): kind = .sectionOpen
        case UInt8(ascii: "^"): kind = .invertedOpen
        case UInt8(ascii: "/"): kind = .sectionClose
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "%"): kind = .pragma
        default: kind = .variable
        }
        let contentStart = kind == .variable ? start : start + 1
        guard let contentEnd = firstMatch(of: terminator, from: contentStart) else {
            let expected = String(decoding: terminator, as: UTF8.self)
            throw error("unclosed tag: no `\(expected)` after this tag's opening delimiter", line: line)
        }
        let content = String(decoding: source[contentStart..<contentEnd], as: UTF8.self)
        let tag = Tag(kind: kind, content: content.trimmingTemplateWhitespace(), line: line)
        return (tag, contentEnd + terminator.count)
    }

    private func delimiters(in tag: Tag) throws(MustacheSyntaxError) -> ([UInt8], [UInt8]) {
        let parts = tag.content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error("a delimiter change is `{{=<open> <close>=}}`: two delimiters without `=` or spaces", line: tag.line)
        }
        return (Array(parts[0].utf8), Array(parts[1].utf8))
    }

    // MARK: Standalone lines

    private enum Item {
        case text(Range<Int>)
        case lineStart
        case tag(Tag, indentation: Range<Int>?)
    }

    private func withoutStandaloneLines(_ tokens: [Token]) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(tokens.count + tokens.count / 2)
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count {
                lineEnd += 1
                if case .newline = tokens[lineEnd - 1] { break }
            }
            let line = tokens[lineStart..<lineEnd]
            if let (tag, indentation) = standaloneTag(in: line) {
                items.append(.tag(tag, indentation: indentation))
            } else {
                items.append(.lineStart)
                for token in line {
                    switch token {
                    case .text(let range), .newline(let range): items.append(.text(range))
                    case .tag(let tag): items.append(.tag(tag, indentation: nil))
                    }
                }
            }
            lineStart = lineEnd
        }
        return items
    }

    /// The line's only tag when everything else on it is spaces, tabs and the line break; with the whitespace before it.
    private func standaloneTag(in line: ArraySlice<Token>) -> (Tag, Range<Int>)? {
        var found: Tag?
        var indentation: Range<Int>?
        for token in line {
            switch token {
            case .newline: continue
            case .text(let range):
                guard source[range].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return nil }
                if found == nil { indentation = range }
            case .tag(let tag):
                guard found == nil, tag.kind.mayStandAlone else { return nil }
                found = tag
            }
        }
        guard let found else { return nil }
        return (found, indentation ?? 0..<0)
    }

    // MARK: Tree

    private struct OpenSection {
        var tag: Tag
        var reference: Reference
        var nodes: [Node]
    }

    private mutating func buildTree(from items: [Item]) throws(MustacheSyntaxError) -> [Node] {
        var open: [OpenSection] = []
        var nodes: [Node] = []
        var pendingText: [UInt8] = []
        var escapes = true
        func flushText() {
            if !pendingText.isEmpty {
                nodes.append(.text(pendingText))
                pendingText.removeAll(keepingCapacity: true)
            }
        }
        for item in items {
            switch item {
            case .text(let range):
                pendingText.append(contentsOf: source[range])
            case .lineStart:
                flushText()
                nodes.append(.lineStart)
            case .tag(let tag, let indentation):
                switch tag.kind {
                case .comment, .delimiters:
                    continue
                case .pragma:
                    escapes = try escapesValues(pragma: tag)
                case .variable, .rawVariable:
                    flushText()
                    nodes.append(.value(try reference(in: tag), escaped: tag.kind == .variable && escapes))
                case .partial:
                    flushText()
                    guard !tag.content.isEmpty else { throw error("a partial tag needs a template name", line: tag.line) }
                    partialReferences.append((tag.content, tag.line))
                    let indentation = indentation.map { Array(source[$0]) } ?? []
                    nodes.append(.partial(name: tag.content, indentation: indentation, line: tag.line))
                case .sectionOpen, .invertedOpen:
                    flushText()
                    open.append(OpenSection(tag: tag, reference: try reference(in: tag), nodes: nodes))
                    nodes = []
                case .sectionClose:
                    flushText()
                    guard let section = open.popLast() else {
                        throw error("`{{/\(tag.content)}}` closes a section that was never opened", line: tag.line)
                    }
                    guard section.tag.content == tag.content else {
                        throw error(
                            "`{{/\(tag.content)}}` does not close `{{\(section.tag.kind == .invertedOpen ? "^" : "#")\(section.tag.content)}}`"
                                + " (line \(section.tag.line))", line: tag.line)
                    }
                    let body = nodes
                    nodes = section.nodes
                    nodes.append(
                        section.tag.kind == .invertedOpen
                            ? .invertedSection(section.reference, body) : .section(section.reference, body))
                }
            }
        }
        if let unclosed = open.last {
            throw error("`{{\(unclosed.tag.kind == .invertedOpen ? "^" : "#")\(unclosed.tag.content)}}` is never closed", line: unclosed.tag.line)
        }
        flushText()
        return nodes
    }

    private func escapesValues(pragma tag: Tag) throws(MustacheSyntaxError) -> Bool {
        let parts = tag.content.split(separator: ":", maxSplits: 1).map { String($0).trimmingTemplateWhitespace() }
        guard parts.count == 2, parts[0] == "CONTENT_TYPE" else {
            throw error("unknown pragma `{{%\(tag.content)}}`: the only one is `{{%CONTENT_TYPE: TEXT}}` (or `HTML`)", line: tag.line)
        }
        switch parts[1] {
        case "TEXT": return false
        case "HTML": return true
        default: throw error("unknown content type `\(parts[1])`: use TEXT (no escaping) or HTML", line: tag.line)
        }
    }

    /// `name`, `a.b`, `.`, `transform(name)`, `outer(inner(name))`, `first()`.
    private func reference(in tag: Tag) throws(MustacheSyntaxError) -> Reference {
        var argument = Substring(tag.content)
        var outermostFirst: [Transform] = []
        while let parenthesis = argument.firstIndex(of: "(") {
            guard argument.last == ")" else { throw error("`\(tag.content)`: a transform is `name(argument)`", line: tag.line) }
            let name = String(argument[..<parenthesis])
            guard let transform = Transform(rawValue: name) else {
                let known = Transform.allCases.map(\.rawValue).joined(separator: ", ")
                throw error("unknown transform `\(name)` in `\(tag.content)`; the transforms are \(known)", line: tag.line)
            }
            outermostFirst.append(transform)
            argument = argument[argument.index(after: parenthesis)..<argument.index(before: argument.endIndex)]
        }
        let root: Reference.Root
        if argument.isEmpty, !outermostFirst.isEmpty {
            root = .listPosition
        } else if argument == "." {
            root = .current
        } else {
            let names = argument.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !names.contains(where: { $0.isEmpty || $0.contains(where: \.isTemplateWhitespace) || $0.contains(")") }) else {
                throw error("`\(tag.content)` is not a name: use `name`, `a.b` or `.`", line: tag.line)
            }
            root = .path(names)
        }
        return Reference(root: root, transforms: outermostFirst.reversed())
    }
}

extension Character {
    fileprivate var isTemplateWhitespace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r\n" || self == "\r" }
}

extension String {
    fileprivate func trimmingTemplateWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isTemplateWhitespace }),
            let last = lastIndex(where: { !$0.isTemplateWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
