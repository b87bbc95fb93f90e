import Foundation
import Testing

/// How the command plugins (`generate-managed-objects`, `audit-managed-objects`) pick targets: the shared
/// `TargetSelection` (Plugins/PluginsShared), over real folders.
@Suite struct TargetSelectionTests {
    /// A package folder with `App` (holding a model), `Util` (Swift only) and a non-Swift target `Resources`.
    func package() throws -> (root: URL, targets: [TargetSelection.Target]) {
        let root = try TestSupport.temporaryDirectory()
        let app = root.appendingPathComponent("Sources/App"), util = root.appendingPathComponent("Sources/Util")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: util, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: TestSupport.fixtureBundle("Inventory")), to: app.appendingPathComponent("Inventory.xcdatamodeld"))
        return (root, [
            .init(name: "App", sourceDirectory: app), .init(name: "Util", sourceDirectory: util),
            .init(name: "Resources", sourceDirectory: nil),
        ])
    }

    func message(_ body: () throws -> Void) -> String? {
        do { try body() } catch { return "\(error)" }
        return nil
    }

    @Test func allTargetsTakeThoseWithAModel() throws {
        let (root, targets) = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        let chosen = try TargetSelection.choose(targets, explicit: false)
        #expect(chosen.map(\.name) == ["App"])
        #expect(chosen.first?.models.map { $0.url.lastPathComponent } == ["Inventory.xcdatamodeld"])
    }

    @Test func namedTargetsMustBeSwiftTargetsWithAModel() throws {
        let (root, targets) = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try TargetSelection.choose([targets[0]], explicit: true).map(\.name) == ["App"])
        #expect(message { _ = try TargetSelection.choose([targets[2]], explicit: true) }?.contains("'Resources' is not a Swift source target") == true)
        #expect(message { _ = try TargetSelection.choose([targets[1]], explicit: true) }?.contains("target 'Util' has no Core Data model") == true)
    }

    @Test func noModelAnywhereNamesTheSwiftTargets() throws {
        let (root, targets) = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        let text = message { _ = try TargetSelection.choose(Array(targets.dropFirst()), explicit: false) }
        #expect(text == "no Core Data model (.xcdatamodeld or .xcdatamodel) in the Swift source targets 'Util'")
    }
}
