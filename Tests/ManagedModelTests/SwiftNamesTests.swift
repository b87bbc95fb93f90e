import ManagedModel
import Testing

/// `SwiftNames.isIdentifier` reads ASCII names byte by byte; its answer must be the Unicode definition's
/// (a head of `_` or XID_Start, then `_` or XID_Continue), checked here for every ASCII pair and a few others.
@Suite("Identifier rule")
struct IdentifierRuleTests {
    static func byDefinition(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        return (first == "_" || first.properties.isXIDStart)
            && name.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    @Test("every one- and two-character ASCII name is judged as the Unicode definition says")
    func asciiPairs() {
        let scalars = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        var mismatches: [String] = []
        for first in scalars {
            if SwiftNames.isIdentifier(first) != Self.byDefinition(first) { mismatches.append(first) }
            for second in scalars {
                let name = first + second
                if SwiftNames.isIdentifier(name) != Self.byDefinition(name) { mismatches.append(name) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(SwiftNames.isIdentifier("Entity0001"))
        #expect(!SwiftNames.isIdentifier("0Entity"))
    }

    @Test("names with non-ASCII text, and the empty name", arguments: ["", "café", "été", "naïve_1", "π", "a\u{301}", "1é", "é1", "a-é", "日本"])
    func nonASCII(name: String) {
        #expect(SwiftNames.isIdentifier(name) == Self.byDefinition(name))
    }
}
