import Foundation

/// File helpers for tests that lay out a small project in a temporary folder (config files, copied models).

/// `Fixtures/Models/Inventory.xcdatamodeld`: the model the CLI, plugin and config tests copy into a project.
package let inventoryFixture = TestSupport.fixtureModels.appendingPathComponent("Inventory.xcdatamodeld")

/// A copy of the Inventory fixture model in `directory/App`, returned as the bundle's path.
package func copyInventoryModel(into directory: URL) throws -> URL {
    let app = directory.appendingPathComponent("App")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    let bundle = app.appendingPathComponent("Inventory.xcdatamodeld")
    try FileManager.default.copyItem(at: inventoryFixture, to: bundle)
    return bundle
}

/// Writes `text` to `url`, creating its folder.
package func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

package func read(_ url: URL) throws -> String {
    try String(contentsOf: url, encoding: .utf8)
}

/// File names directly in `directory`, sorted; empty when it does not exist.
package func fileNames(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
}
