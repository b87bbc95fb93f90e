import Foundation
import Testing

/// Core Data releases managed objects on its own queues. Under MainActor default isolation a class that is not
/// itself `nonisolated` gets a main-actor-isolated `deinit` (each release would hop to the main actor); the
/// generated classes are declared `nonisolated` (SE-0449) so that nothing of theirs, `deinit` included, is.
@Suite("Isolation of the generated classes")
struct IsolationTypeCheckTests {
    @Test("under MainActor default isolation, a generated class's deinit is nonisolated")
    func deinitIsNonisolated() throws {
        let output = try GeneratedTestsTypeCheckTests.inventory()
        defer { output.remove() }
        let file = output.moduleDirectory.appendingPathComponent("Person+Generated.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        // A deinit calling a main-actor function is an error exactly when the deinit is not main-actor-isolated.
        let header = "nonisolated public final class Person: NSManagedObject {\n"
        let probed = text.replacingOccurrences(of: header, with: header + "    deinit { mainActorOnly() }\n")
            + "\n@MainActor func mainActorOnly() {}\n"
        #expect(probed != text + "\n@MainActor func mainActorOnly() {}\n", "the class header changed: \(header)")
        try Data(probed.utf8).write(to: file)
        let result = try output.typecheck(.swift6MainActor)
        #expect(result.errors.contains {
            $0.fileName == "Person+Generated.swift" && $0.message.contains("main actor-isolated global function 'mainActorOnly()'")
        }, "\(result.summary)")
    }
}
