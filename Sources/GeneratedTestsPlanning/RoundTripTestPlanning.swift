import CoreDataMapping
import GenerationPlanning
import ManagedModel
import SampleValues

/// The round-trip test of a suite: the subject created with every value and related objects, saved, fetched,
/// changed and fetched again, each step with its checks and notes on what is not checked.
extension GeneratedTestsPlanner {
    /// The five steps' statements as they are planned: each concern below appends its own.
    struct RoundTripSteps {
        var createdChecks: [String] = []
        var fetchedChecks: [String] = []
        var modification: [String] = []
        var modifiedChecks: [String] = []
        var notes: [String] = []
    }

    func roundTrip(for classPlan: ClassPlan) throws(TestPlanFailure) -> RoundTripPlan {
        let entityName = classPlan.entityName
        let usable = model.usableKeys(of: entityName)
        let relationships = model.allRelationships(of: entityName).filter { usable.contains($0.name) }
        var steps = RoundTripSteps()
        var builder = ObjectGraphBuilder(model: model, context: "context", reservedNames: Self.reservedNames)
        let subject = try builder.create(entityName, everyValue: true, variant: 0)
        try builder.resolvePending()
        for relationship in relationships {
            relate(subject, through: relationship, of: entityName, in: &builder, steps: &steps)
        }
        checkAttributes(of: classPlan, subject: subject, steps: &steps)
        let created = builder.object(subject)!
        var changes = ObjectGraphBuilder(
            model: model, context: "reader", reservedNames: builder.variables,
            existing: [.init(variable: "fetched", entityName: created.entityName, references: [:])],
            earlierObjects: builder.objectCounts)
        for relationship in relationships {
            let check = RelationshipCheck(planner: self, relationship: relationship, entityName: entityName, subject: subject)
            if relationship.isToMany {
                check.toMany(members: created.members[relationship.name] ?? [], changes: &changes, steps: &steps)
            } else {
                check.toOne(target: created.references[relationship.name], changes: &changes, steps: &steps)
            }
        }
        return RoundTripPlan(
            creation: builder.statements, createdChecks: steps.createdChecks, fetchedChecks: steps.fetchedChecks,
            modification: steps.modification, modifiedChecks: steps.modifiedChecks, notes: steps.notes, subject: subject)
    }

    /// Creation: optional relationships get a value too, so that storing them is tested.
    func relate(
        _ subject: String, through relationship: Relationship, of entityName: String, in builder: inout ObjectGraphBuilder,
        steps: inout RoundTripSteps
    ) {
        let current = builder.object(subject)!
        let property = model.names(of: relationship.name, in: entityName)
        let inverse = model.inverse(of: relationship)
        var attempt = builder
        do throws(TestPlanFailure) {
            if !relationship.isToMany, current.references[relationship.name] == nil {
                var bindings: [String: String] = [:]
                if let inverse, !inverse.isToMany { bindings[inverse.name] = subject }
                let target = try attempt.create(relationship.destinationEntity, bindings: bindings, name: relationship.name)
                try attempt.resolvePending()
                attempt.append("\(subject).\(property.swiftName) = \(target)")
                attempt.record(subject, key: relationship.name, toOne: target)
            } else if relationship.isToMany, current.members[relationship.name] == nil {
                let wanted = relationship.destinationsGivenByTests
                guard wanted <= ObjectGraphBuilder.maximumMembers, wanted <= max(relationship.maxCount ?? wanted, 1) else {
                    throw TestPlanFailure(reason: "it needs \(wanted) members")
                }
                for _ in 0..<wanted {
                    var bindings: [String: String] = [:]
                    if let inverse, !inverse.isToMany { bindings[inverse.name] = subject }
                    let member = try attempt.create(relationship.destinationEntity, bindings: bindings)
                    try attempt.resolvePending()
                    attempt.append("\(subject).\(property.accessors.addTo)(\(member))")
                    attempt.record(subject, key: relationship.name, member: member)
                }
            }
            builder = attempt
        } catch {
            steps.notes.append("\(relationship.name): left empty: \(error.reason)")
        }
    }

