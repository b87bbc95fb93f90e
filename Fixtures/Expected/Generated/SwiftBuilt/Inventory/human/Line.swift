// Line.swift: written once by managed-codegen for Inventory.xcdatamodeld and never touched again; it is yours to edit.
// The generated declarations are in Line+Generated.swift.
import CoreData
import Foundation

extension Line {
    // Validation hooks: write only those you need. managed-codegen finds them here (and in the folders it scans)
    // and generates what Core Data calls for each, when it validates, at the latest when the context saves; a
    // property without a hook costs nothing. Hooks are `nonisolated`, `throws`, and named after the property:
    // `validate<Property>(_:)` taking the property's type (NSSet/NSOrderedSet for to-many relationships).
    // Examples for this entity's constrained attributes:
    //
    // nonisolated func validateQuantity(_ quantity: Int32) throws {
    //     // The model already checks:
    //     // - value at least 1
    //     guard <condition the model cannot express> else {
    //         throw ManagedValidation.error(
    //             NSManagedObjectValidationError, object: self, key: Keys.quantity,
    //             message: "Explain what is wrong with quantity")
    //     }
    // }
    //
    // nonisolated func validateConsistency() throws {
    //     // Checks that combine several values; ManagedValidation.combine(_:) merges several failures.
    // }
    //
    // nonisolated func validateDeletion(_ committedValues: [String: Any]) throws {
    //     // Before a delete: read the values last saved from committedValues (nil is NSNull),
    //     // not the object's properties, which Core Data may already have cleared.
    // }
}
