#if canImport(CLibXML2)
import CLibXML2
#else
import libxml2
#endif
import Foundation
import ManagedModel

/// Parses a `contents` file into an `XMLElementNode` tree with libxml2's SAX2 interface (network and entity
/// expansion off). No libxml2 document tree is built: the elements are made as the start tags are read.
///
/// A Core Data model never has a document type declaration, so any `<!DOCTYPE` stops the parse before
/// its subset is read: no entity is declared, expanded or fetched (XXE, billion laughs, external DTDs).
///
/// Its errors (an unreadable or empty file, malformed XML, a DOCTYPE, libxml2's size and depth limits) all mean
/// there is no model to read: momc fails on malformed XML too, and Xcode never writes a DOCTYPE or such sizes.
enum XMLDocumentReader {
    /// `XML_PARSE_NOENT` and `XML_PARSE_DTDLOAD` stay off because they inline or fetch external content.
    /// (`XML_PARSE_BIG_LINES` only concerns the line stored in document nodes; line numbers here come straight
    /// from the parser's input, which counts past 65535.)
    private static let parseOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)

    /// `xmlInitParser` is not safe to race on first use; a static let runs it exactly once.
    private static let parserInitialized: Void = xmlInitParser()

    /// - Parameters:
    ///   - bytes: a document in memory.
    ///   - path: used in diagnostics.
    /// - Throws: `DiagnosticsError` with `path:line: error:` diagnostics for malformed XML.
    static func parse(_ bytes: some ContiguousBytes, path: String) throws -> XMLElementNode {
        try bytes.withUnsafeBytes { buffer in try parse(DocumentInput(bytes: buffer), path: path) }
    }

    /// Parses the file at `path` as libxml2 reads it, a piece at a time: the file is never held whole. (Given a
    /// document in memory, libxml2 2.9 first copies it into a buffer of its own: reading the file first cost
    /// two file-sized buffers, their page faults and a copy before the parse could start.)
    /// - Throws: `DiagnosticsError`: `path: error: cannot read the model file: …` when it cannot be read, or
    ///   as `parse(_:path:)`.
    static func parse(fileAt path: String) throws -> XMLElementNode {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw readFailure(errno, path: path) }
        defer { close(descriptor) }
        return try parse(DocumentInput(file: descriptor), path: path)
    }

    private static func readFailure(_ code: Int32, path: String) -> DiagnosticsError {
        DiagnosticsError(
            ModelRules.notFound.diagnostic("cannot read the model file: \(String(cString: strerror(code)))", at: SourceLocation(path: path, line: 0)))
    }

    private static func parse(_ input: DocumentInput, path: String) throws -> XMLElementNode {
        _ = parserInitialized

        guard let context = xmlNewParserCtxt() else {
            // Not a finding about the model: the parser itself could not start.
            throw DiagnosticsError(
                Diagnostic(
                    InternalRules.failure, "libxml2 could not create a parser (out of memory?)",
                    at: SourceLocation(path: path, line: 0)))
        }
        defer { xmlFreeParserCtxt(context) }

        let builder = TreeBuilder()
        let wellFormed: Bool = withExtendedLifetime(builder) {
            context.pointee._private = Unmanaged.passUnretained(builder).toOpaque()
            defer { context.pointee._private = nil }
            installHandlers(on: context)
            // Encoding converters report without a parser context, through this thread's structured handler;
            // with none set libxml2 prints them to stderr. Set for this parse only (libxml2 keeps it per thread).
            xmlSetStructuredErrorFunc(context, { userData, error in
                guard let builder = TreeBuilder.attached(to: userData), let error else { return }
                let level = error.pointee.level
                guard level == XML_ERR_ERROR || level == XML_ERR_FATAL else { return }
                let context = userData!.assumingMemoryBound(to: xmlParserCtxt.self)
                let line = error.pointee.line > 0 ? Int(error.pointee.line) : Int(context.pointee.input?.pointee.line ?? 0)
                builder.record(
                    ParseProblem(
                        code: Int(error.pointee.code),
                        message: error.pointee.message.map { String(cString: $0) } ?? "unknown libxml2 error",
                        line: line, column: Int(error.pointee.int2)))
            })
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            let document = withExtendedLifetime(input) {
                xmlCtxtReadIO(
                    context,
                    { input, buffer, count in
                        guard let input, let buffer else { return -1 }
                        return Unmanaged<DocumentInput>.fromOpaque(input).takeUnretainedValue().read(into: buffer, count: Int(count))
                    },
                    nil, Unmanaged.passUnretained(input).toOpaque(), path, nil, parseOptions)
            }
            // No handler creates a document; free one should a libxml2 version make it anyway.
            if let document { xmlFreeDoc(document) }
            return context.pointee.wellFormed != 0
        }

        if let code = input.readError { throw readFailure(code, path: path) }
        guard input.sawContent else { throw DiagnosticsError(ModelRules.notAModel.diagnostic(ParseProblem.emptyFileMessage, at: SourceLocation(path: path, line: 0))) }
        if let problem = builder.firstProblem {
            throw DiagnosticsError(ModelRules.notAModel.diagnostic(problem.diagnosticMessage, at: SourceLocation(path: path, line: problem.line)))
        }
        guard wellFormed, let root = builder.root else {
            throw DiagnosticsError(ModelRules.notAModel.diagnostic("malformed XML: libxml2 returned no document", at: SourceLocation(path: path, line: 0)))
        }
        return root
    }

    /// Replaces libxml2's default SAX2 handlers (which build its document tree) with ours. The handlers are
    /// C function pointers, so they reach the `TreeBuilder` through the parser context's `_private` slot
    /// (libxml2 passes the context itself as `userData`). Parameter types stay inferred: libxml2 2.12 changed
    /// `xmlError *` to `const xmlError *`.
    private static func installHandlers(on context: xmlParserCtxtPtr) {
        guard let sax = context.pointee.sax else { return }
        // Nothing but elements and their attributes is kept; no document object is made either.
        sax.pointee.startDocument = nil
        sax.pointee.endDocument = nil
        sax.pointee.characters = nil
        sax.pointee.ignorableWhitespace = nil
        sax.pointee.cdataBlock = nil
        sax.pointee.comment = nil
        sax.pointee.processingInstruction = nil
        sax.pointee.reference = nil
        // Declarations can only come from a DOCTYPE, which `internalSubset` refuses; without these handlers
        // nothing could be declared even if that refusal were bypassed.
        sax.pointee.entityDecl = nil
        sax.pointee.unparsedEntityDecl = nil
        sax.pointee.notationDecl = nil
        sax.pointee.attributeDecl = nil
        sax.pointee.elementDecl = nil
        sax.pointee.externalSubset = nil

        sax.pointee.serror = { userData, error in
            guard let builder = TreeBuilder.attached(to: userData), let error else { return }
            let level = error.pointee.level
            guard level == XML_ERR_ERROR || level == XML_ERR_FATAL else { return }
            builder.record(
                ParseProblem(
                    code: Int(error.pointee.code),
                    message: error.pointee.message.map { String(cString: $0) } ?? "unknown libxml2 error",
                    line: Int(error.pointee.line),
                    column: Int(error.pointee.int2)
                )
            )
        }
        sax.pointee.startElementNs = {
            userData, localName, prefix, _, _, _, attributeCount, _, attributes in
            guard let builder = TreeBuilder.attached(to: userData), let localName else { return }
            let context = userData!.assumingMemoryBound(to: xmlParserCtxt.self)
            builder.startElement(
                localName: localName, prefix: prefix, attributeCount: Int(attributeCount), attributes: attributes,
                line: Int(context.pointee.input?.pointee.line ?? 0), dictionary: context.pointee.dict)
        }
        sax.pointee.endElementNs = { userData, _, _, _ in
            TreeBuilder.attached(to: userData)?.endElement()
        }
        sax.pointee.internalSubset = { userData, _, _, _ in
            guard let userData, let builder = TreeBuilder.attached(to: userData) else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            builder.record(ParseProblem.doctype(line: Int(context.pointee.input?.pointee.line ?? 0)))
            // Stops before the internal subset is read and before any external subset is considered.
            xmlStopParser(context)
        }
    }
}

