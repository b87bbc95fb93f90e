/// What a property's `userInfo` says beyond the model editor: a Swift type for the stored value, read-only,
/// ignored, documentation. The one place that reads these keys; `TypeAssigner` decides the declared type.
///
/// Keys (a key's aliases mean the same; the first listed is ours):
///
/// | Meaning | Keys | Value |
/// |---|---|---|
/// | RawRepresentable enum over an integer or String attribute | `managedCodegen.enum`, `attributeValueScalarType` (mogenerator), `enumType` (SwiftGen), `attributeRawValueEnumType`, `RawType` | the enum's name |
/// | the case an unknown stored raw value reads as | `managedCodegen.enum.unknown` | a case name |
/// | Codable value stored as JSON in a Binary attribute | `managedCodegen.codable`, `attributeCodableTypeName` | the type's name |
/// | read-only (`private(set)`) | `managedCodegen.readonly`, `mogenerator.readonly` | any value except `NO`/`false`/`0` |
/// | not generated (property or entity) | `managedCodegen.ignore`, `mogenerator.ignore` | any value except `NO`/`false`/`0` |
/// | a doc comment for the property | `managedCodegen.doc` | text |
package enum TypedOverrideKeys {
    package static let enumeration = ["managedCodegen.enum", "attributeValueScalarType", "enumType", "attributeRawValueEnumType", "RawType"]
    package static let unknownCase = ["managedCodegen.enum.unknown"]
    package static let codable = ["managedCodegen.codable", "attributeCodableTypeName"]
    package static let readOnly = ["managedCodegen.readonly", "mogenerator.readonly"]
    package static let ignore = ["managedCodegen.ignore", "mogenerator.ignore"]
    package static let documentation = ["managedCodegen.doc"]

    static func value(_ keys: [String], in userInfo: [UserInfoEntry]) -> (key: String, value: String)? {
        for key in keys { if let value = userInfo[key: key] { return (key, value) } }
        return nil
    }

    /// mogenerator treats the presence of its flag keys as "yes"; an explicit `NO`/`false`/`0` turns ours off.
    static func flag(_ keys: [String], in userInfo: [UserInfoEntry]) -> Bool {
        guard let entry = value(keys, in: userInfo) else { return false }
        return !["no", "false", "0"].contains(entry.value.trimmingWhitespace.lowercased())
    }
}

/// A Swift type replacing the stored type of an attribute, decided from its userInfo.
package enum TypedOverride: Hashable, Sendable {
    /// `T(rawValue:)` over the stored integer or String; `unknownCase` is what an unknown raw value reads as.
    case rawRepresentable(typeName: String, rawType: RawType, unknownCase: String?)
    /// `JSONDecoder().decode(T.self, from:)` over the stored Data.
    case codable(typeName: String)

    package enum RawType: String, Hashable, Sendable {
        case integer, string
    }

    package var typeName: String {
        switch self {
        case .rawRepresentable(let name, _, _), .codable(let name): return name
        }
    }
}

/// Everything userInfo says about one property; `problems` explain keys that were not applied.
package struct PropertyAnnotations: Hashable, Sendable {
    package var override: TypedOverride?
    package var isReadOnly: Bool
    package var isIgnored: Bool
    /// The doc comment's lines; empty when there is none.
    package var documentation: [String]
    package var problems: [String]

    package init(override: TypedOverride? = nil, isReadOnly: Bool = false, isIgnored: Bool = false,
                documentation: [String] = [], problems: [String] = []) {
        self.override = override
        self.isReadOnly = isReadOnly
        self.isIgnored = isIgnored
        self.documentation = documentation
        self.problems = problems
    }

    /// The annotations of a relationship or fetched property: no typed override applies to them.
    package init(userInfo: [UserInfoEntry]) {
        guard !userInfo.isEmpty else {
            self.init()
            return
        }
        self.init(
            isReadOnly: TypedOverrideKeys.flag(TypedOverrideKeys.readOnly, in: userInfo),
            isIgnored: TypedOverrideKeys.flag(TypedOverrideKeys.ignore, in: userInfo),
            documentation: Self.lines(TypedOverrideKeys.value(TypedOverrideKeys.documentation, in: userInfo)?.value))
    }

    static func lines(_ text: String?) -> [String] {
        guard let text = text?.trimmingWhitespace, !text.isEmpty else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace }
    }
}

