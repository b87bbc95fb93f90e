import ManagedModel
import SwiftSourceScanning

/// Comparisons with zero that compile both before and after an entity moves to the generated classes, and mean
/// something else after: `item.rating == 0` over Xcode's `@NSManaged var rating: Int16` is true for an object
/// without a value (Core Data hands nil to a non-optional scalar as 0); over the generated `var rating: Int16?` it is
/// false, since `nil == 0` is false in Swift. `!= 0` turns the other way, and `== false` / `!= false` over a `Bool?`
/// likewise.
///
/// Only a comparison with zero (`0`, `0.0`, `false`) changes: `x == 5` is false and `x != 5` true for both nil and 0,
/// and `<`, `>` do not compile with an optional. A lexical scan (``SwiftTokens``): `<expression>.name == 0` (either
/// side, `!=` too) where `name` is a property every class of the sources or the plan that has it declares an
/// optional scalar (`Int16?`, `Bool?`, …): the receiver's type is not known, as with a key path of implied root
/// (``KeyPathCallSites``). A bare `rating == 0` counts in a file that declares the class or an extension of it
/// (`var isEmpty: Bool { itemCount == 0 }` in Xcode's `+CoreDataClass.swift`), where `rating` is that class's
/// property; a local variable of the same name there is the false report this can make.
package enum ZeroComparisons {
    /// The scalars that read nil as zero under a non-optional `@NSManaged` declaration.
    static let scalarTypes: Set<String> = [
        "Int16", "Int32", "Int64", "Int", "UInt16", "UInt32", "UInt64", "UInt", "Int8", "Double", "Float", "Bool", "TimeInterval",
    ]

    /// Whether `text` may hold such a comparison: files without one are not tokenized.
    package static func mayCompare(_ text: String) -> Bool {
        text.contains("== 0") || text.contains("!= 0") || text.contains("== false") || text.contains("!= false")
            || text.contains("==0") || text.contains("!=0")
    }

    /// One warning per comparison, at its line, in source order.
    /// `declarations`: the sources' classes and extensions, whose files may compare their properties by bare name.
    package static func diagnostics(
        _ sources: [(path: String, text: String)], properties: KeyPathProperties, declarations: ManagedDeclarationScan
    ) -> Diagnostics {
        var found = Diagnostics()
        for source in sources where mayCompare(source.text) {
            let tokens = SwiftTokens(source.text)
            let ownTypes = declarations.types.filter { $0.location.path == source.path }.map(\.name)
            for index in 0..<tokens.count {
                guard let comparison = comparison(at: index, in: tokens),
                    let type = comparison.isBare
                        ? ownTypes.lazy.compactMap({ optionalScalarType(properties.property(comparison.property, of: $0)) }).first
                        : optionalScalarType(of: comparison.property, in: properties)
                else { continue }
                found.append(
                    AuditRules.nilIsNotZero.diagnostic(
                        message(comparison, type: type), at: SourceLocation(path: source.path, line: tokens.line(at: index))))
            }
        }
        return found
    }

    struct Comparison: Equatable {
        var property: String
        /// `==` or `!=`.
        var isEqual: Bool
        /// `0` or `false` as written.
        var zero: String
        /// `rating == 0`, no receiver written: `self`'s property, or a local.
        var isBare = false
    }

    /// The comparison whose operator starts at `index` (`=` of `==`, `!` of `!=`), when one side is `….name` and
    /// the other a zero literal.
    static func comparison(at index: Int, in tokens: SwiftTokens) -> Comparison? {
        guard tokens[index + 1] == .punct("="), tokens[index + 2] != .punct("="), index >= 1, tokens[index - 1] != .punct("=")
        else { return nil }
        let isEqual: Bool
        switch tokens[index] {
        case .punct("=")?: isEqual = true
        case .punct("!")?: isEqual = false
        default: return nil
        }
        // `x.rating == 0`, `rating == 0`
        if let zero = zeroLiteral(startingAt: index + 2, in: tokens), let name = tokens.word(at: index - 1), !name.first!.isNumber {
            if index >= 2, tokens[index - 2] == .punct(".") { return Comparison(property: name, isEqual: isEqual, zero: zero.text) }
            if index < 2 || opensOperand(tokens[index - 2]) {
                return Comparison(property: name, isEqual: isEqual, zero: zero.text, isBare: true)
            }
            return nil
        }
        // `0 == x.rating`: the right operand is a member chain ending at the operand's end.
        if let zero = zeroLiteral(endingAt: index - 1, in: tokens) {
            var position = index + 2
            var last: String?
            guard let first = tokens.word(at: position), !first.first!.isNumber else { return nil }
            position += 1
            while tokens[position] == .punct(".") || tokens[position] == .punct("?") {
                if tokens[position] == .punct("?") { position += 1; continue }
                guard let word = tokens.word(at: position + 1) else { return nil }
                last = word
                position += 2
            }
            guard zero.isAlone, tokens[position] != .punct("("), tokens[position] != .punct("[") else { return nil }
            guard let name = last else { return Comparison(property: first, isEqual: isEqual, zero: zero.text, isBare: true) }
            return Comparison(property: name, isEqual: isEqual, zero: zero.text)
        }
        return nil
    }

    /// `0`, `0.0`, `0x0`, `false` (with an optional leading `-`) from `start`, ending the operand.
    private static func zeroLiteral(startingAt start: Int, in tokens: SwiftTokens) -> (text: String, isAlone: Bool)? {
        var index = start
        if tokens[index] == .punct("-") { index += 1 }
        guard let word = tokens.word(at: index), isZero(word) else { return nil }
        var text = word
        index += 1
        if word != "false", tokens[index] == .punct("."), let fraction = tokens.word(at: index + 1), fraction.allSatisfy({ $0 == "0" }) {
            text += "." + fraction
            index += 2
        }
        // `x == 0.description` or `x == 0 + y` is no comparison with zero.
        if tokens[index] == .punct(".") || tokens[index] == .punct("+") || tokens[index] == .punct("*") { return nil }
        return (text, true)
    }

    /// The zero literal ending at `end` (the token before the operator), not part of a longer operand.
    private static func zeroLiteral(endingAt end: Int, in tokens: SwiftTokens) -> (text: String, isAlone: Bool)? {
        guard end >= 0, let word = tokens.word(at: end) else { return nil }
        var start = end
        var text = word
        if end >= 2, tokens[end - 1] == .punct("."), let whole = tokens.word(at: end - 2), whole.allSatisfy({ $0 == "0" }),
            word.allSatisfy({ $0 == "0" })
        {
            start = end - 2
            text = whole + "." + word
        } else if !isZero(word) {
            return nil
        }
        // What stands before the literal opens the operand: `(`, `,`, `return`, an operator.
        if start >= 1, let before = tokens[start - 1] {
            if case .word(let keyword) = before, !["return", "if", "guard", "while", "where", "case"].contains(keyword) { return nil }
            if before == .punct(".") || before == .punct(")") || before == .punct("]") { return nil }
        }
        return (text, true)
    }

    /// Whether a token before a bare name starts its operand there (`{ rating == 0 }`, `if rating == 0`, `&& rating`):
    /// not `x.` (a member), `)` or `]` (a call's result), or a word other than a keyword (`let rating` is a declaration).
    private static func opensOperand(_ token: SwiftTokens.Token?) -> Bool {
        switch token {
        case .word(let word)?: return ["return", "if", "guard", "while", "where", "case", "in"].contains(word)
        case .punctuation(let byte)?: return ![UInt8(ascii: "."), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "?"), UInt8(ascii: "!")].contains(byte)
        case nil: return true
        }
    }

    private static func isZero(_ word: String) -> Bool {
        if word == "false" { return true }
        let digits = word.hasPrefix("0x") || word.hasPrefix("0b") || word.hasPrefix("0o") ? word.dropFirst(2) : Substring(word)
        return !digits.isEmpty && digits.allSatisfy { $0 == "0" || $0 == "_" } && word.first == "0"
    }

    /// `Int16?` when every class that has `name` declares it an optional scalar; nil otherwise.
    static func optionalScalarType(of name: String, in properties: KeyPathProperties) -> String? {
        let having = properties.classes(having: name)
        guard !having.isEmpty else { return nil }
        let types = having.map { optionalScalarType($0.property) }
        return types.contains(nil) ? nil : types[0]
    }

    /// `Int16?` when the property is declared an optional scalar.
    static func optionalScalarType(_ property: KeyPathProperties.Property?) -> String? {
        guard let type = property?.typeDeclaration, type.hasSuffix("?"), scalarTypes.contains(String(type.dropLast())) else { return nil }
        return type
    }

    private static func message(_ comparison: Comparison, type: String) -> String {
        let operation = "\(comparison.isEqual ? "==" : "!=") \(comparison.zero)"
        let old = comparison.isEqual ? "true" : "false"
        let new = comparison.isEqual ? "false" : "true"
        let article = "AEIOU".contains(type.first ?? "x") ? "an" : "a"
        return "'\(comparison.property) \(operation)' compares \(article) \(type): nil (no value) is no longer \(comparison.zero), so this is "
            + "\(new) for an object without a value, where the non-optional declaration read nil as \(comparison.zero) and made it "
            + "\(old); write `(….\(comparison.property) ?? \(comparison.zero)) \(operation)` to keep that meaning, or compare with nil"
    }
}
