import Testing

/// A text test argument as the test log shows it: control and format characters escaped, and a long text cut
/// to its start and its length (a 10,000-character sample printed whole made a 10,083-character log line;
/// `\r` and `\0` printed raw broke the lines around them). Shared by every test target.
package struct TextArgument: Sendable, CustomTestStringConvertible, ExpressibleByStringLiteral {
    package let text: String

    package init(_ text: String) { self.text = text }
    package init(stringLiteral text: String) { self.text = text }

    package var testDescription: String {
        let limit = 40
        var shown = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            if let escape = ["\t": "\\t", "\n": "\\n", "\r": "\\r", "\0": "\\0"][scalar] {
                shown += escape
                continue
            }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            case .spaceSeparator where scalar != " ":
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                shown.unicodeScalars.append(scalar)
            }
        }
        let count = text.unicodeScalars.count
        return "\"\(shown)\"" + (count > limit ? "… (\(count) scalars)" : "")
    }
}
