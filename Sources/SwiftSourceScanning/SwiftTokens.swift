import Foundation

/// Swift source as tokens: enough to find declarations inside types without a Swift parser (hook discovery,
/// `managed-codegen audit`). Comments and string literals (interpolations included) are skipped; words are
/// identifiers, keywords and numbers with backticks removed; everything else is one punctuation byte.
package struct SwiftTokens: Sendable {
    package enum Token: Hashable, Sendable {
        case word(String)
        case punctuation(UInt8)

        package static func punct(_ character: Unicode.Scalar) -> Token { .punctuation(UInt8(character.value)) }

        package var word: String? {
            if case .word(let text) = self { return text }
            return nil
        }

        /// The token as written (a punctuation byte as its character).
        package var text: String {
            switch self {
            case .word(let text): return text
            case .punctuation(let byte): return String(UnicodeScalar(byte))
            }
        }
    }

    /// In source order, each with its 1-based line.
    package var tokens: [(token: Token, line: Int)]
    /// The text of each line that holds only a `//` comment (attributes and markers above declarations).
    package var lineComments: [Int: String]

    package init(_ text: String) {
        (tokens, lineComments) = Tokenizer(bytes: Array(text.utf8)).tokenize()
    }

    package var count: Int { tokens.count }

    package subscript(_ index: Int) -> Token? { index < tokens.count ? tokens[index].token : nil }

    package func word(at index: Int) -> String? { self[index]?.word }

    package func line(at index: Int) -> Int { tokens[min(index, tokens.count - 1)].line }

    /// The index after the bracketed group opening at `start` (`(`, `[`, `<` or `{`, nested brackets of every kind
    /// counted); `start` itself when no group opens there.
    package func indexAfterGroup(at start: Int) -> Int {
        guard case .punctuation(let open)? = self[start], Self.openers.contains(open) else { return start }
        var depth = 0
        var index = start
        while index < tokens.count {
            if case .punctuation(let byte) = tokens[index].token {
                if Self.openers.contains(byte) { depth += 1 }
                if Self.closers.contains(byte) { depth -= 1 }
            }
            index += 1
            if depth == 0 { break }
        }
        return index
    }

    static let openers: Set<UInt8> = [UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: "{")]
    static let closers: Set<UInt8> = [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"), UInt8(ascii: "}")]

    /// A function's parameter as written: its argument label (`_` for none) and type.
    package struct Parameter: Hashable, Sendable {
        package var label: String
        /// The type, whitespace between punctuation removed (`[String:Any]`, `inout String`).
        package var type: String

        package init(label: String, type: String) {
            self.label = label
            self.type = type
        }
    }

    /// The parameter list of a function whose name ends before `start` (after an optional generic clause);
    /// nil when there is none.
    package func parameters(from start: Int) -> [Parameter]? {
        var index = start
        if self[index] == .punct("<") { index = indexAfterGroup(at: index) }
        guard self[index] == .punct("(") else { return nil }
        index += 1
        var depth = 0
        var pieces: [[Token]] = [[]]
        while index < tokens.count {
            let token = tokens[index].token
            index += 1
            if case .punctuation(let byte) = token {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<") { depth += 1 }
                if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ">") {
                    if depth == 0 { break }
                    depth -= 1
                }
                if byte == UInt8(ascii: ","), depth == 0 {
                    pieces.append([])
                    continue
                }
            }
            pieces[pieces.count - 1].append(token)
        }
        if pieces.count == 1, pieces[0].isEmpty { return [] }
        return pieces.map { piece in
            let colon = piece.firstIndex(of: .punct(":")) ?? piece.endIndex
            let label = piece.first?.word ?? "_"
            // Attributes and `inout` belong to the type; a default value does not.
            let typeTokens = piece[min(colon + 1, piece.endIndex)...].prefix { $0 != .punct("=") }
            return Parameter(label: label, type: Self.spelled(typeTokens))
        }
    }

    /// Tokens written back as compact text: words next to each other keep a space (`inout String`, `some Sequence`).
    package static func spelled(_ tokens: some Sequence<Token>) -> String {
        var text = ""
        var previousWasWord = false
        for token in tokens {
            if token.word != nil, previousWasWord { text += " " }
            text += token.text
            previousWasWord = token.word != nil
        }
        return text
    }
}

