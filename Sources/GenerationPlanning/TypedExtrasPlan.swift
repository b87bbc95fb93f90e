import ManagedModel

/// A computed property converting between a stored value and a Swift type the model cannot name
/// (userInfo enum or Codable type, composite struct). Statements run between the will/did access calls.
package struct TypedAccessorPlan: Hashable, Sendable {
    /// The getter's statements after `willAccessValue`/`defer { didAccessValue }`; they `return` the value.
    package var getter: [String]
    /// The setter's statements after `willChangeValue`/`defer { didChangeValue }`, storing `newValue`.
    package var setter: [String]
}

/// What a class gets beyond its properties and initializers: model fetch-request templates, fetched
/// properties, fetch-by-unique-key helpers, and documentation of constraints and indexes.
package struct ClassExtrasPlan: Hashable, Sendable {
    /// Doc-comment lines for the class (uniqueness constraints, fetch indexes); empty when none.
    package var documentation: [String] = []
    package var fetchedProperties: [FetchedPropertyPlan] = []
    package var fetchTemplates: [FetchTemplatePlan] = []
    package var uniqueFetches: [UniqueFetchPlan] = []

    package var isEmpty: Bool { fetchedProperties.isEmpty && fetchTemplates.isEmpty && uniqueFetches.isEmpty }
}

/// A read-only accessor for a fetched property: Core Data returns its result as an array.
package struct FetchedPropertyPlan: Hashable, Sendable {
    package var key: String
    package var swiftName: String
    /// `[Document]`
    package var typeDeclaration: String
    package var elementType: String
    package var documentation: [String]
}

/// A model-level `<fetchRequest>` template as two static functions: one building the request, one running it.
package struct FetchTemplatePlan: Hashable, Sendable {
    package struct Parameter: Hashable, Sendable {
        /// Label and local name, escaped.
        package var swiftName: String
        /// The predicate variable without `$`.
        package var variable: String
        package var typeDeclaration: String
        /// The value put in the substitution dictionary (`minRating`, `status.rawValue`).
        package var substitution: String
    }

    package var templateName: String
    /// `documentsByTitleRequest`
    package var requestFunctionName: String
    /// `fetchDocumentsByTitle`
    package var fetchFunctionName: String
    package var parameters: [Parameter]
    /// The request's result type argument: `Document`, `NSManagedObjectID`, `NSDictionary`, `NSNumber`.
    package var requestResultType: String
    /// `[Document]`, `[NSManagedObjectID]`, `[[String: Any]]`, `Int`.
    package var returnType: String
    /// The statements configuring `request` after it is created (predicate, result type, limits, flags).
    package var configuration: [String]
    /// The expression run by the fetch function, over `request` and `context`.
    package var fetchExpression: String
    package var documentation: [String]
}

/// `fetchUnique(<key>:in:)` for a uniqueness constraint of one attribute.
package struct UniqueFetchPlan: Hashable, Sendable {
    package var key: String
    /// The parameter's label and name, escaped.
    package var swiftName: String
    package var typeName: String
    /// The predicate argument built from the parameter (`identifier`, `status.rawValue`).
    package var argument: String
}

/// A Swift struct for a model-level `<composite>` definition, stored by Core Data as a dictionary keyed by element name.
package struct CompositePlan: Hashable, Sendable {
    package struct Field: Hashable, Sendable {
        package var key: String
        package var swiftName: String
        /// `Double`, `String?`, `Dimensions`
        package var typeDeclaration: String
        package var isOptional: Bool
        /// The field's type is Sendable, so it is declared `nonisolated` (readable from any isolation).
        package var isSendable: Bool
        /// ` = 0.0`, ` = nil` or empty.
        package var defaultClause: String
        /// An expression of type `T?` reading `compositeValue[Keys.<name>]`.
        package var decode: String
        /// The value stored in the dictionary, over the field (unwrapped for optionals): `NSNumber(value: height)`, `unit`.
        package var encode: String
    }

    package var name: String
    package var fields: [Field]
    /// `Hashable, Sendable`, or fewer when a field's type is not.
    package var conformances: [String]
    package var documentation: [String]
}
