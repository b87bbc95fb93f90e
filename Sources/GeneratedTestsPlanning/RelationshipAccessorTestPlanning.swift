import GenerationPlanning
import ManagedModel
import SampleValues

/// The test of a to-many relationship's generated mutation accessors, and of an ordered one's order on disk.
extension GeneratedTestsPlanner {
    /// An ordered relationship's accessors are also tested on an instance of a sub-entity that inherits it: in the
    /// first concrete sub-entity (by name) of the entity that declares it, once per relationship.
    func isSubEntityTestingInherited(_ relationship: Relationship, _ entityName: String) -> Bool {
        guard relationship.isOrdered, let entity = model.entity(entityName),
            let declaring = schema.ancestors(of: entity).first(where: { $0.relationships.contains { $0.name == relationship.name } })
        else { return false }
        let first = plan.classes.filter { $0.initializer != nil && $0.entityName != declaring.name && model.isKind($0.entityName, of: declaring.name) }
            .map(\.entityName).min()
        return first == entityName
    }

    /// Calls every generated mutation accessor of a to-many relationship and checks the members, their order, the
    /// inverse relationship and (ordered) the Key-Value Observing notifications: kind and indexes of each change.
    /// Until then nothing is saved, so members may be taken out of a required inverse. An ordered relationship then
    /// takes every member back, is saved, fetched in a fresh context in order, reordered, saved and fetched again:
    /// the order Core Data keeps on disk, not only in memory. Nil when five members cannot be made.
    func accessorTest(
        for relationship: Relationship, in classPlan: ClassPlan, subject: String, reserved: Set<String>
    ) -> ConstraintTestPlan? {
        let entityName = classPlan.entityName
        let (name, accessors) = model.names(of: relationship.name, in: entityName)
        let inverse = model.inverse(of: relationship)
        var builder = ObjectGraphBuilder(
            model: model, context: "context", reservedNames: reserved.union(["changes", "moving"]),
            existing: [.init(variable: subject, entityName: entityName, references: [:])])
        var members: [String] = []
        do throws(TestPlanFailure) {
            for _ in 0..<5 {
                var bindings: [String: String] = [:]
                if let inverse, !inverse.isToMany { bindings[inverse.name] = subject }
                members.append(try builder.create(relationship.destinationEntity, bindings: bindings, name: "member"))
                try builder.resolvePending()
            }
        } catch {
            return nil
        }
        let (a, b, c, d, e) = (members[0], members[1], members[2], members[3], members[4])
        var lines = builder.statements
        let key = SwiftSourceText.stringLiteral(relationship.name)
        let finalMembers: [String]
        if relationship.isOrdered {
            // Each step names the members it leaves, in order; the recorder sees one notification per step.
            lines += [
                "// Members bound through their inverse joined already: start empty (removeFrom(_: NSOrderedSet)).",
                "\(subject).\(accessors.removeFrom)(\(subject).\(name))",
                "assertEqual(\(subject).\(name).count, 0)",
                "// Key-Value Observing: the accessors announce each change with its kind and indexes (NSObject,",
                "// willChange(_:valuesAt:forKey:)); none of them may re-enter the mutableOrderedSetValue(forKey:) proxy.",
                "let changes = store.changes(of: \(subject), key: \(key)) {",
                "    \(subject).\(accessors.addTo)(\(a))  // [a]",
                "    \(subject).\(accessors.insertInto)(\(b), at: 0)  // [b, a]",
                "    \(subject).\(accessors.insertInto)([\(c), \(d)], at: IndexSet([1, 2]) as NSIndexSet)  // [b, c, d, a]",
                "    \(subject).\(accessors.replace)(at: 0, with: \(e))  // [e, c, d, a]",
                "    \(subject).\(accessors.replace)(at: IndexSet([1]) as NSIndexSet, with: [\(b)])  // [e, b, d, a]",
                "    \(subject).\(accessors.removeFrom)(at: 2)  // [e, b, a]",
                "    \(subject).\(accessors.removeFrom)(at: IndexSet([0]) as NSIndexSet)  // [b, a]",
                "    \(subject).\(accessors.removeFrom)(\(a))  // [b]",
                "    \(subject).\(accessors.addTo)(NSOrderedSet(array: [\(c), \(a)]))  // [b, c, a]",
                "    \(subject).\(accessors.insertInto)([\(d), \(d)], at: IndexSet([0, 1]) as NSIndexSet)  // [d, b, c, a]: once",
                "    \(subject).\(accessors.removeFrom)(\(d))  // [b, c, a]",
                "}",
                "assertEqual(\(subject).\(name).array.compactMap { $0 as? NSManagedObject }, [\(b), \(c), \(a)])",
                "assertEqual(changes, [",
                "    \"insertion 0\", \"insertion 0\", \"insertion 1,2\", \"replacement 0\", \"replacement 1\",",
                "    \"removal 2\", \"removal 0\", \"removal 1\", \"insertion 1,2\", \"insertion 0\", \"removal 0\",",
                "])",
            ]
            finalMembers = [b, c, a]
        } else {
            lines += [
                "// Members bound through their inverse joined already: start empty (removeFrom(_: NSSet)).",
                "\(subject).\(accessors.removeFrom)(\(subject).\(name) as NSSet)",
                "assertEqual(\(subject).\(name).count, 0)",
                "\(subject).\(accessors.addTo)(\(a))",
                "\(subject).\(accessors.addTo)(NSSet(array: [\(b), \(c), \(d), \(e)]))",
                "\(subject).\(accessors.removeFrom)(\(d))",
                "\(subject).\(accessors.removeFrom)(NSSet(array: [\(a), \(e)]))",
                "assertEqual(\(subject).\(name), [\(b), \(c)])",
            ]
            finalMembers = [b, c]
        }
        if let inverse {
            // Core Data keeps the inverse in step at the latest when it processes pending changes
            // (NSManagedObjectContext, processPendingChanges()).
            lines.append("context.processPendingChanges()")
            let inverseKey = SwiftSourceText.stringLiteral(inverse.name)
            for member in members {
                let isMember = finalMembers.contains(member)
                lines.append(
                    "assert\(isMember ? "True" : "False")(store.relatedObjectIDs(of: \(member), key: \(inverseKey)).contains(\(subject).objectID))")
            }
        }
        if relationship.isOrdered {
            lines += orderOnDisk(
                relationship, of: classPlan, subject: subject, members: [b, c, a, d, e],
                createdUniqueObjects: builder.createdEntities.contains(where: model.hasUniquenessConstraints))
        }
        return ConstraintTestPlan(
            kind: .relationshipAccessors, methodName: "test\(accessors.stem)Accessors",
            summary: "Every generated accessor of `\(relationship.name)` changes its members"
                + (relationship.isOrdered ? ", in order, with one change notification each," : "")
                + (inverse == nil ? "." : " and keeps `\(inverse!.name)` in step."),
            statements: lines, subject: subject)
    }

