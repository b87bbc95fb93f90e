import Foundation
import ManagedModel
import Testing

@testable import ModelReader

/// `SchemaDump.json` of each fixture model must equal `Fixtures/Expected/Dump/<Name>.json`.
/// `UPDATE_REFERENCES=1 swift test --filter FixtureReferenceTests` rewrites the references instead (review the
/// diff, then commit).
@Suite("Fixture references")
struct FixtureReferenceTests {
    @Test("dump equals the reference", arguments: TestSupport.fixtureNames)
    func dumpMatchesReference(name: String) throws {
        let loaded = try ModelLoader.load(TestSupport.fixtureBundle(name))
        // EditorLeftovers holds what the model editor leaves behind on purpose: its reader warnings are a
        // reference too (`<Name>.warnings.txt`, paths relative to the package). Every other fixture reads clean.
        let warnings = TestSupport.relative(loaded.diagnostics.warnings.map(\.description).joined(separator: "\n"))
        if !Self.fixturesWithWarnings.contains(name) {
            #expect(warnings.isEmpty, "fixture \(name) should load without warnings: \(warnings)")
        }
        let dump = SchemaDump.json(loaded.schema)
        assertMatchesReference(dump, reference: TestSupport.expectedDumps.appendingPathComponent("\(name).json"))
        if Self.fixturesWithWarnings.contains(name) {
            assertMatchesReference(warnings + "\n", reference: TestSupport.expectedDumps.appendingPathComponent("\(name).warnings.txt"))
        }
    }

    static let fixturesWithWarnings: Set<String> = ["EditorLeftovers"]
}
