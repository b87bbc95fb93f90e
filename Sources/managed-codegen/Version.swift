/// The one source of the tool's version. CHANGELOG.md's newest release heading must equal `number`
/// (ReleaseMetadataCLITests); `scripts/release.sh VERSION` checks that before building.
enum Version {
    static let number = "0.1.0"

    /// What `--version` prints: `0.1.0 (commit 1a2b3c4d5e6f)`, or `(commit unknown)` for a build from source.
    static var description: String { "\(number) (commit \(BuildCommit.hash ?? "unknown"))" }
}
