import Foundation
import Testing

/// CloudKit's production schema through the binary: `generate` and `migration-check` compare the same edit with the
/// same production schema (the lock's versions before the current one), so they report the same findings.
@Suite struct CloudKitCLITests {
    /// The production-schema errors of a run with the note under each, in order.
    static func productionFindings(_ run: CLI.Run) -> [String] {
        var lines: [String] = []
        var keepNote = false
        for line in run.stderrLines {
            if line.contains(", which syncs it with CloudKit") || line.contains("deployed it to CloudKit") {
                lines.append(line)
                keepNote = true
            } else if keepNote, line.contains(": note: as it was locked") {
                lines.append(line)
                keepNote = false
            } else {
                keepNote = false
            }
        }
        return lines
    }

    /// `GalleryHistory` with `Model` and `Model 2` locked in that order; the current `Model 3` brings back `archiveURL`
    /// (which `Model 2` removed) as a URI and removes `jpnTitle`. Before, `migration-check` compared with `Model 2` only
    /// and `generate` with attribute types: they disagreed.
    @Test func generateAndMigrationCheckReportTheSameProductionSchemaFindings() throws {
        let folder = try TestSupport.temporaryDirectory(#function)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = "GalleryHistory.xcdatamodeld"
        try FileManager.default.copyItem(
            at: TestSupport.packageRoot.appendingPathComponent("Fixtures/CloudKit/\(model)"), to: folder.appendingPathComponent(model))
        for version in ["Model", "Model 2"] {
            let lock = try CLI.run(["lock", model, "--model-version", version], in: folder)
            #expect(lock.status == 0, "\(lock.stderr)")
        }
        let generate = try CLI.run(["generate", model, "--output", "Generated", "--human-output", "Model", "--quiet"], in: folder)
        let check = try CLI.run(["migration-check", model], in: folder)
        #expect(generate.status != 0 && check.status != 0)
        let fromGenerate = Self.productionFindings(generate)
        #expect(fromGenerate.count == 4, "two errors, each with its note: \(generate.stderr)")
        #expect(fromGenerate.contains { $0.contains("attribute GalleryMO.archiveURL changed type from String to URI") })
        #expect(fromGenerate.contains { $0.contains("attribute GalleryMO.jpnTitle was removed in 'Model 3'") })
        #expect(Self.productionFindings(check) == fromGenerate, "\(check.stderr)")
        #expect(check.stdout.contains("2 changes CloudKit's production schema refuses"), "\(check.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path), "nothing written on error")
    }
}
