import ManagedModel
import SwiftSourceScanning

/// Key paths handed to the Foundation APIs that turn them into KVC strings, over properties Objective-C does not see:
/// code that compiles and stops the program at run time ("Could not extract a String from KeyPath").
///
/// The APIs, from the Swift Foundation overlay (swiftlang/swift, `stdlib/public/Darwin/Foundation/NSSortDescriptor.swift`,
/// `NSExpression.swift`, `NSObject.swift`), all call `_bridgeKeyPathToString`, which traps when `_kvcKeyPathString`
/// is nil (a property that is not `@objc`):
/// - `NSSortDescriptor(keyPath:ascending:)` and `NSSortDescriptor(keyPath:ascending:comparator:)`;
/// - `NSExpression(forKeyPath:)`;
/// - KVO: `observe(_:options:changeHandler:)`, `willChangeValue(for:)`, `didChangeValue(for:)`,
///   `willChange(_:valuesAt:for:)`, `didChange(_:valuesAt:for:)`.
/// Two more need the string too (docs/core-data-runtime.md, "Key paths"):
/// - Foundation's `SortDescriptor(_:order:)` over an `NSObject` (swiftlang/swift-foundation,
///   `Sources/FoundationInternationalization/String/SortDescriptor.swift`, the `FOUNDATION_FRAMEWORK` initializers
///   Apple's Foundation builds): for `Bool`, numbers, `Date`, `UUID` and `String` values, optional or not, it
///   `fatalError`s when `_kvcKeyPathString` is nil ("must be introspectable by the objective-c runtime"); one made
///   for another `Comparable` value has no key, and its conversion to `NSSortDescriptor` (what `@FetchRequest` and
///   `NSFetchRequest` need) `fatalError`s;
/// - SwiftUI's `SectionedFetchRequest(sectionIdentifier:…)`: Apple's page asks for a stored property or an `@objc`
///   computed one ("Be sure to mark any computed property with the @objc attribute for it to function as a section
///   identifier"): it becomes the fetched results controller's `sectionNameKeyPath` string.
/// Key paths given to Swift APIs (`map(\.rating)`, `sorted { }`, `KeyPathComparator`) read the property in Swift and
/// never trap; `#keyPath(Item.rating)` over a Swift-only property is a compile error already.
///
/// A lexical scan (``SwiftTokens``): a key path with its root written (`\Item.rating`, `\Item.owner.rating`, each
/// component looked up through to-one relationships' destinations) is checked against that class. One with an
/// implied root (`item.observe(\.rating)`) takes its root from what the file says: the receiver's declared type
/// (`item: Item`, `let item: Item`), a `SortDescriptor<Item>(` generic clause, or the results type of the
/// `@FetchRequest` / `@SectionedFetchRequest` it is written in (`FetchedResults<Item>`,
/// `SectionedFetchRequest<String, Item>`). Otherwise it is reported when the
/// name is a model property and every class of the sources or the plan that has it makes it Swift-only (none
/// declares it `@objc`): then whichever of those objects it is, it traps. A framework class with an `@objc` property
/// of the same name is not seen: that is the one false report this can make.
/// A key path stored in a variable of the same file (`let byRating = \Book.rating`, `let byRating:
/// KeyPath<Book, Double?> = \.rating`) is followed to the call it is passed to (`NSSortDescriptor(keyPath: byRating,
/// …)`): reported at the call. A key path the scan cannot follow (a property it does not know, a to-many
/// relationship, a variable of another file or passed through a function) is left alone.
package enum KeyPathCallSites {
    /// Whether `text` may call one of the APIs: files that cannot are not tokenized (`generate` reads every app file).
    package static func mayCallTrappingAPI(_ text: String) -> Bool {
        apiMarkers.contains { text.contains($0) }
    }

    /// A piece of every trapping call: `keyPath:`, `forKeyPath:`, `observe(`, `willChangeValue(for:`,
    /// `didChange(_:valuesAt:for:)`, `SortDescriptor(`, `sectionIdentifier:`.
    private static let apiMarkers = ["eyPath:", "observe(", "hangeValue(for", "valuesAt:", "SortDescriptor", "sectionIdentifier:"]

    /// One error per key path that traps, at its line, in source order.
    package static func diagnostics(_ sources: [(path: String, text: String)], properties: KeyPathProperties) -> Diagnostics {
        var found = Diagnostics()
        for source in sources where mayCallTrappingAPI(source.text) {
            let tokens = SwiftTokens(source.text)
            let stored = storedKeyPaths(in: tokens, properties: properties)
            for index in 0..<tokens.count {
                var path: KeyPath
                var variable: String?
                if tokens[index] == .punct("\\") {
                    path = keyPath(at: index, in: tokens)
                } else if let name = tokens.word(at: index), let keyPath = stored[name], isWholeArgument(at: index, in: tokens) {
                    path = keyPath
                    variable = name
                } else {
                    continue
                }
                guard let api = trappingAPI(callingKeyPathAt: index, in: tokens) else { continue }
                if path.root == nil, variable == nil { path.root = impliedRoot(ofKeyPathAt: index, api: api, in: tokens, properties: properties) }
                guard let problem = swiftOnlyComponent(of: path, in: properties) else { continue }
                let text = message(api: api, problem: problem) + (variable.map { " (the key path stored in `\($0)`)" } ?? "")
                found.append(AuditRules.keyPathTraps.diagnostic(text, at: SourceLocation(path: source.path, line: tokens.line(at: index))))
            }
        }
        return found
    }

    /// The Foundation or SwiftUI API a key path at `index` is passed to, when it is one that needs a KVC string.
    enum API: Equatable {
        case sortDescriptor, expression, observe
        /// `willChangeValue(for:)` and the like; the method's name.
        case changeNotification(String)
        /// Foundation's `SortDescriptor(_:order:)` (Swift), not `NSSortDescriptor`.
        case swiftSortDescriptor
        /// SwiftUI's `SectionedFetchRequest(sectionIdentifier:…)`.
        case sectionIdentifier
    }

    static func trappingAPI(callingKeyPathAt index: Int, in tokens: SwiftTokens) -> API? {
        // The argument label right before the key path (`keyPath:`), nil for an unlabelled first argument.
        guard index >= 2 else { return nil }
        var label: String?
        if tokens[index - 1] == .punct(":"), let word = tokens.word(at: index - 2) { label = word }
        // The call's name: the word before the unclosed `(` that holds the argument.
        var position = index - 1
        var depth = 0
        while position >= 0 {
            let token = tokens.tokens[position].token
            if token == .punct(")") || token == .punct("]") {
                depth += 1
            } else if token == .punct("[") {
                depth -= 1
            } else if token == .punct("(") {
                if depth == 0 {
                    guard let callee = callee(ofCallOpeningAt: position, in: tokens) else { return nil }
                    return api(callee: callee, label: label, firstArgument: position == index - 1)
                }
                depth -= 1
            } else if token == .punct("{") || token == .punct("}") || token == .punct(";") {
                return nil
            }
            position -= 1
        }
        return nil
    }

    /// The name called by the `(` at `position`: the word before it, or before its generic clause
    /// (`SortDescriptor<Item>(`, `@SectionedFetchRequest<String, Item>(`).
    static func callee(ofCallOpeningAt position: Int, in tokens: SwiftTokens) -> String? {
        guard position > 0 else { return nil }
        var before = position - 1
        if tokens[before] == .punct(">"), let open = openingAngle(closingAt: before, in: tokens) { before = open - 1 }
        return before >= 0 ? tokens.word(at: before) : nil
    }

    /// The `<` that the `>` at `close` closes, when only words, `.`, `,`, `?`, `[`, `]`, `:` and nested angles are
    /// between them (a generic clause, not a comparison).
    private static func openingAngle(closingAt close: Int, in tokens: SwiftTokens) -> Int? {
        var depth = 0
        var position = close
        while position >= 0 {
            let token = tokens.tokens[position].token
            if token == .punct(">") {
                depth += 1
            } else if token == .punct("<") {
                depth -= 1
                if depth == 0 { return position }
            } else if token.word == nil, ![".", ",", "?", "[", "]", ":"].contains(where: { token == .punct($0) }) {
                return nil
            }
            position -= 1
        }
        return nil
    }

    private static func api(callee: String, label: String?, firstArgument: Bool) -> API? {
        switch (callee, label) {
        case ("SortDescriptor", nil) where firstArgument: return .swiftSortDescriptor
        case ("SectionedFetchRequest", "sectionIdentifier"), ("init", "sectionIdentifier"): return .sectionIdentifier
        // `.init(keyPath:…)` in `[NSSortDescriptor]` context (`@FetchRequest(sortDescriptors: [.init(keyPath: …)])`):
        // no other Foundation initializer has these labels.
        case ("NSSortDescriptor", "keyPath"), ("init", "keyPath"): return .sortDescriptor
        case ("NSExpression", "forKeyPath"), ("init", "forKeyPath"): return .expression
        case ("observe", nil) where firstArgument: return .observe
        case ("willChangeValue", "for"), ("didChangeValue", "for"), ("willChange", "for"), ("didChange", "for"):
            return .changeNotification(callee)
        default: return nil
        }
    }

    /// `\Item.owner.rating` -> root `Item`, components `owner`, `rating`; `\.rating` -> no root. A module prefix
    /// (`\App.Item.rating`) is kept as a component: the lookup starts at the first name that is a known class.
    struct KeyPath {
        var root: String?
        var components: [String]
    }

    static func keyPath(at index: Int, in tokens: SwiftTokens) -> KeyPath {
        var position = index + 1
        var root: String?
        if let word = tokens.word(at: position) {
            root = word
            position += 1
        }
        var components: [String] = []
        while true {
            // Optional chaining and forcing (`?.`, `!.`) do not change the key.
            while tokens[position] == .punct("?") || tokens[position] == .punct("!") { position += 1 }
            guard tokens[position] == .punct("."), let word = tokens.word(at: position + 1) else { break }
            components.append(word)
            position += 2
        }
        return KeyPath(root: root, components: components)
    }

    /// The key paths this file stores in a constant or variable (`let byRating = \Book.rating`), by name; an implied
    /// root is taken from the declared type (`let byRating: KeyPath<Book, Double?> = \.rating`). A name declared
    /// twice in the file (two functions' locals) is left out: the scan cannot tell which one a call passes.
    static func storedKeyPaths(in tokens: SwiftTokens, properties: KeyPathProperties) -> [String: KeyPath] {
        var found: [String: KeyPath] = [:]
        var declaredTwice: Set<String> = []
        for index in 0..<tokens.count {
            guard let introducer = tokens.word(at: index), introducer == "let" || introducer == "var",
                let name = tokens.word(at: index + 1)
            else { continue }
            var position = index + 2
            var annotatedRoot: String?
            if tokens[position] == .punct(":") {
                // `KeyPath<Book, Double?>`, `ReferenceWritableKeyPath<Book, Double?>`: the root is the first argument.
                if let type = tokens.word(at: position + 1), type.hasSuffix("KeyPath"), tokens[position + 2] == .punct("<") {
                    annotatedRoot = tokens.word(at: position + 3)
                }
                while position < tokens.count, tokens[position] != .punct("="), tokens[position] != .punct("{"),
                    tokens.word(at: position) != "let", tokens.word(at: position) != "var"
                {
                    position = tokens[position] == .punct("<") ? tokens.indexAfterGroup(at: position) : position + 1
                }
            }
            guard tokens[position] == .punct("="), tokens[position + 1] == .punct("\\") else {
                if found[name] != nil { declaredTwice.insert(name) }
                continue
            }
            var path = keyPath(at: position + 1, in: tokens)
            if path.root == nil { path.root = annotatedRoot }
            if found[name] != nil { declaredTwice.insert(name) }
            found[name] = path
        }
        for name in declaredTwice { found[name] = nil }
        return found
    }

    /// Whether the word at `index` is a whole argument (`(name,`, `: name)`), not part of an expression.
    static func isWholeArgument(at index: Int, in tokens: SwiftTokens) -> Bool {
        guard index > 0 else { return false }
        let before = tokens[index - 1]
        let after = tokens[index + 1]
        return (before == .punct("(") || before == .punct(":") || before == .punct(","))
            && (after == .punct(",") || after == .punct(")"))
    }

    /// The root of `\.name` at `index` as far as the file says: `receiver.observe(\.name)` where the file declares
    /// `receiver: Type`; a `SortDescriptor` or section identifier written in a `@FetchRequest` / `@SectionedFetchRequest`
    /// whose generic clause or declared results type names a model class. nil when the file does not say.
    static func impliedRoot(ofKeyPathAt index: Int, api: API, in tokens: SwiftTokens, properties: KeyPathProperties) -> String? {
        func isClass(_ name: String) -> Bool { properties.classes[name] != nil || properties.superclasses[name] != nil }
        switch api {
        case .observe:
            // `receiver . observe ( \`
            guard index >= 4, tokens[index - 1] == .punct("("), tokens.word(at: index - 2) == "observe",
                tokens[index - 3] == .punct("."), let receiver = tokens.word(at: index - 4)
            else { return nil }
            return declaredType(of: receiver, in: tokens).flatMap { isClass($0) ? $0 : nil }
        case .swiftSortDescriptor, .sectionIdentifier:
            // `SortDescriptor<Item>(\.rating)`: its own generic clause.
            if api == .swiftSortDescriptor, index >= 2, tokens[index - 1] == .punct("("), tokens[index - 2] == .punct(">"),
                let open = openingAngle(closingAt: index - 2, in: tokens),
                let root = (open..<(index - 2)).lazy.compactMap({ tokens.word(at: $0) }).first(where: isClass)
            {
                return root
            }
            // The `@FetchRequest(` / `@SectionedFetchRequest(` around the key path, and what follows it.
            var position = index - 1
            var depth = 0
            while position > 0 {
                let token = tokens.tokens[position].token
                if token == .punct(")") || token == .punct("]") { depth += 1 }
                if token == .punct("(") || token == .punct("[") {
                    if depth == 0, token == .punct("("), let callee = callee(ofCallOpeningAt: position, in: tokens),
                        callee == "FetchRequest" || callee == "SectionedFetchRequest"
                    {
                        return fetchRequestResultClass(openingAt: position, in: tokens, isClass: isClass)
                    }
                    depth = max(depth - 1, 0)
                }
                if token == .punct("{") || token == .punct("}") { return nil }
                position -= 1
            }
            return nil
        default:
            return nil
        }
    }

    /// The first type name after `name :` in the file (`_ book: Book`, `let book: Book?`).
    private static func declaredType(of name: String, in tokens: SwiftTokens) -> String? {
        for index in 0..<max(tokens.count - 2, 0) where tokens.word(at: index) == name && tokens[index + 1] == .punct(":") {
            if let type = tokens.word(at: index + 2) { return type }
        }
        return nil
    }

    /// The result class of the fetch request whose arguments open at `open`: the last model class in its generic
    /// clause (`SectionedFetchRequest<String, Quake>(`), else in the generic clause of the type of the property it
    /// wraps (`private var quakes: SectionedFetchResults<String, Quake>`).
    private static func fetchRequestResultClass(openingAt open: Int, in tokens: SwiftTokens, isClass: (String) -> Bool) -> String? {
        func lastClass(in range: Range<Int>) -> String? {
            range.reversed().lazy.compactMap { tokens.word(at: $0) }.first(where: isClass)
        }
        if tokens[open - 1] == .punct(">"), let start = openingAngle(closingAt: open - 1, in: tokens) {
            return lastClass(in: start..<(open - 1))
        }
        var position = tokens.indexAfterGroup(at: open)
        // `private var name: Results<…>`: the wrapped property's declaration follows the attribute.
        while position < tokens.count, tokens[position] != .punct("<") {
            guard tokens.word(at: position) != nil || tokens[position] == .punct(":") else { return nil }
            position += 1
        }
        guard position < tokens.count else { return nil }
        return lastClass(in: position..<tokens.indexAfterGroup(at: position))
    }

    struct Problem {
        var className: String
        var name: String
        var property: KeyPathProperties.Property
        /// The model's key path up to and including the Swift-only component (`owner.rating`); nil when a
        /// component has no model key.
        var keyPath: String?
    }

    static func swiftOnlyComponent(of path: KeyPath, in properties: KeyPathProperties) -> Problem? {
        var components = path.components
        guard !components.isEmpty else { return nil }
        var className: String
        if var root = path.root {
            // `\App.Item.rating`: skip module names up to a known class.
            while properties.classes[root] == nil, properties.superclasses[root] == nil, components.count > 1 {
                root = components.removeFirst()
            }
            className = root
        } else {
            // An implied root: reported only when every class having the first component makes it Swift-only, and
            // one of them is a model property (the object may be a framework's, `task.observe(\.progress)`, which
            // the sources do not declare: a name only the app's own classes have is left alone).
            let candidates = properties.classes(having: components[0])
            guard candidates.contains(where: { $0.property.key != nil }),
                candidates.allSatisfy({ !$0.property.isKeyValueCodingVisible })
            else { return nil }
            let first = candidates[0]
            return Problem(className: first.className, name: components[0], property: first.property, keyPath: first.property.key)
        }
        var keys: [String] = []
        for name in components {
            guard let property = properties.property(name, of: className) else { return nil }
            keys.append(property.key ?? name)
            guard property.isKeyValueCodingVisible else {
                return Problem(className: className, name: name, property: property,
                               keyPath: property.key == nil ? nil : keys.joined(separator: "."))
            }
            guard let next = property.destinationClassName else { return nil }
            className = next
        }
        return nil
    }

    static func message(api: API, problem: Problem) -> String {
        let type = problem.property.typeDeclaration.map { " (a Swift-only computed \($0))" } ?? ""
        let subject = "\(problem.className).\(problem.name) is not @objc\(type), so its key path has no KVC string"
        // A single generated key has its `Keys` constant; a chained one is spelled as the string KVC reads.
        let key: String = problem.keyPath.map { path in
            path.contains(".") ? "\"\(path)\"" : problem.property.keysConstant ?? "\"\(path)\""
        } ?? "its key"
        // The generated typed key first (`ModelKey`: it cannot name another entity's key or compare another type),
        // for a single key of a property that has one; the `Keys` string second.
        let typedKey = problem.keyPath?.contains(".") == false ? problem.property.typedKeyConstant : nil
        let (call, fix): (String, String)
        var failure = "traps at run time (\"Could not extract a String from KeyPath\")"
        switch api {
        case .sortDescriptor:
            call = "NSSortDescriptor(keyPath:ascending:)"
            let byKey = "NSSortDescriptor(key: \(key), ascending: …)"
            fix = typedKey.map { "use NSSortDescriptor(\($0), ascending: …) or \(byKey)" } ?? "use \(byKey)"
        case .expression:
            call = "NSExpression(forKeyPath:)"
            fix = "use NSExpression(forKeyPath: \(key))"
        case .observe:
            call = "observe(_:options:changeHandler:)"
            let byKey = "observe it by its string key: addObserver(_:forKeyPath: \(key), options:context:)"
            fix = typedKey.map { "use \($0).observe(object) { … }, or \(byKey)" } ?? byKey
        case .changeNotification(let name):
            call = "\(name)(for:)"
            fix = "use \(name)(forKey: \(key))"
        case .swiftSortDescriptor:
            call = "SortDescriptor(_:)"
            failure = "traps at run time (Foundation: \"must be introspectable by the objective-c runtime\", or when "
                + "converted to the NSSortDescriptor a fetch request needs)"
            let byKey = "NSSortDescriptor(key: \(key), ascending: …)"
            fix = (typedKey.map { "use NSSortDescriptor(\($0), ascending: …) or \(byKey)" } ?? "use \(byKey)")
                + " (@FetchRequest and NSFetchRequest take NSSortDescriptors)"
        case .sectionIdentifier:
            call = "SectionedFetchRequest(sectionIdentifier:)"
            failure = "does not work at run time (Apple: a computed section identifier must be @objc; SwiftUI hands "
                + "it to NSFetchedResultsController as a key string)"
            fix = "section by an @objc computed property that returns it (`@objc var \(problem.name)Section: String`), "
                + "or by an @NSManaged attribute"
        }
        return "\(call) \(failure) here: \(subject); \(fix)"
    }
}

extension KeyPathProperties {
    /// The declarations written in the app's sources win over what the plan says: an `@NSManaged` or `@objc`
    /// property is visible to KVC, any other instance property is Swift-only. Files in `excluding` are left out
    /// (Xcode's `+CoreDataProperties.swift` files that `adopt` says to delete).
    package mutating func override(with declarations: ManagedDeclarationScan, excluding: Set<String> = []) {
        for member in declarations.members where !excluding.contains(member.location.path) {
            guard case .property(let type, _) = member.kind else { continue }
            declare(
                member.name, in: member.typeName,
                as: .init(isKeyValueCodingVisible: member.isManaged || member.isObjC,
                          key: member.isManaged || member.isObjC ? member.key : nil, typeDeclaration: type))
            // A class written by hand has no generated `Keys` to point to.
            classes[member.typeName]?[member.name]?.keysConstant = nil
            classes[member.typeName]?[member.name]?.typedKeyConstant = nil
        }
    }
}
