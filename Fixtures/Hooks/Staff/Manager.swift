// Manager.swift: three levels, Person <- Employee <- Manager.
import CoreData
import Foundation

extension Manager {
    /// Runs after Person's validateName(_:) and Employee's validateEmployeeName(_:).
    nonisolated func validateManagerName(_ name: String) throws {}

    /// The app's own error type, not a Core Data validation error: Core Data passes it on to save() as it is, with
    /// no key, and the generated test looks for it there.
    /// managedCodegen.rejects: 2_000_000
    nonisolated func validateBudget(_ budget: Double) throws {
        guard budget <= 1_000_000 else {
            throw BudgetError.needsABoard(budget)
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

/// A hook's own error type (issue 35): any `Error` may be thrown.
enum BudgetError: Error {
    case needsABoard(Double)
}
