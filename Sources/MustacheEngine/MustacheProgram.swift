/// A library's templates compiled into flat arrays of plain values. Rendering walks them by position: there is
/// no tree of enums holding arrays and objects to copy and release at every step (two threads rendering the
/// same tree fought over its reference counts), names are numbers, and partials are template numbers.
struct MustacheProgram: Sendable {
    enum Instruction: Sendable {
        /// `text[start..<end]`.
        case text(start: Int32, end: Int32)
        /// The start of a source line that is not a standalone tag: where a standalone partial's indentation goes.
        case lineStart
        case value(reference: Int32, escaped: Bool)
        /// The body is every instruction after this one, up to `end`.
        case section(reference: Int32, end: Int32)
        case invertedSection(reference: Int32, end: Int32)
        case partial(Int32)
    }

    struct CompiledReference: Sendable {
        enum Root: Sendable {
            /// `.`: the innermost context.
            case current
            /// A dotted path (`pathNames[path]`): the first name is looked up through the context stack, the
            /// rest inside what it found.
            case path
            /// `first()`, `index()`…: the position of the element the innermost list section is rendering.
            case listPosition
        }

        var root: Root
        var path: Range<Int32>
        /// `transforms[transforms]`, applied innermost first.
        var transforms: Range<Int32>
    }

    struct Partial: Sendable {
        /// The included template's number; nil when the library has none of that name (it renders nothing).
        var template: Int32?
        /// `text[indentation]`: the whitespace before a standalone partial tag, repeated on every line of the partial.
        var indentation: Range<Int32>
        var line: Int32
    }

    private(set) var instructions: [Instruction] = []
    private(set) var text: [UInt8] = []
    private(set) var references: [CompiledReference] = []
    private(set) var pathNames: [Int32] = []
    private(set) var transforms: [Transform] = []
    private(set) var partials: [Partial] = []
    /// By partial number, for messages.
    private(set) var partialNames: [String] = []
    /// Each template's instructions, by template number.
    private(set) var templateRanges: [Range<Int32>] = []
    private(set) var templateNames: [String] = []
    private(set) var templateNumbers: [String: Int] = [:]
    /// Every name a template looks up, by number.
    private(set) var names: [String] = []
    private var nameNumbers: [String: Int32] = [:]

    /// - Parameter templates: one per name (``MustacheLibrary`` keeps the last of several).
    init(_ templates: [MustacheTemplate]) {
        templateNames = templates.map(\.name)
        templateNumbers = Dictionary(templates.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { _, _ in
            preconditionFailure("a program's templates have one name each")
        })
        for template in templates {
            let start = Int32(instructions.count)
            compile(template.nodes)
            templateRanges.append(start..<Int32(instructions.count))
        }
    }

    private mutating func compile(_ nodes: [Node]) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                instructions.append(.text(start: Int32(text.count), end: Int32(text.count + bytes.count)))
                text.append(contentsOf: bytes)
            case .lineStart:
                instructions.append(.lineStart)
            case .value(let reference, let escaped):
                instructions.append(.value(reference: compile(reference), escaped: escaped))
            case .section(let reference, let body), .invertedSection(let reference, let body):
                let compiled = compile(reference)
                let opening = instructions.count
                instructions.append(.lineStart)  // replaced once the body's end is known
                compile(body)
                let end = Int32(instructions.count)
                if case .section = node {
                    instructions[opening] = .section(reference: compiled, end: end)
                } else {
                    instructions[opening] = .invertedSection(reference: compiled, end: end)
                }
            case .partial(let name, let indentation, let line):
                let indentationStart = Int32(text.count)
                text.append(contentsOf: indentation)
                partials.append(
                    Partial(
                        template: templateNumbers[name].map(Int32.init), indentation: indentationStart..<Int32(text.count),
                        line: Int32(line)))
                partialNames.append(name)
                instructions.append(.partial(Int32(partials.count - 1)))
            }
        }
    }

    private mutating func compile(_ reference: Reference) -> Int32 {
        let transformStart = Int32(transforms.count)
        transforms.append(contentsOf: reference.transforms)
        let pathStart = Int32(pathNames.count)
        let root: CompiledReference.Root
        switch reference.root {
        case .current: root = .current
        case .listPosition: root = .listPosition
        case .path(let path):
            root = .path
            for name in path { pathNames.append(number(ofName: name)) }
        }
        references.append(
            CompiledReference(
                root: root, path: pathStart..<Int32(pathNames.count), transforms: transformStart..<Int32(transforms.count)))
        return Int32(references.count - 1)
    }

    private mutating func number(ofName name: String) -> Int32 {
        if let number = nameNumbers[name] { return number }
        let number = Int32(names.count)
        names.append(name)
        nameNumbers[name] = number
        return number
    }
}
