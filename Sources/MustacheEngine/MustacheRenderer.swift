/// Renders a compiled program into UTF-8 bytes against a context stack, as the Mustache specification
/// describes: a name is looked up from the innermost context outwards; sections push what they find.
struct MustacheRenderer {
    /// Deeper than any sensible template; stops a partial that includes itself unconditionally.
    static let maximumPartialDepth = 100

    private struct Frame {
        var value: TemplateValue
        /// Position in the list this element came from; `count == 0` when the frame is not a list element.
        var index = 0
        var count = 0
    }

    /// The objects among the frames, innermost last: the only frames a name can be found in. Kept apart so
    /// that a lookup reads them in place.
    private struct ObjectFrame {
        var object: any TemplateObject
        /// Where the field positions of the object's type start in `fieldPositions`.
        var fields: Int
    }

    /// A field position: the type has no field of that name.
    static let absent: Int32 = -1
    /// A field position: the type answers names as it is asked (`TemplateFields(lookingUp:)`).
    static let askByName: Int32 = -2

    private let program: MustacheProgram
    private var frames: [Frame] = []
    private var objects: [ObjectFrame] = []
    /// The field tables this render has used, one after another, each `program.names.count` long.
    private var fieldPositions: [Int32] = []
    private var tableStarts: [(type: ObjectIdentifier, start: Int)] = []
    private var indentation: [UInt8] = []
    private var partialDepth = 0
    private var output: [UInt8] = []
    /// Recorded only when not nil (``MustacheLibrary/unknownNames(rendering:with:)``): names looked up that no context
    /// on the stack has a field of, which Mustache renders as nothing. By template number and name number.
    var unknownNames: [(template: Int, name: Int32)]?
    /// The template whose instructions are running, for `unknownNames`.
    private var currentTemplate = 0

    init(program: MustacheProgram, root: some TemplateObject) {
        self.program = program
        push(.object(root))
    }

    mutating func render(template: Int) throws(MustacheRenderError) -> [UInt8] {
        let range = program.templateRanges[template]
        try run(Int(range.lowerBound)..<Int(range.upperBound), template: template)
        return output
    }

    private mutating func run(_ range: Range<Int>, template: Int) throws(MustacheRenderError) {
        let outerTemplate = currentTemplate
        currentTemplate = template
        defer { currentTemplate = outerTemplate }
        var position = range.lowerBound
        while position < range.upperBound {
            let instruction = program.instructions[position]
            position += 1
            switch instruction {
            case .text(let start, let end):
                output += program.text[Int(start)..<Int(end)]
            case .lineStart:
                output += indentation
            case .value(let reference, let escaped):
                guard let value = resolve(reference) else { continue }
                switch consume value {
                case .text(let text): append(text, escaped: escaped)
                case .number(let number): append(String(number), escaped: false)
                case .bool(let flag): append(flag ? "true" : "false", escaped: false)
                case .object, .list: continue
                }
            case .section(let reference, let end):
                let body = position..<Int(end)
                position = Int(end)
                guard let value = resolve(reference) else { continue }
                switch value {
                case .bool(let flag):
                    if flag { try run(body, template: template) }
                case .list(let elements):
                    let count = elements.count
                    for index in 0..<count {
                        guard let element = elements.element(at: index) else { continue }
                        push(element, index: index, count: count)
                        defer { pop() }
                        try run(body, template: template)
                    }
                case .text, .number, .object:
                    push(value)
                    defer { pop() }
                    try run(body, template: template)
                }
            case .invertedSection(let reference, let end):
                let body = position..<Int(end)
                position = Int(end)
                if !(resolve(reference)?.isTruthy ?? false) { try run(body, template: template) }
            case .partial(let number):
                try include(Int(number), from: template)
            }
        }
    }

    private mutating func include(_ number: Int, from template: Int) throws(MustacheRenderError) {
        let partial = program.partials[number]
        guard let included = partial.template.map(Int.init) else { return }
        guard partialDepth < Self.maximumPartialDepth else {
            throw MustacheRenderError(
                message: "\(program.templateNames[template]):\(partial.line): partials nest more than "
                    + "\(Self.maximumPartialDepth) deep (does `\(program.partialNames[number])` include itself?)")
        }
        let outerIndentation = indentation.count
        indentation += program.text[Int(partial.indentation.lowerBound)..<Int(partial.indentation.upperBound)]
        partialDepth += 1
        defer {
            indentation.removeSubrange(outerIndentation...)
            partialDepth -= 1
        }
        let range = program.templateRanges[included]
        try run(Int(range.lowerBound)..<Int(range.upperBound), template: included)
    }

