// The executable model of Core Data's staged migration (issue 44 item 6), compiled by the tests as a module named
// `CoreData` on Linux, where Core Data does not exist: the generated `<Model>MigrationPlan.swift` is compiled against
// it unchanged and run. Each rule names its source: "binary" is issue 44's "read in the iOS 26.1 CoreData binary"
// (docs/core-data-runtime.md, "Learned from the fourth review"), "Apple" a developer.apple.com page, "thread N" an
// Apple Developer Forums thread. Where no source says what Core Data does, the model says so and is the stricter
// choice. What it cannot show: docs/core-data-runtime.md, "The executable staged-migration model".
//
// This file is the model's own inspection API, not Core Data's: what the tests read after a run.
@_exported import Foundation

public enum StagedMigrationModel {
    /// What the model did, in order: models read from files, migrations and handlers run.
    nonisolated(unsafe) public static var events: [String] = []

    /// Stores created while this is false have no checksum in their metadata: stores created before iOS 17 (binary).
    nonisolated(unsafe) public static var storesRecordChecksum = true
    /// Stores created while this is false hold no cached model (a store created before iOS 17 usually holds one).
    nonisolated(unsafe) public static var storesCacheModel = true

    /// Adds an event (the tests' hooks record their calls here, between the stages' events).
    public static func record(_ event: String) { events.append(event) }

    /// `NSInvalidArgumentException` and the other exceptions Core Data raises cannot be caught in Swift: the app
    /// terminates. The model prints what the Objective-C runtime prints and exits with SIGABRT's status.
    static func raise(_ name: String, _ reason: String) -> Never {
        FileHandle.standardError.write(Data("*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'\n".utf8))
        FileHandle.standardOutput.write(Data("RAISED\t\(name)\t\(reason)\n".utf8))
        exit(134)
    }

    // MARK: Models alive, and the classes they claim

    private final class WeakModel {
        weak var model: NSManagedObjectModel?
        init(_ model: NSManagedObjectModel) { self.model = model }
    }
    nonisolated(unsafe) private static var models: [WeakModel] = []

    static func register(_ model: NSManagedObjectModel) {
        models.removeAll { $0.model == nil }
        models.append(WeakModel(model))
    }

    /// Every model alive (held by a container, a context, a model reference, a stage, a manager, a store
    /// description's options, or the caller).
    public static var liveModels: [NSManagedObjectModel] {
        models.removeAll { $0.model == nil }
        return models.compactMap(\.model)
    }

    /// The entities of every live model whose `managedObjectClassName` is `className`. A model alive claims the
    /// classes its entities name (binary: a loaded version naming the app's classes claims them beside the
    /// container's model; `+entity` then finds no unique entity, Apple Developer Forums thread 779255).
    public static func entities(claiming className: String) -> [NSEntityDescription] {
        liveModels.flatMap(\.entities).filter { $0.managedObjectClassName == className }
    }
}

// MARK: - Errors Core Data reports in the `loadPersistentStores` completion handler (NSCocoaErrorDomain)

enum ModelError {
    static func cocoa(_ code: Int, _ message: String) -> NSError {
        NSError(domain: NSCocoaErrorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: message])
    }
    /// Binary: a coordinator checksum before the store's in the stage order.
    static let backwards = cocoa(134506, "A store file cannot be migrated backwards with staged migration.")
    /// Binary; message as apps report it (Apple Developer Forums thread 826633).
    static let unknownVersion = cocoa(134504, "Cannot use staged migration with an unknown model version.")
    /// NSPersistentStoreIncompatibleVersionHashError (Apple, "Core Data Constants"): the store needs migrating and
    /// the automatic options are off (binary: staged migration needs both on).
    static let incompatible = cocoa(134100, "The model used to open the store is incompatible with the one used to create the store.")
    /// Binary: no checksum in the store's metadata and no model cached in the store. The message is the model's.
    static let noChecksum = cocoa(134505, "The store has no model version checksum and no cached model (staged migration).")
}
