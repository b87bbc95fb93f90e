import CodeGeneration
import Foundation
import ManagedModel

@testable import ModelReader

/// libFuzzer entry point: every input is a model `contents` file. Built by `scripts/fuzz.sh`, not by SwiftPM.
///
/// Stage 1 (reader): libxml2 parse with the entities decoded alongside, then schema resolution and checks; both
/// must turn any bytes into a schema or diagnostics, never a crash, and agree with reading the whole tree first. Stage 2 (pipeline): a resolved schema is planned,
/// rendered and handed to the writer's preparation in memory (`check` mode against a folder that does not
/// exist, so nothing is read or written), as the CLI would.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let path = "/fuzz/Fuzz.xcdatamodeld/Fuzz.xcdatamodel/contents"
    // As the CLI reads: entities decoded on another thread while libxml2 parses.
    let resolved: (schema: Schema?, diagnostics: Diagnostics)
    do {
        resolved = try SchemaResolver.resolve(contentsPath: path, modelName: "Fuzz", versionName: "Fuzz") { handoff in
            try XMLDocumentReader.parse(bytes, path: path, handoff: handoff)
        }
    } catch let error as DiagnosticsError {
        precondition(error.diagnostics.hasErrors, "a failed parse must carry an error")
        return 0
    } catch {
        preconditionFailure("the reader threw something other than DiagnosticsError: \(error)")
    }
    for diagnostic in resolved.diagnostics.all {
        precondition(!diagnostic.description.contains("\n"), "diagnostics are one line: \(diagnostic.description)")
    }
    // The same as parsing the whole tree first, then resolving it: same schema, same diagnostics in the same order.
    if let root = try? XMLDocumentReader.parse(bytes, path: path) {
        let fromTree = SchemaResolver.resolve(root, contentsPath: path, modelName: "Fuzz", versionName: "Fuzz")
        precondition(fromTree.schema == resolved.schema, "the pipelined read resolved another schema")
        precondition(
            fromTree.diagnostics.all.map(\.description) == resolved.diagnostics.all.map(\.description),
            "the pipelined read reported other diagnostics")
    } else {
        preconditionFailure("the document parsed with a handoff but not without")
    }
    guard let schema = resolved.schema, !resolved.diagnostics.hasErrors else { return 0 }
    // Rendering is the slow stage; keep the fuzzer fast on the rare huge inputs.
    guard schema.entities.count <= 64 else { return 0 }
    do {
        let result = try CodeGenerator.generate(schema: schema, options: .init(generateXcodeCodegenEntities: true))
        let writer = OutputWriter(
            destinations: .init(
                machineDirectory: "/nonexistent-fuzz-output/Generated", humanDirectory: "/nonexistent-fuzz-output/Model"))
        _ = try? writer.write(result.files, check: true)
    } catch let error as DiagnosticsError {
        precondition(error.diagnostics.hasErrors, "a failed generation must carry an error")
    } catch {
        preconditionFailure("the generator threw something other than DiagnosticsError: \(error)")
    }
    return 0
}
