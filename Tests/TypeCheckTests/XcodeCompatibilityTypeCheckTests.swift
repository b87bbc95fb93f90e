import CodeGeneration
import Foundation
import ModelReader
import Testing

/// Call sites written against Xcode's, mogenerator's and SwiftGen's classes, compiled against ours (an app module
/// importing the generated one, with the stub SDK's SwiftUI): `ForEach`/`List` over fetched objects, both
/// `@FetchRequest` forms, `Item.fetchRequest()`, `Item.entityName`; and the transition mode for `Item(context:)`.
@Suite("Source compatibility with Xcode's codegen, mogenerator and SwiftGen")
struct XcodeCompatibilityTypeCheckTests {
    static let staff = TestSupport.fixtureModels.appendingPathComponent("Staff.xcdatamodeld")

    /// Generates the Staff fixture (Person, and Employee and Manager below it) and type-checks `app` as a module
    /// importing it.
    private func typecheckApp(
        _ app: String, mode: LanguageMode,
        inheritedInitializers: GeneratorOptions.InheritedInitializers = .unavailable
    ) throws -> TypeCheckResult {
        let schema = try ModelLoader.load(Self.staff.path).schema
        var options = GenerationOptions()
        options.generatesTests = false
        options.inheritedInitializers = inheritedInitializers
        let sources = try GeneratedSources(schema: schema, label: "Staff", options: options)
        defer { sources.remove() }
        let appFile = sources.testsDirectory.appendingPathComponent("App.swift")
        try Data("import CoreData\nimport SwiftUI\nimport \(options.moduleName)\n\n\(app)".utf8).write(to: appFile)
        return try TypeCheckHarness.shared().typecheck(
            moduleName: options.moduleName, moduleFiles: sources.moduleFiles, testFiles: [appFile],
            swiftVersion: mode.swiftVersion, defaultIsolationMainActor: mode.defaultIsolationMainActor,
            testsAlsoOnMainActor: mode.defaultIsolationMainActor)
    }

    static let swiftUIApp = """
        struct PeopleList: View {
            @FetchRequest(entity: Person.entity(), sortDescriptors: []) private var people: FetchedResults<Person>
            @FetchRequest(sortDescriptors: [NSSortDescriptor(key: Manager.Keys.name, ascending: true)])
            private var managers: FetchedResults<Manager>

            var body: some View {
                List(people) { person in
                    ForEach(managers) { manager in
                        Text(manager.name)
                    }
                }
            }
        }

        func fetching(_ context: NSManagedObjectContext) throws -> [ObjectIdentifier] {
            let request: NSFetchRequest<Person> = Person.fetchRequest()
            let byName = NSFetchRequest<Employee>(entityName: Employee.entityName)
            let managers: [Manager] = try context.fetch(Manager.fetchRequest())
            let names: [String] = [Person.entityName, Employee.entityName, Manager.entityName]
            _ = (request, byName, names)
            return managers.map(\\.id) + (try context.fetch(request)).map(\\.id)
        }

        """

    @Test("SwiftUI and fetch call sites compile without a warning", arguments: LanguageMode.allCases)
    func swiftUICallSites(mode: LanguageMode) throws {
        let result = try typecheckApp(Self.swiftUIApp, mode: mode)
        #expect(result.isClean, "\(result.summary)")
    }

    /// The same code fails without the conformance: the check would notice it going away.
    @Test("without Identifiable, ForEach(people) does not compile")
    func forEachNeedsIdentifiable() throws {
        let app = """
            struct Rows: View {
                let reports: [Employee]
                var body: some View { ForEach(reports) { report in Text(report.name) } }
            }
            struct NotIdentifiable { let name: String }
            struct Broken: View {
                let rows: [NotIdentifiable]
                var body: some View { ForEach(rows) { row in Text(row.name) } }
            }

            """
        let result = try typecheckApp(app, mode: .swift6)
        #expect(result.errors.count >= 1, "\(result.summary)")
        #expect(result.errors.allSatisfy { $0.message.contains("NotIdentifiable") }, "\(result.summary)")
    }

    static let legacyInitializers = """
        func legacy(_ context: NSManagedObjectContext) {
            let person = Person(context: context)
            let manager = Manager(context: context)
            _ = (person, manager)
        }

        """

    static let blankObject = "func blank() -> Person { Person() }\n"

    @Test("inherited-initializers deprecated: Person(context:) compiles with a warning naming the way in",
          arguments: LanguageMode.allCases)
    func deprecatedInitializersWarn(mode: LanguageMode) throws {
        let result = try typecheckApp(Self.legacyInitializers, mode: mode, inheritedInitializers: .deprecated)
        #expect(result.errors.isEmpty, "\(result.summary)")
        let app = result.warnings.filter { $0.fileName == "App.swift" }
        let message = "'init(context:)' is deprecated: Use init(context:...), which takes every required value"
        // Swift 6 appends the diagnostic group (` [#DeprecatedDeclaration]`).
        #expect(app.allSatisfy { $0.message.hasPrefix(message) }, "expected: \(message)\n\(result.summary)")
        #expect(app.count == (mode == .swift6MainActor ? 4 : 2), "one per call (twice in MainActor mode: both test modules)\n\(result.summary)")
        #expect(result.warnings.allSatisfy { $0.fileName == "App.swift" }, "the generated module itself is clean\n\(result.summary)")
    }

    /// `init()` never made a usable object (docs/core-data-runtime.md, "+entity can be nil"): an error in both modes.
    @Test("Person(context:) is an error by default, Person() in every mode", arguments: GeneratorOptions.InheritedInitializers.allCases)
    func unavailableByDefault(inheritedInitializers: GeneratorOptions.InheritedInitializers) throws {
        let app = (inheritedInitializers == .unavailable ? Self.legacyInitializers : "") + Self.blankObject
        let result = try typecheckApp(app, mode: .swift6, inheritedInitializers: inheritedInitializers)
        let messages = Set(result.errors.filter { $0.fileName == "App.swift" }.map(\.message))
        if inheritedInitializers == .unavailable {
            #expect(messages.contains("'init(context:)' is unavailable: Use init(context:...), which takes every required value"), "\(result.summary)")
        }
        #expect(messages.contains("'init()' is unavailable: Use init(context:...), which takes every required value"), "\(result.summary)")
    }
}
