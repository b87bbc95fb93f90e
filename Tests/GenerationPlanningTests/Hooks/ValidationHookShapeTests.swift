import ManagedModel
import Testing

import CodeGeneration
@testable import GenerationPlanning

/// Hook discovery over the shapes of Swift a hook is written in: a hook the scan misses gets no bridge, so Core
/// Data never calls it and nothing says so. Each case names the hooks (`Type.method:line`) the scan must find.
@Suite struct ValidationHookShapeTests {
    func found(_ source: String) -> [String] {
        ValidationHookScan.scanning([(path: "/app/Person.swift", text: source)]).declarations.map {
            "\($0.typeName).\($0.methodName):\($0.location.line)"
        }
    }

    @Test("a hook in each shape is found", arguments: [
        ("the plain form", "extension Person {\n    func validateName(_ value: String) throws {}\n}", ["Person.validateName:2"]),
        ("a multi-line signature", "extension Person {\n    func validateName(\n        _ value: String\n    ) throws {\n    }\n}",
         ["Person.validateName:2"]),
        ("@objc on the same line", "extension Person {\n    @objc func validateName(_ value: String) throws {}\n}", ["Person.validateName:2"]),
        ("@MainActor on its own line", "extension Person {\n    @MainActor\n    func validateName(_ value: String) throws {}\n}",
         ["Person.validateName:3"]),
        ("modifiers", "extension Person {\n    public nonisolated final func validateName(_ value: String) throws {}\n}",
         ["Person.validateName:2"]),
        ("in the class body", "public class Person: NSManagedObject {\n    var x: Int { 1 }\n    func validateName(_ value: String) throws {}\n}",
         ["Person.validateName:3"]),
        ("a module-qualified extension", "extension Shop.Person: Sendable {\n    func validateName(_ value: String) throws {}\n}",
         ["Person.validateName:2"]),
        ("after a nested type", "extension Person {\n    enum Kind { case a; func validateKind() {} }\n    func validateName(_ value: String) throws {}\n}",
         ["Kind.validateKind:2", "Person.validateName:3"]),
        ("after a computed property and a closure", "extension Person {\n    var n: Int { get { [1].map { $0 }.count } }\n    func validateName(_ value: String) throws {}\n}",
         ["Person.validateName:3"]),
        ("after a raw string", "extension Person {\n    let s = #\"a \" { \"#\n    func validateName(_ value: String) throws {}\n}",
         ["Person.validateName:3"]),
        ("after a multi-line string", "extension Person {\n    let s = \"\"\"\n        {\n        \"\"\"\n    func validateName(_ value: String) throws {}\n}",
         ["Person.validateName:5"]),
        ("after an interpolation holding a brace", "extension Person {\n    var d: String { \"\\(f(\"{\"))\" }\n    func validateName(_ value: String) throws {}\n}",
         ["Person.validateName:3"]),
        ("inside #if", "extension Person {\n    #if os(iOS)\n    func validateName(_ value: String) throws {}\n    #endif\n}",
         ["Person.validateName:3"]),
    ] as [(String, String, [String])])
    func hookShapes(shape: String, source: String, expected: [String]) {
        #expect(found(source) == expected, "\(shape)")
    }

    @Test("hook-like text that is no hook is not found", arguments: [
        "extension Person {\n    // func validateName(_ value: String) throws {}\n}",
        "extension Person {\n    /* func validateName(_ value: String) throws {} */\n}",
        "extension Person {\n    /// Call `func validateName(_ value: String) throws` first.\n    var x: Int { 0 }\n}",
        "extension Person {\n    let s = \"func validateName(_ value: String) throws {}\"\n}",
        "extension Person {\n    let s = #\"func validateName(_ value: String) \"throws\" {}\"#\n}",
        "extension Person {\n    let s = \"\"\"\n        func validateName(_ value: String) throws {}\n        \"\"\"\n}",
        "extension Person {\n    func save() {\n        func validateName(_ value: String) throws {}\n    }\n}",
        "func validateName(_ value: String) throws {}",
        "extension Person {\n    func validatename(_ value: String) throws {}\n    func validate() {}\n}",
    ])
    func notHooks(source: String) {
        #expect(found(source) == [])
    }

    /// `nonisolated` counts on the function (among its other modifiers) or on the extension or type holding it, not on
    /// a neighbour or an enclosing function (issue 44: a migration hook without it is MainActor-isolated in a
    /// MainActor-default target).
    @Test func nonisolatedOnTheFunctionOrItsExtension() {
        let source = """
            extension Plan {
                public nonisolated static func willMigrateAToB(_ context: NSManagedObjectContext) throws {}
                static func willMigrateBToC(_ context: NSManagedObjectContext) throws {}
                @MainActor static func willMigrateCToD(_ context: NSManagedObjectContext) throws {}
            }
            nonisolated extension Plan {
                static func willMigrateDToE(_ context: NSManagedObjectContext) throws {}
                struct Inner { static func willMigrateEToF(_ context: NSManagedObjectContext) throws {} }
            }
            nonisolated var x = 1
            extension Plan { static func willMigrateFToG(_ context: NSManagedObjectContext) throws {} }
            """
        let declarations = ValidationHookScan.scanning([(path: "/app/Plan.swift", text: source)]).declarations
        #expect(declarations.map { "\($0.methodName) \($0.isNonisolated)" } == [
            "willMigrateAToB true", "willMigrateBToC false", "willMigrateCToD false", "willMigrateDToE true", "willMigrateEToF false",
            "willMigrateFToG false",
        ])
    }

    /// The `// managedCodegen.rejects:` line belongs to the hook below it, attributes between them included.
    @Test func rejectedSampleAboveAnAttributeLine() {
        let source = """
            extension Person {
                // managedCodegen.rejects: ""
                @MainActor
                @objc(validateNameValue:)
                func validateName(_ value: String) throws {}
                // managedCodegen.rejects: "x"
                let s = 1
                @MainActor func validateEmail(_ value: String) throws {}
            }
            """
        let declarations = ValidationHookScan.scanning([(path: "/app/Person.swift", text: source)]).declarations
        #expect(declarations.map(\.methodName) == ["validateName", "validateEmail"])
        #expect(declarations.map(\.rejectedSample) == ["\"\"", nil])
    }
}
