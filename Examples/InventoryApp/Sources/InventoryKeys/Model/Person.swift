// Person.swift: written once by managed-codegen and never touched again; it is yours to edit.
// The generated PersonKeys is built by ManagedCodegenBuildPlugin from Inventory.xcdatamodeld.

extension PersonKeys {
    // Add key paths through relationships here, e.g. `static let ownerName = "owner.name"`.
}
