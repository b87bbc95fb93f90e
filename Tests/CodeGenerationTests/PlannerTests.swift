import Foundation
import ManagedModel
import Testing

@testable import CodeGeneration

@Suite struct PlannerTests {
    @Test func dump() throws {
        let result = try CodeGenerator.generate(schema: TestSchemas.inventory(), configuration: .init())
        for file in result.files {
            try FileManager.default.createDirectory(atPath: "/tmp/gen-out/\(file.kind)", withIntermediateDirectories: true)
            try file.contents.write(toFile: "/tmp/gen-out/\(file.kind)/\(file.relativePath)", atomically: true, encoding: .utf8)
        }
        print(result.diagnostics)
    }
}
