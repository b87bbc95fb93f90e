import Foundation
import Testing

/// The README's test command is `swift test --disable-xctest` (no "Executed 0 tests" from XCTest before Swift
/// Testing's summary): an XCTest case in a test target would never run, so there must be none.
@Test func noTestTargetImportsXCTest() throws {
    let tests = TestSupport.packageRoot.appendingPathComponent("Tests")
    // Excluded from the test targets in Package.swift: the stub SDK, the samples the type-check harness
    // compiles itself.
    let excluded = ["TypeCheckTests/StubSDK/", "TypeCheckTests/Samples/"]
    let files = FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String } ?? []
    let swiftFiles = files.filter { path in path.hasSuffix(".swift") && !excluded.contains { path.hasPrefix($0) } }
    #expect(swiftFiles.count > 20)
    let importing = try swiftFiles.filter { path in
        let text = try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8)
        return text.split(separator: "\n").contains { $0.hasSuffix("import XCTest") }
    }
    #expect(importing.isEmpty, "XCTest cases do not run under `swift test --disable-xctest`: write them with Swift Testing")
}
