/// One parsed template: a tree of nodes, which a `MustacheLibrary` compiles for rendering.
package struct MustacheTemplate: Sendable {
    package let name: String
    let nodes: [Node]
    /// Partials this template includes, with the line of each tag, for checking a library is complete.
    package let partialReferences: [(name: String, line: Int)]

    /// - Throws: `MustacheSyntaxError` naming the line of the first problem.
    package init(name: String, source: String) throws(MustacheSyntaxError) {
        self.name = name
        var parser = MustacheParser(source: Array(source.utf8), templateName: name)
        self.nodes = try parser.parse()
        self.partialReferences = parser.partialReferences
    }
}

package struct MustacheSyntaxError: Error, Sendable, CustomStringConvertible {
    package var templateName: String
    /// 1-based line of the tag (or text) at fault.
    package var line: Int
    package var message: String

    package var description: String { "\(templateName):\(line): \(message)" }
}

/// A rendered node. Text is kept as UTF-8 bytes because output is assembled as bytes.
enum Node: Sendable {
    case text([UInt8])
    /// The start of a source line that is not a standalone tag: where a standalone partial's indentation goes.
    case lineStart
    case value(Reference, escaped: Bool)
    case section(Reference, [Node])
    case invertedSection(Reference, [Node])
    /// `indentation`: the whitespace before a standalone partial tag, repeated on every line of the partial.
    case partial(name: String, indentation: [UInt8], line: Int)
}

/// What a tag names: `.`, `name`, `a.b.c`, or a transform of one (`uppercased(name)`, `first()`).
struct Reference: Sendable {
    enum Root: Sendable {
        /// `.`: the innermost context.
        case current
        /// A dotted path: the first name is looked up through the context stack, the rest inside what it found.
        case path([String])
        /// `first()`, `index()`…: the position of the element the innermost list section is rendering.
        case listPosition
    }

    let root: Root
    /// Applied innermost first: `uppercased(reversed(name))` is `[.reversed, .uppercased]`.
    let transforms: [Transform]
}

/// The transforms a template may apply, with swift-mustache's names (templates written for it keep working).
enum Transform: String, CaseIterable, Sendable {
    // list position (`first()`), lists (`first(items)`)
    case first, last
    // list position
    case index
    // list position, numbers
    case even, odd
    // text
    case uppercased, lowercased, capitalized
    // text, lists
    case empty, reversed
    // lists
    case count
    // numbers
    case plusone, minusone, equalzero
}
