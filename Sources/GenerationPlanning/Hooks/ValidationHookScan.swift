import Foundation
import ManagedModel
import SwiftSourceScanning

/// The validation hooks the user wrote: every `func validate<Name>(…)` declared directly in a type's body or
/// extension (`extension Item { func validateName(_ name: String) throws }`) in the scanned Swift files; also the
/// migration plan's `func willMigrate<From>To<To>(…)` (``MigrationPlanner``).
///
/// The generator's input besides the model: a property gets the Objective-C bridge Core Data calls
/// (`validate<Key>:error:`) only when its typed hook exists, so this is found before planning. A lexical scan,
/// not a parse: comments (the human file's commented examples), string literals and nested functions are
/// skipped; which declarations are hooks, and which are mistakes, the planner decides against the model.
package struct ValidationHookScan: Hashable, Sendable {
    package struct Parameter: Hashable, Sendable {
        /// The argument label as written: `_` for none.
        package var label: String
        /// The type as written, whitespace between tokens removed (`[String:Any]`).
        package var type: String
    }

    package struct Declaration: Hashable, Sendable {
        /// The extended or declared type's name, without a module (`extension Shop.Item` -> `Item`).
        package var typeName: String
        /// `validateName`
        package var methodName: String
        package var parameters: [Parameter]
        package var location: SourceLocation
        /// A value the hook rejects, from a `// managedCodegen.rejects: <Swift expression>` comment line right above
        /// it: the generated tests set the property to it and expect the hook's error from `save()`. Above a
        /// consistency or deletion hook: `;`-separated statements on the object (`email = "Ann"; name = "Ann"`)
        /// that give it a state the hook refuses (to save, or to delete once saved).
        package var rejectedSample: String? = nil
        /// `nonisolated` on the declaration or on the extension or type holding it. A migration hook without it is
        /// MainActor-isolated in a target whose default isolation is MainActor, and the generated plan, which is
        /// `nonisolated`, cannot call it synchronously (``MigrationPlanRules/hookIsolation``).
        package var isNonisolated = false
    }

    /// In file order (files sorted by path).
    package var declarations: [Declaration]

    package init(declarations: [Declaration] = []) {
        self.declarations = declarations
    }

    /// Nothing scanned: no property gets a bridge.
    package static let none = ValidationHookScan()

    /// The declarations of these sources, in the given order.
    package static func scanning(_ sources: [(path: String, text: String)]) -> ValidationHookScan {
        ValidationHookScan(declarations: sources.flatMap { HookLexer(path: $0.path, text: $0.text).declarations() })
    }

    /// Every `.swift` file under `folders` (recursively; hidden folders and `.build` skipped), by sorted path,
    /// except files starting with `skippingPrefix` (the generator's own machine files, whose bridges carry
    /// the hooks' names). Unreadable folders contribute nothing.
    package static func scanning(folders: [String], skippingPrefix: String) -> ValidationHookScan {
        scanning(sources(under: folders, skippingPrefix: skippingPrefix))
    }

    /// The files `scanning(folders:skippingPrefix:)` reads, by sorted path (`input-files` lists them).
    package static func sourcePaths(under folders: [String], skippingPrefix: String) -> [String] {
        sources(under: folders, skippingPrefix: skippingPrefix).map(\.path)
    }

    private static func sources(under folders: [String], skippingPrefix: String) -> [(path: String, text: String)] {
        SwiftSourceFiles.read(SwiftSourceFiles.paths(under: folders)).filter { !$0.text.hasPrefix(skippingPrefix) }
    }

    /// The declarations made in an extension or body of `typeName`.
    package func declarations(of typeName: String) -> [Declaration] {
        declarations.filter { $0.typeName == typeName }
    }
}

/// Finds `func validate…` declarations directly inside a type's braces, in the tokens of one file.
private struct HookLexer {
    let path: String
    let source: SwiftTokens

    init(path: String, text: String) {
        self.path = path
        source = SwiftTokens(text)
    }

    static let rejectsMarker = "managedCodegen.rejects:"

    private static let typeKeywords: Set<String> = ["extension", "class", "struct", "enum", "actor", "protocol"]

