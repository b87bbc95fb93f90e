/// What a tag such as `{{name}}` or `{{#items}}` finds: data only, so a template lays text out and never
/// calls back into code.
package enum TemplateValue {
    case text(String)
    case bool(Bool)
    case number(Int)
    /// Pushed on the context stack by a section; its fields are found by name.
    case object(any TemplateObject)
    /// A section renders once per element.
    case list(any TemplateList)
}

/// The elements of a `.list`, converted one at a time as a section reaches them (an array of context structs
/// is handed over as it is, without a converted copy).
package protocol TemplateList {
    var count: Int { get }
    /// nil for an absent optional element, which renders nothing.
    func element(at index: Int) -> TemplateValue?
}

/// A value whose fields templates can name, listed once in `templateFields`. A field that answers nil (an
/// absent optional, as swift-mustache treats them) or a name the object does not have sends the lookup on to
/// the enclosing contexts.
///
/// The renderer resolves each name a template uses to a field position once per type, so a lookup is an index,
/// not a comparison of names.
///
/// Objects may be structs (the plan's own types, read in place) or classes.
package protocol TemplateObject: TemplateValueConvertible {
    static var templateFields: TemplateFields<Self> { get }

    /// The field at `position` in `templateFields`. Leave it to the default: a requirement so that each type's
    /// witness is compiled for that type (generic code reading the table would ask the runtime for the
    /// closures' type metadata at every lookup).
    func templateValue(field position: Int) -> TemplateValue?
}

extension TemplateObject {
    /// The field `name`; nil when absent or unknown.
    package func templateValue(named name: String) -> TemplateValue? {
        Self.templateFields.value(named: name, of: self)
    }

    @inlinable
    package func templateValue(field position: Int) -> TemplateValue? {
        Self.templateFields.reads[position](self)
    }
}

/// How templates read a type's fields: each name with a closure reading it, or, for objects whose names are
/// only known when rendering (dictionaries in tests), one closure answering any name.
package final class TemplateFields<Object>: Sendable {
    package typealias Read = @Sendable (Object) -> TemplateValue?
    package typealias LookUp = @Sendable (Object, String) -> TemplateValue?

    /// The fields' names, in declaration order; empty for looked-up fields.
    package let names: [String]
    @usableFromInline let reads: [Read]
    let positions: [String: Int]
    let lookUp: LookUp?

    package init(_ fields: KeyValuePairs<String, Read>) {
        names = fields.map(\.key)
        reads = fields.map(\.value)
        positions = Dictionary(fields.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        lookUp = nil
    }

    package init(lookingUp lookUp: @escaping LookUp) {
        names = []
        reads = []
        positions = [:]
        self.lookUp = lookUp
    }

    func value(named name: String, of object: Object) -> TemplateValue? {
        if let lookUp { return lookUp(object, name) }
        return positions[name].flatMap { reads[$0](object) }
    }
}

/// Types a `TemplateObject` can hand to templates: text, booleans, numbers, optionals, arrays and other objects.
package protocol TemplateValueConvertible {
    /// nil for an absent optional.
    var templateValue: TemplateValue? { get }
}

extension TemplateObject {
    package var templateValue: TemplateValue? { .object(self) }
}

extension String: TemplateValueConvertible {
    package var templateValue: TemplateValue? { .text(self) }
}

extension Bool: TemplateValueConvertible {
    package var templateValue: TemplateValue? { .bool(self) }
}

extension Int: TemplateValueConvertible {
    package var templateValue: TemplateValue? { .number(self) }
}

extension Optional: TemplateValueConvertible where Wrapped: TemplateValueConvertible {
    package var templateValue: TemplateValue? { self?.templateValue }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    package var templateValue: TemplateValue? { .list(self) }
}

extension Array: TemplateList where Element: TemplateValueConvertible {
    package func element(at index: Int) -> TemplateValue? { self[index].templateValue }
}

/// A list of values built by hand (tests, transforms).
extension Array where Element == TemplateValue {
    package var templateList: TemplateValue { .list(TemplateValues(elements: self)) }
}

struct TemplateValues: TemplateList {
    var elements: [TemplateValue]
    var count: Int { elements.count }
    func element(at index: Int) -> TemplateValue? { elements[index] }
}

extension TemplateValue {
    /// Mustache's falsey values: `false` and the empty list (absent values are falsey too).
    var isTruthy: Bool {
        switch self {
        case .bool(let value): value
        case .list(let elements): elements.count > 0
        case .text, .number, .object: true
        }
    }
}
