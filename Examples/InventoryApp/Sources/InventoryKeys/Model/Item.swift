// Item.swift: written once by managed-codegen and never touched again; it is yours to edit.
// The generated ItemKeys is built by ManagedCodegenBuildPlugin from Inventory.xcdatamodeld.

extension ItemKeys {
    // Add key paths through relationships here, e.g. `static let ownerName = "owner.name"`.
}
