// Asset.swift: written once by managed-codegen and never touched again; it is yours to edit.
// The generated declarations are in Asset+Generated.swift.
import CoreData
import Foundation

extension Asset {
    // Typed validation hooks (see AssetValidating in Asset+Generated.swift): Core Data runs the ones
    // you write when it validates, at the latest when the context saves. Write only those you need.
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
