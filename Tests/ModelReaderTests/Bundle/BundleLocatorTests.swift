import Foundation
import ManagedModel
import Testing

@testable import ModelReader

/// Builds model folders on disk for one test.
struct BundleFixture {
    let scratch: ReaderScratchDirectory
    var root: URL { scratch.url }

    init() throws {
        scratch = try ReaderScratchDirectory()
    }

    static func modelXML(entity: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="\(entity)" representedClassName="\(entity)" syncable="YES"/>
        </model>
        """
    }

    /// `<root>/<name>.xcdatamodeld/<version>.xcdatamodel/contents` for each version; returns the bundle URL.
    @discardableResult
    func versionedBundle(_ name: String, versions: [String], currentVersionPlist: String? = nil) throws -> URL {
        let bundle = root.appendingPathComponent("\(name).xcdatamodeld", isDirectory: true)
        for version in versions {
            try versionFolder(in: bundle, version)
        }
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        if let currentVersionPlist {
            try Data(currentVersionPlist.utf8).write(to: bundle.appendingPathComponent(".xccurrentversion"))
        }
        return bundle
    }

    @discardableResult
    func versionFolder(in parent: URL, _ version: String, contents: String? = nil) throws -> URL {
        let folder = parent.appendingPathComponent("\(version).xcdatamodel", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let xml = contents ?? Self.modelXML(entity: "In_" + version.filter { $0.isLetter || $0.isNumber })
        try Data(xml.utf8).write(to: folder.appendingPathComponent("contents"))
        return folder
    }

    static func currentVersionPlist(_ value: String?) -> String {
        let entry = value.map { "<key>_XCCurrentVersionName</key>\n<string>\($0)</string>" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(entry)
            </dict>
            </plist>
            """
    }
}

@Suite("ModelBundle.locate")
struct BundleLocatorTests {
    func locate(_ path: String) throws -> (ModelBundle, Diagnostics) {
        var diagnostics = Diagnostics()
        let bundle = try ModelBundle.locate(path, diagnostics: &diagnostics)
        return (bundle, diagnostics)
    }

