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
