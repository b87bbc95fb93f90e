// Keeper.swift: written once by managed-codegen and never touched again; it is yours to edit.
// The generated declarations are in Keeper+Generated.swift.
import CoreData
import Foundation

extension Keeper {
    // Typed validation hooks (see KeeperValidating in Keeper+Generated.swift): Core Data runs the ones
    // you write when it validates, at the latest when the context saves. Write only those you need.
    // Examples for this entity's constrained attributes:
    //
    // nonisolated func validateShift(_ shift: Int16) throws {
    //     // The model already checks:
    //     // - value at least 1
    //     // - value at most 3
    //     guard <condition the model cannot express> else {
    //         throw ManagedValidation.error(
    //             NSManagedObjectValidationError, object: self, key: Keys.shift,
    //             message: "Explain what is wrong with shift")
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
