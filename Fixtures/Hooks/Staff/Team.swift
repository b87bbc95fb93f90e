// Team.swift
import CoreData
import Foundation

extension Team {
    // An ordered to-many hook written the way earlier versions declared it: still called (with a warning that
    // NSOrderedSet avoids converting the whole relationship).
    nonisolated func validateMembers(_ members: [Employee]) throws {}

    /// Not a hook: a helper with another shape is left alone only when its name does not start with `validate`.
    nonisolated func checkMembers() -> Bool { true }
}
