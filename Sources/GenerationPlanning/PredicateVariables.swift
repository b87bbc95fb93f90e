/// The `$VARIABLE`s of an NSPredicate format string and what each is compared with.
///
/// NSPredicate cannot parse on Linux, and the generator needs only this much: for every variable, the key
/// path on the other side of its comparison and the operator. The grammar followed is Apple's "Predicate
/// Format String Syntax": comparisons `lhs OP rhs` joined by AND/OR/NOT (`&&`, `||`, `!`) and parentheses,
/// operators `==`/`=`, `!=`/`<>`, `<`, `<=`/`=<`, `>`, `>=`/`=>`, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES,
/// IN, BETWEEN (optionally with `[cd]` modifiers), aggregate prefixes ANY/SOME/ALL/NONE, quoted strings.
/// Anything else next to a variable (functions, arithmetic, SUBQUERY) leaves its key path unknown.
struct PredicateVariables: Hashable, Sendable {
    struct Use: Hashable, Sendable {
        /// `PREFIX` for `$PREFIX`.
        var variable: String
        /// The key path compared with the variable (`title`, `owner.name`, `SELF`); nil when not a plain key path.
        var keyPath: String?
        /// The operator, upper-cased (`==`, `BEGINSWITH`, `IN`), normalized (`=` → `==`, `<>` → `!=`, `=<` → `<=`, `=>` → `>=`).
        var comparison: String?
        /// The variable is on the right of the operator (`keyPath OP $VAR`).
        var variableIsRight: Bool
        /// The key path is preceded by ANY, SOME, ALL or NONE.
        var isAggregate: Bool
    }

    /// Each variable's uses, in order of first appearance.
    var uses: [Use]

    /// Variable names in order of first appearance, without duplicates.
    var variableNames: [String] {
        var seen: Set<String> = []
        return uses.map(\.variable).filter { seen.insert($0).inserted }
    }

    init(format: String) {
        let tokens = PredicateTokenizer.tokens(of: format)
        var uses: [Use] = []
        for (index, token) in tokens.enumerated() {
            guard case .variable(let name) = token else { continue }
            // `$FETCH_SOURCE.folder`: a variable followed by a key path is an object, not a comparable value.
            if index + 1 < tokens.count, case .dot = tokens[index + 1] { continue }
            var use = Use(variable: name, keyPath: nil, comparison: nil, variableIsRight: true, isAggregate: false)
            if let (op, operatorStart) = Self.operatorBefore(index, in: tokens) {
                use.comparison = op
                use.variableIsRight = true
                (use.keyPath, use.isAggregate) = Self.keyPathEnding(before: operatorStart, in: tokens)
            } else if let (op, operatorEnd) = Self.operatorAfter(index, in: tokens) {
                use.comparison = op
                use.variableIsRight = false
                (use.keyPath, use.isAggregate) = Self.keyPathStarting(at: operatorEnd, in: tokens)
            }
            uses.append(use)
        }
        self.uses = uses
    }

    /// The operator ending just before `index` (skipping a `[cd]` modifier), and where it starts.
    private static func operatorBefore(_ index: Int, in tokens: [PredicateToken]) -> (String, Int)? {
        var position = index - 1
        if position >= 0, case .modifier = tokens[position] { position -= 1 }
        guard position >= 0, let op = tokens[position].comparisonOperator else { return nil }
        return (op, position)
    }

    /// The operator starting just after `index`, and the index after it (and its modifier).
    private static func operatorAfter(_ index: Int, in tokens: [PredicateToken]) -> (String, Int)? {
        let position = index + 1
        guard position < tokens.count, let op = tokens[position].comparisonOperator else { return nil }
        var end = position + 1
        if end < tokens.count, case .modifier = tokens[end] { end += 1 }
        return (op, end)
    }

    /// `a.b.c` ending at `end - 1`, when it is the whole left operand (preceded by nothing, `(`, AND/OR/NOT or an aggregate).
    private static func keyPathEnding(before end: Int, in tokens: [PredicateToken]) -> (String?, Bool) {
        var parts: [String] = []
        var position = end - 1
        while position >= 0, case .identifier(let name) = tokens[position] {
            parts.insert(name, at: 0)
            position -= 1
            guard position >= 0, case .dot = tokens[position] else { break }
            position -= 1
        }
        guard !parts.isEmpty else { return (nil, false) }
        if position >= 0, case .dot = tokens[position] { return (nil, false) }
        var isAggregate = false
        if position >= 0, case .keyword(let word) = tokens[position], PredicateToken.aggregates.contains(word) {
            isAggregate = true
            position -= 1
        }
        guard position < 0 || tokens[position].startsOperand else { return (nil, false) }
        return (parts.joined(separator: "."), isAggregate)
    }

