import Foundation
import ManagedModel

/// The validation hooks the user wrote: every `func validate<Name>(…)` declared directly in a type's body or
/// extension (`extension Item { func validateName(_ name: String) throws }`) in the scanned Swift files.
///
/// The generator's input besides the model: a property gets the Objective-C bridge Core Data calls
/// (`validate<Key>:error:`) only when its typed hook exists, so this is found before planning. A lexical scan,
/// not a parse: comments (the human file's commented examples), string literals and nested functions are
/// skipped; which declarations are hooks, and which are mistakes, the planner decides against the model.
public struct ValidationHookScan: Hashable, Sendable {
    public struct Parameter: Hashable, Sendable {
        /// The argument label as written: `_` for none.
        public var label: String
        /// The type as written, whitespace between tokens removed (`[String:Any]`).
        public var type: String
    }

    public struct Declaration: Hashable, Sendable {
        /// The extended or declared type's name, without a module (`extension Shop.Item` -> `Item`).
        public var typeName: String
        /// `validateName`
        public var methodName: String
        public var parameters: [Parameter]
        public var location: SourceLocation
        /// A value the hook rejects, from a `// managedCodegen.rejects: <Swift expression>` comment line right above
        /// it: the generated tests set the property to it and expect the hook's error from `save()`. Above a
        /// consistency or deletion hook: `;`-separated statements on the object (`email = "Ann"; name = "Ann"`)
        /// that give it a state the hook refuses (to save, or to delete once saved).
        public var rejectedSample: String? = nil
    }

    /// In file order (files sorted by path).
    public var declarations: [Declaration]

    public init(declarations: [Declaration] = []) {
        self.declarations = declarations
    }

    /// Nothing scanned: no property gets a bridge.
    public static let none = ValidationHookScan()

    /// The declarations of these sources, in the given order.
    public static func scanning(_ sources: [(path: String, text: String)]) -> ValidationHookScan {
        ValidationHookScan(declarations: sources.flatMap { HookLexer(path: $0.path, text: $0.text).declarations() })
    }

    /// Every `.swift` file under `folders` (recursively; hidden folders and `.build` skipped), by sorted path,
    /// except files starting with `skippingPrefix` (the generator's own machine files, whose bridges carry
    /// the hooks' names). Unreadable folders contribute nothing.
    public static func scanning(folders: [String], skippingPrefix: String) -> ValidationHookScan {
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
        let sources: [(path: String, text: String)] = paths.sorted().compactMap { path in
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            let text = String(decoding: data, as: UTF8.self)
            return text.hasPrefix(skippingPrefix) ? nil : (path, text)
        }
        return scanning(sources)
    }

    /// The declarations made in an extension or body of `typeName`.
    public func declarations(of typeName: String) -> [Declaration] {
        declarations.filter { $0.typeName == typeName }
    }
}

/// Tokens of Swift source, enough to find `func` declarations directly inside a type's braces.
private struct HookLexer {
    enum Token: Equatable {
        case word(String)
        case punctuation(UInt8)
    }

    let path: String
    let bytes: [UInt8]

    init(path: String, text: String) {
        self.path = path
        bytes = Array(text.utf8)
    }

    static let rejectsMarker = "managedCodegen.rejects:"

    private static let typeKeywords: Set<String> = ["extension", "class", "struct", "enum", "actor", "protocol"]

