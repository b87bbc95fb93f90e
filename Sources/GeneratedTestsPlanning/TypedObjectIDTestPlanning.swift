import GenerationPlanning
import ManagedModel

extension GeneratedTestsPlanner {
    /// The round trip object → typed ID → object on a Mac (`ManagedObjectID`, the `property-support` template), for
    /// the classes that declare `TypedObjectIdentifiable` (sub-classes share the same machinery). The object is given
    /// a permanent ID first (NSManagedObjectContext `obtainPermanentIDs(for:)`: a temporary ID finds the object
    /// only in its own context); then its typed ID finds it in its context (`existingObject(with:)`, the same
    /// instance), makes a fault of its class in a second context (`object(with:)`, nothing is saved: a fault that
    /// is never fired needs no stored row), comes back from its URI through the coordinator
    /// (`managedObjectID(forURIRepresentation:)`, what decoding does), and the checked initializer accepts its
    /// untyped ID. Then the URIs Core Data would raise for (NSInvalidArgumentException, which no Swift code can
    /// catch) give nil: the same URI naming an entity the model lacks (an ID stored before a rename), one whose
    /// object part is not `p<number>`, one of another scheme. nil for classes that inherit the conformance.
    func typedObjectIDTest(for classPlan: ClassPlan, subject: String) -> ConstraintTestPlan? {
        guard classPlan.declaresTypedObjectIDs else { return nil }
        let className = model.typeReference(classPlan.className)
        return ConstraintTestPlan(
            kind: .typedObjectIDRoundTrip, methodName: "testTypedObjectIDFindsTheObject",
            summary: "`\(className).ObjectID` finds the object in its context, in another one and from its URI; a URI Core Data cannot read gives nil.",
            statements: [
                "try context.obtainPermanentIDs(for: [\(subject)])",
                "let id: \(className).ObjectID = \(subject).typedObjectID",
                "assertFalse(id.isTemporary)",
                "let found: \(className) = try context.existingObject(with: id)",
                "assertTrue(found === \(subject))",
                "let fault: \(className) = store.newContext().object(with: id)",
                "assertEqual(fault.objectID, \(subject).objectID)",
                "let coordinator = store.container.persistentStoreCoordinator",
                "assertEqual(\(className).ObjectID(uriRepresentation: id.managedObjectID.uriRepresentation(), coordinator: coordinator), id)",
                "assertEqual(\(className).ObjectID(\(subject).objectID), id)",
                // x-coredata://<store>/<entity>/p<number>, cut at its slashes.
                "let uriParts = id.managedObjectID.uriRepresentation().absoluteString.split(separator: \"/\", omittingEmptySubsequences: false)",
                "let renamed = URL(string: uriParts.dropLast(2).joined(separator: \"/\") + \"/\(classPlan.entityName)Renamed/\" + uriParts[uriParts.count - 1])!",
                "assertEqual(\(className).ObjectID(uriRepresentation: renamed, coordinator: coordinator), nil)",
                "let notAnObject = URL(string: uriParts.dropLast().joined(separator: \"/\") + \"/x1\")!",
                "assertEqual(\(className).ObjectID(uriRepresentation: notAnObject, coordinator: coordinator), nil)",
                "assertEqual(\(className).ObjectID(uriRepresentation: URL(string: \"https://example.com/\(classPlan.entityName)/p1\")!, coordinator: coordinator), nil)",
            ],
            subject: subject)
    }
}
