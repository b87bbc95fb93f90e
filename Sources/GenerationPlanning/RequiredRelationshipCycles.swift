import ManagedModel

/// Finds required to-one relationships that make every initializer in a cycle uncallable
/// (`A(b:)` needs a `B`, `B(a:)` needs an `A`) and picks the relationships that stop being required
/// initializer parameters.
struct RequiredRelationshipCycles {
    /// A relationship as declared: inherited relationships are broken for every sub-entity at once.
    struct RelationshipID: Hashable, Comparable, Sendable {
        var entity: String
        var relationship: String

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.entity, lhs.relationship) < (rhs.entity, rhs.relationship)
        }

        var description: String { "\(entity).\(relationship)" }
    }

    struct Edge: Hashable {
        var from: String
        var to: String
        var relationship: RelationshipID
    }

    /// The relationships to break, each with the cycle (as entity names) that made it necessary.
    private(set) var broken: [(relationship: RelationshipID, cycle: [Edge])] = []

    /// - Parameter edges: for each entity that gets an initializer, its required to-one relationships
    ///   whose destination also gets one.
    init(edges: [Edge]) {
        var remaining = edges.sorted { ($0.from, $0.relationship, $0.to) < ($1.from, $1.relationship, $1.to) }
        // Breaking one relationship can leave another cycle: repeat until none is left. The choice of the
        // smallest relationship (entity name, then relationship name) does not depend on where the search starts.
        while let cycle = Self.firstCycle(in: remaining) {
            let victim = cycle.map(\.relationship).min()!
            broken.append((victim, cycle))
            remaining.removeAll { $0.relationship == victim }
        }
    }

    var brokenRelationships: Set<RelationshipID> { Set(broken.map(\.relationship)) }

    private static func firstCycle(in edges: [Edge]) -> [Edge]? {
        var outgoing: [String: [Edge]] = [:]
        for edge in edges { outgoing[edge.from, default: []].append(edge) }
        enum Mark { case visiting, done }
        var marks: [String: Mark] = [:]
        var path: [Edge] = []

        func visit(_ node: String) -> [Edge]? {
            marks[node] = .visiting
            for edge in outgoing[node] ?? [] {
                switch marks[edge.to] {
                case .visiting:
                    path.append(edge)
                    let start = path.firstIndex { $0.from == edge.to }!
                    return Array(path[start...])
                case .done: continue
                case nil:
                    path.append(edge)
                    if let cycle = visit(edge.to) { return cycle }
                    path.removeLast()
                }
            }
            marks[node] = .done
            return nil
        }

        for node in outgoing.keys.sorted() where marks[node] == nil {
            if let cycle = visit(node) { return cycle }
        }
        return nil
    }
}
