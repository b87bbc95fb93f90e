import CodeGeneration
import Foundation
import ManagedModel
import ModelReader
import Testing

/// The generated code of the TypedExtras fixture (userInfo enums and Codable values, read-only and ignored
/// properties, composites, fetch-request templates, fetched properties, unique-key fetches) type-checks,
/// and so does app code using it; so does the code of every corpus model using those features.
@Suite("Typed extras type-check")
struct TypedExtrasTypeCheckTests {
    /// The app's own types that the TypedExtras model names in userInfo and customClassName.
    static let appTypes = """
        import Foundation

        public enum ItemStatus: Int16 {
            case unknown = -1
            case draft = 0
            case active = 1
        }

        public enum Priority: Int {
            case low = 1
            case high = 2
        }

        public enum ItemKind: String {
            case tool, part
        }

        public enum ColorName: String {
            case red, green
        }

        // `nonisolated`: the generated accessors are nonisolated, so under MainActor-by-default isolation the
        // Codable conformance must not be main-actor isolated.
        nonisolated public struct ItemSettings: Codable, Hashable {
            public var showsPrice: Bool
            public init(showsPrice: Bool) { self.showsPrice = showsPrice }
        }

        nonisolated public struct Manifest: Codable {
            public var lines: [String]
            public init(lines: [String]) { self.lines = lines }
        }

        @objc(Palette)
        public final class Palette: NSObject {}

        """

    /// App code (a second module importing the generated one) using every typed extra.
    static let appUsage = """
        import CoreData
        import TypedExtras

        func useTypedExtras(context: NSManagedObjectContext, warehouse: Warehouse) throws {
            let item = Item(
                context: context, createdAt: Date(), identifier: UUID(), manifest: Manifest(lines: ["bolt"]), name: "Bolt",
                origin: Place(coordinates: Coordinates(latitude: 1, longitude: 2), label: "Dock"), status: .active,
                warehouse: warehouse)
            item.status = .draft
            let status: ItemStatus = item.status
            item.kind = .part
            item.color = nil
            item.color = .red
            item.priority = .high
            item.settings = ItemSettings(showsPrice: true)
            let manifest: Manifest = item.manifest
            item.size = Dimensions(height: 2, width: 3)
            let width: Double? = item.size?.width
            let label: String = item.origin.label
            let latitude: Double? = item.origin.coordinates?.latitude
            let created: Date = item.createdAt
            let revision: Int64? = item.revision
            let palette: Palette? = item.palette
            let similar: [Item] = item.similarItems
            let expensive: [Item] = warehouse.expensiveItems
            let stored: [String: Any] = Dimensions(unit: "mm").compositeValue
            let decoded: Dimensions? = Dimensions(compositeValue: stored)

            let cheap: [Item] = try Item.fetchCheapItems(maxPrice: NSDecimalNumber(string: "9.99"), in: context)
            let byStatus: [Item] = try Item.fetchItemsByStatus(status: .active, prefix: "B", in: context)
            let ids: [NSManagedObjectID] = try Item.fetchItemIDsInWarehouse(warehouse: warehouse, createdAfter: Date(), in: context)
            let rows: [[String: Any]] = try Item.fetchItemsWithStatuses(statuses: [.active, .draft], minWidth: 1.5, in: context)
            let count: Int = try Warehouse.fetchWarehouseCount(excluded: "Old", minItems: 2, in: context)
            let holding: [Warehouse] = try Warehouse.fetchWarehousesHolding(item: item, kind: .tool, in: context)
            let all: [Item] = try Item.fetchAllItems(in: context)
            let request: NSFetchRequest<Item> = Item.cheapItemsRequest(maxPrice: .one)
            let unique: Item? = try Item.fetchUnique(identifier: UUID(), in: context)
            let byCode: Warehouse? = try Warehouse.fetchUnique(code: 7, in: context)
            _ = (status, manifest, width, label, latitude, created, revision, palette, similar, expensive, decoded)
            _ = (cheap, byStatus, ids, rows, count, holding, all, request, unique, byCode)
            try context.save()
        }

        """

    @Test(arguments: [(5, false), (6, false), (6, true)])
    func fixtureOutputAndAppUsage(swiftVersion: Int, mainActorDefault: Bool) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("typed-extras-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let module = root.appendingPathComponent("TypedExtras")
        let app = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)

        let model = TestSupport.packageRoot.appendingPathComponent("Fixtures/Models/TypedExtras.xcdatamodeld")
        let result = try CodeGenerator.generate(schema: ModelLoader.load(model.path).schema, options: .init())
        #expect(result.files.contains { $0.relativePath == "Dimensions+Generated.swift" })
        for file in result.files {
            try file.contents.write(to: module.appendingPathComponent(file.relativePath), atomically: true, encoding: .utf8)
        }
        try Self.appTypes.write(to: module.appendingPathComponent("AppTypes.swift"), atomically: true, encoding: .utf8)
        try Self.appUsage.write(to: app.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        try assertTypeChecks(
            moduleName: "TypedExtras", directory: module, testsDirectory: app, swiftVersion: swiftVersion,
            defaultIsolationMainActor: mainActorDefault)
    }

    @Test("misuse of the typed API is rejected")
    func misuseIsRejected() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("typed-extras-misuse-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let module = root.appendingPathComponent("TypedExtras")
        let app = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let model = TestSupport.packageRoot.appendingPathComponent("Fixtures/Models/TypedExtras.xcdatamodeld")
        for file in try CodeGenerator.generate(schema: ModelLoader.load(model.path).schema, options: .init()).files {
            try file.contents.write(to: module.appendingPathComponent(file.relativePath), atomically: true, encoding: .utf8)
        }
        try Self.appTypes.write(to: module.appendingPathComponent("AppTypes.swift"), atomically: true, encoding: .utf8)
        let misuse = """
            import CoreData
            import TypedExtras

            func misuse(item: Item, context: NSManagedObjectContext) throws {
                item.status = 1
                item.createdAt = Date()
                item.revision = 2
                _ = item.internalNote
                _ = try Item.fetchCheapItems(maxPrice: "cheap", in: context)
                item.similarItems = []
            }

            """
        try misuse.write(to: app.appendingPathComponent("Misuse.swift"), atomically: true, encoding: .utf8)
        let result = try TypeCheckHarness.shared().typecheck(
            moduleName: "TypedExtras", moduleFiles: swiftFiles(in: module), testFiles: swiftFiles(in: app))
        let messages = result.errors.map(\.message)
        for expected in [
            "cannot assign value of type 'Int' to type 'ItemStatus'",
            "cannot assign to property: 'createdAt' setter is inaccessible",
            "cannot assign to property: 'revision' setter is inaccessible",
            "value of type 'Item' has no member 'internalNote'",
            "cannot convert value of type 'String' to expected argument type 'NSDecimalNumber'",
            "cannot assign to property: 'similarItems' is a get-only property",
        ] {
            #expect(messages.contains { $0.contains(expected) }, "expected '\(expected)' in:\n\(result.summary)")
        }
    }
}
