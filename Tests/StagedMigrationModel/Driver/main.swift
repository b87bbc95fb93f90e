// The app the tests run on Linux against the staged-migration model: it opens a store the way an app opens it with
// the generated plan (`__PLAN__`, the model `__MODEL__`), and prints what happened, one tab-separated fact a line.
// The tests put the plan's type and model names in place of the placeholders, and compile it with the plan, a
// hooks file recording each hook's call, and `-D PLAN_HAS_CONFIGURE` when the plan has `configure(_:in:)`.
//
//   checksums <bundle> <version>...          CHECKSUM <version> <versionChecksum>
//   create <bundle> <version> <store> [before-ios17] [no-model-cache]
//   open <bundle> <store> [container=<version>] [options-off] [no-plan]   (options-off: before the plan configures)
//        EVENT ..., then RESULT opened <checksum> | RESULT error <code> <message>, then CLAIMS <class> <count>
import CoreData
import Foundation

let arguments = CommandLine.arguments
let bundle = Bundle(url: URL(fileURLWithPath: arguments[2]))!
let momd = bundle.url(forResource: "__MODEL__", withExtension: "momd")!

func say(_ fields: String...) { print(fields.joined(separator: "\t")) }

/// The hooks file calls this from each hook: the hook's name, the checksum of the model its context's store is
/// open under, and the class names that model's entities give (a plain `NSManagedObject` model gives none).
enum HookCalls {
    static func record(_ hook: String, _ context: NSManagedObjectContext) {
        let model = context.persistentStoreCoordinator?.managedObjectModel
        let classes = (model?.entities ?? []).compactMap(\.managedObjectClassName).filter { $0 != "NSManagedObject" }
        StagedMigrationModel.record("hook\t\(hook)\t\(model?.versionChecksum ?? "-")\t\(classes.sorted().joined(separator: ","))")
    }
}

switch arguments[1] {
case "checksums":
    for version in arguments.dropFirst(3) {
        say("CHECKSUM", version, NSManagedObjectModel(contentsOf: momd.appendingPathComponent(version + ".mom"))!.versionChecksum)
    }
case "create":
    StagedMigrationModel.storesRecordChecksum = !arguments.contains("before-ios17")
    StagedMigrationModel.storesCacheModel = !arguments.contains("no-model-cache")
    let container = NSPersistentContainer(
        name: "__MODEL__", managedObjectModel: NSManagedObjectModel(contentsOf: momd.appendingPathComponent(arguments[3] + ".mom"))!)
    container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: URL(fileURLWithPath: arguments[4]))]
    container.loadPersistentStores { _, error in if let error { say("RESULT", "error", "\(error)") } }
case "open":
    let containerVersion = arguments.first { $0.hasPrefix("container=") }.map { String($0.dropFirst("container=".count)) }
    let model = containerVersion.map { NSManagedObjectModel(contentsOf: momd.appendingPathComponent($0 + ".mom"))! }
        ?? NSManagedObjectModel(contentsOf: momd)!
    let container = NSPersistentContainer(name: "__MODEL__", managedObjectModel: model)
    let description = NSPersistentStoreDescription(url: URL(fileURLWithPath: arguments[3]))
    if arguments.contains("options-off") {
        description.shouldMigrateStoreAutomatically = false
        description.shouldInferMappingModelAutomatically = false
    }
    container.persistentStoreDescriptions = [description]
    do {
        if !arguments.contains("no-plan") {
            #if PLAN_HAS_CONFIGURE
            try __PLAN__.configure(container, in: bundle)
            #else
            description.setOption(try __PLAN__.makeStagedMigrationManager(in: bundle), forKey: NSPersistentStoreStagedMigrationManagerOptionKey)
            #endif
        }
    } catch {
        say("RESULT", "plan-error", "\(error)")
        exit(1)
    }
    var failure: NSError?
    container.loadPersistentStores { _, error in failure = error as NSError? }
    for event in StagedMigrationModel.events { say("EVENT", event) }
    if let failure {
        say("RESULT", "error", "\(failure.code)", failure.localizedDescription)
    } else {
        say("RESULT", "opened", container.persistentStoreCoordinator.persistentStores.first?.metadata[NSPersistentStoreModelVersionChecksumKey] as? String ?? "-")
    }
    // With the store loaded and the container, its descriptions and their options alive: how many entities of
    // live models claim each of the app's classes (`+entity` finds one only when exactly one does).
    for className in Set(model.entities.compactMap(\.managedObjectClassName)).subtracting(["NSManagedObject"]).sorted() {
        say("CLAIMS", className, "\(StagedMigrationModel.entities(claiming: className).count)")
    }
    withExtendedLifetime(container) {}
default:
    say("RESULT", "usage", arguments[1])
    exit(2)
}