extension Attribute {
    /// What this attribute's userInfo asks for, checked against its attribute type.
    package var annotations: PropertyAnnotations {
        // Most attributes have no userInfo; the planners ask for every one many times.
        if userInfo.isEmpty { return PropertyAnnotations() }
        var result = PropertyAnnotations(userInfo: userInfo)
        let enumEntry = TypedOverrideKeys.value(TypedOverrideKeys.enumeration, in: userInfo)
        let codableEntry = TypedOverrideKeys.value(TypedOverrideKeys.codable, in: userInfo)
        if let enumEntry, let codableEntry {
            result.problems.append("userInfo names both an enum ('\(enumEntry.key)') and a Codable type ('\(codableEntry.key)'); the enum is used")
        }
        if let entry = enumEntry {
            let name = entry.value.trimmingWhitespace
            let unknown = TypedOverrideKeys.value(TypedOverrideKeys.unknownCase, in: userInfo)?.value.trimmingWhitespace
            let rawType: TypedOverride.RawType? = type.isInteger ? .integer : type == .string ? .string : nil
            if let rawType, Self.isTypeName(name) {
                if let unknown, !unknown.isEmpty, !SwiftNames.isIdentifier(unknown) {
                    result.problems.append("'managedCodegen.enum.unknown' value '\(unknown)' is not a case name; unknown raw values are handled as if it were absent")
                }
                let unknownCase = unknown.flatMap { SwiftNames.isIdentifier($0) ? $0 : nil }
                result.override = .rawRepresentable(typeName: name, rawType: rawType, unknownCase: unknownCase)
            } else if rawType == nil {
                result.problems.append("userInfo '\(entry.key)' names the enum '\(name)', but only Integer and String attributes can hold raw values; the \(type.rawValue) type is kept")
            } else {
                result.problems.append("userInfo '\(entry.key)' value '\(name)' is not a Swift type name; the \(type.rawValue) type is kept")
            }
        } else if let entry = codableEntry {
            let name = entry.value.trimmingWhitespace
            if type != .binary {
                result.problems.append("userInfo '\(entry.key)' names the Codable type '\(name)', but only Binary attributes hold JSON; the \(type.rawValue) type is kept")
            } else if !Self.isTypeName(name) {
                result.problems.append("userInfo '\(entry.key)' value '\(name)' is not a Swift type name; the \(type.rawValue) type is kept")
            } else {
                result.override = .codable(typeName: name)
            }
        }
        return result
    }

    /// `Status`, `Module.Status`, `Outer.Inner`: dot-separated identifiers.
    static func isTypeName(_ name: String) -> Bool {
        !name.isEmpty && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
            SwiftNames.isIdentifier(String($0)) && !SwiftNames.keywords.contains(String($0))
        }
    }
}

extension Entity {
    /// `managedCodegen.ignore` / `mogenerator.ignore` on the entity: no class is generated; the app declares it.
    package var isIgnoredByUserInfo: Bool { TypedOverrideKeys.flag(TypedOverrideKeys.ignore, in: userInfo) }
}

extension Attribute {
    /// The `valueTransformerName` of a Transformable when it names the app's own transformer, which the app
    /// must register before the model loads; nil for none and for the transformers Foundation registers.
    package var customValueTransformerName: String? {
        guard type == .transformable, let name = valueTransformerName?.trimmingWhitespace, !name.isEmpty,
            !Self.foundationTransformerNames.contains(name)
        else { return nil }
        return name
    }

    /// Xcode writes both spellings of the secure unarchiver's name.
    static let foundationTransformerNames: Set<String> = [
        "NSSecureUnarchiveFromData", "NSSecureUnarchiveFromDataTransformer", "NSSecureUnarchiveFromDataTransformerName",
        "NSKeyedUnarchiveFromData", "NSKeyedUnarchiveFromDataTransformerName", "NSUnarchiveFromData",
        "NSUnarchiveFromDataTransformerName", "NSNegateBoolean", "NSIsNil", "NSIsNotNil",
    ]
}
