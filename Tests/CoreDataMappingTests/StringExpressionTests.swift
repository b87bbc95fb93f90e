import TestSupport
import Testing

import CoreDataMapping
import ManagedModel

/// Long samples (a maximum length of 10,000) are spelled with the tests' `text(_:repeating:count:)` instead of a literal
/// of thousands of characters; the spelling must stand for exactly the sample.
@Suite struct StringExpressionTests {
    @Test(arguments: [
        "", "short", "notes 1" + String(repeating: "x", count: 31), "notes 1" + String(repeating: "x", count: 32),
        String(repeating: "a", count: 10_000), "é" + String(repeating: "\"", count: 40), "tab\t" + String(repeating: "\\", count: 33),
        String(repeating: "x", count: 40) + "y", "日本" + String(repeating: "z", count: 64),
    ].map { TextArgument($0) })
    func spellsExactlyTheSample(_ sample: TextArgument) throws {
        let text = sample.text
        let expression = ModelValue.string(text).swiftExpression(as: .string)
        #expect(try Self.evaluate(expression) == text, "\(expression.prefix(120))")
        let run = text.utf8.reversed().prefix { $0 == text.utf8.last }.count
        #expect(expression.hasPrefix("text(") == (run >= ModelValueSpelling.repetitionThreshold))
        #expect(expression.utf8.count < 200 || run < ModelValueSpelling.repetitionThreshold)
    }

    /// Reads back the two shapes the generator writes: a literal, and `text(literal, repeating: literal, count: n)`,
    /// which the generated test file declares as its prefix followed by `count` times the unit.
    static func evaluate(_ expression: String) throws -> String {
        let repeating = #/^text\((?<prefix>".*"), repeating: (?<unit>".+"), count: (?<count>\d+)\)$/#
        if let match = try repeating.wholeMatch(in: expression) {
            let prefix = try literal(String(match.output.prefix))
            return prefix + String(repeating: try literal(String(match.output.unit)), count: Int(match.output.count)!)
        }
        return try literal(expression)
    }

    /// A Swift string literal as `SwiftSourceText.stringLiteral` writes it (escapes `\\ \" \n \r \t \0 \u{…}`).
    static func literal(_ source: String) throws -> String {
        struct NotALiteral: Error {}
        guard source.count >= 2, source.first == "\"", source.last == "\"" else { throw NotALiteral() }
        var result = ""
        var scalars = Array(source.unicodeScalars.dropFirst().dropLast())[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.popFirst() {
            case "\\": result += "\\"
            case "\"": result += "\""
            case "n": result += "\n"
            case "r": result += "\r"
            case "t": result += "\t"
            case "0": result += "\0"
            case "u":
                guard scalars.popFirst() == "{", let end = scalars.firstIndex(of: "}") else { throw NotALiteral() }
                let hex = String(String.UnicodeScalarView(scalars[..<end]))
                guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { throw NotALiteral() }
                result.unicodeScalars.append(decoded)
                scalars = scalars[(end + 1)...]
            default: throw NotALiteral()
            }
        }
        return result
    }
}
