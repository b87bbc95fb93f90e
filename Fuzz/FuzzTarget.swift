import CodeGeneration
import Foundation
import ManagedModel

@testable import ModelReader

/// libFuzzer entry point: every input is a model `contents` file. Built by `scripts/build-fuzzer.sh` (instrumented,
/// for `scripts/fuzz.sh`) and by `scripts/check-shipped-scripts.sh` (CI: a short run over the seeds), not by SwiftPM.
///
/// Stage 1 (reader): libxml2 parse into a tree, then schema resolution and checks: any bytes become a schema or
/// diagnostics, never a crash, and reading them twice gives the same result. Stage 2 (pipeline): a resolved schema
/// is planned, rendered and handed to the writer's preparation in memory (`check` mode against a folder that does
/// not exist, so nothing is read or written), as the CLI would.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let path = "/fuzz/Fuzz.xcdatamodeld/Fuzz.xcdatamodel/contents"
    guard let resolved = read(bytes, path: path) else { return 0 }
    for diagnostic in resolved.diagnostics.all {
        precondition(!diagnostic.description.contains("\n"), "diagnostics are one line: \(diagnostic.description)")
    }
    // The reader keeps no state between documents: a second read resolves the same schema, the same diagnostics.
    guard let again = read(bytes, path: path) else { preconditionFailure("the document parsed once but not twice") }
    precondition(again.schema == resolved.schema, "a second read resolved another schema")
    precondition(
        again.diagnostics.all.map(\.description) == resolved.diagnostics.all.map(\.description),
        "a second read reported other diagnostics")
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

/// The document parsed and resolved as `ModelLoader` does; nil when it is not XML (the error checked).
private func read(_ bytes: [UInt8], path: String) -> (schema: Schema?, diagnostics: Diagnostics)? {
    do {
        let root = try XMLDocumentReader.parse(bytes, path: path)
        return SchemaResolver.resolve(root, contentsPath: path, modelName: "Fuzz", versionName: "Fuzz")
    } catch let error as DiagnosticsError {
        precondition(error.diagnostics.hasErrors, "a failed parse must carry an error")
        return nil
    } catch {
        preconditionFailure("the reader threw something other than DiagnosticsError: \(error)")
    }
}
