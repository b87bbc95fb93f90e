import Foundation
import Testing

/// The version users pin: `--version`'s format, and CHANGELOG.md's newest release naming the same version.
@Suite struct ReleaseMetadataCLITests {
    /// The version from `--version`, whose line is `0.1.0 (commit unknown)` from a source build and
    /// `0.1.0 (commit <hex>)` from `scripts/release.sh` (`<hex>-modified` for a build with uncommitted sources).
    static func printedVersion() throws -> String {
        let run = try CLI.run(["--version"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = run.stdout.trimmingCharacters(in: .newlines)
        let match = try #require(line.wholeMatch(of: #/(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?) \(commit (unknown|[0-9a-f]{7,40}(?:-modified)?)\)/#), "--version printed \(run.stdout.debugDescription)")
        return String(match.1)
    }

    @Test func versionNamesTheVersionAndTheCommit() throws {
        _ = try Self.printedVersion()
    }

    @Test func changelogNewestReleaseIsTheToolsVersion() throws {
        let changelog = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") }
        #expect(headings.first == "## [Unreleased]", "Keep a Changelog: the Unreleased section comes first")
        let releases = headings.dropFirst().compactMap { $0.wholeMatch(of: #/## \[([^\]]+)\] - \d{4}-\d{2}-\d{2}/#)?.1 }
        #expect(releases.count == headings.count - 1, "every release heading is `## [VERSION] - YYYY-MM-DD`: \(headings)")
        #expect(releases.first.map(String.init) == (try Self.printedVersion()))
    }
}