    /// Attributes: each initializer value as created, fetched, changed to a second sample and fetched again.
    func checkAttributes(of classPlan: ClassPlan, subject: String, steps: inout RoundTripSteps) {
        let entityName = classPlan.entityName
        let usable = model.usableKeys(of: entityName)
        let initializerKeys = Set(classPlan.initializer?.parameters.map(\.key) ?? [])
        for attribute in model.allAttributes(of: entityName) where usable.contains(attribute.name) {
            let name = model.names(of: attribute.name, in: entityName).swiftName
            if attribute.isDerived {
                // Derived attributes are computed when the context saves (NSDerivedAttributeDescription); `now()`
                // always has a value then, which reads back through the property's accessor.
                if attribute.derivationExpression?.trimmingCharacters(in: .whitespaces) == "now()" {
                    steps.notes.append("\(attribute.name): derived (now()); Core Data computes it when saving")
                    steps.fetchedChecks.append("assertTrue(fetched.\(name) != nil)")
                } else {
                    steps.notes.append("\(attribute.name): derived; Core Data computes it")
                }
                continue
            }
            guard initializerKeys.contains(attribute.name) else { continue }
            let initial: String
            switch model.sampleLiteral(attribute, entityName: entityName, variant: 0) {
            case .success(let literal): initial = literal
            case .failure(let failure):
                steps.notes.append("\(attribute.name): not checked: \(failure.reason)")
                continue
            }
            let comparable = model.isComparable(attribute, of: entityName)
            if comparable {
                steps.createdChecks.append("assertEqual(\(subject).\(name), \(initial))")
            } else {
                steps.notes.append("\(attribute.name): set, but not compared: its type may not be Equatable")
            }
            if attribute.isTransient {
                steps.notes.append("\(attribute.name): transient; not stored, so not compared after fetching")
                continue
            }
            if comparable { steps.fetchedChecks.append("assertEqual(fetched.\(name), \(initial))") }
            if attribute.annotations.isReadOnly {
                steps.notes.append("\(attribute.name): read-only; not changed")
                if comparable { steps.modifiedChecks.append("assertEqual(refetched.\(name), \(initial))") }
                continue
            }
            if case .success(let modified) = model.sampleLiteral(attribute, entityName: entityName, variant: 1) {
                guard modified != initial else {
                    // An enum's fallback case, a userInfo sample without a modified one.
                    steps.notes.append("\(attribute.name): not changed: it has no second sample value")
                    if comparable { steps.modifiedChecks.append("assertEqual(refetched.\(name), \(initial))") }
                    continue
                }
                steps.modification.append("fetched.\(name) = \(modified)")
                if comparable { steps.modifiedChecks.append("assertEqual(refetched.\(name), \(modified))") }
            }
        }
    }

    /// Relationships: one relationship's round trip, to-one or to-many; changes are made in `reader` on `fetched`.
    struct RelationshipCheck {
        let planner: GeneratedTestsPlanner
        let relationship: Relationship
        let entityName: String
        let subject: String
        var name: String { planner.model.names(of: relationship.name, in: entityName).swiftName }
        var accessors: AccessorNames { planner.model.names(of: relationship.name, in: entityName).accessors }
        var inverse: Relationship? { planner.model.inverse(of: relationship) }

        func inverseCheck(_ member: String, context: String, contains: Bool = true) -> String? {
            guard let inverse else { return nil }
            return "assert\(contains ? "True" : "False")(store.relatedObjectIDs(of: \(context).object(with: \(member).objectID), "
                + "key: \(SwiftSourceText.stringLiteral(inverse.name))).contains(\(subject).objectID))"
        }

        /// A new destination object in `reader` bound to `fetched` through the inverse; its variable.
        func createDestination(_ attempt: inout ObjectGraphBuilder, name: String) throws(TestPlanFailure) -> String {
            var bindings: [String: String] = [:]
            if let inverse, !inverse.isToMany { bindings[inverse.name] = "fetched" }
            let created = try attempt.create(relationship.destinationEntity, bindings: bindings, name: name)
            try attempt.resolvePending()
            return created
        }

        func toOne(target: String?, changes: inout ObjectGraphBuilder, steps: inout RoundTripSteps) {
            let optional = relationship.mayReadNil ? "?" : ""
            steps.createdChecks.append(target.map { "XCTAssertIdentical(\(subject).\(name), \($0))" } ?? "XCTAssertNil(\(subject).\(name))")
            if relationship.isTransient {
                steps.notes.append("\(relationship.name): transient; not stored, so not compared after fetching")
                return
            }
            if let target {
                steps.fetchedChecks.append("assertEqual(fetched.\(name)\(optional).objectID, \(target).objectID)")
                if let check = inverseCheck(target, context: "reader") { steps.fetchedChecks.append(check) }
            } else {
                steps.fetchedChecks.append("XCTAssertNil(fetched.\(name))")
            }
            // Moving the object away from its current destination must leave that one valid.
            if let inverse, !inverse.isOptional {
                steps.notes.append(
                    "\(relationship.name): not changed: the previous \(relationship.destinationEntity) would lose its required '\(inverse.name)'")
                if let target {
                    steps.modifiedChecks.append("assertEqual(refetched.\(name)\(optional).objectID, \(target).objectID)")
                }
                return
            }
            var attempt = changes
            attempt.clearStatements()
            do throws(TestPlanFailure) {
                let replacement = try createDestination(&attempt, name: "new\(accessors.stem)")
                attempt.append("fetched.\(name) = \(replacement)")
                steps.modification += attempt.statements
                steps.modifiedChecks.append("assertEqual(refetched.\(name)\(optional).objectID, \(replacement).objectID)")
                if let check = inverseCheck(replacement, context: "checker") { steps.modifiedChecks.append(check) }
                changes = attempt
                changes.clearStatements()
            } catch {
                steps.notes.append("\(relationship.name): not changed: \(error.reason)")
            }
        }

