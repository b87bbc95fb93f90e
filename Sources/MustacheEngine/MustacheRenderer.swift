/// Renders nodes into UTF-8 bytes against a context stack, as the Mustache specification describes: a name
/// is looked up from the innermost context outwards; sections push what they find.
struct MustacheRenderer {
    /// Deeper than any sensible template; stops a partial that includes itself unconditionally.
    static let maximumPartialDepth = 100

    private struct Frame {
        var value: TemplateValue
        /// Position in the list this element came from; `count == 0` when the frame is not a list element.
        var index = 0
        var count = 0
    }

    private let library: MustacheLibrary
    private var stack: [Frame]
    /// The objects on `stack`, innermost last: the only frames a name can be found in.
    private var objects: [any TemplateObject] = []
    private var indentation: [UInt8] = []
    private var partialDepth = 0
    private(set) var output: [UInt8] = []

    init(library: MustacheLibrary, root: TemplateValue) {
        self.library = library
        self.stack = []
        push(Frame(value: root))
        output.reserveCapacity(16 * 1024)
    }

    mutating func render(_ nodes: [Node], in template: MustacheTemplate) throws(MustacheRenderError) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .lineStart:
                if !indentation.isEmpty { output.append(contentsOf: indentation) }
            case .value(let reference, let escaped):
                guard let value = resolve(reference) else { continue }
                switch value {
                case .text(let text): append(text, escaped: escaped)
                case .number(let number): append(String(number), escaped: false)
                case .bool(let flag): append(flag ? "true" : "false", escaped: false)
                case .object, .list: continue
                }
            case .section(let reference, let body):
                guard let value = resolve(reference) else { continue }
                switch value {
                case .bool(let flag):
                    if flag { try render(body, in: template) }
                case .list(let elements):
                    let count = elements.count
                    for index in 0..<count {
                        guard let element = elements.element(at: index) else { continue }
                        push(Frame(value: element, index: index, count: count))
                        defer { pop() }
                        try render(body, in: template)
                    }
                case .text, .number, .object:
                    push(Frame(value: value))
                    defer { pop() }
                    try render(body, in: template)
                }
            case .invertedSection(let reference, let body):
                if !(resolve(reference)?.isTruthy ?? false) { try render(body, in: template) }
            case .partial(let name, let partialIndentation, let line):
                guard let partial = library[name] else { continue }
                guard partialDepth < Self.maximumPartialDepth else {
                    throw MustacheRenderError(
                        message: "\(template.name):\(line): partials nest more than \(Self.maximumPartialDepth) deep"
                            + " (does `\(name)` include itself?)")
                }
                let outerIndentation = indentation
                indentation += partialIndentation
                partialDepth += 1
                defer {
                    indentation = outerIndentation
                    partialDepth -= 1
                }
                try render(partial.nodes, in: partial)
            }
        }
    }

    private func resolve(_ reference: Reference) -> TemplateValue? {
        var value: TemplateValue?
        switch reference.root {
        case .current:
            value = stack.last?.value
        case .path(let names):
            value = lookUp(names[0])
            var index = 1
            while index < names.count {
                guard case .object(let object)? = value else { return nil }
                value = object.templateValue(named: names[index])
                index += 1
            }
        case .listPosition:
            guard let element = stack.last(where: { $0.count > 0 }) else { return nil }
            return Self.apply(reference.transforms, toPosition: element.index, of: element.count)
        }
        if reference.transforms.isEmpty { return value }
        for transform in reference.transforms {
            guard let current = value else { return nil }
            value = Self.apply(transform, to: current)
        }
        return value
    }

    private mutating func push(_ frame: Frame) {
        stack.append(frame)
        if case .object(let object) = frame.value { objects.append(object) }
    }

    private mutating func pop() {
        if case .object = stack.removeLast().value { objects.removeLast() }
    }

    private func lookUp(_ name: String) -> TemplateValue? {
        var level = objects.count - 1
        while level >= 0 {
            if let value = objects[level].templateValue(named: name) { return value }
            level -= 1
        }
        return nil
    }

    private mutating func append(_ text: String, escaped: Bool) {
        guard escaped else {
            // As one block of UTF-8: appending the `utf8` view went byte by byte.
            var text = text
            text.withUTF8 { output.append(contentsOf: $0) }
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            default: output.append(byte)
            }
        }
    }

    // MARK: Transforms

    private static func apply(_ transforms: [Transform], toPosition index: Int, of count: Int) -> TemplateValue? {
        guard let first = transforms.first else { return nil }
        var value: TemplateValue
        switch first {
        case .first: value = .bool(index == 0)
        case .last: value = .bool(index == count - 1)
        case .index: value = .number(index)
        case .even: value = .bool(index % 2 == 0)
        case .odd: value = .bool(index % 2 == 1)
        default: return nil
        }
        for transform in transforms.dropFirst() {
            guard let next = apply(transform, to: value) else { return nil }
            value = next
        }
        return value
    }

    private static func apply(_ transform: Transform, to value: TemplateValue) -> TemplateValue? {
        switch (transform, value) {
        case (.uppercased, .text(let text)): .text(text.uppercased())
        case (.lowercased, .text(let text)): .text(text.lowercased())
        case (.capitalized, .text(let text)): .text(text.capitalizedWords())
        case (.empty, .text(let text)): .bool(text.isEmpty)
        case (.reversed, .text(let text)): .text(String(text.reversed()))
        case (.first, .list(let elements)): elements.count > 0 ? elements.element(at: 0) : nil
        case (.last, .list(let elements)): elements.count > 0 ? elements.element(at: elements.count - 1) : nil
        case (.count, .list(let elements)): .number(elements.count)
        case (.empty, .list(let elements)): .bool(elements.count == 0)
        case (.reversed, .list(let elements)):
            (0..<elements.count).reversed().compactMap { elements.element(at: $0) }.templateList
        case (.plusone, .number(let number)): .number(number + 1)
        case (.minusone, .number(let number)): .number(number - 1)
        case (.equalzero, .number(let number)): .bool(number == 0)
        case (.even, .number(let number)): .bool(number % 2 == 0)
        case (.odd, .number(let number)): .bool(number % 2 != 0)
        default: nil
        }
    }
}

extension String {
    /// Every word's first letter upper-cased, the rest lower-cased (what Foundation's `capitalized` does for
    /// words separated by spaces), without Foundation.
    fileprivate func capitalizedWords() -> String {
        var result = ""
        var atWordStart = true
        for character in self {
            if character.isWhitespace {
                result.append(character)
                atWordStart = true
            } else {
                result += atWordStart ? character.uppercased() : character.lowercased()
                atWordStart = false
            }
        }
        return result
    }
}
