// Asset.swift: written once by managed-codegen for Vocabulary.xcdatamodeld and never touched again; it is yours to edit.
// The generated declarations are in Asset+Generated.swift.
import CoreData
import Foundation

extension Asset {
    // Validation hooks: write only those you need. managed-codegen finds them here (and in the folders it scans)
    // and generates what Core Data calls for each, when it validates, at the latest when the context saves; a
    // property without a hook costs nothing. Hooks are `nonisolated`, `throws`, and named after the property:
    // `validate<Property>(_:)` taking the property's type (NSSet/NSOrderedSet for to-many relationships).
    // Examples for this entity's constrained attributes:
    //
    // nonisolated func validateChecksum(_ checksum: Data) throws {
    //     // The model already checks:
    //     // - size in bytes at least 1
    //     // - size in bytes at most 1048576
    //     guard <condition the model cannot express> else {
    //         throw ManagedValidation.error(
    //             NSManagedObjectValidationError, object: self, key: Keys.checksum,
    //             message: "Explain what is wrong with checksum")
    //     }
    // }
    //
    // nonisolated func validateCreatedAt(_ createdAt: Date) throws {
    //     // The model already checks:
    //     // - value at least 2001-01-01T00:00:00Z
    //     // - value at most 2033-01-01T00:00:00Z
    //     guard <condition the model cannot express> else {
    //         throw ManagedValidation.error(
    //             NSManagedObjectValidationError, object: self, key: Keys.createdAt,
    //             message: "Explain what is wrong with createdAt")
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
