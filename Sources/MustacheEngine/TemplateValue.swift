/// What a tag such as `{{name}}` or `{{#items}}` finds: data only, so a template lays text out and never
/// calls back into code.
public enum TemplateValue {
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
public protocol TemplateList {
    var count: Int { get }
    /// nil for an absent optional element, which renders nothing.
    func element(at index: Int) -> TemplateValue?
}

/// A value whose fields templates can name. `templateValue(named:)` answers nil for names it does not have
/// (and for absent optionals, as swift-mustache treats them): the lookup then goes on in the enclosing contexts.
///
/// A hand-written `switch` over the field names is what makes rendering fast (no reflection, no dynamic casts);
/// a test should check it against the type's stored properties (`Mirror`), so that no field is forgotten.
public protocol TemplateObject: TemplateValueConvertible {
    func templateValue(named name: String) -> TemplateValue?
}

/// Types a `TemplateObject` can hand to templates: text, booleans, numbers, optionals, arrays and other objects.
public protocol TemplateValueConvertible {
    /// nil for an absent optional.
    var templateValue: TemplateValue? { get }
}

extension TemplateObject {
    public var templateValue: TemplateValue? { .object(self) }
}

extension String: TemplateValueConvertible {
    public var templateValue: TemplateValue? { .text(self) }
}

extension Bool: TemplateValueConvertible {
    public var templateValue: TemplateValue? { .bool(self) }
}

extension Int: TemplateValueConvertible {
    public var templateValue: TemplateValue? { .number(self) }
}

extension Optional: TemplateValueConvertible where Wrapped: TemplateValueConvertible {
    public var templateValue: TemplateValue? { self?.templateValue }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    public var templateValue: TemplateValue? { .list(self) }
}

extension Array: TemplateList where Element: TemplateValueConvertible {
    public func element(at index: Int) -> TemplateValue? { self[index].templateValue }
}

/// A list of values built by hand (tests, transforms).
extension Array where Element == TemplateValue {
    public var templateList: TemplateValue { .list(TemplateValues(elements: self)) }
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
