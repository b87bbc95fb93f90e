import CoreData
import Foundation

nonisolated extension Item {
    // Typed validation hooks; Core Data calls them at save.
    public func validateName(_ name: String) throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ManagedValidation.error(code: NSValidationStringTooShortError, object: self, key: Keys.name,
                                          value: name, reason: "name must not be blank")
        }
    }

    /// Margin per unit.
    public var margin: NSDecimalNumber { unitPrice.subtracting(unitCost) }

    public func validateConsistency() throws {
        if unitPrice.compare(unitCost) == .orderedAscending {
            throw ManagedValidation.error(code: NSManagedObjectValidationError, object: self, key: Keys.unitPrice,
                                          value: unitPrice, reason: "unit price below unit cost")
        }
    }
}
