import Foundation
import Testing

/// Every file of this target sees the shared test support (paths, fixture list, reference assertions).
@_exported import TestSupport

let inventoryFixture = TestSupport.fixtureModels.appendingPathComponent("Inventory.xcdatamodeld")


/// A copy of the Inventory fixture model in `directory/App`, returned as the bundle's path.
func copyInventoryModel(into directory: URL) throws -> URL {
    let app = directory.appendingPathComponent("App")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    let bundle = app.appendingPathComponent("Inventory.xcdatamodeld")
    try FileManager.default.copyItem(at: inventoryFixture, to: bundle)
    return bundle
}

func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

func read(_ url: URL) throws -> String {
    try String(contentsOf: url, encoding: .utf8)
}

/// File names directly in `directory`, sorted; empty when it does not exist.
func fileNames(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
}