    /// `a.b.c` starting at `start`, when it is the whole right operand (followed by nothing, `)`, AND/OR).
    private static func keyPathStarting(at start: Int, in tokens: [PredicateToken]) -> (String?, Bool) {
        var position = start
        var isAggregate = false
        if position < tokens.count, case .keyword(let word) = tokens[position], PredicateToken.aggregates.contains(word) {
            isAggregate = true
            position += 1
        }
        var parts: [String] = []
        while position < tokens.count, case .identifier(let name) = tokens[position] {
            parts.append(name)
            position += 1
            guard position < tokens.count, case .dot = tokens[position] else { break }
            position += 1
        }
        guard !parts.isEmpty, position >= tokens.count || tokens[position].endsOperand else { return (nil, false) }
        return (parts.joined(separator: "."), isAggregate)
    }
}

enum PredicateToken: Hashable, Sendable {
    case identifier(String)
    /// Reserved words, upper-cased: AND, OR, NOT, ANY, BEGINSWITH, TRUEPREDICATE, NIL, …
    case keyword(String)
    case variable(String)
    case symbol(String)
    case dot
    case modifier
    case literal

    static let aggregates: Set<String> = ["ANY", "SOME", "ALL", "NONE"]
    static let wordOperators: Set<String> = ["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES", "IN", "BETWEEN"]
    static let reserved: Set<String> = wordOperators.union(aggregates).union([
        "AND", "OR", "NOT", "NULL", "NIL", "TRUE", "FALSE", "YES", "NO", "TRUEPREDICATE", "FALSEPREDICATE", "SUBQUERY",
        "FUNCTION", "CAST", "UTI-CONFORMS-TO", "UTI-EQUALS",
    ])

    var comparisonOperator: String? {
        switch self {
        case .symbol(let text):
            switch text {
            case "==", "=": return "=="
            case "!=", "<>": return "!="
            case "<": return "<"
            case ">": return ">"
            case "<=", "=<": return "<="
            case ">=", "=>": return ">="
            default: return nil
            }
        case .keyword(let word) where Self.wordOperators.contains(word): return word
        default: return nil
        }
    }

    var startsOperand: Bool {
        switch self {
        case .symbol(let text): return ["(", "&&", "||", "!"].contains(text)
        case .keyword(let word): return ["AND", "OR", "NOT"].contains(word)
        default: return false
        }
    }

    var endsOperand: Bool {
        switch self {
        case .symbol(let text): return [")", "&&", "||"].contains(text)
        case .keyword(let word): return ["AND", "OR"].contains(word)
        default: return false
        }
    }
}

enum PredicateTokenizer {
    static func tokens(of format: String) -> [PredicateToken] {
        let scalars = Array(format.unicodeScalars)
        var tokens: [PredicateToken] = []
        var index = 0
        func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "@" || scalar == "#"
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "\"" || scalar == "'" {
                index += 1
                while index < scalars.count, scalars[index] != scalar {
                    index += scalars[index] == "\\" ? 2 : 1
                }
                index += 1
                tokens.append(.literal)
            } else if scalar == "$" {
                var end = index + 1
                while end < scalars.count, isWordScalar(scalars[end]) { end += 1 }
                tokens.append(.variable(String(String.UnicodeScalarView(scalars[(index + 1)..<end]))))
                index = end
            } else if scalar == "[" {
                // `[cd]` after an operator; `[0]`/`[FIRST]` index subscripts are treated alike (they end a key path).
                while index < scalars.count, scalars[index] != "]" { index += 1 }
                index += 1
                tokens.append(.modifier)
            } else if scalar == "." && !(index + 1 < scalars.count && ("0"..."9").contains(scalars[index + 1])) {
                tokens.append(.dot)
                index += 1
            } else if isWordScalar(scalar) || scalar == "." {
                var end = index
                while end < scalars.count, isWordScalar(scalars[end]) || (scalars[end] == "." && end + 1 < scalars.count
                    && ("0"..."9").contains(scalars[end + 1]) && ("0"..."9").contains(scalars[index])) { end += 1 }
                let word = String(String.UnicodeScalarView(scalars[index..<end]))
                if ("0"..."9").contains(scalar) || word.hasPrefix("@") {
                    tokens.append(word.hasPrefix("@") ? .identifier(word) : .literal)
                } else if PredicateToken.reserved.contains(word.uppercased()) {
                    tokens.append(.keyword(word.uppercased()))
                } else {
                    tokens.append(.identifier(word))
                }
                index = end
            } else {
                let two = index + 1 < scalars.count ? String(String.UnicodeScalarView([scalar, scalars[index + 1]])) : ""
                if ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"].contains(two) {
                    tokens.append(.symbol(two))
                    index += 2
                } else {
                    tokens.append(.symbol(String(scalar)))
                    index += 1
                }
            }
        }
        return tokens
    }
}
