import ManagedModel

/// A computed property converting between a stored value and a Swift type the model cannot name
/// (userInfo enum or Codable type, composite struct). Statements run between the will/did access calls.
public struct TypedAccessorPlan: Hashable, Sendable {
    /// The getter's statements after `willAccessValue`/`defer { didAccessValue }`; they `return` the value.
    public var getter: [String]
    /// The setter's statements after `willChangeValue`/`defer { didChangeValue }`, storing `newValue`.
    public var setter: [String]
}

/// What a class gets beyond its properties and initializers: model fetch-request templates, fetched
/// properties, fetch-by-unique-key helpers, and documentation of constraints and indexes.
public struct ClassExtrasPlan: Hashable, Sendable {
    /// Doc-comment lines for the class (uniqueness constraints, fetch indexes); empty when none.
    public var documentation: [String] = []
    public var fetchedProperties: [FetchedPropertyPlan] = []
    public var fetchTemplates: [FetchTemplatePlan] = []
    public var uniqueFetches: [UniqueFetchPlan] = []

    public var isEmpty: Bool { fetchedProperties.isEmpty && fetchTemplates.isEmpty && uniqueFetches.isEmpty }
}

/// A read-only accessor for a fetched property: Core Data returns its result as an array.
public struct FetchedPropertyPlan: Hashable, Sendable {
    public var key: String
    public var swiftName: String
    /// `[Document]`
    public var typeDeclaration: String
    public var elementType: String
    public var documentation: [String]
}

/// A model-level `<fetchRequest>` template as two static functions: one building the request, one running it.
public struct FetchTemplatePlan: Hashable, Sendable {
    public struct Parameter: Hashable, Sendable {
        /// Label and local name, escaped.
        public var swiftName: String
        /// The predicate variable without `$`.
        public var variable: String
        public var typeDeclaration: String
        /// The value put in the substitution dictionary (`minRating`, `status.rawValue`).
        public var substitution: String
    }

    public var templateName: String
    /// `documentsByTitleRequest`
    public var requestFunctionName: String
    /// `fetchDocumentsByTitle`
    public var fetchFunctionName: String
    public var parameters: [Parameter]
    /// The request's result type argument: `Document`, `NSManagedObjectID`, `NSDictionary`, `NSNumber`.
    public var requestResultType: String
    /// `[Document]`, `[NSManagedObjectID]`, `[[String: Any]]`, `Int`.
    public var returnType: String
    /// The statements configuring `request` after it is created (predicate, result type, limits, flags).
    public var configuration: [String]
    /// The expression run by the fetch function, over `request` and `context`.
    public var fetchExpression: String
    public var documentation: [String]
}

/// `fetchUnique(<key>:in:)` for a uniqueness constraint of one attribute.
public struct UniqueFetchPlan: Hashable, Sendable {
    public var key: String
    /// The parameter's label and name, escaped.
    public var swiftName: String
    public var typeName: String
    /// The predicate argument built from the parameter (`identifier`, `status.rawValue`).
    public var argument: String
}

/// A Swift struct for a model-level `<composite>` definition, stored by Core Data as a dictionary keyed by element name.
public struct CompositePlan: Hashable, Sendable {
    public struct Field: Hashable, Sendable {
        public var key: String
        public var swiftName: String
        /// `Double`, `String?`, `Dimensions`
        public var typeDeclaration: String
        public var isOptional: Bool
        /// The field's type is Sendable, so it is declared `nonisolated` (readable from any isolation).
        public var isSendable: Bool
        /// ` = 0.0`, ` = nil` or empty.
        public var defaultClause: String
        /// An expression of type `T?` reading `compositeValue[Keys.<name>]`.
        public var decode: String
        /// The value stored in the dictionary, over the field (unwrapped for optionals): `NSNumber(value: height)`, `unit`.
        public var encode: String
    }

    public var name: String
    public var fields: [Field]
    /// `Hashable, Sendable`, or fewer when a field's type is not.
    public var conformances: [String]
    public var documentation: [String]
}
