import CodeGeneration
import Foundation
import ModelReader
import TestSupport
import Testing

/// The generated error logic run, not only type-checked. `ManagedValidation.combine` (the support file) and the
/// generated tests' `SaveErrors` (how a hook's error is found in what `save()` throws) use Foundation only, so they
/// are compiled here as generated for Staff, with Linux's Foundation, Core Data's constants and a stand-in
/// `NSManagedObject`, into a program that prints one line per check.
@Suite struct ValidationErrorLogicTests {
    /// Core Data's values (CoreDataErrors.h, NSManagedObject.h), which Foundation on Linux lacks.
    static let coreDataStandIns = """
        import Foundation

        let NSValidationMultipleErrorsError = 1560
        let NSValidationMissingMandatoryPropertyError = 1570
        let NSManagedObjectValidationError = 1550
        let NSValidationRelationshipDeniedDeleteError = 1600
        let NSDetailedErrorsKey = "NSDetailedErrors"
        let NSValidationObjectErrorKey = "NSValidationErrorObject"
        let NSValidationKeyErrorKey = "NSValidationErrorKey"
        public class NSManagedObject: NSObject {}
        """

    static let checks = """
        import Foundation

        /// An app's own error type, as a hook may throw it.
        enum BudgetError: Error {
            case needsABoard(Double)
            case other
        }

        func check(_ condition: Bool, _ label: String) {
            print("\\(condition ? "ok" : "FAILED"): \\(label)")
        }

        let recoveryKey = "NSValidationErrorShouldAttemptRecoveryKey"

        func coreDataError(_ code: Int, recovers: Bool) -> NSError {
            NSError(domain: NSCocoaErrorDomain, code: code, userInfo: recovers ? [recoveryKey: true] : [:])
        }

        func multiple(_ errors: [NSError], recovers: Bool) -> NSError {
            var userInfo: [String: Any] = [NSDetailedErrorsKey: NSMutableArray(array: errors)]
            if recovers { userInfo[recoveryKey] = true }
            return NSError(domain: NSCocoaErrorDomain, code: NSValidationMultipleErrorsError, userInfo: userInfo)
        }

        func recovers(_ error: Error?) -> Bool {
            ((error as NSError?)?.userInfo[recoveryKey] as? NSNumber)?.boolValue == true
        }

        // ManagedValidation.combine: the recovery key only when every listed error carries it.
        let denied = coreDataError(NSValidationRelationshipDeniedDeleteError, recovers: true)
        let fromSuper = multiple([denied, denied], recovers: true)
        check(!recovers(ManagedValidation.combine([fromSuper, BudgetError.needsABoard(2)])), "a hook's error without the key drops super's")
        check(!recovers(ManagedValidation.combine([fromSuper, coreDataError(NSManagedObjectValidationError, recovers: false)])),
              "a Core Data error without the key drops super's")
        check(recovers(ManagedValidation.combine([fromSuper, denied])), "kept when every listed error carries it")
        check(recovers(ManagedValidation.combine([denied, denied])), "set when every listed error carries it")
        check(ManagedValidation.combine([]) == nil, "no error for none")
        let combined = ManagedValidation.combine([fromSuper, BudgetError.needsABoard(2)]) as NSError?
        check((combined?.userInfo[NSDetailedErrorsKey] as? [NSError])?.count == 3, "the combined error lists all three")

        // SaveErrors: the hook's own error found among what save() throws.
        let thrownByTheTest: Error = BudgetError.needsABoard(2)
        let handedOnByCoreData = BudgetError.needsABoard(2) as NSError
        let saved = multiple([multiple([denied, handedOnByCoreData], recovers: false), coreDataError(1570, recovers: false)], recovers: false)
        let flattened = SaveErrors.flattened(saved)
        check(flattened.map(\\.code) == [1600, handedOnByCoreData.code, 1570], "nested multiple-errors errors are flattened in order")
        check(flattened.contains { SaveErrors.isSame($0, thrownByTheTest as NSError) }, "the hook's own error type is found")
        check(!flattened.contains { SaveErrors.isSame($0, BudgetError.other as NSError) }, "another case of it is not")
        check(!SaveErrors.isSame(coreDataError(NSManagedObjectValidationError, recovers: false), thrownByTheTest as NSError),
              "a Core Data error is not the hook's")
        let foreign = NSError(domain: "App", code: NSValidationMultipleErrorsError, userInfo: [NSDetailedErrorsKey: [denied]])
        check(SaveErrors.flattened(foreign) == [foreign], "only Cocoa's multiple-errors error is flattened")
        check(SaveErrors.flattened(denied) == [denied], "a single error is itself")
        """

    @Test func combineAndTheHookErrorMatchingBehaveAsGenerated() throws {
        let schema = try ModelLoader.load(TestSupport.fixtureBundle("Staff")).schema
        let model = try GeneratedModel(schema: schema, label: "Staff", options: GenerationOptions())
        let support = try #require(model.result.files.first { $0.relativePath.hasSuffix("ManagedValidation+Generated.swift") })
        let tests = try #require(model.result.files.first { $0.kind == .tests })

        // The store's nested `SaveErrors`, from its opening line to its closing brace at the same indentation.
        let lines = tests.contents.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == "    enum SaveErrors {" })
        let end = try #require(lines[start...].firstIndex { $0 == "    }" })
        let saveErrors = "import Foundation\n\n" + lines[start...end].joined(separator: "\n") + "\n"
        let validation = support.contents.replacingOccurrences(of: "import CoreData\n", with: "")

        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            ("CoreDataStandIns.swift", Self.coreDataStandIns), ("ManagedValidation.swift", validation),
            ("SaveErrors.swift", saveErrors), ("main.swift", Self.checks),
        ]
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        let program = folder.appendingPathComponent("checks").path
        let compiled = try TestSupport.run(
            ["swiftc", "-swift-version", "5"] + files.map { folder.appendingPathComponent($0.0).path } + ["-o", program])
        try #require(compiled.status == 0, "\(compiled.output)")
        let run = try TestSupport.run([], executable: program)
        #expect(run.status == 0)
        #expect(run.output == """
            ok: a hook's error without the key drops super's
            ok: a Core Data error without the key drops super's
            ok: kept when every listed error carries it
            ok: set when every listed error carries it
            ok: no error for none
            ok: the combined error lists all three
            ok: nested multiple-errors errors are flattened in order
            ok: the hook's own error type is found
            ok: another case of it is not
            ok: a Core Data error is not the hook's
            ok: only Cocoa's multiple-errors error is flattened
            ok: a single error is itself

            """)
    }
}
