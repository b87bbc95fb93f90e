/// A JSON value written by hand, so the output is byte-identical on every platform, run and locale:
/// keys sorted by Unicode scalar values, two-space indentation, `/` and non-ASCII left unescaped,
/// numbers in Swift's shortest round-trip form. `dump` writes the schema with it, the CLI's `json` and `sarif` reports
/// their documents.
package enum JSONText: Equatable {
    case object([String: JSONText])
    case array([JSONText])
    case string(String)
    case integer(Int64)
    case double(Double)
    case bool(Bool)
    case null

    package static func optional(_ text: String?) -> JSONText { text.map(JSONText.string) ?? .null }
    package static func optional(_ number: Int?) -> JSONText { number.map { .integer(Int64($0)) } ?? .null }
    package static func optional(_ flag: Bool?) -> JSONText { flag.map(JSONText.bool) ?? .null }

    package func rendered() -> String {
        var output = ""
        write(to: &output, indent: "")
        output.append("\n")
        return output
    }

    private func write(to output: inout String, indent: String) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return output.append("{}") }
            let inner = indent + "  "
            output.append("{\n")
            let keys = members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            for (position, key) in keys.enumerated() {
                output.append(inner)
                Self.writeString(key, to: &output)
                output.append(": ")
                members[key]!.write(to: &output, indent: inner)
                output.append(position == keys.count - 1 ? "\n" : ",\n")
            }
            output.append(indent + "}")
        case .array(let items):
            guard !items.isEmpty else { return output.append("[]") }
            let inner = indent + "  "
            output.append("[\n")
            for (position, item) in items.enumerated() {
                output.append(inner)
                item.write(to: &output, indent: inner)
                output.append(position == items.count - 1 ? "\n" : ",\n")
            }
            output.append(indent + "]")
        case .string(let text): Self.writeString(text, to: &output)
        case .integer(let number): output.append(String(number))
        case .double(let number):
            // Values are finite (the resolver rejects others); integral values keep a ".0" so the type shows.
            output.append(number.isFinite ? number.description : "null")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .null: output.append("null")
        }
    }

    private static func writeString(_ text: String, to output: inout String) {
        output.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output.append("\"")
    }
}
