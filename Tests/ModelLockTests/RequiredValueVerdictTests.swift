import ManagedModel
import ModelLock
import Testing

/// `migration-check`'s "may fail at migration time" verdicts ask CoreDataMapping's `requiresStoredValue`: a stored
/// value made required without a default, never a derived one (Core Data computes it) or a transient one (not stored).
@Suite struct RequiredValueVerdictTests {
    static let here = SourceLocation(path: "contents", line: 3)

    static func schema(_ attributes: [Attribute]) -> Schema {
        Schema(contentsPath: "contents", modelName: "Model", versionName: "Model", entities: [Entity(name: "Item", location: here, attributes: attributes)])
    }

    static func attribute(_ name: String, optional: Bool, derived: Bool = false, transient: Bool = false) -> Attribute {
        Attribute(
            name: name, location: here, type: .date, isOptional: optional, isTransient: transient, isDerived: derived,
            derivationExpression: derived ? "now()" : nil)
    }

    static func mayFail(_ from: [Attribute], _ to: [Attribute]) -> [String] {
        MigrationCheck.findings(from: schema(from), to: schema(to)).filter { $0.kind == .mayFail }.map(\.message)
    }

    @Test func aStoredValueMadeRequiredMayFail() {
        let found = Self.mayFail([Self.attribute("updated", optional: true)], [Self.attribute("updated", optional: false)])
        #expect(found.count == 1 && found[0].hasPrefix("attribute Item.updated became non-optional without a default value"), "\(found)")
        let added = Self.mayFail([], [Self.attribute("updated", optional: false)])
        #expect(added.count == 1 && added[0].hasPrefix("new attribute Item.updated is non-optional"), "\(added)")
    }

    /// A derived attribute made required, or added required, is computed by Core Data: no row lacks it.
    @Test func aDerivedValueMadeRequiredDoesNot() {
        #expect(Self.mayFail([Self.attribute("updated", optional: true, derived: true)], [Self.attribute("updated", optional: false, derived: true)]).isEmpty)
        #expect(Self.mayFail([], [Self.attribute("updated", optional: false, derived: true)]).isEmpty)
        #expect(Self.mayFail([], [Self.attribute("scratch", optional: false, transient: true)]).isEmpty)
    }
}
