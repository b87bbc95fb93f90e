import ManagedModel
import SwiftSourceScanning

/// The declarations hand-written managed-object classes make, as `audit` needs them: every class and extension,
/// and the properties and methods directly in their bodies, with their attributes (`@NSManaged`, `@objc(…)`).
///
/// A lexical scan over ``SwiftTokens`` (comments and strings skipped), not a parse: what the declarations mean
/// against the model, ``SourceAudit`` decides.
package struct ManagedDeclarationScan: Sendable {
    /// `class Name` (with `@objc(RuntimeName)` when written) or `extension Module.Name` (structs, enums and the
    /// like only scope their members).
    package struct TypeDeclaration: Hashable, Sendable {
        package var name: String
        /// The Objective-C runtime name from `@objc(Name)` on a class; nil without one.
        package var objcName: String?
        package var isClass: Bool
        /// A class's superclass: the first type after its `:`, module prefix dropped (`NSManagedObject`); nil for
        /// none and for extensions (whose first type after `:` is a protocol).
        package var superclass: String? = nil
        package var location: SourceLocation
    }

    package struct Member: Hashable, Sendable {
        package enum Kind: Hashable, Sendable {
            /// `var` / `let`; `type` as written (`Set<Tag>?`), nil when inferred.
            case property(type: String?, isComputed: Bool)
            /// `func`; its Objective-C selector: the `@objc(…)` one, else the one Swift derives from the name.
            case method(selector: String)
        }

        /// The type (class or extension) whose body declares it.
        package var typeName: String
        package var name: String
        package var kind: Kind
        package var isManaged: Bool
        /// `@objc(key)` on a property: the Objective-C name Core Data sees instead of `name`.
        package var objcName: String?
        package var location: SourceLocation
        /// A method's parameter types as written (`NSSet`, `Set<Tag>`); empty for a property.
        package var parameterTypes: [String] = []
        /// `@objc` or `@objc(key)` written on it: Objective-C sees it, as it sees an `@NSManaged` one.
        package var isObjC = false

        /// The key Core Data sees for a property: its `@objc` name, else its Swift name.
        package var key: String { objcName ?? name }
    }

    package var types: [TypeDeclaration]
    package var members: [Member]
    /// `@objc enum Name: RawType`: each such enumeration's raw type by the enumeration's Swift name. Objective-C sees
    /// the enumeration as its raw type (an `NS_ENUM` of it), so an `@NSManaged` property of it is that scalar.
    package var objcEnumRawTypes: [String: String]

    package init(types: [TypeDeclaration] = [], members: [Member] = [], objcEnumRawTypes: [String: String] = [:]) {
        self.types = types
        self.members = members
        self.objcEnumRawTypes = objcEnumRawTypes
    }

    /// The declarations of these sources, in the given order.
    package static func scanning(_ sources: [(path: String, text: String)]) -> ManagedDeclarationScan {
        var result = ManagedDeclarationScan()
        for source in sources {
            var scanner = Scanner(path: source.path, source: SwiftTokens(source.text))
            scanner.scan(into: &result)
        }
        return result
    }

    /// Every `.swift` file under `folders` (recursively; hidden folders and `.build` skipped).
    package static func scanning(folders: [String]) -> ManagedDeclarationScan {
        scanning(SwiftSourceFiles.read(SwiftSourceFiles.paths(under: folders)))
    }

    /// The selector Swift gives a method without `@objc(…)`: `addToTags(_:)` -> `addToTags:`,
    /// `insert(_:at:)` -> `insert:at:`, `add(value:)` -> `addWithValue:`.
    package static func derivedSelector(name: String, labels: [String]) -> String {
        guard let first = labels.first else { return name }
        var selector = first == "_" ? name + ":" : name + "With" + SwiftNames.capitalizedFirst(first) + ":"
        for label in labels.dropFirst() { selector += (label == "_" ? "" : label) + ":" }
        return selector
    }
}

private struct Scanner {
    let path: String
    let source: SwiftTokens

    private static let typeKeywords: Set<String> = ["extension", "class", "struct", "enum", "actor", "protocol"]
    private static let notTypeNames: Set<String> = ["func", "var", "let", "subscript", "override", "final", "static"]

