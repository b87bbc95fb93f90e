/// The `<entity …>` start tags of a model's `contents` as its bytes stand: where each attribute begins and ends, so
/// that one attribute can be cut out and every other byte kept. (Re-serialising through libxml2 would rewrite
/// quoting, character references and whitespace; Xcode and version control would see a rewritten file.)
struct EntityStartTag: Sendable {
    struct Attribute: Sendable {
        var name: String
        /// The value with the predefined and numeric character references resolved, as an XML reader reports it.
        var value: String
        /// From the whitespace before the name to the closing quote: what to cut to drop the attribute.
        var bytes: Range<Int>
    }

    /// 1-based line of the tag's `<`.
    var line: Int
    var attributes: [Attribute]
    /// The `<attribute …>` start tags directly inside the entity (the model's attributes), in file order; the same
    /// shape, so that an XML attribute of theirs can be cut out too.
    var attributeTags: [EntityStartTag] = []

    subscript(attribute name: String) -> Attribute? {
        attributes.first { $0.name == name }
    }
}

/// A scan of the document's markup that understands just enough XML to find the model's entities (start tags
/// named `entity` directly inside the root element, where the model reader reads them): comments, CDATA,
/// processing instructions and declarations are stepped over, quoted attribute values may hold `>`.
enum EntityStartTagScanner {
    struct Failure: Error {
        var line: Int
        var reason: String
    }

    static func scan(_ bytes: [UInt8]) throws(Failure) -> [EntityStartTag] {
        var scanner = Cursor(bytes: bytes)
        var tags: [EntityStartTag] = []
        var depth = 0
        // The entity element the scan is inside (depth 2 and below), whose `<attribute>` tags are collected.
        var openEntity: Int?
        while let next = scanner.bytes[scanner.index...].firstIndex(of: UInt8(ascii: "<")) {
            scanner.advance(to: next)
            if scanner.hasPrefix("<!--") {
                try scanner.skip(past: "-->")
            } else if scanner.hasPrefix("<![CDATA[") {
                try scanner.skip(past: "]]>")
            } else if scanner.hasPrefix("<?") {
                try scanner.skip(past: "?>")
            } else if scanner.hasPrefix("<!") {
                // A document type declaration; an internal subset (`[ … ]`) may hold `>`, models never have one.
                guard !scanner.declarationHasInternalSubset() else {
                    throw Failure(line: scanner.line, reason: "a document type declaration with an internal subset")
                }
                try scanner.skip(past: ">")
            } else if scanner.hasPrefix("</") {
                try scanner.skip(past: ">")
                depth -= 1
                if depth <= 1 { openEntity = nil }
            } else {
                let tag = try scanner.startTag()
                if tag.name == "entity", depth == 1 {
                    tags.append(EntityStartTag(line: tag.line, attributes: tag.attributes))
                    if !tag.isEmpty { openEntity = tags.count - 1 }
                } else if tag.name == "attribute", depth == 2, let openEntity {
                    tags[openEntity].attributeTags.append(EntityStartTag(line: tag.line, attributes: tag.attributes))
                }
                if !tag.isEmpty { depth += 1 }
            }
        }
        return tags
    }

    private struct Cursor {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        /// Moves forward, counting the line breaks passed.
        mutating func advance(to end: Int) {
            for byte in bytes[index..<end] where byte == UInt8(ascii: "\n") { line += 1 }
            index = end
        }

        func hasPrefix(_ text: String) -> Bool {
            let utf8 = Array(text.utf8)
            return bytes.count - index >= utf8.count && Array(bytes[index..<index + utf8.count]) == utf8
        }

        mutating func skip(past terminator: String) throws(Failure) {
            let utf8 = Array(terminator.utf8)
            var position = index
            while position + utf8.count <= bytes.count {
                if bytes[position] == utf8[0], Array(bytes[position..<position + utf8.count]) == utf8 {
                    advance(to: position + utf8.count)
                    return
                }
                position += 1
            }
            throw Failure(line: line, reason: "markup that never ends (no '\(terminator)')")
        }

        func declarationHasInternalSubset() -> Bool {
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { return false }
            return bytes[index..<end].contains(UInt8(ascii: "["))
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        mutating func startTag() throws(Failure) -> (name: String, line: Int, attributes: [EntityStartTag.Attribute], isEmpty: Bool) {
            let tagLine = line
            advance(to: index + 1)
            let name = token()
            guard !name.isEmpty else { throw Failure(line: tagLine, reason: "a '<' that starts no tag") }
            var attributes: [EntityStartTag.Attribute] = []
            while true {
                let attributeStart = index
                skipSpace()
                guard index < bytes.count else { throw Failure(line: tagLine, reason: "a start tag that never ends") }
                if bytes[index] == UInt8(ascii: ">") {
                    advance(to: index + 1)
                    return (name, tagLine, attributes, false)
                }
                if hasPrefix("/>") {
                    advance(to: index + 2)
                    return (name, tagLine, attributes, true)
                }
                guard attributeStart < index else {
                    throw Failure(line: line, reason: "an attribute of <\(name)> not preceded by whitespace")
                }
                let attributeName = token()
                skipSpace()
                guard !attributeName.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw Failure(line: line, reason: "an attribute of <\(name)> without '=' and a value")
                }
                advance(to: index + 1)
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                    throw Failure(line: line, reason: "the value of attribute '\(attributeName)' is not quoted")
                }
                let quote = bytes[index]
                guard let close = bytes[(index + 1)...].firstIndex(of: quote) else {
                    throw Failure(line: line, reason: "the value of attribute '\(attributeName)' never ends")
                }
                let raw = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
                advance(to: close + 1)
                attributes.append(.init(name: attributeName, value: Self.resolvingReferences(raw), bytes: attributeStart..<index))
            }
        }

        /// A tag or attribute name: everything up to whitespace, `=`, `/` or `>`.
        private mutating func token() -> String {
            let start = index
            var end = index
            while end < bytes.count, !Self.isSpace(bytes[end]),
                ![UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: ">")].contains(bytes[end])
            {
                end += 1
            }
            advance(to: end)
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        private mutating func skipSpace() {
            var end = index
            while end < bytes.count, Self.isSpace(bytes[end]) { end += 1 }
            advance(to: end)
        }

        /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and `&#…;` / `&#x…;`; anything else is left as written.
        static func resolvingReferences(_ raw: String) -> String {
            guard raw.contains("&") else { return raw }
            var result = ""
            var rest = Substring(raw)
            while let ampersand = rest.firstIndex(of: "&") {
                result += rest[..<ampersand]
                guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
                let name = rest[rest.index(after: ampersand)..<semicolon]
                let named: [Substring: String] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
                if let text = named[name] {
                    result += text
                } else if name.hasPrefix("#x"), let code = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                    result.unicodeScalars.append(scalar)
                } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += rest[ampersand...semicolon]
                }
                rest = rest[rest.index(after: semicolon)...]
            }
            return result + rest
        }
    }
}