    private mutating func push(_ value: TemplateValue, index: Int = 0, count: Int = 0) {
        if case .object(let object) = value {
            objects.append(ObjectFrame(object: object, fields: fieldTableStart(for: object)))
        }
        frames.append(Frame(value: value, index: index, count: count))
    }

    private mutating func pop() {
        if case .object = frames.removeLast().value { objects.removeLast() }
    }

    private mutating func fieldTableStart(for object: any TemplateObject) -> Int {
        let type = ObjectIdentifier(Swift.type(of: object))
        for table in tableStarts where table.type == type { return table.start }
        let start = fieldPositions.count
        fieldPositions.append(contentsOf: object.fieldPositions(of: program.names))
        tableStarts.append((type, start))
        return start
    }

    private mutating func resolve(_ number: Int32) -> TemplateValue? {
        let reference = program.references[Int(number)]
        if reference.root == .path, reference.transforms.isEmpty, reference.path.count == 1 {
            return lookUp(program.pathNames[Int(reference.path.lowerBound)])
        }
        var value: TemplateValue?
        switch reference.root {
        case .current:
            value = frames.last?.value
        case .path:
            var name = Int(reference.path.lowerBound)
            value = lookUp(program.pathNames[name])
            name += 1
            while name < Int(reference.path.upperBound) {
                let nameNumber = program.pathNames[name]
                guard case .object(let object)? = value else {
                    // Text, a number, a list: nothing has fields but an object.
                    if value != nil, unknownNames != nil { unknownNames?.append((currentTemplate, nameNumber)) }
                    return nil
                }
                if unknownNames != nil, !object.hasTemplateField(named: program.names[Int(nameNumber)]) {
                    unknownNames?.append((currentTemplate, nameNumber))
                }
                value = object.templateValue(named: program.names[Int(nameNumber)])
                name += 1
            }
        case .listPosition:
            guard let element = frames.last(where: { $0.count > 0 }) else { return nil }
            return Self.apply(program.transforms[Self.transformRange(of: reference)], toPosition: element.index, of: element.count)
        }
        if reference.transforms.isEmpty { return value }
        for transform in program.transforms[Self.transformRange(of: reference)] {
            guard let current = value else { return nil }
            value = Self.apply(transform, to: current)
        }
        return value
    }

    private static func transformRange(of reference: MustacheProgram.CompiledReference) -> Range<Int> {
        Int(reference.transforms.lowerBound)..<Int(reference.transforms.upperBound)
    }

    private mutating func lookUp(_ name: Int32) -> TemplateValue? {
        var isField = false
        for frame in objects.reversed() {
            let position = fieldPositions[frame.fields + Int(name)]
            if position >= 0 {
                if let value = frame.object.templateValue(field: Int(position)) { return value }
                isField = true
            } else if position == Self.askByName {
                if let value = frame.object.templateValue(named: program.names[Int(name)]) { return value }
                isField = true
            }
        }
        if !isField, unknownNames != nil { unknownNames?.append((currentTemplate, name)) }
        return nil
    }

    private mutating func append(_ text: String, escaped: Bool) {
        guard escaped else {
            output += text.utf8
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output += "&amp;".utf8
            case UInt8(ascii: "<"): output += "&lt;".utf8
            case UInt8(ascii: ">"): output += "&gt;".utf8
            case UInt8(ascii: "\""): output += "&quot;".utf8
            default: output.append(byte)
            }
        }
    }

    // MARK: Transforms

    private static func apply(_ transforms: ArraySlice<Transform>, toPosition index: Int, of count: Int) -> TemplateValue? {
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

extension TemplateObject {
    /// Whether `name` is one of the type's fields (any name, for looked-up fields).
    fileprivate func hasTemplateField(named name: String) -> Bool {
        let fields = Self.templateFields
        return fields.lookUp != nil || fields.positions[name] != nil
    }

    fileprivate func fieldPositions(of names: [String]) -> [Int32] {
        let fields = Self.templateFields
        if fields.lookUp != nil { return Array(repeating: MustacheRenderer.askByName, count: names.count) }
        return names.map { fields.positions[$0].map(Int32.init) ?? MustacheRenderer.absent }
    }
}

extension String {
    /// Every word's first letter upper-cased, the rest lower-cased: what Foundation's `capitalized` does for
    /// words separated by spaces, whatever the locale.
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