    func locateError(_ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
        var diagnostics = Diagnostics()
        let error = try #require(throws: DiagnosticsError.self, sourceLocation: sourceLocation) {
            try ModelBundle.locate(path, diagnostics: &diagnostics)
        }
        return try #require(error.diagnostics.errors.first, sourceLocation: sourceLocation)
    }

    @Test("a .xcdatamodeld: versions in natural order, current from .xccurrentversion, no warning")
    func versionedBundle() throws {
        let fixture = try BundleFixture()
        let bundle = try fixture.versionedBundle(
            "Model", versions: ["Model 10", "Model 2", "Model"],
            currentVersionPlist: BundleFixture.currentVersionPlist("Model 2.xcdatamodel")
        )
        for input in [bundle.path, bundle.path + "/", bundle.path + "//"] {
            let (located, diagnostics) = try locate(input)
            #expect(located.inputPath == input)
            #expect(located.modelName == "Model")
            #expect(located.versions.map(\.name) == ["Model", "Model 2", "Model 10"])
            #expect(located.versions.map(\.contentsPath) == ["Model", "Model 2", "Model 10"].map {
                bundle.path + "/\($0).xcdatamodel/contents"
            })
            #expect(located.currentVersionName == "Model 2")
            #expect(diagnostics.all.isEmpty)
            let root = try located.readDocument(of: try located.version(named: nil))
            #expect(root.children.first?[attribute: "name"] == "In_Model2")
        }
    }

    @Test("spaces and non-ASCII names in every path component")
    func unicodePaths() throws {
        let fixture = try BundleFixture()
        let parent = fixture.root.appendingPathComponent("Dätä Models ☃︎", isDirectory: true)
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let bundle = parent.appendingPathComponent("Mödel Ω.xcdatamodeld", isDirectory: true)
        try fixture.versionFolder(in: bundle, "Mödel Ω 2")
        try fixture.versionFolder(in: bundle, "Mödel Ω")
        try Data(BundleFixture.currentVersionPlist("Mödel Ω.xcdatamodel").utf8)
            .write(to: bundle.appendingPathComponent(".xccurrentversion"))

        let (located, diagnostics) = try locate(bundle.path)
        #expect(located.modelName == "Mödel Ω")
        #expect(located.versions.map(\.name) == ["Mödel Ω", "Mödel Ω 2"])
        #expect(located.currentVersionName == "Mödel Ω")
        #expect(diagnostics.all.isEmpty)
        let root = try located.readDocument(of: try located.version(named: "Mödel Ω 2"))
        #expect(root.children.first?[attribute: "name"] == "In_MödelΩ2")
    }

    @Test("'.' and '..' components still name the model after the real folders")
    func dotComponents() throws {
        let fixture = try BundleFixture()
        let bundle = try fixture.versionedBundle("Dotted", versions: ["Dotted"])
        let versionFolder = bundle.appendingPathComponent("Dotted.xcdatamodel").path
        let (viaParent, _) = try locate(versionFolder + "/../Dotted.xcdatamodel/.")
        #expect(viaParent.modelName == "Dotted")
        #expect(viaParent.versions.map(\.name) == ["Dotted"])
        #expect(viaParent.versions.map(\.contentsPath) == [versionFolder + "/../Dotted.xcdatamodel/./contents"])
        let (bundleViaDot, _) = try locate(bundle.path + "/Dotted.xcdatamodel/..")
        #expect(bundleViaDot.modelName == "Dotted")
    }

    @Test("no .xccurrentversion: one version is unambiguous, several take the naturally last with a warning")
    func missingCurrentVersionFile() throws {
        let fixture = try BundleFixture()
        let single = try fixture.versionedBundle("Single", versions: ["Single"])
        let (singleBundle, singleDiagnostics) = try locate(single.path)
        #expect(singleBundle.currentVersionName == "Single")
        #expect(singleDiagnostics.all.isEmpty)

        let several = try fixture.versionedBundle("Several", versions: ["Several 9", "Several 10", "Several"])
        let (severalBundle, diagnostics) = try locate(several.path)
        #expect(severalBundle.currentVersionName == "Several 10")
        let warning = try #require(diagnostics.warnings.first)
        #expect(diagnostics.all.count == 1)
        #expect(warning.message == "the model has no .xccurrentversion file; using the naturally last version 'Several 10'")
        #expect(warning.location == SourceLocation(path: several.path, line: 0))
        #expect(warning.description == "\(several.path): warning: \(warning.message)")
    }

    @Test("a .xccurrentversion without a version name falls back with a warning")
    func currentVersionFileWithoutName() throws {
        let fixture = try BundleFixture()
        let bundle = try fixture.versionedBundle(
            "Model", versions: ["Model", "Model 2"], currentVersionPlist: BundleFixture.currentVersionPlist(nil)
        )
        let (located, diagnostics) = try locate(bundle.path)
        #expect(located.currentVersionName == "Model 2")
        let warning = try #require(diagnostics.warnings.first)
        #expect(warning.message.contains("does not name the current version"))
        #expect(warning.message.contains("'Model 2'"))
        #expect(warning.location?.path == bundle.path + "/.xccurrentversion")
    }

    @Test("an unreadable .xccurrentversion falls back with a warning")
    func unreadableCurrentVersionFile() throws {
        let fixture = try BundleFixture()
        let bundle = try fixture.versionedBundle(
            "Model", versions: ["Model", "Model 2"], currentVersionPlist: "this is not a property list <<<"
        )
        let (located, diagnostics) = try locate(bundle.path)
        #expect(located.currentVersionName == "Model 2")
        #expect(diagnostics.warnings.map(\.message) == [
            ".xccurrentversion is not a readable property list; using the naturally last version 'Model 2'"
        ])
    }

    @Test("a .xccurrentversion naming a missing version warns, even with a single version")
    func currentVersionNamesMissingVersion() throws {
        let fixture = try BundleFixture()
        for versions in [["Model"], ["Model", "Model 3", "Model 2"]] {
            let bundle = try fixture.versionedBundle(
                "Model\(versions.count)", versions: versions,
                currentVersionPlist: BundleFixture.currentVersionPlist("Gone.xcdatamodel")
            )
            let (located, diagnostics) = try locate(bundle.path)
            let expectedCurrent = versions.count == 1 ? "Model" : "Model 3"
            #expect(located.currentVersionName == expectedCurrent)
            #expect(diagnostics.warnings.map(\.message) == [
                ".xccurrentversion names version 'Gone', which is not in the model; using the naturally last version '\(expectedCurrent)'"
            ])
        }
    }

    @Test("a bare .xcdatamodel folder is one version named after it")
    func bareVersionFolder() throws {
        let fixture = try BundleFixture()
        let folder = try fixture.versionFolder(in: fixture.root, "Bare")
        let (located, diagnostics) = try locate(folder.path + "/")
        #expect(located.modelName == "Bare")
        #expect(located.versions == [ModelVersionLocation(name: "Bare", contentsPath: folder.path + "/contents")])
        #expect(located.currentVersionName == "Bare")
        #expect(diagnostics.all.isEmpty)
    }

    @Test("a version folder or contents file inside a .xcdatamodeld keeps the bundle's model name")
    func versionInsideBundle() throws {
        let fixture = try BundleFixture()
        let bundle = try fixture.versionedBundle("Store", versions: ["Store", "Store 2"])
        let folder = bundle.appendingPathComponent("Store 2.xcdatamodel")
        for input in [folder.path, folder.appendingPathComponent("contents").path] {
            let (located, diagnostics) = try locate(input)
            #expect(located.modelName == "Store")
            #expect(located.versions.map(\.name) == ["Store 2"])
            #expect(located.currentVersionName == "Store 2")
            #expect(diagnostics.all.isEmpty)
        }
    }

    @Test("a contents file anywhere: one version named after its folder")
    func looseContentsFile() throws {
        let fixture = try BundleFixture()
        let folder = fixture.root.appendingPathComponent("Loose Model", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("model.xml")
        try Data(BundleFixture.modelXML(entity: "Loose").utf8).write(to: file)
        let (located, _) = try locate(file.path)
        #expect(located.modelName == "Loose Model")
        #expect(located.versions == [ModelVersionLocation(name: "Loose Model", contentsPath: file.path)])
        let root = try located.readDocument(of: try located.version(named: nil))
        #expect(root.children.first?[attribute: "name"] == "Loose")
    }

    @Test("--model-version selection accepts the name with or without .xcdatamodel; unknown names list the versions")
    func versionSelection() throws {
        let fixture = try BundleFixture()
        let bundle = try fixture.versionedBundle(
            "Model", versions: ["Model", "Model 2", "Model 3"],
            currentVersionPlist: BundleFixture.currentVersionPlist("Model 3.xcdatamodel")
        )
        let (located, _) = try locate(bundle.path)
        #expect(try located.version(named: nil).name == "Model 3")
        #expect(try located.currentVersion.name == "Model 3")
        #expect(try located.version(named: "Model").contentsPath == bundle.path + "/Model.xcdatamodel/contents")
        #expect(try located.version(named: "Model 2.xcdatamodel").name == "Model 2")

        let error = try #require(throws: DiagnosticsError.self) { try located.version(named: "Model 4") }
        let diagnostic = try #require(error.diagnostics.errors.first)
        #expect(diagnostic.message == "unknown model version 'Model 4'; the model has versions 'Model', 'Model 2', 'Model 3'")
        #expect(diagnostic.location == SourceLocation(path: bundle.path, line: 0))
    }

    @Test("a binary Xcode 3 model is refused with advice", arguments: [["elements", "layout"], ["elements"], ["layout"]])
    func binaryModel(files: [String]) throws {
        let fixture = try BundleFixture()
        let folder = fixture.root.appendingPathComponent("Old.xcdatamodel", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in files {
            try Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30]).write(to: folder.appendingPathComponent(file))
        }
        let diagnostic = try locateError(folder.path)
        #expect(diagnostic.message == "binary (Xcode 3) model format is not supported; open the model in Xcode and save it to convert it to the XML format")
        #expect(diagnostic.location == SourceLocation(path: folder.path, line: 0))

        // The same folder as one version of a .xcdatamodeld.
        let bundle = fixture.root.appendingPathComponent("Old.xcdatamodeld", isDirectory: true)
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: folder, to: bundle.appendingPathComponent("Old.xcdatamodel"))
        #expect(try locateError(bundle.path).message.hasPrefix("binary (Xcode 3) model format is not supported"))
    }

    @Test("a .xcdatamodel without contents is an error")
    func missingContents() throws {
        let fixture = try BundleFixture()
        let folder = fixture.root.appendingPathComponent("Empty.xcdatamodel", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let diagnostic = try locateError(folder.path)
        #expect(diagnostic.message == "the model version folder has no 'contents' file")
        #expect(diagnostic.description == "\(folder.path): error: the model version folder has no 'contents' file")
    }

    @Test("a folder without versions is an error")
    func noVersions() throws {
        let fixture = try BundleFixture()
        let bundle = fixture.root.appendingPathComponent("Nothing.xcdatamodeld", isDirectory: true)
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data(BundleFixture.currentVersionPlist("Nothing.xcdatamodel").utf8)
            .write(to: bundle.appendingPathComponent(".xccurrentversion"))
        let diagnostic = try locateError(bundle.path)
        #expect(diagnostic.message.hasPrefix("no model versions found"))
        #expect(diagnostic.location?.path == bundle.path)
    }

    @Test("a nonexistent path is an error at that path")
    func nonexistentPath() throws {
        let fixture = try BundleFixture()
        let missing = fixture.root.appendingPathComponent("Missing.xcdatamodeld").path
        let diagnostic = try locateError(missing + "/")
        #expect(diagnostic.description == "\(missing): error: no model found: no such file or folder")
    }

    @Test("a contents file that disappears before reading is a located read error")
    func unreadableContents() throws {
        let fixture = try BundleFixture()
        let bundle = try fixture.versionedBundle("Model", versions: ["Model"])
        let (located, _) = try locate(bundle.path)
        let version = try located.version(named: nil)
        try FileManager.default.removeItem(atPath: version.contentsPath)
        let error = try #require(throws: DiagnosticsError.self) { try located.readDocument(of: version) }
        let diagnostic = try #require(error.diagnostics.errors.first)
        #expect(diagnostic.message.hasPrefix("cannot read the model file: "))
        #expect(diagnostic.message.count > "cannot read the model file: ".count)
        #expect(diagnostic.location == SourceLocation(path: version.contentsPath, line: 0))
    }

    @Test("readDocument passes XML errors through with the contents path and line")
    func malformedContents() throws {
        let fixture = try BundleFixture()
        let bundle = fixture.root.appendingPathComponent("Broken.xcdatamodeld", isDirectory: true)
        try fixture.versionFolder(in: bundle, "Broken", contents: "<model>\n<entity>\n</model>\n")
        let (located, _) = try locate(bundle.path)
        let version = try located.version(named: nil)
        let error = try #require(throws: DiagnosticsError.self) { try located.readDocument(of: version) }
        #expect(error.diagnostics.errors.first?.location == SourceLocation(path: version.contentsPath, line: 3))
    }

    @Test(
        "natural order matches the corpus tooling",
        arguments: [
            (["Model 10", "model 2", "Model 1.5", "Model"], ["Model", "Model 1.5", "model 2", "Model 10"]),
            (["v2", "v10", "v1b", "v1a", "V1"], ["V1", "v1a", "v1b", "v2", "v10"]),
            (["Model 100000000000000000000000", "Model 99"], ["Model 99", "Model 100000000000000000000000"]),
        ] as [([String], [String])]
    )
    func naturalOrder(input: [String], expected: [String]) {
        #expect(input.sorted(by: ModelVersionName.naturallyOrdered) == expected)
    }
}

