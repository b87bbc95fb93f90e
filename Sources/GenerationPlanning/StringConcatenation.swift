import ManagedModel

extension String {
    /// The parts one after another.
    init(concatenating parts: String...) {
        self = parts.joined()
    }

    init(concatenating parts: [String]) {
        self = parts.joined()
    }

    /// `prefix + SwiftNames.capitalizedFirst(name) + suffixes` (`validateName`, `addToTags(_ value: Tag)`).
    static func capitalizing(_ name: String, after prefix: String, before suffixes: String...) -> String {
        prefix + SwiftNames.capitalizedFirst(name) + suffixes.joined()
    }
}
