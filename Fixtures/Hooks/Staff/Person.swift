// Person.swift: the app's own file, with validation hooks (the generated human file is replaced by this one).
import CoreData
import Foundation

extension Person {
    // The generated tests set `name` to this value and expect this hook's error from save():
    // managedCodegen.rejects: " padded "
    nonisolated func validateName(_ name: String) throws {
        guard name.trimmingCharacters(in: .whitespaces) == name else {
            throw ManagedValidation.error(
                NSManagedObjectValidationError, object: self, key: Keys.name, message: "A name has no spaces around it")
        }
    }

    // The generated tests give the object this state and expect this hook's error from save():
    // managedCodegen.rejects: email = "Ann"; name = "Ann"
    nonisolated func validateConsistency() throws {
        if let email, email == name {
            throw ManagedValidation.error(NSManagedObjectValidationError, object: self, key: Keys.email, message: "An email address is not a name")
        }
    }

    nonisolated func validateDeletion(_ committedValues: [String: Any]) throws {}

    // Misspelled: managed-codegen warns here, because Core Data would never call it.
    nonisolated func validateNmae(_ name: String) throws {}
}
