#if canImport(CoreData)
import CoreData

/// The Inventory model, compiled from Inventory.xcdatamodeld into this module's resources, whose classes
/// (Item, Person, Tag) are in Generated/ and Model/.
public enum InventoryStore {
    public static func loadModel() -> NSManagedObjectModel? {
        Bundle.module.url(forResource: "Inventory", withExtension: "momd").flatMap(NSManagedObjectModel.init(contentsOf:))
    }
}
#else
/// Core Data exists only on Apple platforms: on Linux this target holds only the model.
public enum InventoryStore {}
#endif
