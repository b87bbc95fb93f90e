import Foundation
import ManagedModel
import ModelReader
import Testing

import CodeGeneration
@testable import GenerationPlanning

/// Opt-in validation: the scan of the user's files, the bridges planned for the hooks found, and the diagnostics
/// for hooks Core Data would never call.
@Suite struct ValidationHookTests {
    static func staff() throws -> Schema {
        try ModelLoader.load(TestSupport.fixtureModels.appendingPathComponent("Staff.xcdatamodeld").path).schema
    }

    static func plan(_ files: [String: String]) throws -> (GenerationPlan, Diagnostics) {
        let hooks = ValidationHookScan.scanning(files.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) })
        return CodeGenerator.makePlan(schema: try staff(), options: .init(), hooks: hooks)
    }

    // MARK: Scanning

    @Test func scanFindsMembersOfTypesOnlyAndSkipsCommentsStringsAndNestedFunctions() {
        let source = #"""
            // func validateName(_ name: String) throws {}
            /* extension Person { func validateName(_ name: String) throws {} } /* nested */ */
            extension Shop.Person: CustomStringConvertible {
                var description: String { "func validateEmail(_ x: String) \(label("}")) {" }
                nonisolated func validateName(_ name: String) throws {
                    func validateInner(_ x: Int) {}
                }
                func validateTags<T>(_ tags: Set < Tag >, other: [String: Any] = [:]) {}
                class func validateClassLevel() {}
            }
            func validateFree(_ x: Int) {}
            class Employee: Person {
                let s = #"validate "Raw" {"#
                func validateLevel(_ level: Int16) throws {}
            }
            """#
        let scan = ValidationHookScan.scanning([(path: "/app/Person.swift", text: source)])
        #expect(scan.declarations.map(\.methodName) == ["validateName", "validateTags", "validateClassLevel", "validateLevel"])
        #expect(scan.declarations.map(\.typeName) == ["Person", "Person", "Person", "Employee"])
        #expect(scan.declarations[0].location == SourceLocation(path: "/app/Person.swift", line: 5))
        #expect(scan.declarations[0].parameters == [.init(label: "_", type: "String")])
        #expect(scan.declarations[1].parameters == [.init(label: "_", type: "Set<Tag>"), .init(label: "other", type: "[String:Any]")])
        #expect(scan.declarations[3].location.line == 14)
    }

    @Test func scanOfFoldersSkipsTheGeneratorsOwnFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hooks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "extension Person { func validateName(_ name: String) throws {} }\n"
            .write(to: folder.appendingPathComponent("Sub/Person.swift"), atomically: true, encoding: .utf8)
        try "\(CodeGenerator.bannerPrefix) from X.\nextension Person { func validateName(_ value: Int) throws {} }\n"
            .write(to: folder.appendingPathComponent("Person+Generated.swift"), atomically: true, encoding: .utf8)
        let scan = ValidationHookScan.scanning(folders: [folder.path], skippingPrefix: CodeGenerator.bannerPrefix)
        #expect(scan.declarations.map(\.location.path) == [folder.appendingPathComponent("Sub/Person.swift").path])
    }

    // MARK: Planning

    @Test func noHooksMeansNoBridgesAndNoOverrides() throws {
        for name in TestSupport.fixtureNames {
            let loaded = try ModelLoader.load(TestSupport.fixtureModels.appendingPathComponent("\(name).xcdatamodeld").path)
            let result = try CodeGenerator.generate(schema: loaded.schema, options: .init())
            for file in result.files {
                #expect(!file.contents.contains(":error:)"), "\(name)/\(file.relativePath)")
                #expect(!file.contents.contains("override func validateFor"), "\(name)/\(file.relativePath)")
            }
        }
    }

    @Test func threeLevelsEachOverrideTheBridgeOfTheLevelAbove() throws {
        let (plan, diagnostics) = try Self.plan([
            "Person.swift": "extension Person { func validateName(_ name: String) throws {} }",
            "Manager.swift": "extension Manager { func validateManagerName(_ name: String) throws {}\nfunc validateManagerConsistency() throws {} }",
        ])
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let person = try #require(plan.classes.first { $0.className == "Person" }).validation
        let employee = try #require(plan.classes.first { $0.className == "Employee" }).validation
        let manager = try #require(plan.classes.first { $0.className == "Manager" }).validation
        #expect(person.bridges.map(\.hookName) == ["validateName"] && person.bridges[0].isOverride == false)
        // Employee wrote nothing: it inherits Person's bridge through the Objective-C runtime.
        #expect(employee.bridges.isEmpty && !employee.hasConsistencyHook)
        // Manager's overrides Person's (the nearest ancestor with one), which runs first.
        #expect(manager.bridges.map(\.hookName) == ["validateManagerName"])
        #expect(manager.bridges[0].isOverride && manager.bridges[0].bridgeName == "validateName")
        #expect(manager.hasConsistencyHook && !manager.hasDeletionHook && !person.hasConsistencyHook)
    }

    @Test func toManyHooksTakeTheCollectionCoreDataHolds() throws {
        let (plan, diagnostics) = try Self.plan([
            "Manager.swift": "extension Manager { func validateReports(_ reports: NSSet) throws {} }",
            "Team.swift": "extension Team { func validateMembers(_ members: NSOrderedSet) throws {} }",
        ])
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        #expect(plan.classes.first { $0.className == "Manager" }?.validation.bridges.first?.conversion == "value.pointee as? NSSet")
        #expect(plan.classes.first { $0.className == "Team" }?.validation.bridges.first?.conversion == "value.pointee as? NSOrderedSet")
    }

    @Test(arguments: [
        // (file, severity, message fragment)
        ("extension Person { func validateNmae(_ name: String) throws {} }", Diagnostic.Severity.warning,
         "validateNmae(_:) in an extension of Person matches no validation hook"),
        ("extension Person { func validateName(_ name: Int) throws {} }", .error, "takes Int, but 'name' is validated as String"),
        ("extension Person { func validateName(name: String) throws {} }", .error, "must take one unlabeled parameter"),
        ("extension Person { func validateDeletion() throws {} }", .error, "the deletion hook takes the values last saved"),
        ("extension Person { func validateConsistency(_ x: Int) throws {} }", .error, "the consistency hook takes no parameters"),
        ("extension Employee { func validateName(_ name: String) throws {} }", .error, "name it 'validateEmployeeName'"),
        ("extension Manager { func validateConsistency() throws {} }", .error, "name it 'validateManagerConsistency'"),
        ("extension Team { func validateMembers(_ members: [Employee]) throws {} }", .warning, "converts the whole relationship"),
    ])
    func hooksCoreDataWouldNeverCallAreReportedAtTheirLine(_ source: String, _ severity: Diagnostic.Severity, _ message: String) throws {
        let (_, diagnostics) = try Self.plan(["/app/Hooks.swift": "import CoreData\n" + source])
        let diagnostic = try #require(diagnostics.all.first, "no diagnostic for \(source)")
        #expect(diagnostics.all.count == 1)
        #expect(diagnostic.severity == severity)
        #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
        #expect(diagnostic.description.hasPrefix("/app/Hooks.swift:2: \(severity.rawValue): "))
    }

    @Test func rejectedHooksGetNoBridge() throws {
        let (plan, diagnostics) = try Self.plan(["Person.swift": "extension Person { func validateName(_ name: Int) throws {} }"])
        #expect(diagnostics.hasErrors)
        #expect(plan.classes.allSatisfy { $0.validation.bridges.isEmpty })
    }

    @Test func hookWithTypeWrittenWithOtherSpacingMatches() throws {
        let (plan, diagnostics) = try Self.plan([
            "Person.swift": "extension Person { func validateDeletion(_ committedValues: [ String : Any ]) throws {} }"
        ])
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        #expect(plan.classes.first { $0.className == "Person" }?.validation.hasDeletionHook == true)
    }
}

/// `// managedCodegen.rejects:` above the consistency and deletion hooks, and hooks at two levels rejecting one value.
@Suite struct HookStateTestPlanTests {
    func tests(_ files: [String: String], _ entityName: String) throws -> [ConstraintTestPlan] {
        let hooks = ValidationHookScan.scanning(files.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) })
        let schema = try ValidationHookTests.staff()
        let options = GeneratorOptions(generatesTests: true)
        let (plan, diagnostics) = CodeGenerator.makePlan(schema: schema, options: options, hooks: hooks)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let (tests, _) = CodeGenerator.makeTestPlan(schema: schema, plan: plan, options: options)
        return try #require(tests?.suites.first { $0.entityName == entityName }).constraintTests
    }

    @Test func consistencyStateIsSetOnASavedObjectAndRefused() throws {
        let tests = try tests([
            "Person.swift": """
                extension Person {
                    // managedCodegen.rejects: email = "Ann";  name = "Ann"
                    func validateConsistency() throws {}
                }
                """,
        ], "Employee")
        let test = try #require(tests.first { $0.methodName == "testValidateConsistencyErrorReachesSave" })
        #expect(test.statements == [
            "try context.save()", "employee.email = \"Ann\"", "employee.name = \"Ann\"",
            "let thrown = store.errorThrown { try employee.validateConsistency() }",
            "store.assertHookError(try context.save(), thrown: thrown)",
        ])
    }

    @Test func deletionStateIsSavedThenTheDeleteRefused() throws {
        let tests = try tests([
            "Manager.swift": """
                extension Manager {
                    // managedCodegen.rejects: addToReports(Employee(context: context, name: "R"))
                    func validateManagerDeletion(_ committedValues: [String: Any]) throws {}
                }
                """,
        ], "Manager")
        let test = try #require(tests.first { $0.methodName == "testValidateManagerDeletionErrorReachesSave" })
        #expect(test.statements == [
            "manager.addToReports(Employee(context: context, name: \"R\"))", "try context.save()",
            // The values the bridge passes: the last saved ones, read before the delete as after it.
            "let thrown = store.errorThrown { try manager.validateManagerDeletion(manager.committedValues(forKeys: nil)) }",
            "context.delete(manager)",
            "store.assertHookError(try context.save(), thrown: thrown)",
        ])
    }

    @Test func twoLevelsRejectingOneValueMeetAModelCheckInOneTest() throws {
        let files = [
            "Person.swift": "extension Person {\n// managedCodegen.rejects: \"x\"\nfunc validateName(_ name: String) throws {} }",
            "Employee.swift": "extension Employee {\n// managedCodegen.rejects: \"x\"\nfunc validateEmployeeName(_ name: String) throws {} }",
        ]
        let employee = try tests(files, "Employee")
        let test = try #require(employee.first { $0.methodName == "testNameHooksAndAModelCheckFailTogether" })
        #expect(test.statements == [
            "employee.name = \"x\"", "employee.level = Int16(0)",
            // Each level's hook called as its bridge calls it, with the value converted as the bridge converts it.
            "let thrown1 = store.errorThrown(for: employee, key: \"name\") { hookValue in",
            "    guard let hookArgument = hookValue as? String else { return }",
            "    try employee.validateName(hookArgument)",
            "}",
            "let thrown2 = store.errorThrown(for: employee, key: \"name\") { hookValue in",
            "    guard let hookArgument = hookValue as? String else { return }",
            "    try employee.validateEmployeeName(hookArgument)",
            "}",
            "store.assertValidationErrors(try context.save(), thrown: [thrown1, thrown2], including: [(NSValidationNumberTooSmallError, \"level\")])",
        ])
        // Person has one level only: no such test.
        #expect(try !tests(files, "Person").contains { $0.methodName.hasSuffix("FailTogether") })
    }
}
