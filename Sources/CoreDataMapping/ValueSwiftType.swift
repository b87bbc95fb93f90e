import ManagedModel

/// The Swift types `SwiftTypeTable` gives attributes whose values a model can state (defaults, bounds, samples):
/// what `ModelValue.swiftSource(as:in:)` is keyed by. Types the model cannot state a value of (the app's types,
/// Transformable classes, composites, `NSObject`, `NSManagedObjectID`) have none: `SwiftPropertyType.valueType` is nil.
package enum ValueSwiftType: String, CaseIterable, Hashable, Sendable {
    case int16 = "Int16"
    case int32 = "Int32"
    case int64 = "Int64"
    case double = "Double"
    case float = "Float"
    /// A Date attribute with `usesScalarValueType="YES"`: seconds since 2001-01-01 00:00:00 UTC.
    case timeInterval = "TimeInterval"
    case bool = "Bool"
    /// A number or boolean attribute with `usesScalarValueType="NO"`.
    case number = "NSNumber"
    case decimalNumber = "NSDecimalNumber"
    case string = "String"
    case date = "Date"
    case data = "Data"
    case uuid = "UUID"
    case url = "URL"

    /// The type as Swift spells it (`Int16`, `NSNumber`).
    package var name: String { rawValue }

    /// The type of the value Core Data stores for `attribute`, as key-value coding sets and reads it
    /// (`setValue(_:forKey:)`, `value(forKey:) as? T`): the table's type without the model's `usesScalarValueType`
    /// (numbers as their own scalar type, dates as `Date`); nil when the model cannot state such a value.
    package static func keyValueCodingType(of attribute: Attribute) -> ValueSwiftType? {
        var plain = attribute
        plain.usesScalarValueType = nil
        return SwiftTypeTable.storedType(of: plain).valueType
    }
}

extension SwiftPropertyType {
    /// The table's type of a value the model can state, optional or not.
    init(_ valueType: ValueSwiftType, isOptional: Bool, storage: Storage, numberAccessor: String? = nil) {
        self.init(name: valueType.name, isOptional: isOptional, storage: storage, numberAccessor: numberAccessor, valueType: valueType)
    }
}
