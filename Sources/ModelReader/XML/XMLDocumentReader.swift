#if canImport(CLibXML2)
import CLibXML2
#else
import libxml2
#endif
import ManagedModel

/// Parses a `contents` file into an `XMLElementNode` tree with libxml2 (network and entity expansion off).
///
/// A Core Data model never has a document type declaration, so any `<!DOCTYPE` stops the parse before
/// its subset is read: no entity is declared, expanded or fetched (XXE, billion laughs, external DTDs).
enum XMLDocumentReader {
    /// `XML_PARSE_BIG_LINES` keeps line numbers above 65535; `XML_PARSE_NOENT` and `XML_PARSE_DTDLOAD`
    /// stay off because they inline or fetch external content.
    private static let parseOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)

    /// `xmlInitParser` is not safe to race on first use; a static let runs it exactly once.
    /// The value libxml2 stores in `xmlNode.line` for every line from 65535 on.
    private static let savedLineMarker = UInt16.max

    private static let parserInitialized: Void = xmlInitParser()

    /// - Parameters:
    ///   - bytes: the file's contents, read by the caller.
    ///   - path: used in diagnostics.
    /// - Throws: `DiagnosticsError` with `path:line: error:` diagnostics for malformed XML.
    static func parse(_ bytes: [UInt8], path: String) throws -> XMLElementNode {
        func failure(_ message: String, line: Int = 0) -> DiagnosticsError {
            DiagnosticsError(.error(message, at: SourceLocation(path: path, line: line)))
        }
        guard bytes.contains(where: { !isXMLWhitespace($0) }) else { throw failure(ParseProblem.emptyFileMessage) }
        guard bytes.count <= Int(Int32.max) else {
            throw failure("the model file is too large to parse (\(bytes.count) bytes)")
        }
        _ = parserInitialized

        guard let context = xmlNewParserCtxt() else {
            throw failure("libxml2 could not create a parser (out of memory?)")
        }
        defer { xmlFreeParserCtxt(context) }

        let problems = ParseProblems()
        let document: xmlDocPtr? = withExtendedLifetime(problems) {
            context.pointee._private = Unmanaged.passUnretained(problems).toOpaque()
            defer { context.pointee._private = nil }
            installHandlers(on: context)
            // Encoding converters report without a parser context, through this thread's structured handler;
            // with none set libxml2 prints them to stderr. Set for this parse only (libxml2 keeps it per thread).
            xmlSetStructuredErrorFunc(context, { userData, error in
                guard let problems = ParseProblems.attached(to: userData), let error else { return }
                let level = error.pointee.level
                guard level == XML_ERR_ERROR || level == XML_ERR_FATAL else { return }
                let context = userData!.assumingMemoryBound(to: xmlParserCtxt.self)
                let line = error.pointee.line > 0 ? Int(error.pointee.line) : Int(context.pointee.input?.pointee.line ?? 0)
                problems.record(
                    ParseProblem(
                        code: Int(error.pointee.code),
                        message: error.pointee.message.map { String(cString: $0) } ?? "unknown libxml2 error",
                        line: line, column: Int(error.pointee.int2)))
            })
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
                    xmlCtxtReadMemory(context, characters, Int32(buffer.count), path, nil, parseOptions)
                }
            }
        }
        defer { if let document { xmlFreeDoc(document) } }

        if let problem = problems.first {
            throw failure(problem.diagnosticMessage, line: problem.line)
        }
        guard let document, let root = xmlDocGetRootElement(document) else {
            throw failure("malformed XML: libxml2 returned no document")
        }
        // Belt and braces: the internalSubset handler stops every DOCTYPE, so this cannot happen.
        if document.pointee.intSubset != nil || document.pointee.extSubset != nil {
            throw failure(ParseProblem.doctypeMessage, line: 1)
        }
        return element(from: root, in: document)
    }

    private static func isXMLWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The handlers are C function pointers, so they reach `ParseProblems` through the parser
    /// context's `_private` slot (libxml2 passes the context itself as `userData`).
    private static func installHandlers(on context: xmlParserCtxtPtr) {
        guard let sax = context.pointee.sax else { return }
        // Parameter types stay inferred: libxml2 2.12 changed `xmlError *` to `const xmlError *`.
        sax.pointee.serror = { userData, error in
            guard let problems = ParseProblems.attached(to: userData), let error else { return }
            let level = error.pointee.level
            guard level == XML_ERR_ERROR || level == XML_ERR_FATAL else { return }
            problems.record(
                ParseProblem(
                    code: Int(error.pointee.code),
                    message: error.pointee.message.map { String(cString: $0) } ?? "unknown libxml2 error",
                    line: Int(error.pointee.line),
                    column: Int(error.pointee.int2)
                )
            )
        }
        // libxml2 stores element lines in a UInt16 and, past 65534, guesses them from neighbouring
        // text nodes (off by one or more). Keep the exact line in the element's unused `psvi` slot.
        sax.pointee.startElementNs = {
            userData, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaultedCount, attributes
            in
            xmlSAX2StartElementNs(
                userData, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaultedCount, attributes
            )
            guard let userData else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            if let node = context.pointee.node, node.pointee.line == XMLDocumentReader.savedLineMarker,
                let line = context.pointee.input?.pointee.line
            {
                node.pointee.psvi = UnsafeMutableRawPointer(bitPattern: Int(line))
            }
        }
        sax.pointee.internalSubset = { userData, _, _, _ in
            guard let userData, let problems = ParseProblems.attached(to: userData) else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            problems.record(ParseProblem.doctype(line: Int(context.pointee.input?.pointee.line ?? 0)))
            // Stops before the internal subset is read and before any external subset is considered.
            xmlStopParser(context)
        }
    }

    // MARK: Tree conversion

    private static func element(from node: xmlNodePtr, in document: xmlDocPtr) -> XMLElementNode {
        var attributes: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            attributes.append((qualifiedName(current.pointee.name, current.pointee.ns), value(of: current, in: document)))
            attribute = current.pointee.next
        }
        var children: [XMLElementNode] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                children.append(element(from: current, in: document))
            }
            child = current.pointee.next
        }
        return XMLElementNode(
            name: qualifiedName(node.pointee.name, node.pointee.ns),
            attributes: attributes,
            line: line(of: node),
            children: children
        )
    }

    private static func line(of node: xmlNodePtr) -> Int {
        guard node.pointee.line == savedLineMarker else { return Int(node.pointee.line) }
        return Int(bitPattern: node.pointee.psvi)
    }

    private static func qualifiedName(_ name: UnsafePointer<xmlChar>?, _ namespace: xmlNsPtr?) -> String {
        let local = name.map { String(cString: $0) } ?? ""
        guard let prefix = namespace?.pointee.prefix else { return local }
        return String(cString: prefix) + ":" + local
    }

    private static func value(of attribute: xmlAttrPtr, in document: xmlDocPtr) -> String {
        guard let first = attribute.pointee.children else { return "" }
        // Common case: one text node; read it in place instead of letting libxml2 allocate a copy.
        if first.pointee.next == nil, first.pointee.type == XML_TEXT_NODE {
            return first.pointee.content.map { String(cString: $0) } ?? ""
        }
        guard let joined = xmlNodeListGetString(document, first, 1) else { return "" }
        defer { mc_xmlFree(joined) }
        return String(cString: joined)
    }
}

