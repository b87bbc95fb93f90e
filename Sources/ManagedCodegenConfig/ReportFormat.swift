/// How a command prints its findings (`--reporter`, config key `reporter`): the one list of formats, which the flag,
/// the config file and the CLI's writers (Sources/managed-codegen/Reporting) share.
package enum ReportFormat: String, Hashable, Sendable, CaseIterable {
    /// `path:line: error: message` lines on standard error, as Xcode reads them (the default).
    case xcode
    /// One JSON document of the findings on standard output.
    case json
    /// One SARIF 2.1.0 log on standard output, for GitHub code scanning and other SARIF readers.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`) on standard output: annotations on the diff.
    case githubActions = "github-actions"

    /// A format whose output is one document: standard output then holds only it, everything else goes to standard
    /// error.
    package var isDocument: Bool { self == .json || self == .sarif }
}