        func toMany(members: [String], changes: inout ObjectGraphBuilder, steps: inout RoundTripSteps) {
            let isOrdered = relationship.isOrdered
            func idList(_ variables: [String]) -> String { "[" + variables.map { "\($0).objectID" }.joined(separator: ", ") + "]" }
            func memberIDs(_ owner: String) -> String {
                isOrdered
                    ? "\(owner).\(name).array.compactMap { ($0 as? NSManagedObject)?.objectID }"
                    : "Set(\(owner).\(name).map(\\.objectID))"
            }
            if members.isEmpty {
                steps.createdChecks.append("assertEqual(\(subject).\(name).count, 0)")
            } else if isOrdered {
                steps.createdChecks.append(
                    "assertEqual(\(subject).\(name).array.compactMap { $0 as? NSManagedObject }, [\(members.joined(separator: ", "))])")
            } else {
                steps.createdChecks.append("assertEqual(\(subject).\(name), [\(members.joined(separator: ", "))])")
            }
            if relationship.isTransient {
                steps.notes.append("\(relationship.name): transient; not stored, so not compared after fetching")
                return
            }
            if members.isEmpty {
                steps.fetchedChecks.append("assertEqual(fetched.\(name).count, 0)")
            } else {
                steps.fetchedChecks.append("assertEqual(\(memberIDs("fetched")), \(idList(members)))")
                steps.fetchedChecks += members.compactMap { inverseCheck($0, context: "reader") }
            }

            // Add one member, then take the first original one out, keeping the count within its bounds.
            let minimum = relationship.minCount ?? 0
            let maximum = (relationship.maxCount ?? 0) > 0 ? relationship.maxCount! : Int.max
            var attempt = changes
            attempt.clearStatements()
            var added: String?
            do throws(TestPlanFailure) {
                let member = try createDestination(&attempt, name: "added\(planner.destinationClassName(relationship))")
                attempt.append("fetched.\(accessors.addTo)(\(member))")
                added = member
            } catch {
                steps.notes.append("\(relationship.name): no member added: \(error.reason)")
            }
            func countIsValid(_ count: Int) -> Bool {
                count <= maximum && (count >= minimum || (count == 0 && relationship.isOptional))
            }
            let style = members.isEmpty ? nil : planner.removalStyle(of: relationship)
            if !members.isEmpty, style == nil {
                steps.notes.append("\(relationship.name): no member removed: \(planner.removalObstacle(of: relationship))")
            }
            let count = members.count
            var adds = added != nil
            var removes = style != nil
            if !countIsValid(count + (adds ? 1 : 0) - (removes ? 1 : 0)) {
                if removes, countIsValid(count - 1) { adds = false }
                else if adds, countIsValid(count + 1) { removes = false }
                else { (adds, removes) = (false, false) }
                steps.notes.append("\(relationship.name): \(adds ? "no member removed" : "no member added"): the count must stay within its bounds")
            }
            if adds {
                steps.modification += attempt.statements
                changes = attempt
                changes.clearStatements()
            }
            var expected = members
            if removes, let first = members.first, let style {
                steps.modification.append(planner.removalStatement(style, member: first, relationship: relationship, in: entityName))
                expected.removeFirst()
            }
            if adds, let added { expected.append(added) }
            if expected.isEmpty {
                steps.modifiedChecks.append("assertEqual(refetched.\(name).count, 0)")
            } else {
                steps.modifiedChecks.append("assertEqual(\(memberIDs("refetched")), \(idList(expected)))")
            }
            if adds, let added, let check = inverseCheck(added, context: "checker") { steps.modifiedChecks.append(check) }
            if removes, let first = members.first, let style {
                switch style {
                case .remove:
                    if let check = inverseCheck(first, context: "checker", contains: false) { steps.modifiedChecks.append(check) }
                case .delete:
                    steps.modifiedChecks.append("XCTAssertNil(try? checker.existingObject(with: \(first).objectID))")
                }
            }
        }
    }
}
