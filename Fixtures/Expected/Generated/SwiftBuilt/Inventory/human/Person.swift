// Person.swift: written once by managed-codegen and never touched again; it is yours to edit.
// The generated declarations are in Person+Generated.swift.
import CoreData
import Foundation

extension Person {
    // Typed validation hooks (see PersonValidating in Person+Generated.swift): Core Data runs the ones
    // you write when it validates, at the latest when the context saves. Write only those you need.
    // Examples for this entity's constrained attributes:
    //
    // nonisolated func validateEmail(_ email: String) throws {
    //     // The model already checks:
    //     // - matches the regular expression [^@]+@[^@]+
    //     guard <condition the model cannot express> else {
    //         throw ManagedValidation.error(
    //             NSManagedObjectValidationError, object: self, key: Keys.email,
    //             message: "Explain what is wrong with email")
    //     }
    // }
    //
    // nonisolated func validatePersonConsistency() throws {
    //     // Checks that combine several values; ManagedValidation.combine(_:) merges several failures.
    // }
    //
    // nonisolated func validatePersonDeletion(_ committedValues: [String: Any]) throws {
    //     // Before a delete: read the values last saved from committedValues (nil is NSNull),
    //     // not the object's properties, which Core Data may already have cleared.
    // }
}