    /// The end of an ordered relationship's accessor test: `members` (the three left, then the two taken out) saved,
    /// fetched in a fresh context in that order, the first moved to the end, saved and fetched again. Core Data keeps
    /// the order with the relationship's own ordered set (NSRelationshipDescription `isOrdered`); a wrong order on disk
    /// fails here. Left out (with a comment) when the relationship's counts or uniqueness constraints forbid saving
    /// the five members.
    func orderOnDisk(
        _ relationship: Relationship, of classPlan: ClassPlan, subject: String, members: [String], createdUniqueObjects: Bool
    ) -> [String] {
        let (name, accessors) = model.names(of: relationship.name, in: classPlan.entityName)
        let count = members.count
        if let maximum = relationship.maxCount, maximum > 0, maximum < count {
            return ["// The order on disk is not checked here: at most \(maximum) members can be saved."]
        }
        if let minimum = relationship.minCount, minimum > count {
            return ["// The order on disk is not checked here: at least \(minimum) members are needed to save."]
        }
        if createdUniqueObjects {
            return ["// The order on disk is not checked here: the members have uniqueness constraints."]
        }
        let className = model.typeReference(classPlan.className)
        let entity = SwiftSourceText.stringLiteral(classPlan.entityName)
        func ids(_ variables: [String]) -> String { "[" + variables.map { "\($0).objectID" }.joined(separator: ", ") + "]" }
        let moved = Array(members.dropFirst()) + [members[0]]
        return [
            "// On disk: the order survives a save and a fetch in a fresh context, and so does a reordering.",
            "\(subject).\(accessors.addTo)(NSOrderedSet(array: [\(members[3]), \(members[4])]))  // [\(members.joined(separator: ", "))]",
            "try context.save()",
            "let reader = store.newContext()",
            "let fetched: \(className) = try store.fetch(\(entity), id: \(subject).objectID, in: reader)",
            "assertEqual(fetched.\(name).array.compactMap { ($0 as? NSManagedObject)?.objectID }, \(ids(members)))",
            "let moving = try XCTUnwrap(fetched.\(name).firstObject as? NSManagedObject)",
            "fetched.\(accessors.removeFrom)(at: 0)",
            "fetched.\(accessors.addTo)(NSOrderedSet(array: [moving]))  // [\(moved.joined(separator: ", "))]",
            "try reader.save()",
            "let checker = store.newContext()",
            "let refetched: \(className) = try store.fetch(\(entity), id: \(subject).objectID, in: checker)",
            "assertEqual(refetched.\(name).array.compactMap { ($0 as? NSManagedObject)?.objectID }, \(ids(moved)))",
        ]
    }
}
