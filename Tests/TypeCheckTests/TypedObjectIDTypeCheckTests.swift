import CodeGeneration
import Foundation
import ModelReader
import Testing

/// Typed, Sendable object IDs (`ManagedObjectID`, `Person.ObjectID`, `typedObjectID`; issue 38) as app code in a
/// second module uses them: the issue's usage in Swift 5, Swift 6 and Swift 6 with MainActor default isolation, a
/// sub-entity's own ID and the conversions between a class's and its sub-class's IDs, and what they reject.
@Suite("Typed object IDs type-check")
struct TypedObjectIDTypeCheckTests {
    /// The issue's usage, against the Inventory fixture (`Person`, `Item`). `isolation` is written in front of the
    /// function that hops to a background context: under MainActor default isolation it must say `nonisolated`,
    /// because the async `performBackgroundTask(_:)` takes a non-`@Sendable` closure (Apple's declaration), which a
    /// main-actor function cannot send away.
    static func inventoryUsage(isolation: String) -> String {
        """
        import CoreData
        @testable import Inventory

        @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
        \(isolation)func nameInBackground(of person: Person, container: NSPersistentContainer) async throws -> String {
            let id: Person.ObjectID = person.typedObjectID          // Sendable, Hashable
            return try await container.performBackgroundTask { context in
                let same: Person = try context.existingObject(with: id)   // typed; throws like Core Data's
                return same.name
            }
        }
        func lookUp(_ id: Item.ObjectID, in context: NSManagedObjectContext) -> Item { context.object(with: id) }
        func raw(_ id: Item.ObjectID) -> NSManagedObjectID { id.managedObjectID }
        func stored(_ id: Person.ObjectID) throws -> Data { try JSONEncoder().encode(id) }   // Codable (its URI)

        // Sendable: crosses into a task; Hashable: a set of IDs; Identifiable is untouched (`id` is ObjectIdentifier).
        func sendable(_ id: Person.ObjectID) -> Task<Int, Never> { Task { [id].count } }
        func identity(_ person: Person) -> ObjectIdentifier { person.id }
        func unique(_ ids: [Item.ObjectID]) -> Set<Item.ObjectID> { Set(ids) }
        func checked(_ raw: NSManagedObjectID) -> Item.ObjectID? { Item.ObjectID(raw) }
        func resolve(_ uri: URL, _ coordinator: NSPersistentStoreCoordinator) -> Person.ObjectID? {
            Person.ObjectID(uriRepresentation: uri, coordinator: coordinator)
        }
        func decode(_ data: Data, container: NSPersistentContainer) throws -> Person.ObjectID {
            let decoder = JSONDecoder()
            _ = CodingUserInfoKey.persistentStoreCoordinator
            return try decoder.decode(Person.ObjectID.self, from: data)
        }

        """
    }

    /// A sub-entity's own `ObjectID`, against the Staff fixture (Person ← Employee ← Manager).
    static let inheritanceUsage = """
        import CoreData
        @testable import Staff

        func inherited(employee: Employee, manager: Manager, context: NSManagedObjectContext) throws {
            let own: Employee.ObjectID = employee.typedObjectID
            let managerID: Manager.ObjectID = manager.typedObjectID
            let asPerson: Person.ObjectID = (manager as Person).typedObjectID
            let upcast: Person.ObjectID? = Person.ObjectID(managerID.managedObjectID)
            let downcast: Manager.ObjectID? = Manager.ObjectID(asPerson.managedObjectID)
            let found: Employee = try context.existingObject(with: own)
            let temporary: Bool = own.isTemporary
            _ = (upcast, downcast, found, temporary)
        }

        """

    @Test(arguments: [(5, false), (6, false), (6, true)])
    func issueUsageCompiles(swiftVersion: Int, mainActorDefault: Bool) throws {
        let generated = try GeneratedFixtureModule(model: "Inventory")
        defer { generated.remove() }
        try generated.writeApp(Self.inventoryUsage(isolation: mainActorDefault ? "nonisolated " : ""))
        let result = try TypeCheckHarness.shared().typecheck(
            moduleName: "Inventory", moduleFiles: swiftFiles(in: generated.module), testFiles: swiftFiles(in: generated.app),
            swiftVersion: swiftVersion, defaultIsolationMainActor: mainActorDefault, testsAlsoOnMainActor: mainActorDefault)
        #expect(result.errors.isEmpty && result.warnings.isEmpty, "\(result.summary)")
    }

