// Employee.swift: Employee's parent entity is Person.
import CoreData
import Foundation

extension Employee {
    /// `name` is inherited from Person: Person's validateName(_:) runs first, then this.
    nonisolated func validateEmployeeName(_ name: String) throws {
        guard !name.isEmpty else {
            throw ManagedValidation.error(NSManagedObjectValidationError, object: self, key: Keys.name, message: "An employee needs a name")
        }
    }

    // The declaration style of earlier versions (hooks were protocol requirements): picked up as it is.
    nonisolated func validateLevel(_ level: Int16) throws {
        if level > 5, manager == nil {
            throw ManagedValidation.error(NSManagedObjectValidationError, object: self, key: Keys.level, message: "Senior staff report to a manager")
        }
    }

    nonisolated func validateTeam(_ team: Team) throws {}

    nonisolated func validateEmployeeConsistency() throws {}
}
