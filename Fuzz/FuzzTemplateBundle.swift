import Foundation

/// Stands in for `Templates/TemplateBundle.swift` in the fuzz build, which has no SwiftPM resource bundle:
/// the templates are read from the source tree (`MANAGED_CODEGEN_TEMPLATES`, set by `scripts/fuzz.sh`).
public enum BundledTemplates {
    public static var directory: URL? {
        ProcessInfo.processInfo.environment["MANAGED_CODEGEN_TEMPLATES"].map { URL(fileURLWithPath: $0) }
    }
}
