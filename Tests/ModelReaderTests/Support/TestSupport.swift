import Foundation
import ManagedModel

@testable import ModelReader

/// Every file of this target sees the shared test support (paths, fixture list, reference assertions).
@_exported import TestSupport

extension TestSupport {
    static let expectedDumps = expected.appendingPathComponent("Dump")

    /// Parses and resolves model XML given as text, as `ModelLoader` does; `contents` is the path used in
    /// diagnostics.
    static func resolve(_ xml: String, contentsPath: String = "/m/Model.xcdatamodel/contents") throws -> (schema: Schema?, diagnostics: Diagnostics) {
        let root = try XMLDocumentReader.parse(Array(xml.utf8), path: contentsPath)
        return SchemaResolver.resolve(root, contentsPath: contentsPath, modelName: "Model", versionName: "Model")
    }

    /// Wraps entity (and other model-level) XML in Xcode's `<model>` element; the body starts on line 3.
    static func model(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="23507" systemVersion="23E224" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
        \(body)
        </model>
        """
    }
}

extension Diagnostics {
    /// `line: severity: message`, the path left out, for compact expectations.
    var lines: [String] {
        all.map { "\($0.location?.line ?? 0): \($0.severity.rawValue): \($0.message)" }
    }
}
