import Foundation
import ManagedModel
import Testing

@testable import ModelReader

/// `SchemaDump.json` of each fixture model must equal `Fixtures/Expected/Dump/<Name>.json`.
/// `UPDATE_REFERENCES=1 swift test` rewrites the references instead (review the diff, then commit).
@Suite("Fixture references")
struct FixtureReferenceTests {
    static let fixtureNames = ["Inventory", "ValidationGuide", "Vocabulary", "Versions", "TypedExtras", "EditorLeftovers", "RuntimeSafety", "Staff"]

    @Test("dump equals the reference", arguments: fixtureNames)
    func dumpMatchesReference(name: String) throws {
        let loaded = try ModelLoader.load(TestSupport.fixtureBundle(name))
        // EditorLeftovers holds what the model editor leaves behind on purpose: its reader warnings are a
        // reference too (`<Name>.warnings.txt`, paths relative to the package). Every other fixture reads clean.
        let warnings = loaded.diagnostics.warnings.map(\.description).joined(separator: "\n")
            .replacingOccurrences(of: TestSupport.packageRoot.path + "/", with: "")
        if !Self.fixturesWithWarnings.contains(name) {
            #expect(warnings.isEmpty, "fixture \(name) should load without warnings: \(warnings)")
        }
        let dump = SchemaDump.json(loaded.schema)
        let referenceURL = TestSupport.expectedDumps.appendingPathComponent("\(name).json")
        let warningsURL = TestSupport.expectedDumps.appendingPathComponent("\(name).warnings.txt")
        if ProcessInfo.processInfo.environment["UPDATE_REFERENCES"] == "1" {
            try FileManager.default.createDirectory(at: TestSupport.expectedDumps, withIntermediateDirectories: true)
            try dump.write(to: referenceURL, atomically: true, encoding: .utf8)
            if Self.fixturesWithWarnings.contains(name) { try (warnings + "\n").write(to: warningsURL, atomically: true, encoding: .utf8) }
            print("note: UPDATE_REFERENCES=1: rewrote \(referenceURL.path)")
            return
        }
        let reference = try String(contentsOf: referenceURL, encoding: .utf8)
        #expect(dump == reference, "dump of \(name) differs from \(referenceURL.path); run UPDATE_REFERENCES=1 swift test and review the diff")
        if Self.fixturesWithWarnings.contains(name) {
            let expected = try String(contentsOf: warningsURL, encoding: .utf8)
            #expect(warnings + "\n" == expected, "reader warnings of \(name) differ from \(warningsURL.path)")
        }
    }

    static let fixturesWithWarnings: Set<String> = ["EditorLeftovers"]
}
