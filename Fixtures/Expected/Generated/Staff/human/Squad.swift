// Squad.swift: written once by managed-codegen for Staff.xcdatamodeld and never touched again; it is yours to edit.
// The generated declarations are in Squad+Generated.swift.
import CoreData
import Foundation

extension Squad {
    // Validation hooks: write only those you need. managed-codegen finds them here (and in the folders it scans)
    // and generates what Core Data calls for each, when it validates, at the latest when the context saves; a
    // property without a hook costs nothing. Hooks are `nonisolated`, `throws`, and named after the property:
    // `validate<Property>(_:)` taking the property's type (NSSet/NSOrderedSet for to-many relationships).
    // Squad is a sub-class of Team, whose hooks run first: a hook for a property inherited from it is
    // `validateSquad<Property>(_:)`, and the consistency and deletion hooks carry the class name too.
    //
    // nonisolated func validateSquadConsistency() throws {
    //     // Checks that combine several values; ManagedValidation.combine(_:) merges several failures.
    // }
    //
    // nonisolated func validateSquadDeletion(_ committedValues: [String: Any]) throws {
    //     // Before a delete: read the values last saved from committedValues (nil is NSNull),
    //     // not the object's properties, which Core Data may already have cleared.
    // }
}
