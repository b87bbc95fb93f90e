// Manager.swift: three levels, Person <- Employee <- Manager.
import CoreData
import Foundation

extension Manager {
    /// Runs after Person's validateName(_:) and Employee's validateEmployeeName(_:).
    nonisolated func validateManagerName(_ name: String) throws {}

    /// managedCodegen.rejects: 2_000_000
    nonisolated func validateBudget(_ budget: Double) throws {
        guard budget <= 1_000_000 else {
            throw ManagedValidation.error(NSManagedObjectValidationError, object: self, key: Keys.budget, message: "Budgets above a million need a board")
        }
    }

    /// To-many hooks get the set as Core Data holds it; convert only what you need.
    nonisolated func validateReports(_ reports: NSSet) throws {
        guard !reports.contains(self) else {
            throw ManagedValidation.error(NSManagedObjectValidationError, object: self, key: Keys.reports, message: "A manager does not report to themselves")
        }
    }

    nonisolated func validateManagerConsistency() throws {}

    // The generated tests save the manager in this state, delete it and expect this hook's error from save():
    // managedCodegen.rejects: addToReports(Employee(context: context, name: "Report"))
    nonisolated func validateManagerDeletion(_ committedValues: [String: Any]) throws {
        if let reports = committedValues[Keys.reports] as? NSSet, reports.count > 0 {
            throw ManagedValidation.error(NSValidationRelationshipDeniedDeleteError, object: self, key: Keys.reports, message: "Reassign the reports first")
        }
    }
}
