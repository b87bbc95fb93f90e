import Foundation
import Testing

/// The example app's committed generated files (Examples/InventoryApp/Sources/Inventory/Generated) are what the
/// generator writes today. The plugin tests find a stale file too, but only after building a package of their own
/// (minutes, skippable); this check costs a second, so a template change that forgets the example fails here first.
@Suite struct ExampleAppCLITests {
    @Test func committedGeneratedFilesOfTheExampleAreCurrent() throws {
        let target = TestSupport.packageRoot.appendingPathComponent("Examples/InventoryApp/Sources/Inventory")
        let arguments = ["generate", target.appendingPathComponent("Inventory.xcdatamodeld").path, "--target-directory", target.path]
        let check = try CLI.run(arguments + ["--check"])
        #expect(
            check.status == 0,
            "the example's generated files are stale: run `swift run managed-codegen \(arguments.joined(separator: " "))`\n\(check.stderr)")
    }
}