@Suite("Corpus bundles", .enabled(if: XMLReaderFixtures.corpus != nil, "no ../shared/corpus next to the package"))
struct BundleCorpusTests {
    struct IndexRow: CustomTestStringConvertible, Sendable {
        var directory: String
        var versions: Int
        var currentVersion: String
        var testDescription: String { directory }
    }

    static func indexRows() -> [IndexRow] {
        guard let corpus = XMLReaderFixtures.corpus,
            let text = try? String(contentsOf: corpus.appendingPathComponent("INDEX.tsv"), encoding: .utf8)
        else { return [] }
        let lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first,
            let dir = header.firstIndex(of: "dir"), let versions = header.firstIndex(of: "versions"),
            let current = header.firstIndex(of: "current_version")
        else { return [] }
        return lines.dropFirst().compactMap { fields in
            guard fields.count == header.count, let count = Int(fields[versions]) else { return nil }
            return IndexRow(directory: fields[dir], versions: count, currentVersion: fields[current])
        }
    }

    @Test("INDEX.tsv lists the corpus")
    func indexIsReadable() {
        #expect(Self.indexRows().count > 50)
    }

    @Test("every bundle locates, matches INDEX.tsv and every version parses", arguments: indexRows())
    func corpusBundle(row: IndexRow) throws {
        let corpus = try #require(XMLReaderFixtures.corpus)
        let folder = corpus.appendingPathComponent(row.directory)
        let bundleName = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().first {
                $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel")
            }
        )
        var diagnostics = Diagnostics()
        let bundle = try ModelBundle.locate(folder.appendingPathComponent(bundleName).path, diagnostics: &diagnostics)
        #expect(!diagnostics.hasErrors)
        #expect(bundle.versions.count == row.versions)
        #expect(bundle.currentVersionName + ".xcdatamodel" == row.currentVersion)
        for version in bundle.versions {
            let root = try bundle.readDocument(of: version)
            #expect(root.name == "model", "\(version.contentsPath)")
        }
    }
}
