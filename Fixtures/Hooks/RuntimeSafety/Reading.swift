// Reading.swift: the app's own file, with validation hooks for properties named like NSManagedObject members
// taking arguments (`value(forKey:)`, the initializers' `context:`): they are hooks like any other.
import CoreData
import Foundation

extension Reading {
    // The generated tests set `value` to this value and expect this hook's error from save():
    // managedCodegen.rejects: Double.infinity
    nonisolated func validateValue(_ value: Double) throws {
        guard value.isFinite else {
            throw ManagedValidation.error(NSManagedObjectValidationError, object: self, key: Keys.value, message: "A reading is finite")
        }
    }

    // managedCodegen.rejects: ""
    nonisolated func validateContext(_ context: String) throws {
        guard !context.isEmpty else {
            throw ManagedValidation.error(NSManagedObjectValidationError, object: self, key: Keys.context, message: "Name the context")
        }
    }

    nonisolated func validateConsistency() throws {
        if let committedValues, committedValues == context {
            throw ManagedValidation.error(
                NSManagedObjectValidationError, object: self, key: Keys.committedValues, message: "Not the context again")
        }
    }
}
