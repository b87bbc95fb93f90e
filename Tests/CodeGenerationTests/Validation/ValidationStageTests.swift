import CodeGeneration
import Foundation
import ManagedModel
import ModelLock
import ModelReader
import TestSupport
import Testing

/// The pipeline's validation stage: a model `NSPersistentCloudKitContainer` would refuse (``CloudKitCheck``, in
/// ModelLock's CloudKit folder, tested there) stops `generate` before anything is written.
@Suite struct ValidationStageTests {
    @Test func generateReportsTheErrorsAndWritesNothing() throws {
        let schema = try ModelLoader.load(TestSupport.packageRoot.appendingPathComponent("Fixtures/CloudKit/CloudKitRules.xcdatamodeld").path).schema
        #expect {
            try CodeGenerator.generate(schema: schema, options: GeneratorOptions(moduleName: "M"))
        } throws: { error in
            let diagnostics = (error as? DiagnosticsError)?.diagnostics.all ?? []
            return diagnostics.filter { $0.ruleID?.hasPrefix("cloudkit.") == true }.count == CloudKitRules.all.count
        }
        let result = try CodeGenerator.generate(schema: schema, options: GeneratorOptions(moduleName: "M", cloudKit: false))
        #expect(!result.files.isEmpty)
    }
}
