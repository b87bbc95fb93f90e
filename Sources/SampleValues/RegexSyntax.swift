/// A set of Unicode scalar values, kept as sorted, non-overlapping closed ranges.
///
/// Negated classes (`[^…]`, `\D`) are stored as their explicit complement so that unions of
/// negated and positive items (`[\Da-f]`) need no special cases.
struct ScalarSet: Hashable, Sendable {
    private(set) var ranges: [ClosedRange<UInt32>]

    static let maximumScalar: UInt32 = 0x10FFFF
    static let empty = ScalarSet(ranges: [])
    static let all = ScalarSet(ranges: [0...maximumScalar])

    init(ranges: [ClosedRange<UInt32>]) {
        self.ranges = ScalarSet.normalized(ranges)
    }

    init(_ scalars: String) {
        self.init(ranges: scalars.unicodeScalars.map { $0.value...$0.value })
    }

    static func range(_ from: Unicode.Scalar, _ to: Unicode.Scalar) -> ScalarSet {
        ScalarSet(ranges: [from.value...to.value])
    }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar.value) }
    }

    var isEmpty: Bool { ranges.isEmpty }

    func union(_ other: ScalarSet) -> ScalarSet {
        ScalarSet(ranges: ranges + other.ranges)
    }

    var inverted: ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            if range.upperBound == ScalarSet.maximumScalar { return ScalarSet(ranges: result) }
            next = range.upperBound + 1
        }
        result.append(next...ScalarSet.maximumScalar)
        return ScalarSet(ranges: result)
    }

    /// Adds the other-case forms of ASCII letters, for `(?i)`; non-ASCII case folding is left to the
    /// verification step.
    var addingASCIICaseVariants: ScalarSet {
        var extra: [ClosedRange<UInt32>] = []
        for range in ranges {
            for (lower, upper) in [(UInt32(0x61), UInt32(0x7A)), (UInt32(0x41), UInt32(0x5A))] {
                let low = max(range.lowerBound, lower), high = min(range.upperBound, upper)
                guard low <= high else { continue }
                let shift: Int64 = lower == 0x61 ? -32 : 32
                extra.append(UInt32(Int64(low) + shift)...UInt32(Int64(high) + shift))
            }
        }
        return ScalarSet(ranges: ranges + extra)
    }

    /// The first scalar of `preferences` inside the set, else the set's first printable scalar.
    /// Deterministic, so equal patterns always give equal witnesses.
    func representative(preferring preferences: [Unicode.Scalar] = ScalarSet.preferredScalars) -> Unicode.Scalar? {
        if let preferred = preferences.first(where: contains) { return preferred }
        // Printable first: controls and surrogates make poor test data (and surrogates are not scalars).
        for range in ranges {
            var value = max(range.lowerBound, 0x20)
            while value <= range.upperBound {
                if (0xD800...0xDFFF).contains(value) { value = 0xE000; continue }
                if (0x7F...0x9F).contains(value) { value = 0xA0; continue }
                if let scalar = Unicode.Scalar(value) { return scalar }
                value += 1
            }
        }
        return ranges.lazy.compactMap { Unicode.Scalar($0.lowerBound) }.first
    }

    /// Characters a reader recognises as ordinary text, in the order witnesses should use them.
    static let preferredScalars: [Unicode.Scalar] = Array(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_. @+:/!#$%&*=?~,;'\"()[]{}<>^|\\`"
            .unicodeScalars)

    private static func normalized(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    // ICU's `\d`, `\w`, `\s` are Unicode-aware; these ASCII-plus subsets are enough to pick members
    // (and complements) that ICU agrees with, which verification then confirms.
    static let digits = ScalarSet.range("0", "9")
    static let wordCharacters = ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    static let whitespace = ScalarSet(ranges: [0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x2028...0x2029])
    static let horizontalWhitespace = ScalarSet(ranges: [0x09...0x09, 0x20...0x20, 0xA0...0xA0])
    static let verticalWhitespace = ScalarSet(ranges: [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029])
    static let lineTerminators = ScalarSet(ranges: [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029])
    static let asciiLetters = ScalarSet(ranges: [0x41...0x5A, 0x61...0x7A])
    static let uppercase = ScalarSet.range("A", "Z")
    static let lowercase = ScalarSet.range("a", "z")
    static let hexDigits = ScalarSet(ranges: [0x30...0x39, 0x41...0x46, 0x61...0x66])
    static let asciiPunctuation = ScalarSet(ranges: [0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E])
}

