import Testing
import Foundation
import ManagedModel

@testable import CodeGeneration

/// `DUMP_GENERATED=DIR swift test --filter dumpGenerated` writes the Swift-built Inventory's output to DIR.
@Test(.enabled(if: ProcessInfo.processInfo.environment["DUMP_GENERATED"] != nil))
func dumpGenerated() throws {
    let directory = ProcessInfo.processInfo.environment["DUMP_GENERATED"]!
    let schema = ProcessInfo.processInfo.environment["DUMP_SCHEMA"] == "edge" ? TestSchemas.edgeCases() : TestSchemas.inventory()
    let result = try CodeGenerator.generate(schema: schema, configuration: .init())
    print(result.diagnostics.all.map(\.description).joined(separator: "\n"))
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for file in result.files {
        try file.contents.write(toFile: "\(directory)/\(file.relativePath)", atomically: true, encoding: .utf8)
    }
}