    /// The declaration modifiers that may stand before `func` or a type keyword.
    private static let modifiers: Set<String> = [
        "nonisolated", "static", "class", "public", "internal", "private", "fileprivate", "package", "open", "final",
        "override", "dynamic", "mutating", "nonmutating", "required", "convenience", "indirect",
    ]

    func declarations() -> [ValidationHookScan.Declaration] {
        let tokens = source.tokens
        let comments = source.lineComments
        var found: [ValidationHookScan.Declaration] = []
        // Lines that start with an attribute (`@objc`, `@MainActor`).
        let attributeLines = Set(tokens.indices.filter { index in
            tokens[index].token == .punct("@") && (index == 0 || tokens[index - 1].line < tokens[index].line)
        }.map { tokens[$0].line })
        // One entry per open brace: the type whose body it opens, or nil (function bodies, closures, …).
        var scopes: [String?] = []
        var pendingType: String?
        // Whether the body each entry of `scopes` opens is declared `nonisolated` (the type or extension).
        var nonisolatedScopes: [Bool] = []
        var pendingNonisolated = false
        // `nonisolated` among the modifiers right before the keyword at `position` (`nonisolated public static func`).
        func modifiedNonisolated(before position: Int) -> Bool {
            var index = position - 1
            while index >= 0, let modifier = source.word(at: index), Self.modifiers.contains(modifier) {
                if modifier == "nonisolated" { return true }
                index -= 1
            }
            return false
        }
        var index = 0
        func word(at position: Int) -> String? { source.word(at: position) }
        while index < tokens.count {
            let (token, _) = tokens[index]
            switch token {
            case .punctuation(UInt8(ascii: "{")):
                scopes.append(pendingType)
                nonisolatedScopes.append(pendingType != nil && pendingNonisolated)
                pendingType = nil
            case .punctuation(UInt8(ascii: "}")):
                _ = scopes.popLast()
                _ = nonisolatedScopes.popLast()
                pendingType = nil
            case .punctuation(UInt8(ascii: ";")):
                pendingType = nil
            case .word(let keyword) where Self.typeKeywords.contains(keyword):
                // `class func`, `class var`: a member, not a type.
                guard var name = word(at: index + 1), !["func", "var", "let", "subscript", "override", "final"].contains(name)
                else { break }
                var next = index + 2
                if keyword == "extension" {
                    // `extension Shop.Item`: the last component names the class.
                    while next + 1 < tokens.count, tokens[next].token == .punct("."), let component = word(at: next + 1) {
                        name = component
                        next += 2
                    }
                }
                pendingType = name
                pendingNonisolated = modifiedNonisolated(before: index)
                index = next
                continue
            case .word("func"):
                guard let typeName = scopes.last ?? nil, let name = word(at: index + 1), Self.isHookLike(name) else { break }
                if let parameters = source.parameters(from: index + 2) {
                    let line = tokens[index].line
                    // The comment lines right above the declaration, past attribute lines (`@MainActor` on a line
                    // of its own); modifiers are on the declaration's line.
                    var sample: String?
                    var above = line - 1
                    while comments[above] != nil || attributeLines.contains(above) {
                        if let comment = comments[above], let range = comment.range(of: Self.rejectsMarker) {
                            sample = comment[range.upperBound...].trimmingCharacters(in: .whitespaces)
                        }
                        above -= 1
                    }
                    found.append(
                        .init(typeName: typeName, methodName: name,
                              parameters: parameters.map { ValidationHookScan.Parameter(label: $0.label, type: $0.type) },
                              location: SourceLocation(path: path, line: line), rejectedSample: sample?.isEmpty == false ? sample : nil,
                              isNonisolated: modifiedNonisolated(before: index) || nonisolatedScopes.last == true))
                }
            default:
                break
            }
            index += 1
        }
        return found
    }

    /// `validate` or `willMigrate` (the migration plan's hooks, ``MigrationPlanner``) followed by an upper-case letter.
    static func isHookLike(_ name: String) -> Bool {
        ["validate", "willMigrate"].contains { prefix in
            guard name.hasPrefix(prefix), let next = name.utf8.dropFirst(prefix.utf8.count).first else { return false }
            return next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")
        }
    }
}
