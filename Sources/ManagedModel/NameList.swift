/// A list of names in a message, short enough to read on one line: a long history has a hundred versions, and a
/// message naming each of them is one 1,000-character line nobody reads.
package enum NameList {
    /// Up to this many names are listed whole.
    package static let wholeListLimit = 6

    /// `'a', 'b', 'c'`; past ``wholeListLimit``, the count with the first three and the last:
    /// `117 versions: 'Model 1', 'Model 2', 'Model 3', …, 'Model 117'`. `noun`: the plural (`versions`, `entities`).
    package static func quoted(_ names: [String], noun: String) -> String {
        listed(names.map { "'\($0)'" }, noun: noun)
    }

    /// The same without quotes (names that are identifiers: entities, classes).
    package static func listed(_ names: [String], noun: String) -> String {
        guard names.count > wholeListLimit else { return names.joined(separator: ", ") }
        return "\(names.count) \(noun): " + names.prefix(3).joined(separator: ", ") + ", …, " + names[names.count - 1]
    }
}
