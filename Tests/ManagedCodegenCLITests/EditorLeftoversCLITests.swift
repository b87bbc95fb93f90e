import Foundation
import Testing

/// Content the Xcode model editor leaves in models it compiles (defaults in another type's spelling, Undefined
/// transients without `attributeType`, an inverse declared on the destination's parent entity, module-qualified
/// and `PRODUCT_MODULE_NAME.` class names): the CLI reports each as an Xcode-style warning, exits 0 and writes
/// the files; `--warnings-as-errors` turns them into errors (exit 1, nothing written).
@Suite struct EditorLeftoversCLITests {
    static let fixture = TestSupport.fixtureModels.appendingPathComponent("EditorLeftovers.xcdatamodeld")

    @Test func warningsOnlyAndFilesWritten() throws {
        let output = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try CLI.run([
            "generate", Self.fixture.path, "--output", output.appendingPathComponent("Generated").path,
            "--human-output", output.appendingPathComponent("Model").path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let contents = Self.fixture.appendingPathComponent("EditorLeftovers.xcdatamodel/contents").path
        #expect(!run.stderrLines.isEmpty)
        for line in run.stderrLines {
            #expect(line.hasPrefix("\(contents):") && line.contains(": warning: "), "\(line)")
        }
        #expect(run.stderr.contains(
            ":14: warning: defaultValueString 'NO' of Integer 32 attribute 'badge' cannot be read: not an integer (NSString.integerValue reads it as 0)"))
        let keeper = try String(
            contentsOf: output.appendingPathComponent("Generated/Keeper+Generated.swift"), encoding: .utf8)
        #expect(keeper.contains("        badge: Int32,\n"))
        #expect(keeper.contains("@NSManaged public var cache: NSObject?"))
    }

    @Test func warningsAsErrorsRefuses() throws {
        let output = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try CLI.run([
            "generate", Self.fixture.path, "--output", output.appendingPathComponent("Generated").path,
            "--human-output", output.appendingPathComponent("Model").path, "--warnings-as-errors",
        ])
        #expect(run.status == 1)
        #expect(run.stderr.contains(": error: defaultValueString 'NO' of Integer 32 attribute 'badge'"))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("Generated").path))
    }
}
