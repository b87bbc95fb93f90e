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

    /// The info.json `scripts/release.sh` puts in the artifact bundle, in the shape SwiftPM's schema 1.0 reads:
    /// one executable artifact named like the product, the version, each variant's path and triples.
    @Test func artifactBundleInfoHasSwiftPMsSchemaShape() throws {
        let script = TestSupport.packageRoot.appendingPathComponent("scripts/artifactbundle-info.sh").path
        let result = try TestSupport.run(
            [script, "0.1.0", "linux/bin/managed-codegen=x86_64-unknown-linux-gnu",
             "macos/bin/managed-codegen=x86_64-apple-macosx,arm64-apple-macosx"],
            executable: "/bin/bash")
        try #require(result.status == 0, "\(result.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Set(json.keys) == ["schemaVersion", "artifacts"])
        #expect(json["schemaVersion"] as? String == "1.0")
        let artifacts = try #require(json["artifacts"] as? [String: Any])
        #expect(Array(artifacts.keys) == ["managed-codegen"])
        let tool = try #require(artifacts["managed-codegen"] as? [String: Any])
        #expect(tool["version"] as? String == "0.1.0")
        #expect(tool["type"] as? String == "executable")
        let variants = try #require(tool["variants"] as? [[String: Any]])
        #expect(variants.map { $0["path"] as? String } == ["linux/bin/managed-codegen", "macos/bin/managed-codegen"])
        #expect(variants.map { $0["supportedTriples"] as? [String] } == [
            ["x86_64-unknown-linux-gnu"], ["x86_64-apple-macosx", "arm64-apple-macosx"],
        ])

        let malformed = try TestSupport.run([script, "0.1.0", "no-triples"], executable: "/bin/bash")
        #expect(malformed.status == 1, "\(malformed.output)")
    }
}
