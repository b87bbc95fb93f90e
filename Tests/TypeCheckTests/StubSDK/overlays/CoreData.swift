// Swift overlay of the stub CoreData module (ManagedCodegen type-check harness).
// Declarations Apple provides in Swift rather than in headers: the typed fetch and count methods,
// `fetchRequest()` (the ObjC `+fetchRequest` is hidden from Swift), generic `performAndWait`, async `perform`.
// Shapes follow Apple's documentation; bodies never run.
@_exported import Foundation
@_exported import CoreData

extension NSManagedObject {
    @_disfavoredOverload
    @objc dynamic public class func fetchRequest() -> NSFetchRequest<NSFetchRequestResult> { _coreDataStubOnly() }
}

extension NSManagedObjectContext {
    public func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] where T: NSFetchRequestResult { _coreDataStubOnly() }
    @_disfavoredOverload
    public func fetch(_ request: NSFetchRequest<NSFetchRequestResult>) throws -> [Any] { _coreDataStubOnly() }
    public func count<T>(for request: NSFetchRequest<T>) throws -> Int where T: NSFetchRequestResult { _coreDataStubOnly() }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public enum ScheduledTaskType: Sendable {
        case immediate
        case enqueued
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @preconcurrency
    nonisolated public func performAndWait<T>(_ block: @Sendable () throws -> T) rethrows -> T { _coreDataStubOnly() }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @preconcurrency
    nonisolated public func perform<T>(
        schedule: NSManagedObjectContext.ScheduledTaskType = .immediate,
        _ block: @escaping @Sendable () throws -> T
    ) async rethrows -> T { _coreDataStubOnly() }
}

extension NSPersistentContainer {
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public func performBackgroundTask<T>(_ block: @escaping (NSManagedObjectContext) throws -> T) async rethrows -> T { _coreDataStubOnly() }
}

@usableFromInline func _coreDataStubOnly() -> Never { fatalError("stub SDK: type checking only") }

// ---- Staged migration (issue 36): the initializers and handlers Apple declares in Swift.

// https://developer.apple.com/documentation/coredata/nsstagedmigrationmanager/init(_:)
// `convenience init(_ stages: [NSMigrationStage])`; "Core Data processes the migration stages in the order that
// you provide them."
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension NSStagedMigrationManager {
    public convenience init(_ stages: [NSMigrationStage]) { _coreDataStubOnly() }
}

// https://developer.apple.com/documentation/coredata/nslightweightmigrationstage/init(_:)
// `convenience init(_ checksums: [String])`
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension NSLightweightMigrationStage {
    public convenience init(_ checksums: [String]) { _coreDataStubOnly() }
}

// https://developer.apple.com/documentation/coredata/nscustommigrationstage/init(migratingfrom:to:)
// https://developer.apple.com/documentation/coredata/nscustommigrationstage/willmigratehandler-5wead
// https://developer.apple.com/documentation/coredata/nscustommigrationstage/didmigratehandler-2zbss
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension NSCustomMigrationStage {
    public convenience init(migratingFrom currentModel: NSManagedObjectModelReference, to nextModel: NSManagedObjectModelReference) {
        _coreDataStubOnly()
    }
    public var willMigrateHandler: ((NSStagedMigrationManager, NSCustomMigrationStage) throws -> Void)? {
        get { _coreDataStubOnly() }
        set { _coreDataStubOnly() }
    }
    public var didMigrateHandler: ((NSStagedMigrationManager, NSCustomMigrationStage) throws -> Void)? {
        get { _coreDataStubOnly() }
        set { _coreDataStubOnly() }
    }
}
