import CodeGeneration
import Foundation
import ModelReader
import Testing

/// The typed keys (`ModelKeys`, `ModelKey`) of the Staff fixture's generated code, as app code in a second module
/// uses them: sorting by an optional scalar (where `NSSortDescriptor(keyPath:ascending:)` traps), predicates,
/// observation, and an inherited attribute on a sub-entity; and what they reject. Only Swift-only attributes (optional
/// scalars, typed values) have typed keys: a key path serves the `@NSManaged` ones.
@Suite("Typed model keys type-check")
struct ModelKeyTypeCheckTests {
    static let usage = """
        import CoreData
        import Staff

        func useTypedKeys(context: NSManagedObjectContext, manager: Manager, squad: Squad) throws {
            let request: NSFetchRequest<Manager> = Manager.fetchRequest()
            request.sortDescriptors = [
                NSSortDescriptor(Manager.ModelKeys.budget, ascending: false),
                NSSortDescriptor(Manager.ModelKeys.budget),
            ]
            request.predicate = NSCompoundPredicate(andPredicateWithSubpredicates: [
                Manager.ModelKeys.budget.isGreater(than: 100),
                Manager.ModelKeys.budget.isLessOrEqual(to: nil),
                Manager.ModelKeys.budget.equals(nil),
                Manager.ModelKeys.budget.isIn([1, 2]),
                Manager.ModelKeys.budget.notEquals(3),
                Manager.ModelKeys.budget.isNil,
            ])
            let managers: [Manager] = try context.fetch(request)
            // An inherited Swift-only attribute, typed with the sub-entity's class.
            let inherited: ModelKey<Squad, TimeInterval?> = Squad.ModelKeys.foundedOn
            let key: String = inherited.key
            let founded = NSSortDescriptor(Team.ModelKeys.foundedOn, ascending: true)
            let budgetObservation: ModelKeyObservation = Manager.ModelKeys.budget.observe(manager) { changed in
                let budget: Double? = changed.budget
                _ = budget
            }
            // A parent entity's key observes a sub-entity's object.
            let foundedObservation = Team.ModelKeys.foundedOn.observe(squad) { team in _ = team.foundedOn }
            _ = (managers, key, founded, budgetObservation, foundedObservation)
        }

        """

    @Test(arguments: [(5, false), (6, true)])
    func usageCompiles(swiftVersion: Int, mainActorDefault: Bool) throws {
        let (root, module) = try Self.generateStaff()
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Self.usage.write(to: app.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        try assertTypeChecks(
            moduleName: "Staff", directory: module, testsDirectory: app, swiftVersion: swiftVersion,
            defaultIsolationMainActor: mainActorDefault)
    }

    @Test("a key of another entity, or a value of another type, does not compile")
    func misuseIsRejected() throws {
        let (root, module) = try Self.generateStaff()
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let misuse = """
            import CoreData
            import Staff

            func misuse(manager: Manager, team: Team) {
                _ = Manager.ModelKeys.budget.observe(team) { _ in }
                _ = Manager.ModelKeys.budget.equals("cheap")
                let teamKey: ModelKey<Team, Double?> = Manager.ModelKeys.budget
                _ = teamKey
            }

            """
        try misuse.write(to: app.appendingPathComponent("Misuse.swift"), atomically: true, encoding: .utf8)
        let result = try TypeCheckHarness.shared().typecheck(
            moduleName: "Staff", moduleFiles: swiftFiles(in: module), testFiles: swiftFiles(in: app))
        let messages = result.errors.map(\.message)
        for expected in [
            "cannot convert value of type 'Team' to expected argument type 'Manager'",
            "cannot convert value of type 'String' to expected argument type 'Double'",
            "cannot assign value of type 'ModelKey<Manager, Double?>' to type 'ModelKey<Team, Double?>'",
        ] {
            #expect(messages.contains { $0.contains(expected) }, "expected '\(expected)' in:\n\(result.summary)")
        }
        #expect(result.errors.count == 3, "\(result.summary)")
    }

    /// The Staff fixture's generated files in a fresh folder: (the folder to remove, the module's folder).
    private static func generateStaff() throws -> (URL, URL) {
        let generated = try GeneratedFixtureModule(model: "Staff")
        return (generated.root, generated.module)
    }
}
