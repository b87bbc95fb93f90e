// Words.swift: written once by managed-codegen and never touched again; it is yours to edit.
// The generated declarations are in Words+Generated.swift.
import CoreData
import Foundation

extension Words {
    // Typed validation hooks (see WordsValidating in Words+Generated.swift): Core Data runs the ones
    // you write when it validates, at the latest when the context saves. Write only those you need.
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
