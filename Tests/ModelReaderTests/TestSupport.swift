import Foundation
import ManagedModel

@testable import ModelReader

/// Paths the reader tests use, found from this file's location (no working-directory assumptions).
enum TestSupport {
    /// The package root: the first ancestor of this file holding `Package.swift`.
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder = folder.deletingLastPathComponent()
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    static let fixtureModels = packageRoot.appendingPathComponent("Fixtures/Models")
    static let expectedDumps = packageRoot.appendingPathComponent("Fixtures/Expected/Dump")

    /// `<package root>/../shared/corpus`: real models, present on the development machine only.
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    static var corpusIsPresent: Bool {
        FileManager.default.fileExists(atPath: corpus.appendingPathComponent("INDEX.tsv").path)
    }

    static func fixtureBundle(_ name: String) -> String {
        fixtureModels.appendingPathComponent("\(name).xcdatamodeld").path
    }

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
