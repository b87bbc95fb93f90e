import Foundation

/// The templates shipped with the generator; users override them with `--templates DIR`.
public enum BundledTemplates {
    /// The folder holding `*.mustache` files.
    public static var directory: URL? {
        Bundle.module.url(forResource: "Swift", withExtension: nil)
    }
}
