        init() throws {
            // The preview data's model, loaded once for both: a second loaded copy would claim the classes too.
            model = try InventoryPreviewData.sharedModel()
        }
// …

/// The preview data (InventoryPreviewData): every entity's previews save without a validation error, and containers share
/// the one loaded model.
nonisolated final class InventoryPreviewDataTests: XCTestCase, InventoryModelTestSupport {
    /// `makeContainer()` twice, beside the tests' own store: one model claims the classes, so `+entity` still
    /// finds each class's entity (two loaded models would leave it nil).
    func testContainersShareOneModel() throws {
        let first = try InventoryPreviewData.makeContainer()
        let second = try InventoryPreviewData.makeContainer()
        let store = try InventoryModelTestStore()
        assertTrue(first.managedObjectModel === second.managedObjectModel)
        assertTrue(first.managedObjectModel === store.container.managedObjectModel)
        assertEqual(Inventory.Item.entity().name, "Item")
        assertEqual(Inventory.Person.entity().name, "Person")
        assertEqual(Inventory.Tag.entity().name, "Tag")
        let empty = try InventoryPreviewData.makeContainer(filled: false)
        assertTrue(empty.viewContext.registeredObjects.isEmpty)
    }

    /// One Item preview, saved; after `reset()` (the context no longer holds it), `makePreviews(count: 3, in:)`
    /// taking the next values, so a uniqueness constraint holds; the longest values save.
    func testItemPreviewsSave() throws {
        let container = try InventoryPreviewData.makeContainer(filled: false)
        let context = container.viewContext
        let preview: Inventory.Item = Inventory.Item.makePreview(in: context)
        try context.save()
        let saved = preview.objectID
        context.reset()
        let previews: [Inventory.Item] = Inventory.Item.makePreviews(count: 3, in: context)
        assertEqual(Set(previews.map(\.objectID)).count, 3)
        assertFalse(previews.contains { $0.objectID == saved })
        try context.save()
        let longest = try InventoryPreviewData.makeContainer(filled: false).viewContext
        _ = Inventory.Item.makePreview(in: longest, variant: .longest)
        try longest.save()
    }

    /// One Person preview, saved; after `reset()` (the context no longer holds it), `makePreviews(count: 3, in:)`
    /// taking the next values, so a uniqueness constraint holds; the longest values save.
    func testPersonPreviewsSave() throws {
        let container = try InventoryPreviewData.makeContainer(filled: false)
        let context = container.viewContext
        let preview: Inventory.Person = Inventory.Person.makePreview(in: context)
        try context.save()
        let saved = preview.objectID
        context.reset()
        let previews: [Inventory.Person] = Inventory.Person.makePreviews(count: 3, in: context)
        assertEqual(Set(previews.map(\.objectID)).count, 3)
        assertFalse(previews.contains { $0.objectID == saved })
        try context.save()
        let longest = try InventoryPreviewData.makeContainer(filled: false).viewContext
        _ = Inventory.Person.makePreview(in: longest, variant: .longest)
        try longest.save()
    }

    /// One Tag preview, saved; after `reset()` (the context no longer holds it), `makePreviews(count: 3, in:)`
    /// taking the next values, so a uniqueness constraint holds; the longest values save.
    func testTagPreviewsSave() throws {
        let container = try InventoryPreviewData.makeContainer(filled: false)
        let context = container.viewContext
        let preview: Inventory.Tag = Inventory.Tag.makePreview(in: context)
        try context.save()
        let saved = preview.objectID
        context.reset()
        let previews: [Inventory.Tag] = Inventory.Tag.makePreviews(count: 3, in: context)
        assertEqual(Set(previews.map(\.objectID)).count, 3)
        assertFalse(previews.contains { $0.objectID == saved })
        try context.save()
        let longest = try InventoryPreviewData.makeContainer(filled: false).viewContext
        _ = Inventory.Tag.makePreview(in: longest, variant: .longest)
        try longest.save()
    }
}
