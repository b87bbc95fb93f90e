import CodeGeneration
import Foundation
import ModelReader
import Testing

/// `Identifiable`'s `ID` on the generated classes (issue 45): `extension Item: Identifiable {}` takes the class's own
/// `id` property when the entity has an `id` attribute (Swift prefers a member of the type to the protocol
/// extension's `var id: ObjectIdentifier` for `AnyObject`), so `ID` is that attribute's type, `T?` when optional;
/// without one, `ObjectIdentifier`. On the Shop app's model after its move (`Fixtures/Move`): `Customer.id` is an
/// optional UUID, `Order.id` a required Integer 64, `LegacyCache` has none.
@Suite struct IdentifiableIDTypeCheckTests {
    @Test func theIDIsTheIdAttributeWhenThereIsOne() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shop-identifiable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let module = root.appendingPathComponent("Shop")
        let app = root.appendingPathComponent("App")
        for folder in [module, app] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        var schema = try ModelLoader.load(TestSupport.packageRoot.appendingPathComponent("Fixtures/Move/Shop.xcdatamodeld").path).schema
        for index in schema.entities.indices { schema.entities[index].codeGenerationType = .manual }
        for file in try CodeGenerator.generate(schema: schema, options: .init()).files {
            try file.contents.write(to: module.appendingPathComponent(file.relativePath), atomically: true, encoding: .utf8)
        }
        try """
            import CoreData
            @testable import Shop

            func customerID(_ customer: Customer) -> Customer.ID { customer.id }
            let optionalUUID: Customer.ID.Type = UUID?.self
            let integer: Order.ID.Type = Int64.self
            let identity: LegacyCache.ID.Type = ObjectIdentifier.self
            // SwiftUI's ForEach(customers) identifies rows by this ID: a nil one is one identity for every such row.
            func rows(_ customers: [Customer]) -> [UUID?] { customers.map(\\.id) }

            """.write(to: app.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        let result = try TypeCheckHarness.shared().typecheck(
            moduleName: "Shop", moduleFiles: swiftFiles(in: module), testFiles: swiftFiles(in: app), swiftVersion: 6)
        // Were `ID` still ObjectIdentifier, the first two constants would not compile.
        #expect(result.errors.isEmpty && result.warnings.isEmpty, "\(result.summary)")
    }
}
