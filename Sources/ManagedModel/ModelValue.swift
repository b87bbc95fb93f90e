/// A value of a model's property, typed by what it is rather than by its Swift spelling: a default or a bound read
/// from the model, a sample value the generated tests store. The one place such values are spelled as Swift is
/// CoreDataMapping's `ModelValue.swiftSource(as:in:)`, keyed by the property's `ValueSwiftType`.
///
/// Bounds of String attributes are lengths and of Binary attributes byte counts (`.integer`);
/// dates are seconds since 2001-01-01 00:00:00 UTC (`.date`).
package enum ModelValue: Hashable, Sendable {
    case integer(Int64)
    /// Double and Float values (Float samples are chosen to be exactly representable).
    case double(Double)
    /// Decimal text exactly as written (no binary rounding before `NSDecimalNumber(string:)`), e.g. `42.5`.
    case decimal(String)
    case bool(Bool)
    case string(String)
    /// Seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)
    /// Bytes of a Binary attribute's sample (a model states no Binary default).
    case data([UInt8])
    case uuid(String)
    case url(String)
    /// Swift source taken verbatim from the model's userInfo, for types whose values we cannot write
    /// (Transformable, Undefined, …); never read from a default or a bound.
    case swiftExpression(String)
}

extension ModelValue {
    /// The value on the number line Core Data checks bounds on (nil: not ordered).
    package var boundMagnitude: Double? {
        switch self {
        case .integer(let number): Double(number)
        case .double(let number), .date(let number): number
        case .decimal(let text): Double(text)
        case .bool, .string, .data, .uuid, .url, .swiftExpression: nil
        }
    }
}
