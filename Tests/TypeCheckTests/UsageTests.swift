import Foundation
import Testing

/// App-like code using the generated API: the designated initializer is the only way in, and the
/// non-optional properties keep their types.
@Suite("Usage: the generated API as an app sees it")
struct UsageTests {
    /// An app file compiled as a third module that imports the sample module (not `@testable`).
    private func typecheckApp(_ body: String) throws -> TypeCheckResult {
        let sample = try ScratchSample()
        defer { sample.remove() }
        let appFile = sample.testsDirectory.appendingPathComponent("App.swift")
        let source = """
            import CoreData
            import Inventory

            func appCode(context: NSManagedObjectContext, owner: Person, tag: Tag) throws {
            \(body)
            }

            """
        for test in try swiftFiles(in: sample.testsDirectory) { try FileManager.default.removeItem(at: test) }
        try source.write(to: appFile, atomically: true, encoding: .utf8)
        return try sample.typecheck()
    }

    private static let createItem = """
        let item = Item(context: context, itemId: "A-1", dateCreated: Date(), name: "Widget",
                        unitCost: NSDecimalNumber(string: "1.25"), unitPrice: NSDecimalNumber(string: "2.50"),
                        owner: owner)
        """

    @Test("Item(context:...) with every required argument compiles, defaults may be omitted or given")
    func designatedInitializerCompiles() throws {
        let result = try typecheckApp("""
            \(Self.createItem)
            item.name = "Gadget"
            item.discount = nil
            item.discount = 0.1
            item.addToTags(tag)
            let full = Item(context: context, itemId: "A-2", dateCreated: Date(), name: "Bolt", unitCost: .one,
                            unitPrice: .one, stockCount: 4, discount: 0.5, owner: owner, tags: [tag])
            let items: [Item] = try context.fetch(Item.fetchRequest())
            let nameKey = #keyPath(Item.name)
            _ = (full, items, nameKey)
            try context.save()
            """)
        #expect(result.errors.isEmpty && result.warnings.isEmpty, "\(result.summary)")
    }

    struct Misuse: Sendable, CustomTestStringConvertible {
        var name: String
        var code: String
        var expectedMessage: String
        var testDescription: String { name }
    }

    static let misuses: [Misuse] = [
        Misuse(name: "Item()", code: "_ = Item()", expectedMessage: "'init()' is unavailable"),
        Misuse(name: "Item(context:)", code: "_ = Item(context: context)", expectedMessage: "'init(context:)' is unavailable"),
        Misuse(name: "omitting a required argument (name)",
               code: """
                   _ = Item(context: context, itemId: "A-1", dateCreated: Date(), unitCost: .one, unitPrice: .one,
                            owner: owner)
                   """,
               expectedMessage: "missing argument for parameter 'name' in call"),
        Misuse(name: "omitting the required to-one (owner)",
               code: #"_ = Item(context: context, itemId: "A-1", dateCreated: Date(), name: "W", unitCost: .one, unitPrice: .one)"#,
               expectedMessage: "missing argument for parameter 'owner' in call"),
        Misuse(name: "nil for a required property", code: "\(createItem)\nitem.name = nil",
               expectedMessage: "'nil' cannot be assigned to type 'String'"),
        Misuse(name: "nil for a required to-one", code: "\(createItem)\nitem.owner = nil",
               expectedMessage: "'nil' cannot be assigned to type 'Person'"),
        Misuse(name: "wrong type for a property", code: "\(createItem)\nitem.dateCreated = \"today\"",
               expectedMessage: "cannot assign value of type 'String' to type 'Date'"),
        Misuse(name: "wrong type for an optional scalar", code: "\(createItem)\nitem.discount = \"10%\"",
               expectedMessage: "cannot assign value of type 'String' to type 'Double'"),
        Misuse(name: "writing the private(set) identifier", code: "\(createItem)\nitem.itemId = \"B\"",
               expectedMessage: "cannot assign to property: 'itemId' setter is inaccessible"),
        // An optional scalar is a Swift-only computed property: its KVC key path is refused at compile time, as it
        // should stay (a Swift key path to it compiles and traps in NSSortDescriptor(keyPath:): KeyPathCallSites).
        Misuse(name: "#keyPath of an optional scalar", code: "_ = #keyPath(Item.discount)",
               expectedMessage: "argument of '#keyPath' refers to non-'@objc' property 'discount'"),
    ]

    @Test("misuse does not compile", arguments: misuses)
    func misuseIsRejected(_ misuse: Misuse) throws {
        let result = try typecheckApp(misuse.code)
        #expect(result.errors.contains { $0.fileName == "App.swift"
                    && ($0.message == misuse.expectedMessage || $0.message.hasPrefix(misuse.expectedMessage + ": ")) },
                "expected: \(misuse.expectedMessage)\ngot:\n\(result.summary)")
    }
}
