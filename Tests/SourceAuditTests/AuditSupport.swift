import Foundation
import ManagedModel
import ModelReader
import SourceAudit
import SwiftSourceScanning

/// Every file of this target sees the shared test support (paths, fixture list, reference assertions).
@_exported import TestSupport

extension TestSupport {
    /// `Fixtures/Audit`: the Library model, hand-written classes with one mistake of each kind (`Mistakes/`), the same
    /// class corrected (`Corrected/`) and the other entities' classes (`Shared/`).
    static let auditFixture = packageRoot.appendingPathComponent("Fixtures/Audit")
    static let auditModel = auditFixture.appendingPathComponent("Library.xcdatamodeld").path

    static func auditFolder(_ name: String) -> String { auditFixture.appendingPathComponent(name).path }
}

enum AuditRun {
    /// The audit of the Swift files under `folders` against `model`.
    static func diagnostics(model: String, folders: [String], strict: Bool = false) throws -> Diagnostics {
        let schema = try ModelLoader.load(model).schema
        return SourceAudit(schema: schema, declarations: .scanning(folders: folders), strict: strict).diagnostics()
    }

    /// The schema of a model whose `<model>` element holds `entities` (Xcode's XML), written to a temporary folder.
    static func schema(entities: String) throws -> Schema {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let version = folder.appendingPathComponent("Model.xcdatamodeld/Model.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        let contents = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            \(entities)
            </model>
            """
        try Data(contents.utf8).write(to: version.appendingPathComponent("contents"))
        return try ModelLoader.load(folder.appendingPathComponent("Model.xcdatamodeld").path).schema
    }

    /// The audit of in-memory sources against `schema`.
    static func diagnostics(schema: Schema, sources: [(path: String, text: String)]) -> Diagnostics {
        SourceAudit(schema: schema, declarations: .scanning(sources)).diagnostics()
    }
}
