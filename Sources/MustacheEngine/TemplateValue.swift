/// What a tag such as `{{name}}` or `{{#items}}` finds: data only, so a template lays text out and never
/// calls back into code.
public enum TemplateValue {
    case text(String)
    case bool(Bool)
    case number(Int)
    /// Pushed on the context stack by a section; its fields are found by name.
    case object(any TemplateObject)
    /// A section renders once per element.
    case list([TemplateValue])
}

/// A value whose fields templates can name. `templateValue(named:)` answers nil for names it does not have
/// (and for absent optionals): the lookup then goes on in the enclosing contexts, as Mustache specifies.
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
    public var templateValue: TemplateValue? { .list(compactMap(\.templateValue)) }
}

extension TemplateValue {
    /// Mustache's falsey values: `false` and the empty list (absent values are falsey too).
    var isTruthy: Bool {
        switch self {
        case .bool(let value): value
        case .list(let elements): !elements.isEmpty
        case .text, .number, .object: true
        }
    }
}
