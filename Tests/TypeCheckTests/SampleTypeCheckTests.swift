import Foundation
import Testing

@Suite("Reference sample type-checks against the stub SDK")
struct SampleTypeCheckTests {
    @Test("zero errors and warnings", arguments: [5, 6])
    func sampleIsClean(swiftVersion: Int) throws {
        let result = try assertTypeChecks(moduleName: "Inventory", directory: InventorySample.moduleDirectory,
                                          testsDirectory: InventorySample.testsDirectory, swiftVersion: swiftVersion)
        #expect(result.rawOutput.isEmpty || result.diagnostics.allSatisfy { $0.severity == .note })
    }

    @Test("zero errors and warnings with -default-isolation MainActor", arguments: [5, 6])
    func sampleIsCleanWithMainActorDefault(swiftVersion: Int) throws {
        try assertTypeChecks(moduleName: "Inventory", directory: InventorySample.moduleDirectory,
                             testsDirectory: InventorySample.testsDirectory, swiftVersion: swiftVersion,
                             defaultIsolationMainActor: true)
    }

    @Test("a mistake in the sample is reported with file, line and message")
    func diagnosticsCarryLocations() throws {
        let sample = try ScratchSample()
        defer { sample.remove() }
        let file = try sample.file(named: "Tag+Generated.swift")
        var text = try String(contentsOf: file, encoding: .utf8)
        text += "\nlet brokenTagCount: Int = \"none\"\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let result = try sample.typecheck()
        let error = try #require(result.errors.first)
        #expect(error.fileName == "Tag+Generated.swift")
        #expect(error.line == text.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
        #expect(error.message == "cannot convert value of type 'String' to specified type 'Int'")
    }
}
