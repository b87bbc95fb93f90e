/// Sort orders spelled with the key constants ManagedCodegenBuildPlugin generates from the model:
/// renaming an attribute in the model breaks the build here instead of a fetch at run time.
public enum InventorySorting {
    public static let itemsByName = [ItemKeys.name, ItemKeys.dateCreated]
    public static let peopleByName = [PersonKeys.name]
}