/// One libxml2 complaint, kept as data until the parse is over.
private struct ParseProblem {
    static let emptyFileMessage = "the model file is empty"
    static let doctypeMessage =
        "document type declarations are not allowed in a Core Data model (entity expansion and external entities are refused)"

    var code: Int
    var message: String
    var line: Int
    var column: Int

    static func doctype(line: Int) -> ParseProblem {
        ParseProblem(code: -1, message: doctypeMessage, line: line, column: 0)
    }

    var diagnosticMessage: String {
        if code == -1 { return message }
        let trimmed = Self.trimmed(message)
        if trimmed.contains("not proper UTF-8") {
            return "malformed XML: the file is not valid UTF-8\(Self.offendingBytes(in: trimmed))"
                + " at column \(column); Core Data model files are UTF-8 text"
        }
        if trimmed.contains("input conversion failed") || trimmed.contains("encoder error") {
            return "malformed XML: the bytes do not match the declared encoding\(Self.offendingBytes(in: trimmed))"
                + "; Core Data model files are UTF-8 text"
        }
        // Limits of a parse without XML_PARSE_HUGE; libxml2's wording names that option, which users cannot set.
        if trimmed.hasPrefix("Excessive depth in document") {
            return "malformed XML: elements are nested deeper than libxml2's limit of 256 levels"
        }
        if trimmed.contains("length too long") {
            return "malformed XML: \(trimmed) (libxml2 refuses attribute values longer than 10,000,000 bytes)"
        }
        return "malformed XML: \(trimmed)"
    }

    /// libxml2 messages end in a newline and sometimes carry a second line; keep them on one line.
    private static func trimmed(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline)
            .map { $0.trimmingEdges(" \t") }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
    }

    /// libxml2 says "Input is not proper UTF-8, indicate encoding ! Bytes: 0xFF 0x41 ..."; keep the bytes.
    private static func offendingBytes(in message: String) -> String {
        guard let range = message.firstRange(of: "Bytes:") ?? message.firstRange(of: "bytes") else { return "" }
        let bytes = message[range.upperBound...].trimmingEdges(" ;")
        return bytes.isEmpty ? "" : " (bytes \(bytes))"
    }
}

extension StringProtocol {
    fileprivate func trimmingEdges(_ characters: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice.removeFirst() }
        while let last = slice.last, characters.contains(last) { slice.removeLast() }
        return String(slice)
    }
}

private final class ParseProblems {
    private(set) var first: ParseProblem?

    /// The first problem wins: libxml2's later messages are usually consequences of it.
    func record(_ problem: ParseProblem) {
        if first == nil { first = problem }
    }

    static func attached(to userData: UnsafeMutableRawPointer?) -> ParseProblems? {
        guard let userData else { return nil }
        let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let raw = context.pointee._private else { return nil }
        return Unmanaged<ParseProblems>.fromOpaque(raw).takeUnretainedValue()
    }
}
