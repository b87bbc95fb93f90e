import Foundation
import ManagedModel
import Testing

@testable import ModelReader

/// `SchemaDump.json` of each fixture model must equal `Fixtures/Expected/Dump/<Name>.json`.
/// `UPDATE_REFERENCES=1 swift test` rewrites the references instead (review the diff, then commit).
@Suite("Fixture references")
struct FixtureReferenceTests {
    static let fixtureNames = ["Inventory", "ValidationGuide", "Vocabulary", "Versions", "TypedExtras", "RuntimeSafety"]

    @Test("dump equals the reference", arguments: fixtureNames)
    func dumpMatchesReference(name: String) throws {
        let loaded = try ModelLoader.load(TestSupport.fixtureBundle(name))
        #expect(loaded.diagnostics.warnings.isEmpty, "fixture \(name) should load without warnings: \(loaded.diagnostics.warnings)")
        let dump = SchemaDump.json(loaded.schema)
        let referenceURL = TestSupport.expectedDumps.appendingPathComponent("\(name).json")
        if ProcessInfo.processInfo.environment["UPDATE_REFERENCES"] == "1" {
            try FileManager.default.createDirectory(at: TestSupport.expectedDumps, withIntermediateDirectories: true)
            try dump.write(to: referenceURL, atomically: true, encoding: .utf8)
            print("note: UPDATE_REFERENCES=1: rewrote \(referenceURL.path)")
            return
        }
        let reference = try String(contentsOf: referenceURL, encoding: .utf8)
        #expect(dump == reference, "dump of \(name) differs from \(referenceURL.path); run UPDATE_REFERENCES=1 swift test and review the diff")
    }
}
