// Employee.swift: Employee's parent entity is Person.
import CoreData
import Foundation

extension Employee {
    /// `name` is inherited from Person: Person's validateName(_:) runs first, then this. Both refuse a padded name,
    /// so that Core Data meets the two hooks' combined error (and adds the errors of its own checks to it).
    /// managedCodegen.rejects: " padded "
    nonisolated func validateEmployeeName(_ name: String) throws {
        guard name != "Nobody", name.trimmingCharacters(in: .whitespaces) == name else {
            throw ManagedValidation.error(NSManagedObjectValidationError, object: self, key: Keys.name, message: "An employee has a real name")
        }
    }

    // The declaration style of earlier versions (hooks were protocol requirements): picked up as it is.
    // managedCodegen.rejects: 4
    nonisolated func validateLevel(_ level: Int16) throws {
        guard level != 4 else {
            throw ManagedValidation.error(NSManagedObjectValidationError, object: self, key: Keys.level, message: "There is no level 4")
        }
    }

    nonisolated func validateTeam(_ team: Team) throws {}

    nonisolated func validateEmployeeConsistency() throws {}
}