    func declarations() -> [ValidationHookScan.Declaration] {
        let (tokens, comments) = tokenize()
        var found: [ValidationHookScan.Declaration] = []
        // One entry per open brace: the type whose body it opens, or nil (function bodies, closures, …).
        var scopes: [String?] = []
        var pendingType: String?
        var index = 0
        func word(at position: Int) -> String? {
            guard position < tokens.count, case .word(let text) = tokens[position].token else { return nil }
            return text
        }
        while index < tokens.count {
            let (token, _) = tokens[index]
            switch token {
            case .punctuation(UInt8(ascii: "{")):
                scopes.append(pendingType)
                pendingType = nil
            case .punctuation(UInt8(ascii: "}")):
                _ = scopes.popLast()
                pendingType = nil
            case .punctuation(UInt8(ascii: ";")):
                pendingType = nil
            case .word(let keyword) where Self.typeKeywords.contains(keyword):
                // `class func`, `class var`: a member, not a type.
                guard var name = word(at: index + 1), !["func", "var", "let", "subscript", "override", "final"].contains(name)
                else { break }
                var next = index + 2
                if keyword == "extension" {
                    // `extension Shop.Item`: the last component names the class.
                    while next + 1 < tokens.count, tokens[next].token == .punctuation(UInt8(ascii: ".")),
                        let component = word(at: next + 1)
                    {
                        name = component
                        next += 2
                    }
                }
                pendingType = name
                index = next
                continue
            case .word("func"):
                guard let typeName = scopes.last ?? nil, let name = word(at: index + 1), Self.isHookLike(name) else { break }
                if let parameters = parameters(in: tokens, from: index + 2) {
                    let line = tokens[index].line
                    // The comment lines right above the declaration (its attributes and modifiers are on its line).
                    var sample: String?
                    var above = line - 1
                    while let comment = comments[above] {
                        if let range = comment.range(of: Self.rejectsMarker) {
                            sample = comment[range.upperBound...].trimmingCharacters(in: .whitespaces)
                        }
                        above -= 1
                    }
                    found.append(
                        .init(typeName: typeName, methodName: name, parameters: parameters,
                              location: SourceLocation(path: path, line: line), rejectedSample: sample?.isEmpty == false ? sample : nil))
                }
            default:
                break
            }
            index += 1
        }
        return found
    }

    /// `validate` followed by an upper-case letter.
    static func isHookLike(_ name: String) -> Bool {
        guard name.hasPrefix("validate"), let next = name.utf8.dropFirst("validate".count).first else { return false }
        return next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")
    }

    /// The parameter list starting at `start` (after an optional generic clause); nil when there is none.
    private func parameters(in tokens: [(token: Token, line: Int)], from start: Int) -> [ValidationHookScan.Parameter]? {
        var index = start
        if index < tokens.count, tokens[index].token == .punctuation(UInt8(ascii: "<")) {
            var depth = 0
            while index < tokens.count {
                if tokens[index].token == .punctuation(UInt8(ascii: "<")) { depth += 1 }
                if tokens[index].token == .punctuation(UInt8(ascii: ">")) { depth -= 1 }
                index += 1
                if depth == 0 { break }
            }
        }
        guard index < tokens.count, tokens[index].token == .punctuation(UInt8(ascii: "(")) else { return nil }
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
            let colon = piece.firstIndex(of: .punctuation(UInt8(ascii: ":"))) ?? piece.endIndex
            var label = "_"
            if case .word(let first)? = piece.first { label = first }
            // Attributes and `inout` belong to the type; a default value does not.
            let typeTokens = piece[min(colon + 1, piece.endIndex)...].prefix { $0 != .punctuation(UInt8(ascii: "=")) }
            let type = typeTokens.map { token -> String in
                switch token {
                case .word(let text): return text
                case .punctuation(let byte): return String(UnicodeScalar(byte))
                }
            }
            // Words next to each other keep a space (`inout String`, `some Sequence`).
            var text = ""
            var previousWasWord = false
            for (token, spelled) in zip(typeTokens, type) {
                if case .word = token, previousWasWord { text += " " }
                text += spelled
                if case .word = token { previousWasWord = true } else { previousWasWord = false }
            }
            return ValidationHookScan.Parameter(label: label, type: text)
        }
    }

    /// Words (identifiers, keywords, numbers; backticks removed) and single punctuation bytes with their line;
    /// whitespace, comments and string literals dropped. Also the text of each line that is only a `//` comment.
    private func tokenize() -> ([(token: Token, line: Int)], comments: [Int: String]) {
        var tokens: [(token: Token, line: Int)] = []
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
