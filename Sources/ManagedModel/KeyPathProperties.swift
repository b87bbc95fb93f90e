/// Which properties of the app's classes Objective-C sees: what decides whether a Swift key path to one has a KVC
/// string. Foundation's key-path APIs (`NSSortDescriptor(keyPath:ascending:)`, `NSExpression(forKeyPath:)`, KVO's
/// `observe(_:options:changeHandler:)`) ask the key path for it and stop the program when there is none
/// ("Could not extract a String from KeyPath"; docs/core-data-runtime.md, "Key paths").
///
/// Filled from the generation plan (what `generate` declares) and from the declarations written in the app's
/// sources, which win: `audit`, `generate` and `adopt` check the app's key-path call sites against it.
package struct KeyPathProperties: Hashable, Sendable {
    package struct Property: Hashable, Sendable {
        /// `@NSManaged` or `@objc`: its key path has a KVC string.
        package var isKeyValueCodingVisible: Bool
        /// The key KVC uses (the model's property name, or an `@objc(name)`); nil for a property the model does not have.
        package var key: String?
        /// The generated `Keys` constant naming the key (`Item.Keys.rating`); nil when the class has none.
        package var keysConstant: String?
        /// The generated typed key (`Item.ModelKeys.rating`, a `ModelKey`) that sorts and observes the property without
        /// a key path; nil when the class has none, or its value type has no order of its own (enum, Codable, composite).
        package var typedKeyConstant: String? = nil
        /// For a to-one relationship, its destination's class: where the next component of `\Item.owner.name` is looked up.
        package var destinationClassName: String?
        /// `Int16?`, `Status`; nil when not known.
        package var typeDeclaration: String?

        package init(
            isKeyValueCodingVisible: Bool, key: String?, keysConstant: String? = nil, destinationClassName: String? = nil,
            typeDeclaration: String? = nil
        ) {
            self.isKeyValueCodingVisible = isKeyValueCodingVisible
            self.key = key
            self.keysConstant = keysConstant
            self.destinationClassName = destinationClassName
            self.typeDeclaration = typeDeclaration
        }
    }

    /// Class name -> Swift property name -> property.
    package var classes: [String: [String: Property]] = [:]
    /// Class name -> its superclass, where inherited properties are looked up.
    package var superclasses: [String: String] = [:]

    package init() {}

    /// `name` of `className` or of one of its superclasses.
    package func property(_ name: String, of className: String) -> Property? {
        var current: String? = className
        var seen: Set<String> = []
        while let owner = current, seen.insert(owner).inserted {
            if let property = classes[owner]?[name] { return property }
            current = superclasses[owner]
        }
        return nil
    }

    /// Every class that has a property `name` (declared or inherited), with it.
    package func classes(having name: String) -> [(className: String, property: Property)] {
        classes.keys.sorted().compactMap { className in property(name, of: className).map { (className, $0) } }
    }

    /// Sets what is known of `name` in `className`, keeping a model key and `Keys` constant already known.
    package mutating func declare(_ name: String, in className: String, as property: Property) {
        var merged = property
        if let known = classes[className]?[name] {
            merged.keysConstant = merged.keysConstant ?? known.keysConstant
            merged.typedKeyConstant = merged.typedKeyConstant ?? known.typedKeyConstant
            merged.destinationClassName = merged.destinationClassName ?? known.destinationClassName
            merged.key = merged.key ?? known.key
        }
        classes[className, default: [:]][name] = merged
    }
}