/// Every `.swift` file under some folders (recursively; hidden folders and `.build` skipped), by sorted path.
package enum SwiftSourceFiles {
    /// Paths of the Swift files under `folders` (a folder may also be a single `.swift` file); unreadable or
    /// missing folders contribute nothing.
    package static func paths(under folders: [String]) -> [String] {
        var paths: Set<String> = []
        for folder in folders {
            let root = (folder as NSString).standardizingPath
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else {
                if root.hasSuffix(".swift") { paths.insert(root) }
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: root) else { continue }
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || name == ".build" {
                    enumerator.skipDescendants()
                    continue
                }
                if name.hasSuffix(".swift") { paths.insert((root as NSString).appendingPathComponent(relative)) }
            }
        }
        return paths.sorted()
    }

    /// The text of each readable file of `paths`, in order.
    package static func read(_ paths: [String]) -> [(path: String, text: String)] {
        paths.compactMap { path in
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return (path, String(decoding: data, as: UTF8.self))
        }
    }
}

private struct Tokenizer {
    let bytes: [UInt8]

    /// Words and single punctuation bytes with their line; whitespace, comments and string literals dropped.
    /// Also the text of each line that is only a `//` comment.
    func tokenize() -> ([(token: SwiftTokens.Token, line: Int)], [Int: String]) {
        var tokens: [(token: SwiftTokens.Token, line: Int)] = []
        var comments: [Int: String] = [:]
        var line = 1
        var index = 0
        let count = bytes.count
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
                || byte >= 0x80
        }
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                index += 1
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                let start = index
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                if tokens.last?.line != line { comments[line] = String(decoding: bytes[start..<index], as: UTF8.self) }
            } else if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
                var depth = 0
                repeat {
                    if bytes[index] == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
                        depth += 1
                        index += 2
                    } else if bytes[index] == UInt8(ascii: "*"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        index += 2
                    } else {
                        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                        index += 1
                    }
                } while depth > 0 && index < count
            } else if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && nextIsQuote(after: index)) {
                index = skipString(from: index, line: &line)
            } else if isWordByte(byte) {
                let start = index
                while index < count, isWordByte(bytes[index]) { index += 1 }
                tokens.append((.word(String(decoding: bytes[start..<index], as: UTF8.self)), line))
            } else if byte == UInt8(ascii: "`") {
                let start = index + 1
                index = start
                while index < count, bytes[index] != UInt8(ascii: "`"), bytes[index] != UInt8(ascii: "\n") { index += 1 }
                tokens.append((.word(String(decoding: bytes[start..<index], as: UTF8.self)), line))
                if index < count, bytes[index] == UInt8(ascii: "`") { index += 1 }
            } else {
                tokens.append((.punctuation(byte), line))
                index += 1
            }
        }
        return (tokens, comments)
    }

    private func nextIsQuote(after index: Int) -> Bool {
        var next = index
        while next < bytes.count, bytes[next] == UInt8(ascii: "#") { next += 1 }
        return next < bytes.count && bytes[next] == UInt8(ascii: "\"")
    }

    /// Skips a string literal (`"…"`, `"""…"""`, raw `#"…"#`); interpolations are skipped with it.
    private func skipString(from start: Int, line: inout Int) -> Int {
        var index = start
        var hashes = 0
        while bytes[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        let isMultiline = index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") && bytes[index + 2] == UInt8(ascii: "\"")
        index += isMultiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                if !isMultiline { return index }
            }
            if byte == UInt8(ascii: "\\"), hashes == 0 {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") {
                    // An interpolation: its own strings and parentheses, up to the closing one.
                    index += 2
                    var depth = 1
                    while index < bytes.count, depth > 0 {
                        switch bytes[index] {
                        case UInt8(ascii: "\""): index = skipString(from: index, line: &line)
                        case UInt8(ascii: "("): depth += 1; index += 1
                        case UInt8(ascii: ")"): depth -= 1; index += 1
                        case UInt8(ascii: "\n"): line += 1; index += 1
                        default: index += 1
                        }
                    }
                    continue
                }
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let quotes = isMultiline ? 3 : 1
                var closes = index + quotes <= bytes.count
                if closes { for offset in 0..<quotes where bytes[index + offset] != UInt8(ascii: "\"") { closes = false } }
                if closes {
                    var end = index + quotes
                    var closingHashes = 0
                    while closingHashes < hashes, end < bytes.count, bytes[end] == UInt8(ascii: "#") {
                        closingHashes += 1
                        end += 1
                    }
                    if closingHashes == hashes { return end }
                }
            }
            index += 1
        }
        return index
    }
}
