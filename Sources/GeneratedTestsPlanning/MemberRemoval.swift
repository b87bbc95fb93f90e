import GenerationPlanning
import ManagedModel

/// How a to-many relationship's test takes a member out without making an object invalid: removed or deleted.
extension GeneratedTestsPlanner {
    enum RemovalStyle { case remove, delete }

    /// The class of the objects a relationship's test creates: `Tag` for `tags`.
    func destinationClassName(_ relationship: Relationship) -> String {
        model.concreteEntity(for: relationship.destinationEntity).flatMap { model.classes[$0]?.className } ?? "Object"
    }

    /// How a member can leave the relationship without making anything invalid: removed, when it may
    /// exist without the owner; deleted, when its inverse is required and deleting it touches nothing else.
    func removalStyle(of relationship: Relationship) -> RemovalStyle? {
        guard let inverse = model.inverse(of: relationship) else { return .remove }
        if inverse.isOptional { return .remove }
        let memberEntity = model.concreteEntity(for: relationship.destinationEntity) ?? relationship.destinationEntity
        let all = model.relationships(of: memberEntity).values
        return all.allSatisfy({ $0.deletionRule == .nullify || $0.deletionRule == .noAction }) ? .delete : nil
    }

    func removalObstacle(of relationship: Relationship) -> String {
        "members need their '\(model.inverse(of: relationship)?.name ?? "")' and deleting one would cascade or be denied"
    }

    /// Takes `member` (a variable of the creating context) out of `fetched`'s relationship, in `reader`.
    func removalStatement(_ style: RemovalStyle, member: String, relationship: Relationship, in entityName: String) -> String {
        switch style {
        case .remove:
            let destination = model.typeReference(model.relationshipPlan(relationship.name, of: entityName)?.destinationClassName ?? "NSManagedObject")
            let object = "reader.object(with: \(member).objectID)"
            return "fetched.\(model.names(of: relationship.name, in: entityName).accessors.removeFrom)("
                + (destination == "NSManagedObject" ? object : "try XCTUnwrap(\(object) as? \(destination))") + ")"
        case .delete:
            return "reader.delete(reader.object(with: \(member).objectID))"
        }
    }
}
