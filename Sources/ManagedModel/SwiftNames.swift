/// Name rules shared by the schema checks and the code generator.
package enum SwiftNames {
    /// The model name as a Swift type name prefix (the model's support types, its tests): `Inventory`, `MyModel2`
    /// for `My Model 2`.
    package static func modelTypeName(_ modelName: String) -> String {
        var name = String(modelName.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_") }.map(Character.init))
        if name.isEmpty || name.first!.isNumber { name = "Model" + name }
        return name
    }

    /// Words that need backticks when used as identifiers in declarations.
    package static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_",
    ]

    // MARK: Which property names generated Swift declares
    //
    // One rule, used by the schema checks (how severe) and every planner (what is declared): a property is
    // declared under its own name unless `propertyNameClash(_:)` names a reason.

    /// Why a model property cannot be declared under its own name; nil when it can (the rule is
    /// `propertyNameClash(_:)`).
    package enum PropertyNameClash: Hashable, Sendable {
        /// Not a Swift identifier: no declaration (nor `@NSManaged` KVC key) can carry it. An error of the checks.
        case notAnIdentifier
        /// A no-parameter member of NSObject or NSManagedObject (`description`, `objectID`, `isDeleted`, …):
        /// Core Data rejects the property at run time (NSPropertyDescription.name). An error of the checks.
        case rejectedByCoreData
        /// An Objective-C property of NSManagedObject whose getter is named otherwise (`deleted`, getter
        /// `isDeleted`): Core Data accepts the property, but Swift cannot declare a member of that name. A warning
        /// naming the way out: `value(forKey:)` with the key, or renaming the property.
        case importedUnderGetterName(swiftName: String)
    }

    /// Why the property `name` cannot be declared in a generated class; nil when it is declared like any other
    /// (names that are only base names of members taking arguments, `value` or `context`, included: Xcode's
    /// codegen declares them too).
    package static func propertyNameClash(_ name: String) -> PropertyNameClash? {
        if forbiddenPropertyNames.contains(name) { return .rejectedByCoreData }
        if propertyNamesImportedUnderGetterNames.contains(name) {
            return .importedUnderGetterName(swiftName: "is" + capitalizedFirst(name))
        }
        return isIdentifier(name) ? nil : .notAnIdentifier
    }

    /// Names of no-parameter members of NSObject and NSManagedObject (and words Swift reserves for members,
    /// `self`, `init`): Core Data refuses such properties at run time (its rule, NSPropertyDescription.name,
    /// forbids names of no-parameter methods), and the generated class would not compile.
    package static let forbiddenPropertyNames: Set<String> = [
        "description", "debugDescription", "entity", "objectID", "managedObjectContext", "isDeleted",
        "isInserted", "isUpdated", "isFault", "hasChanges", "hasPersistentChangedValues", "faultingState",
        "changedValues", "changedValuesForCurrentEvent", "hash", "hashValue", "class",
        "superclass", "self", "isProxy", "zone", "classForCoder", "classForKeyedArchiver", "observationInfo",
        "awakeFromFetch", "awakeFromInsert", "willSave", "didSave", "willTurnIntoFault", "didTurnIntoFault",
        "prepareForDeletion", "validateForInsert", "validateForUpdate", "validateForDelete",
        "fetchRequest", "init", "copy", "mutableCopy", "dealloc", "retain", "release", "autorelease",
    ]

    /// Objective-C property names of NSManagedObject whose getter is named otherwise
    /// (`@property (getter=isDeleted) BOOL deleted`). Swift imports the property as `isDeleted` and keeps
    /// `deleted` as an unavailable declaration renamed to it, so a sub-class member named `deleted` is taken as
    /// an override of it and cannot compile ("overriding declaration requires an 'override' keyword", "'deleted'
    /// has been renamed to 'isDeleted'"). Core Data accepts such properties: they are not no-parameter methods
    /// (Objective-C code declares them with getter `deleted`).
    package static let propertyNamesImportedUnderGetterNames: Set<String> = ["deleted", "inserted", "updated", "fault"]

    /// Base names of NSObject/NSManagedObject members that all take arguments (`value(forKey:)`,
    /// `willChangeValue(forKey:)`, `committedValues(forKeys:)`, …), and `context`, the label of the generated
    /// initializers' first parameter. Not a rule (`propertyNameClash(_:)` declares them like any other name):
    /// the names the tests prove are declared, set and read, as Xcode's codegen declares them.
    package static let baseNamesOfMembersTakingArguments: Set<String> = [
        "value", "primitiveValue", "setValue", "setPrimitiveValue", "willAccessValue", "didAccessValue",
        "willChangeValue", "didChangeValue", "validateValue", "objectIDs", "committedValues",
        "awakeFromSnapshotEvents", "context",
    ]

    /// The identifier as it must be written in a declaration (`default` becomes `` `default` ``).
    package static func escaped(_ name: String) -> String {
        isKeyword(name) ? "`\(name)`" : name
    }

    package static func isKeyword(_ name: String) -> Bool {
        keywords.contains(name)
    }

    /// `tags` -> `Tags`, as Xcode builds accessor names (`addToTags`, `addTagsObject:`).
    package static func capitalizedFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// Whether `name` is a plain Swift identifier (letters, digits, underscore; not starting with a digit).
    package static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        let isHead: (Unicode.Scalar) -> Bool = { $0 == "_" || $0.properties.isXIDStart }
        let isBody: (Unicode.Scalar) -> Bool = { $0 == "_" || $0.properties.isXIDContinue }
        return isHead(first) && name.unicodeScalars.dropFirst().allSatisfy(isBody)
    }
}

/// How generated Swift spells values.
package enum SwiftSourceText {
    /// A string literal with every character Swift's lexer treats specially escaped: quotes, backslashes,
    /// control and format characters (invisible ones such as U+200B would otherwise hide in the source).
    /// Other Unicode stays as written, so model text reads the same in the generated code.
    package static func stringLiteral(_ text: String) -> String {
        // Sample strings run to thousands of characters, most of them plain ASCII with nothing to escape.
        let isPlain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\"") }
        if isPlain { return "\"" + text + "\"" }
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F
                || (scalar.value > 0x7F && scalar.properties.generalCategory == .format):
                literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}

extension String {
    /// Without leading and trailing whitespace; for the modules that read model text (package-wide, not public API).
    package var trimmingWhitespace: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
