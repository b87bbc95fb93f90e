import Foundation

/// The app's own helpers on Customer: named like the human file `generate` would write without `human-file-suffix`.
extension Customer {
    var displayName: String { name ?? "Guest" }
}
