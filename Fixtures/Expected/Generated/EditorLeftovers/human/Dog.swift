// Dog.swift: written once by managed-codegen and never touched again; it is yours to edit.
// The generated declarations are in Dog+Generated.swift.
import CoreData
import Foundation

extension Dog {
    // Typed validation hooks (see DogValidating in Dog+Generated.swift): Core Data runs the ones
    // you write when it validates, at the latest when the context saves. Write only those you need.
    //
    // nonisolated func validateDogConsistency() throws {
    //     // Checks that combine several values; ManagedValidation.combine(_:) merges several failures.
    // }
    //
    // nonisolated func validateDogDeletion(_ committedValues: [String: Any]) throws {
    //     // Before a delete: read the values last saved from committedValues (nil is NSNull),
    //     // not the object's properties, which Core Data may already have cleared.
    // }
}