    mutating func scan(into result: inout ManagedDeclarationScan) {
        // One entry per open brace: the type whose body it opens, or nil (function bodies, closures, …).
        var scopes: [String?] = []
        var pendingType: String?
        // The attributes written since the last declaration: (name, argument as written).
        var attributes: [(name: String, argument: String?)] = []
        var index = 0
        func objcArgument() -> String? { attributes.last { $0.name == "objc" }?.argument }
        func isManaged() -> Bool { attributes.contains { $0.name == "NSManaged" } }
        while index < source.count {
            let token = source.tokens[index].token
            let line = source.tokens[index].line
            let enclosingType = scopes.last ?? nil
            switch token {
            case .punctuation(UInt8(ascii: "@")):
                guard let name = source.word(at: index + 1) else { break }
                var argument: String?
                var next = index + 2
                if source[next] == .punct("("), source.tokens[next].line == source.tokens[index + 1].line {
                    let end = source.indexAfterGroup(at: next)
                    argument = source.tokens[(next + 1)..<max(next + 1, end - 1)].map(\.token.text).joined()
                    next = end
                }
                attributes.append((name, argument))
                index = next
                continue
            case .punctuation(UInt8(ascii: "{")):
                scopes.append(pendingType)
                pendingType = nil
                attributes = []
            case .punctuation(UInt8(ascii: "}")):
                _ = scopes.popLast()
                pendingType = nil
                attributes = []
            case .punctuation(UInt8(ascii: ";")):
                pendingType = nil
                attributes = []
            case .word(let keyword) where Self.typeKeywords.contains(keyword):
                // `class func`, `class var`: a member's modifier, not a type.
                guard var name = source.word(at: index + 1), !Self.notTypeNames.contains(name) else { break }
                var next = index + 2
                if keyword == "extension" {
                    // `extension Shop.Item`: the last component names the class.
                    while source[next] == .punct("."), let component = source.word(at: next + 1) {
                        name = component
                        next += 2
                    }
                }
                if keyword == "class" || keyword == "extension" {
                    result.types.append(
                        .init(name: name, objcName: keyword == "class" ? objcArgument() : nil, isClass: keyword == "class",
                              superclass: keyword == "class" ? firstInheritedType(after: next) : nil,
                              location: SourceLocation(path: path, line: line)))
                }
                if keyword == "enum", attributes.contains(where: { $0.name == "objc" }), let rawType = firstInheritedType(after: next) {
                    result.objcEnumRawTypes[name] = rawType
                }
                pendingType = name
                attributes = []
                index = next
                continue
            case .word("var"), .word("let"):
                defer { attributes = [] }
                guard let typeName = enclosingType, let name = source.word(at: index + 1), !isTypeMember(before: index) else { break }
                var next = index + 2
                var type: String?
                if source[next] == .punct(":") {
                    let end = typeEnd(from: next + 1, line: source.line(at: index + 1))
                    type = SwiftTokens.spelled(source.tokens[(next + 1)..<end].map(\.token))
                    next = end
                }
                var isComputed = source[next] == .punct("{")
                if source[next] == .punct("=") { isComputed = false }
                result.members.append(
                    .init(typeName: typeName, name: name, kind: .property(type: type, isComputed: isComputed),
                          isManaged: isManaged(), objcName: objcArgument(), location: SourceLocation(path: path, line: line),
                          isObjC: attributes.contains { $0.name == "objc" }))
                index = next
                continue
            case .word("func"):
                defer { attributes = [] }
                guard let typeName = enclosingType, let name = source.word(at: index + 1),
                    let parameters = source.parameters(from: index + 2)
                else { break }
                let selector = objcArgument() ?? ManagedDeclarationScan.derivedSelector(name: name, labels: parameters.map(\.label))
                result.members.append(
                    .init(typeName: typeName, name: name, kind: .method(selector: selector), isManaged: isManaged(),
                          objcName: nil, location: SourceLocation(path: path, line: line), parameterTypes: parameters.map(\.type)))
            case .word("init"), .word("deinit"), .word("subscript"), .word("typealias"), .word("case"):
                attributes = []
            default:
                break
            }
            index += 1
        }
    }

    /// The first type after the `:` that follows a type's name ending before `index` (after an optional generic
    /// clause), its module prefix dropped: `NSManagedObject` for `class Item: CoreData.NSManagedObject, Codable`.
    private func firstInheritedType(after index: Int) -> String? {
        var next = index
        if source[next] == .punct("<") { next = source.indexAfterGroup(at: next) }
        guard source[next] == .punct(":"), var name = source.word(at: next + 1) else { return nil }
        next += 2
        while source[next] == .punct("."), let component = source.word(at: next + 1) {
            name = component
            next += 2
        }
        return name
    }

    /// Whether the modifiers before the keyword at `index` make a `static` or `class` member: not an object's property.
    private func isTypeMember(before index: Int) -> Bool {
        var position = index - 1
        while position >= 0 {
            switch source.tokens[position].token {
            case .word("static"), .word("class"): return true
            case .word(let word) where Self.modifiers.contains(word): position -= 1
            // `private(set)`, `internal(set)`
            case .punctuation(UInt8(ascii: ")")) where position >= 3 && source.word(at: position - 1) == "set":
                position -= 3
            default: return false
            }
        }
        return false
    }

    private static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "override", "nonisolated", "dynamic",
        "lazy", "weak", "unowned", "required", "convenience", "NSManaged",
    ]

    /// Where a property's type annotation ends: at `{`, `=` or `;` outside brackets, or where a new line starts
    /// outside brackets (`->` is not a closing bracket).
    private func typeEnd(from start: Int, line: Int) -> Int {
        var depth = 0
        var index = start
        while index < source.count {
            let (token, tokenLine) = source.tokens[index]
            if depth == 0, tokenLine != line { break }
            if case .punctuation(let byte) = token {
                switch byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
                case UInt8(ascii: ">"):
                    if index > start, source[index - 1] != .punct("-") { depth -= 1 }
                case UInt8(ascii: "{"), UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: "}"):
                    if depth == 0 { return index }
                default: break
                }
            }
            if depth < 0 { return index }
            index += 1
        }
        return index
    }
}
