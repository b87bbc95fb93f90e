/// One XML element as read by `XMLDocumentReader`: the only shape of the XML the later stages see.
///
/// Text content is not kept: the model vocabulary carries everything in attributes.
struct XMLElementNode: Hashable, Sendable {
    var name: String
    /// Attributes in document order.
    var attributes: [(name: String, value: String)]
    /// 1-based source line of the start tag.
    var line: Int
    var children: [XMLElementNode]

    init(name: String, attributes: [(name: String, value: String)] = [], line: Int, children: [XMLElementNode] = []) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.children = children
    }

    subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    func children(named name: String) -> [XMLElementNode] {
        children.filter { $0.name == name }
    }

    static func == (lhs: XMLElementNode, rhs: XMLElementNode) -> Bool {
        lhs.name == rhs.name && lhs.line == rhs.line && lhs.children == rhs.children
            && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
            && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(line)
        for attribute in attributes {
            hasher.combine(attribute.name)
            hasher.combine(attribute.value)
        }
        hasher.combine(children)
    }
}