/// What libxml2 reads the document from (`xmlCtxtReadIO` pulls it a piece at a time): bytes in memory or a
/// file. Notes whether anything but XML whitespace came (an empty file is reported as such, not as libxml2's
/// "Document is empty") and the first read error.
private final class DocumentInput {
    private enum Source {
        case bytes(UnsafeRawBufferPointer)
        case file(Int32)
    }

    private let source: Source
    private var offset = 0
    private(set) var sawContent = false
    private(set) var readError: Int32?

    /// `bytes` must stay valid while the parse runs.
    init(bytes: UnsafeRawBufferPointer) {
        source = .bytes(bytes)
    }

    init(file descriptor: Int32) {
        source = .file(descriptor)
    }

    /// Up to `count` bytes into `buffer`: how many (0 at the end), or -1 after a read error.
    func read(into buffer: UnsafeMutablePointer<CChar>, count: Int) -> Int32 {
        let length: Int
        switch source {
        case .bytes(let bytes):
            length = min(count, bytes.count - offset)
            if length > 0 { UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + offset, byteCount: length) }
        case .file(let descriptor):
            var result: Int
            repeat { result = readBytes(descriptor, buffer, count) } while result < 0 && errno == EINTR
            guard result >= 0 else {
                readError = errno
                return -1
            }
            length = result
        }
        offset += length
        if !sawContent {
            sawContent = UnsafeRawBufferPointer(start: buffer, count: length).contains { !Self.isXMLWhitespace($0) }
        }
        return Int32(length)
    }

    private static func isXMLWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

