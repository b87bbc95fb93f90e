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
/// Key paths given to Swift APIs (`map(\.rating)`, `sorted { }`, `KeyPathComparator`) read the property in Swift and
/// never trap; `#keyPath(Item.rating)` over a Swift-only property is a compile error already.
///
/// A lexical scan (``SwiftTokens``): a key path with its root written (`\Item.rating`, `\Item.owner.rating`, each
/// component looked up through to-one relationships' destinations) is checked against that class. One with an
/// implied root (`item.observe(\.rating)`) names no type the scan can know; it is reported when the name is a model
/// property and every class of the sources or the plan that has it makes it Swift-only (none declares it `@objc`):
/// then whichever of those objects it is, it traps. A framework class with an `@objc` property of the same name is
/// not seen: that is the one false report this can make.
/// A key path the scan cannot follow (a property it does not know, a to-many relationship) is left alone.
public enum KeyPathCallSites {
    /// Whether `text` may call one of the APIs: files that cannot are not tokenized (`generate` reads every app file).
    public static func mayCallTrappingAPI(_ text: String) -> Bool {
        apiMarkers.contains { text.contains($0) }
    }

    /// A piece of every trapping call: `keyPath:`, `forKeyPath:`, `observe(`, `willChangeValue(for:`,
    /// `didChange(_:valuesAt:for:)`.
    private static let apiMarkers = ["eyPath:", "observe(", "hangeValue(for", "valuesAt:"]

    /// One error per key path that traps, at its line, in source order.
    public static func diagnostics(_ sources: [(path: String, text: String)], properties: KeyPathProperties) -> Diagnostics {
        var found = Diagnostics()
        for source in sources where mayCallTrappingAPI(source.text) {
            let tokens = SwiftTokens(source.text)
            for index in 0..<tokens.count where tokens[index] == .punct("\\") {
                guard let api = trappingAPI(callingKeyPathAt: index, in: tokens),
                    let problem = swiftOnlyComponent(of: keyPath(at: index, in: tokens), in: properties)
                else { continue }
                found.append(AuditRules.keyPathTraps.diagnostic(message(api: api, problem: problem), at: SourceLocation(path: source.path, line: tokens.line(at: index))))
            }
        }
        return found
    }

    /// The Foundation API a key path at `index` is passed to, when it is one that needs a KVC string.
    enum API: Equatable {
        case sortDescriptor, expression, observe
        /// `willChangeValue(for:)` and the like; the method's name.
        case changeNotification(String)
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
                    guard position > 0, let callee = tokens.word(at: position - 1) else { return nil }
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

    private static func api(callee: String, label: String?, firstArgument: Bool) -> API? {
        switch (callee, label) {
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
        }
        return "\(call) traps at run time here (\"Could not extract a String from KeyPath\"): \(subject); \(fix)"
    }
}

extension KeyPathProperties {
    /// The declarations written in the app's sources win over what the plan says: an `@NSManaged` or `@objc`
    /// property is visible to KVC, any other instance property is Swift-only. Files in `excluding` are left out
    /// (Xcode's `+CoreDataProperties.swift` files that `adopt` says to delete).
    public mutating func override(with declarations: ManagedDeclarationScan, excluding: Set<String> = []) {
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