/// Zero-width assertions; the witness builder emits nothing for them and relies on verification.
enum RegexAssertion: Hashable, Sendable {
    case startOfInput, endOfInput, startOfLine, endOfLine, wordBoundary, notWordBoundary
}

/// The parsed form of an ICU regular expression, reduced to what determines the language it matches.
/// Capturing, non-capturing and named groups all become their content; lazy and greedy quantifiers
/// match the same strings under full-match semantics.
indirect enum RegexNode: Hashable, Sendable {
    case empty
    case scalar(Unicode.Scalar)
    case set(ScalarSet)
    case sequence([RegexNode])
    case alternation([RegexNode])
    case repetition(RegexNode, min: Int, max: Int?)
    case assertion(RegexAssertion)
    /// Possessive quantifiers and atomic groups: the same strings as `child` in simple cases, but
    /// backtracking is cut, so such witnesses depend on verification.
    case atomic(RegexNode)
}

/// Why no witness (or no violating value) could be produced.
package struct RegexWitnessFailure: Error, Hashable, Sendable, CustomStringConvertible {
    package var reason: String

    package init(_ reason: String) {
        self.reason = reason
    }

    package var description: String { reason }
}

/// A recursive-descent parser for the ICU regular-expression dialect used by `NSRegularExpression`
/// and Core Data's attribute validation.
///
/// Only patterns that `NSRegularExpression` accepted are parsed, so syntax errors are not diagnosed
/// here; constructs whose language cannot be enumerated simply (lookaround, backreferences,
/// free-spacing mode, set operations in classes) are reported as unsupported.
struct RegexParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var caseInsensitive = false

    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    static func parse(_ pattern: String) throws(RegexWitnessFailure) -> RegexNode {
        var parser = RegexParser(pattern)
        let node = try parser.parseAlternation()
        if parser.position < parser.scalars.count {
            throw RegexWitnessFailure("unbalanced ')' at offset \(parser.position)")
        }
        return node
    }

    private var isAtEnd: Bool { position >= scalars.count }
    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private mutating func next() throws(RegexWitnessFailure) -> Unicode.Scalar {
        guard let scalar = peek() else { throw RegexWitnessFailure("pattern ends unexpectedly") }
        position += 1
        return scalar
    }

    private mutating func consume(_ text: String) -> Bool {
        let expected = Array(text.unicodeScalars)
        guard position + expected.count <= scalars.count,
            Array(scalars[position..<(position + expected.count)]) == expected
        else { return false }
        position += expected.count
        return true
    }

    private mutating func parseAlternation() throws(RegexWitnessFailure) -> RegexNode {
        // Inline flags such as `(?i)` last until the end of the enclosing group.
        let savedCaseInsensitive = caseInsensitive
        defer { caseInsensitive = savedCaseInsensitive }
        var branches = [try parseSequence()]
        while peek() == "|" {
            position += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence() throws(RegexWitnessFailure) -> RegexNode {
        var items: [RegexNode] = []
        while let scalar = peek(), scalar != "|", scalar != ")" {
            guard let atom = try parseAtom() else { continue }
            items.append(try parseQuantifiers(applyingTo: atom))
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func parseQuantifiers(applyingTo atom: RegexNode) throws(RegexWitnessFailure) -> RegexNode {
        var node = atom
        while true {
            let bounds: (Int, Int?)
            switch peek() {
            case "*": position += 1; bounds = (0, nil)
            case "+": position += 1; bounds = (1, nil)
            case "?": position += 1; bounds = (0, 1)
            case "{":
                guard let interval = parseInterval() else { return node }
                bounds = interval
            default: return node
            }
            node = .repetition(node, min: bounds.0, max: bounds.1)
            if peek() == "?" {
                position += 1  // lazy: same language
            } else if peek() == "+" {
                position += 1
                node = .atomic(node)
            }
        }
    }

    /// `{n}`, `{n,}`, `{n,m}`; nil (position unchanged) when the brace does not start an interval.
    private mutating func parseInterval() -> (Int, Int?)? {
        let start = position
        position += 1
        func number() -> Int? {
            var digits = ""
            while let scalar = peek(), ("0"..."9").contains(scalar) {
                digits.unicodeScalars.append(scalar)
                position += 1
            }
            return Int(digits)
        }
        guard let lower = number() else { position = start; return nil }
        var upper: Int? = lower
        if peek() == "," {
            position += 1
            upper = number()
        }
        guard peek() == "}" else { position = start; return nil }
        position += 1
        return (lower, upper)
    }

    /// One atom, or nil for constructs that match nothing and change no language (comments, flags).
    private mutating func parseAtom() throws(RegexWitnessFailure) -> RegexNode? {
        let scalar = try next()
        switch scalar {
        case "(": return try parseGroup()
        case "[": return .set(try parseClass())
        case ".": return .set(ScalarSet.lineTerminators.inverted)
        case "^": return .assertion(.startOfLine)
        case "$": return .assertion(.endOfLine)
        case "\\": return try parseEscape()
        default: return literal(scalar)
        }
    }

    private func literal(_ scalar: Unicode.Scalar) -> RegexNode {
        caseInsensitive ? .set(ScalarSet(ranges: [scalar.value...scalar.value]).addingASCIICaseVariants) : .scalar(scalar)
    }

    private mutating func parseGroup() throws(RegexWitnessFailure) -> RegexNode? {
        var isAtomic = false
        if peek() == "?" {
            position += 1
            if consume(":") {
            } else if consume(">") {
                isAtomic = true
            } else if consume("=") || consume("!") || consume("<=") || consume("<!") {
                throw RegexWitnessFailure("lookaround assertions are not supported")
            } else if consume("#") {
                while let scalar = peek(), scalar != ")" { position += 1 }
                _ = try next()
                return nil
            } else if peek() == "<" {
                position += 1
                while let scalar = peek(), scalar != ">" { position += 1 }
                _ = try next()
            } else {
                return try parseFlagGroup()
            }
        }
        let content = try parseAlternation()
        guard try next() == ")" else { throw RegexWitnessFailure("unbalanced '('") }
        return isAtomic ? .atomic(content) : content
    }

    /// `(?ismwx-ismwx)` (applies to the rest of the enclosing group) or `(?ismwx-ismwx: … )`.
    private mutating func parseFlagGroup() throws(RegexWitnessFailure) -> RegexNode? {
        var enable = true
        var newCaseInsensitive = caseInsensitive
        while true {
            let flag = try next()
            switch flag {
            case "i": newCaseInsensitive = enable
            case "-": enable = false
            case "s", "m", "w":
                break  // dot-all, multi-line, Unicode word boundaries: irrelevant for full-string witnesses
            case "x":
                if enable { throw RegexWitnessFailure("free-spacing mode (?x) is not supported") }
            case ")":
                caseInsensitive = newCaseInsensitive
                return nil
            case ":":
                let saved = caseInsensitive
                caseInsensitive = newCaseInsensitive
                let content = try parseAlternation()
                caseInsensitive = saved
                guard try next() == ")" else { throw RegexWitnessFailure("unbalanced '('") }
                return content
            default:
                throw RegexWitnessFailure("unsupported group flag '\(flag)'")
            }
        }
    }

    private enum EscapeMeaning {
        case scalar(Unicode.Scalar)
        case set(ScalarSet)
        case node(RegexNode)
    }

    private mutating func parseEscape() throws(RegexWitnessFailure) -> RegexNode {
        switch try parseEscapeMeaning(insideClass: false) {
        case .scalar(let scalar): return literal(scalar)
        case .set(let set): return .set(caseInsensitive ? set.addingASCIICaseVariants : set)
        case .node(let node): return node
        }
    }

    private mutating func parseEscapeMeaning(insideClass: Bool) throws(RegexWitnessFailure) -> EscapeMeaning {
        let scalar = try next()
        switch scalar {
        case "d": return .set(.digits)
        case "D": return .set(ScalarSet.digits.inverted)
        case "w": return .set(.wordCharacters)
        case "W": return .set(ScalarSet.wordCharacters.inverted)
        case "s": return .set(.whitespace)
        case "S": return .set(ScalarSet.whitespace.inverted)
        case "h": return .set(.horizontalWhitespace)
        case "H": return .set(ScalarSet.horizontalWhitespace.inverted)
        case "v": return .set(.verticalWhitespace)
        case "V": return .set(ScalarSet.verticalWhitespace.inverted)
        case "R" where !insideClass: return .set(ScalarSet("\n"))
        case "X" where !insideClass: return .set(ScalarSet.lineTerminators.inverted)
        case "t": return .scalar("\t")
        case "n": return .scalar("\n")
        case "r": return .scalar("\r")
        case "f": return .scalar("\u{0C}")
        case "e": return .scalar("\u{1B}")
        case "a": return .scalar("\u{07}")
        case "u": return .scalar(try hexScalar(digits: 4))
        case "U": return .scalar(try hexScalar(digits: 8))
        case "x":
            if peek() == "{" {
                position += 1
                var digits = ""
                while let next = peek(), next != "}" {
                    digits.unicodeScalars.append(next)
                    position += 1
                }
                position += 1
                return .scalar(try Self.scalar(fromHex: digits))
            }
            return .scalar(try hexScalar(digits: 2))
        case "0":
            var digits = ""
            while digits.count < 3, let next = peek(), ("0"..."7").contains(next) {
                digits.unicodeScalars.append(next)
                position += 1
            }
            guard let value = UInt32(digits.isEmpty ? "0" : digits, radix: 8), let result = Unicode.Scalar(value) else {
                throw RegexWitnessFailure("invalid octal escape")
            }
            return .scalar(result)
        case "c":
            let control = try next()
            guard let result = Unicode.Scalar(control.value & 0x1F) else { throw RegexWitnessFailure("invalid \\c escape") }
            return .scalar(result)
        case "p", "P":
            let set = try parsePropertyName()
            return .set(scalar == "P" ? set.inverted : set)
        case "Q":
            var quoted: [RegexNode] = []
            while !isAtEnd, !consume("\\E") {
                quoted.append(literal(try next()))
            }
            if insideClass { throw RegexWitnessFailure("\\Q…\\E inside a character class is not supported") }
            return .node(.sequence(quoted))
        case "b" where !insideClass: return .node(.assertion(.wordBoundary))
        case "B" where !insideClass: return .node(.assertion(.notWordBoundary))
        case "A", "G": return .node(.assertion(.startOfInput))
        case "z", "Z": return .node(.assertion(.endOfInput))
        case "1"..."9":
            throw RegexWitnessFailure("backreferences (\\\(scalar)) are not supported")
        case "k":
            throw RegexWitnessFailure("named backreferences (\\k<…>) are not supported")
        case "N":
            throw RegexWitnessFailure("named characters (\\N{…}) are not supported")
        case "b", "B", "R", "X":
            throw RegexWitnessFailure("\\\(scalar) inside a character class is not supported")
        default:
            return .scalar(scalar)
        }
    }

    private mutating func hexScalar(digits count: Int) throws(RegexWitnessFailure) -> Unicode.Scalar {
        var digits = ""
        for _ in 0..<count { digits.unicodeScalars.append(try next()) }
        return try Self.scalar(fromHex: digits)
    }

    private static func scalar(fromHex digits: String) throws(RegexWitnessFailure) -> Unicode.Scalar {
        guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
            throw RegexWitnessFailure("invalid hexadecimal escape '\(digits)'")
        }
        return scalar
    }

    /// `\p{…}` and `[:…:]`: the common ASCII-expressible properties. Witnesses only need one member
    /// (or non-member), which verification confirms against ICU's real definition.
    private mutating func parsePropertyName() throws(RegexWitnessFailure) -> ScalarSet {
        var name = ""
        if peek() == "{" {
            position += 1
            while let next = peek(), next != "}" {
                name.unicodeScalars.append(next)
                position += 1
            }
            position += 1
        } else {
            name.unicodeScalars.append(try next())
        }
        return try propertySet(named: name)
    }

    private func propertySet(named rawName: String) throws(RegexWitnessFailure) -> ScalarSet {
        var name = rawName.lowercased().filter { $0 != "_" && $0 != " " && $0 != "-" }
        var negate = false
        if name.hasPrefix("^") {
            negate = true
            name.removeFirst()
        }
        if name.hasPrefix("generalcategory=") { name.removeFirst("generalcategory=".count) }
        if name.hasPrefix("gc=") { name.removeFirst(3) }
        let set: ScalarSet
        switch name {
        case "l", "letter", "alpha", "alphabetic", "l&", "lc": set = .asciiLetters
        case "lu", "uppercaseletter", "upper", "uppercase": set = .uppercase
        case "ll", "lowercaseletter", "lower", "lowercase": set = .lowercase
        case "n", "number", "nd", "decimalnumber", "digit": set = .digits
        case "alnum": set = ScalarSet.asciiLetters.union(.digits)
        case "word": set = .wordCharacters
        case "space", "whitespace", "z", "zs": set = .whitespace
        case "blank": set = .horizontalWhitespace
        case "xdigit", "hexdigit", "asciihexdigit": set = .hexDigits
        case "punct", "p", "punctuation": set = .asciiPunctuation
        case "ascii": set = ScalarSet(ranges: [0...0x7F])
        case "any": set = .all
        default: throw RegexWitnessFailure("Unicode property '\(rawName)' is not supported")
        }
        return negate ? set.inverted : set
    }

    /// After the opening `[`.
    private mutating func parseClass() throws(RegexWitnessFailure) -> ScalarSet {
        var negated = false
        if peek() == "^" {
            negated = true
            position += 1
        }
        var set = ScalarSet.empty
        var isFirst = true
        while true {
            guard let scalar = peek() else { throw RegexWitnessFailure("unterminated character class") }
            if scalar == "]" && !isFirst {
                position += 1
                break
            }
            isFirst = false
            if consume("&&") || (peek() == "-" && peek(1) == "-") || (peek() == "-" && peek(1) == "[") {
                throw RegexWitnessFailure("character-class set operations (&&, --) are not supported")
            }
            if consume("[:") || consume("[\\p") || consume("[\\P") {
                if scalars[position - 1] == ":" {
                    var name = ""
                    while !isAtEnd, !consume(":]") { name.unicodeScalars.append(try next()) }
                    set = set.union(try propertySet(named: name))
                } else {
                    let inverted = scalars[position - 1] == "P"
                    let property = try parsePropertyName()
                    set = set.union(inverted ? property.inverted : property)
                    guard try next() == "]" else { throw RegexWitnessFailure("unsupported class syntax") }
                }
                continue
            }
            if scalar == "[" {
                position += 1
                set = set.union(try parseClass())
                continue
            }
            let low: Unicode.Scalar
            switch try classMember() {
            case .set(let member):
                set = set.union(member)
                continue
            case .scalar(let member):
                low = member
            case .node:
                throw RegexWitnessFailure("unsupported escape inside a character class")
            }
            if peek() == "-", let after = peek(1), after != "]" {
                position += 1
                guard case .scalar(let high) = try classMember(), low.value <= high.value else {
                    throw RegexWitnessFailure("invalid range in character class")
                }
                set = set.union(ScalarSet(ranges: [low.value...high.value]))
            } else {
                set = set.union(ScalarSet(ranges: [low.value...low.value]))
            }
        }
        if caseInsensitive { set = set.addingASCIICaseVariants }
        return negated ? set.inverted : set
    }

    private mutating func classMember() throws(RegexWitnessFailure) -> EscapeMeaning {
        let scalar = try next()
        return scalar == "\\" ? try parseEscapeMeaning(insideClass: true) : .scalar(scalar)
    }
}