/// The C library's `read` (inside `DocumentInput`, `read` names its own method).
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Builds the element tree from SAX2 events and keeps the first libxml2 complaint.
private final class TreeBuilder {
    private(set) var firstProblem: ParseProblem?
    private(set) var root: XMLElementNode?
    /// The open elements, innermost last; each collects its children until its end tag.
    private var openElements: [XMLElementNode] = []
    /// libxml2 hands out element and attribute names interned in the parser's dictionary, so a name's
    /// address identifies its text for the whole parse: each distinct name becomes a `String` once.
    private let names = InternedNames()
    /// The first problem wins: libxml2's later messages are usually consequences of it.
    func record(_ problem: ParseProblem) {
        if firstProblem == nil { firstProblem = problem }
    }

    static func attached(to userData: UnsafeMutableRawPointer?) -> TreeBuilder? {
        guard let userData else { return nil }
        let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let raw = context.pointee._private else { return nil }
        return Unmanaged<TreeBuilder>.fromOpaque(raw).takeUnretainedValue()
    }

    /// - Parameter attributes: `attributeCount` quintuples (local name, prefix, URI, value start, value end);
    ///   values are not NUL-terminated.
    func startElement(
        localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, line: Int, dictionary: xmlDictPtr?
    ) {
        var element = XMLElementNode(
            name: name(localName, prefix, dictionary), attributes: [], line: line, children: [])
        if let attributes, attributeCount > 0 {
            element.attributes.reserveCapacity(attributeCount)
            for index in 0..<attributeCount {
                let fields = attributes + index * 5
                guard let attributeName = fields[0], let start = fields[3], let end = fields[4] else { continue }
                element.attributes.append(
                    (name(attributeName, fields[1], dictionary), Self.attributeValue(start, end)))
            }
        }
        openElements.append(element)
    }

    func endElement() {
        guard let element = openElements.popLast() else { return }
        if openElements.isEmpty {
            root = element
        } else {
            openElements[openElements.count - 1].children.append(element)
        }
    }

    /// `prefix:localName`, or `localName` without a prefix (as the document spells it).
    private func name(
        _ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?, _ dictionary: xmlDictPtr?
    ) -> String {
        if let known = names.text(localName: localName, prefix: prefix) { return known }
        var text = String(cString: localName)
        if let prefix { text = String(cString: prefix) + ":" + text }
        // Only names the dictionary owns live (unchanged) until the parse ends; others are not remembered.
        if let dictionary, xmlDictOwns(dictionary, localName) == 1, prefix.map({ xmlDictOwns(dictionary, $0) == 1 }) ?? true {
            names.remember(text, localName: localName, prefix: prefix)
        }
        return text
    }

    /// The attribute value as libxml2 passes it: whitespace normalised, character references and predefined
    /// entities decoded, except that a `&` written as `&amp;`, `&#38;` or `&#x26;` arrives as `&#38;` (libxml2
    /// leaves it for its tree builder to decode when entities are not substituted). Every other `&` is
    /// impossible: an unescaped one is a well-formedness error.
    private static func attributeValue(_ start: UnsafePointer<xmlChar>, _ end: UnsafePointer<xmlChar>) -> String {
        let bytes = UnsafeBufferPointer(start: start, count: end - start)
        let ampersand = UInt8(ascii: "&")
        guard bytes.contains(ampersand) else { return String(decoding: bytes, as: UTF8.self) }
        let escapedAmpersand: [UInt8] = Array("&#38;".utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            decoded.append(bytes[index])
            if bytes[index] == ampersand, bytes.count - index >= escapedAmpersand.count,
                escapedAmpersand.indices.allSatisfy({ bytes[index + $0] == escapedAmpersand[$0] })
            {
                index += escapedAmpersand.count
            } else {
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}

/// Name texts by the addresses of libxml2's interned (`prefix`, `localName`) pair: a direct-mapped cache with a
/// multiplicative hash of the addresses. A name is looked up for every element and attribute; a `Dictionary`
/// (SipHash, plus the exclusivity checks of a class's `var`) cost half as much as the rest of the tree building.
/// Colliding names evict each other, which costs only a `String` rebuilt; the slots are never reallocated,
/// so they are reached through a constant pointer.
private final class InternedNames {
    private struct Slot {
        var localName: UnsafePointer<xmlChar>?
        var prefix: UnsafePointer<xmlChar>?
        var text: String
    }

    /// A model uses a few dozen names; 2^10 slots keep collisions rare.
    private static let slotBits = 10
    private let slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: 1 << Self.slotBits)
        slots.initialize(repeating: Slot(localName: nil, prefix: nil, text: ""), count: 1 << Self.slotBits)
    }

    deinit {
        slots.deinitialize(count: 1 << Self.slotBits)
        slots.deallocate()
    }

    private static func slotIndex(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?) -> Int {
        let address = UInt(bitPattern: localName) ^ (UInt(bitPattern: prefix) &* 31)
        return Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slotBits))
    }

    func text(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> String? {
        let slot = slots + Self.slotIndex(localName, prefix)
        guard slot.pointee.localName == localName, slot.pointee.prefix == prefix else { return nil }
        return slot.pointee.text
    }

    func remember(_ text: String, localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) {
        slots[Self.slotIndex(localName, prefix)] = Slot(localName: localName, prefix: prefix, text: text)
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