    @Test(arguments: [(5, false), (6, false), (6, true)])
    func subEntityIDsCompile(swiftVersion: Int, mainActorDefault: Bool) throws {
        let generated = try GeneratedFixtureModule(model: "Staff")
        defer { generated.remove() }
        try generated.writeApp(Self.inheritanceUsage)
        let result = try TypeCheckHarness.shared().typecheck(
            moduleName: "Staff", moduleFiles: swiftFiles(in: generated.module), testFiles: swiftFiles(in: generated.app),
            swiftVersion: swiftVersion, defaultIsolationMainActor: mainActorDefault, testsAlsoOnMainActor: mainActorDefault)
        #expect(result.errors.isEmpty && result.warnings.isEmpty, "\(result.summary)")
    }

    /// Generic code over a class (a real app's `func f<C: Collection>(_ c: C) where C.Element: NodeInfo`): the
    /// spellings the guide gives compile; storing the element's own ID as the class's does not (`ManagedObjectID` is
    /// a generic struct: `ManagedObjectID<C.Element>` is not `ManagedObjectID<Person>`), and the Swift 6.3 compiler
    /// says "failed to produce diagnostic for expression" for two of its spellings instead of naming the mismatch.
    @Test func genericCodeOverAClassUpcastsForTheClasssID() throws {
        let generated = try GeneratedFixtureModule(model: "Staff")
        defer { generated.remove() }
        try generated.writeApp("""
            import CoreData
            @testable import Staff

            func upcast<C: Collection>(_ c: C) -> [Person.ObjectID] where C.Element: Person { c.map { ($0 as Person).typedObjectID } }
            func first<C: Collection>(_ c: C) -> Person.ObjectID? where C.Element: Person { c.first.map { ($0 as Person).typedObjectID } }
            func own<C: Collection>(_ c: C) -> [C.Element.ObjectID] where C.Element: Person { c.map(\\.typedObjectID) }

            """)
        let harness = try TypeCheckHarness.shared()
        let compiles = try harness.typecheck(
            moduleName: "Staff", moduleFiles: swiftFiles(in: generated.module), testFiles: swiftFiles(in: generated.app))
        #expect(compiles.errors.isEmpty && compiles.warnings.isEmpty, "\(compiles.summary)")

        for wrong in [
            "let ids: [Person.ObjectID] = c.map(\\.typedObjectID); _ = ids",
            "let id: Person.ObjectID? = c.first?.typedObjectID; _ = id",
            "let ids: [Person.ObjectID] = c.map { $0.typedObjectID }; _ = ids",
        ] {
            try generated.writeApp("""
                import CoreData
                @testable import Staff

                func f<C: Collection>(_ c: C) where C.Element: Person {
                    \(wrong)
                }

                """)
            let result = try harness.typecheck(
                moduleName: "Staff", moduleFiles: swiftFiles(in: generated.module), testFiles: swiftFiles(in: generated.app))
            #expect(!result.errors.isEmpty, "\(wrong) compiled")
        }
    }

    @Test("an ID of one entity does not look up, or stand for, another", arguments: [5, 6])
    func misuseIsRejected(swiftVersion: Int) throws {
        let generated = try GeneratedFixtureModule(model: "Inventory")
        defer { generated.remove() }
        try generated.writeApp("""
            import CoreData
            @testable import Inventory

            func lookUpAnother(person: Person, context: NSManagedObjectContext) throws {
                let item: Item = try context.existingObject(with: person.typedObjectID)
                _ = item
            }
            func takesItem(_ id: Item.ObjectID) {}
            func passAnother(_ id: Person.ObjectID) { takesItem(id) }

            """)
        let result = try TypeCheckHarness.shared().typecheck(
            moduleName: "Inventory", moduleFiles: swiftFiles(in: generated.module), testFiles: swiftFiles(in: generated.app),
            swiftVersion: swiftVersion)
        let messages = result.errors.map(\.message)
        for expected in [
            "cannot convert value of type 'Person' to specified type 'Item'",
            "cannot convert value of type 'Person.ObjectID' (aka 'ManagedObjectID<Person>') to expected argument type 'Item.ObjectID' (aka 'ManagedObjectID<Item>')",
        ] {
            #expect(messages.contains { $0.contains(expected) }, "expected '\(expected)' in:\n\(result.summary)")
        }
        #expect(result.errors.count == 2, "\(result.summary)")
    }
}
