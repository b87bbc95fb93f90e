import Foundation
import Testing

/// `managed-codegen adopt`: entities under Xcode's codegen listed and, with `--write`, switched to Manual/None by
/// cutting out their `codeGenerationType` attribute and nothing else; files in `--sources` that will clash listed
/// with what to do; exit 1 while something is left; nothing written on error.
@Suite struct AdoptCLITests {
    // MARK: Clashing files

    /// A model with four classes and an app folder holding each generator's files, plus look-alikes that must not
    /// be listed (a class the model lacks, a hidden folder, our own human file).
    static func appWithClashes(in root: URL) throws -> (model: URL, sources: URL) {
        let model = try CLI.writeModel(Array(CLI.model("""
                <entity name="Item" representedClassName="Item" syncable="YES" codeGenerationType="class">
                    <attribute name="title" attributeType="String"/>
                </entity>
                <entity name="Note" representedClassName="Note" syncable="YES" codeGenerationType="category"/>
                <entity name="Tag" representedClassName="Tag" syncable="YES"/>
                <entity name="Photo" representedClassName="PhotoObject" syncable="YES"/>
            """).utf8), in: root)
        let sources = root.appendingPathComponent("App")
        let files: [String: String] = [
            "Item+CoreDataClass.swift": """
                //
                //  Item+CoreDataClass.swift
                //

                import Foundation
                import CoreData

                @objc(Item)
                public class Item: NSManagedObject {

                }
                """,
            "Model/Item+CoreDataProperties.swift": "import CoreData\n\nextension Item {\n    @NSManaged public var title: String?\n}\n",
            "Model/Note+CoreDataClass.swift": "import CoreData\n\n@objc(Note)\npublic class Note: NSManagedObject {\n    var shown = false\n}\n",
            "Model/_Tag.swift": "// DO NOT EDIT. This file is machine-generated and constantly overwritten.\n// Make changes to Tag.swift instead.\n\nimport CoreData\n\nopen class _Tag: NSManagedObject {\n}\n",
            "Model/Tag.swift": "import Foundation\n\n@objc(Tag)\nopen class Tag: _Tag {\n    // Custom logic goes here.\n}\n",
            "CoreData.swift": "// swiftlint:disable all\n// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen\n\nimport CoreData\n\ninternal class PhotoObject: NSManagedObject {\n}\n",
            // Not clashes: a class the model does not have, a hidden folder, a human file of ours, SwiftGen's strings.
            "Old+CoreDataClass.swift": "import CoreData\n\npublic class Old: NSManagedObject {}\n",
            ".backup/Item+CoreDataClass.swift": "import CoreData\n\npublic class Item: NSManagedObject {}\n",
            "PhotoObject.swift": "// PhotoObject.swift: written once by managed-codegen\nextension PhotoObject {\n}\n",
            "Strings.swift": "// swiftlint:disable all\n// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen\n\nenum L10n {}\n",
        ]
        for (path, text) in files {
            let url = sources.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return (model, sources)
    }

    @Test func listsEachClashingFileWithWhatToDo() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (model, sources) = try Self.appWithClashes(in: root)
        let before = CLI.Snapshot(root)

        let run = try CLI.run(["adopt", model.path, "--sources", sources.path])
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let app = sources.path
        let contents = CLI.contentsPath(of: model)
        #expect(run.stdout.split(separator: "\n").map(String.init) == [
            "\(contents):3: entity 'Item': Codegen is Class Definition; --write sets it to Manual/None",
            "\(contents):6: entity 'Note': Codegen is Category/Extension; --write sets it to Manual/None",
            "\(app)/CoreData.swift:1: SwiftGen's coredata output: remove the `coredata` entry from swiftgen.yml and delete this file; "
                + "`makeFetchRequest()` and `createFetchRequest()` calls become `fetchRequest()`",
            "\(app)/Item+CoreDataClass.swift:1: Xcode's class file for entity 'Item', holding only the empty class: delete it",
            "\(app)/Model/Item+CoreDataProperties.swift:1: Xcode's properties file for entity 'Item': delete it; the generated "
                + "Item+Generated.swift declares every property, fetchRequest() and the to-many accessors (move anything you "
                + "added by hand into `extension Item` in Item.swift first)",
            "\(app)/Model/Note+CoreDataClass.swift:4: Xcode's class file for entity 'Note': change `class Note: …` (line 4) into "
                + "`extension Note`; delete `@objc(Note)` (line 3): the generated class declares it, and an extension cannot carry it; "
                + "delete the stored properties (an extension cannot hold them: make them computed, e.g. over a "
                + "transient attribute, or drop them) (line 5); keep the rest (here, or in Note.swift, the human file `generate` writes once)",
            "\(app)/Model/Tag.swift:4: mogenerator's human file for entity 'Tag': change `class Tag: _Tag` into `extension Tag`; "
                + "stored properties and overrides of generated members cannot move into an extension (see the guide \"Moving from mogenerator\")",
            "\(app)/Model/_Tag.swift:1: mogenerator's machine file for entity 'Tag': delete it and remove mogenerator from the build; "
                + "the generated Tag+Generated.swift replaces it",
            "2 entities in 1 model version use Xcode's codegen; run again with --write to set them to Manual/None. "
                + "6 files in --sources will clash with the generated classes.",
        ])
        #expect(CLI.Snapshot(root) == before, "a dry run wrote or touched files")

        // --write changes the model only; the clashing files are still listed (exit 1), never touched.
        let written = try CLI.run(["adopt", model.path, "--sources", sources.path, "--write"])
        #expect(written.status == 1)
        #expect(written.stdout.contains("\(contents):3: entity 'Item': Codegen Class Definition -> Manual/None\n"))
        #expect(written.stdout.hasSuffix("Set 2 entities in 1 model version to Manual/None. 6 files in --sources will clash with the generated classes.\n"))
        #expect(before?.entries.filter { $0.key.hasPrefix("App") } == CLI.Snapshot(root)?.entries.filter { $0.key.hasPrefix("App") })
        #expect(!(try String(contentsOfFile: contents, encoding: .utf8)).contains("codeGenerationType"))
    }

    /// Xcode's `+CoreDataClass.swift` judged by what it holds: one turned into an extension (as the guide says) no
    /// longer clashes, exit 0; one the app added members to gets the exact lines to change. The shapes are Xcode's
    /// (Editor > Create NSManagedObject Subclass: header comment, `@objc(Item)`, `public class`, properties file with
    /// `fetchRequest()`, `@NSManaged`, the generated accessors and `Identifiable`) with an app's additions.
    @Test func classFilesAreJudgedByContent() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let model = try CLI.writeModel(Array(CLI.model("""
                <entity name="Item" representedClassName="Item" syncable="YES">
                    <attribute name="title" optional="YES" attributeType="String"/>
                    <attribute name="rating" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
                </entity>
                <entity name="Tag" representedClassName="Tag" syncable="YES"/>
            """).utf8), in: root)
        let sources = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let extensionOnly = """
            //
            //  Tag+CoreDataClass.swift
            //  App
            //
            //  Created by Jane Doe on 12.03.21.
            //
            //

            import Foundation
            import CoreData

            extension Tag {
                var displayName: String { "#" + (value(forKey: "name") as? String ?? "") }

                func matches(_ text: String) -> Bool { displayName.contains(text) }
            }

            """
        try Data(extensionOnly.utf8).write(to: sources.appendingPathComponent("Tag+CoreDataClass.swift"))
        let clean = try CLI.run(["adopt", model.path, "--sources", sources.path])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.hasSuffix("No file in --sources clashes.\n"), "\(clean.stdout)")

        let classWithMembers = """
            //
            //  Item+CoreDataClass.swift
            //  App
            //
            //  Created by Jane Doe on 12.03.21.
            //
            //

            import Foundation
            import CoreData

            @objc(Item)
            public class Item: NSManagedObject {
                var cachedSummary: String?
                lazy var formatter: DateFormatter = { DateFormatter() }()
                static let defaultTitle = "Untitled"

                var summary: String {
                    "\\(title ?? Item.defaultTitle) (\\(rating))"
                }

                public override func awakeFromInsert() {
                    super.awakeFromInsert()
                    setPrimitiveValue(Item.defaultTitle, forKey: "title")
                }
            }

            extension Item {
                @nonobjc public class func fetchRequest() -> NSFetchRequest<Item> {
                    return NSFetchRequest<Item>(entityName: "Item")
                }

                @NSManaged public var title: String?
                @NSManaged public var rating: Int16
            }

            """
        let itemFile = sources.appendingPathComponent("Item+CoreDataClass.swift")
        try Data(classWithMembers.utf8).write(to: itemFile)
        let run = try CLI.run(["adopt", model.path, "--sources", sources.path])
        #expect(run.status == 1)
        let firstLine = run.stdout.split(separator: "\n").map(String.init).first ?? ""
        let expected: String = "\(itemFile.path):13: Xcode's class file for entity 'Item': "
            + "change `class Item: …` (line 13) into `extension Item`; "
            + "delete `@objc(Item)` (line 12): the generated class declares it, and an extension cannot carry it; "
            + "delete the @NSManaged members (the generated class declares every model property and accessor) (lines 33, 34); "
            + "delete fetchRequest() (the generated class declares a typed one) (line 29); "
            + "delete the stored properties (an extension cannot hold them: make them computed, e.g. over a transient attribute, "
            + "or drop them) (lines 14, 15); keep the rest (here, or in Item.swift, the human file `generate` writes once)"
        #expect(firstLine == expected, "\(run.stdout)")
    }

    /// An app file named like a human file (`Item.swift`) is named with the way out, but is not a clash (exit 0): it
    /// breaks the build only when --human-output is another folder of the target. Our own human file is not listed.
    @Test func appFileNamedLikeAHumanFileIsNamed() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let model = try CLI.writeModel(Array(CLI.model("""
                <entity name="Item" representedClassName="Item" syncable="YES"/>
                <entity name="Tag" representedClassName="Tag" syncable="YES"/>
            """).utf8), in: root)
        let sources = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: sources.appendingPathComponent("Views"), withIntermediateDirectories: true)
        try Data("import SwiftUI\n\nstruct ItemRow: View {\n    var body: some View { Text(\"Item\") }\n}\n".utf8)
            .write(to: sources.appendingPathComponent("Views/Item.swift"))
        try Data("// Tag.swift: written once by managed-codegen for Model.xcdatamodeld and never touched again; it is yours to edit.\nimport CoreData\n\nextension Tag {}\n".utf8)
            .write(to: sources.appendingPathComponent("Tag.swift"))
        let run = try CLI.run(["adopt", model.path, "--sources", sources.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").map(String.init) == [
            "\(sources.path)/Views/Item.swift:1: named like the human file `generate` writes for entity 'Item': with --human-output "
                + "in another folder of this target the build fails (\"filename used twice\"); pass --human-file-suffix +Model "
                + "(config `human-file-suffix`), or rename one of them",
            "No entity uses Xcode's codegen. No file in --sources clashes.",
        ])
    }

    @Test func nothingLeftExitsZero() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let model = try CLI.writeModel(Array(CLI.model(#"<entity name="Item" representedClassName="Item" syncable="YES"/>"#).utf8), in: root)
        let sources = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let run = try CLI.run(["adopt", model.path, "--sources", sources.path, "--write"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "No entity uses Xcode's codegen. No file in --sources clashes.\n")
    }

    // MARK: Bad input: an error in Xcode's format, exit 1, nothing written

    @Test func missingModelOrSourcesFolderWritesNothing() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let model = try CLI.writeModel(Array(CLI.model(#"<entity name="Item" representedClassName="Item" syncable="YES" codeGenerationType="class"/>"#).utf8), in: root)
        let before = CLI.Snapshot(root)

        let missingModel = root.appendingPathComponent("Missing.xcdatamodeld").path
        let noModel = try CLI.run(["adopt", missingModel, "--write"])
        #expect(noModel.status == 1)
        #expect(noModel.stderr == "\(missingModel): error: no model found: no such file or folder\n")

        let missingSources = root.appendingPathComponent("Sourcse").path
        let noSources = try CLI.run(["adopt", model.path, "--sources", missingSources, "--write"])
        #expect(noSources.status == 1)
        #expect(noSources.stderr == "\(missingSources): error: --sources: no such folder\n")
        #expect(noSources.stdout.isEmpty)

        let contents = CLI.contentsPath(of: model)
        let fileAsSources = try CLI.run(["adopt", model.path, "--sources", contents, "--write"])
        #expect(fileAsSources.status == 1)
        #expect(fileAsSources.stderr == "\(contents): error: --sources: not a folder\n")

        let both = try CLI.run(["adopt", model.path, "--all-versions", "--current-version-only"])
        #expect(both.status == 1)
        #expect(both.stderr.contains("--all-versions"), "\(both.stderr)")
        #expect(CLI.Snapshot(root) == before)
    }

    /// One version that cannot be read stops the edit of every version: all files or none.
    @Test func oneBadVersionWritesNoVersion() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let bundle = try CLI.writeModel(Array(CLI.model(#"<entity name="Item" representedClassName="Item" syncable="YES" codeGenerationType="class"/>"#).utf8), in: root)
        let second = bundle.appendingPathComponent("Model 2.xcdatamodel")
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        try Data(CLI.model(#"<entity name="Item" representedClassName="Item" syncable="YES" codeGenerationType="class">"#).utf8)
            .write(to: second.appendingPathComponent("contents"))
        let before = CLI.Snapshot(root)

        let run = try CLI.run(["adopt", bundle.path, "--write"])
        #expect(run.status == 1)
        #expect(run.stderr.contains(second.appendingPathComponent("contents").path + ":4: error: malformed XML"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(CLI.Snapshot(root) == before)
    }

    /// The start tag is located in the bytes as written: attributes on several lines, single quotes, a character
    /// reference in the value, a commented-out entity, an `entity` element that is not the model's (nested in an
    /// unknown element, which the model reader does not read either); only the attribute goes, the rest stays.
    @Test func editsTheBytesAsWritten() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let body = """
            <!-- <entity name="Item" codeGenerationType="class"/> -->
                <entity name='Item'
                        representedClassName="Item" codeGenerationType = 'cl&#97;ss'
                        syncable="YES" userInfoNote="a > b"/>
                <draft><entity name="Draft" codeGenerationType="class"/></draft>
            """
        let model = try CLI.writeModel(Array(CLI.model(body).utf8), in: root)
        let run = try CLI.run(["adopt", model.path, "--write"])
        #expect(run.status == 0, "\(run.stderr)")
        let edited = try String(contentsOfFile: CLI.contentsPath(of: model), encoding: .utf8)
        #expect(edited == CLI.model(body.replacingOccurrences(of: " codeGenerationType = 'cl&#97;ss'", with: "")))
    }
}

private let corpusIsPresent = TestSupport.corpusIsPresent

/// A real model whose entities use Class Definition in every one of its six versions.
@Suite(.enabled(if: corpusIsPresent, "../shared/corpus is absent; adopt corpus tests skipped"))
struct AdoptCorpusCLITests {
    static let source = TestSupport.corpus.appendingPathComponent(
        "duckduckgo__macos-browser__DuckDuckGo_History_Services_History.xcdatamodeld/History.xcdatamodeld")
    static let attributes = [#" codeGenerationType="class""#, #" codeGenerationType="category""#]

    /// A writable copy of the corpus bundle and every version's `contents` bytes.
    static func copy(into root: URL) throws -> (bundle: URL, contents: [String: Data]) {
        let bundle = root.appendingPathComponent("History.xcdatamodeld")
        try FileManager.default.copyItem(at: source, to: bundle)
        var contents: [String: Data] = [:]
        for version in try FileManager.default.contentsOfDirectory(atPath: bundle.path) where version.hasSuffix(".xcdatamodel") {
            let path = bundle.appendingPathComponent(version).appendingPathComponent("contents").path
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: (path as NSString).deletingLastPathComponent)
            contents[version] = FileManager.default.contents(atPath: path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle.path)
        return (bundle, contents)
    }

    /// The old bytes with every codegen attribute cut out (what a byte-level edit must give), and how many there were.
    static func withoutCodegen(_ data: Data) -> (text: String, count: Int) {
        var text = String(decoding: data, as: UTF8.self)
        var count = 0
        for attribute in attributes {
            count += text.components(separatedBy: attribute).count - 1
            text = text.replacingOccurrences(of: attribute, with: "")
        }
        return (text, count)
    }

    @Test func writeChangesOnlyCodegenAttributesThenGenerateWritesTheClasses() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (bundle, original) = try Self.copy(into: root)
        let generated = root.appendingPathComponent("Generated")
        let human = root.appendingPathComponent("Model")
        let arguments = ["generate", bundle.path, "--output", generated.path, "--human-output", human.path]

        let skipped = try CLI.run(arguments)
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stderr.contains("note: 2 of 2 entities are still generated by Xcode (Codegen: Class Definition), skipped: "
            + "HistoryEntryManagedObject, VisitManagedObject;"), "\(skipped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: generated.appendingPathComponent("VisitManagedObject+Generated.swift").path))

        let run = try CLI.run(["adopt", bundle.path, "--write"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("Set 2 entities in 6 model versions to Manual/None. Pass --sources with the app's source folders to list the files that will clash.\n"))
        var removed = 0
        for (version, before) in original {
            let after = try #require(FileManager.default.contents(atPath: bundle.appendingPathComponent("\(version)/contents").path))
            let expected = Self.withoutCodegen(before)
            #expect(expected.count > 0, "\(version) has no codegen attribute to remove")
            #expect(String(decoding: after, as: UTF8.self) == expected.text, "\(version): more than the codegen attributes changed")
            removed += expected.count
        }
        #expect(removed == 7)

        try FileManager.default.removeItem(at: generated)
        let generate = try CLI.run(arguments)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(!generate.stderr.contains("Codegen"), "\(generate.stderr)")
        for className in ["HistoryEntryManagedObject", "VisitManagedObject"] {
            let machine = try String(contentsOf: generated.appendingPathComponent("\(className)+Generated.swift"), encoding: .utf8)
            #expect(machine.contains("public final class \(className): NSManagedObject") || machine.contains("class \(className): NSManagedObject"))
            #expect(FileManager.default.fileExists(atPath: human.appendingPathComponent("\(className).swift").path))
        }

        let again = try CLI.run(["adopt", bundle.path])
        #expect(again.status == 0)
        #expect(again.stdout.contains("\nNo entity uses Xcode's codegen."), "\(again.stdout)")
    }

    /// Every corpus model with a Codegen setting: after `adopt --write` each version's bytes are the old bytes without
    /// those attributes, nothing else.
    @Test func everyCorpusModelWithCodegenLosesOnlyTheAttributes() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let corpus = TestSupport.corpus
        var edited = 0
        for folder in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() where folder.hasSuffix(".xcdatamodeld") {
            let outer = corpus.appendingPathComponent(folder)
            guard let bundleName = try FileManager.default.contentsOfDirectory(atPath: outer.path).first(where: { $0.hasSuffix(".xcdatamodeld") })
            else { continue }
            let bundle = outer.appendingPathComponent(bundleName)
            let versions = try FileManager.default.contentsOfDirectory(atPath: bundle.path).filter { $0.hasSuffix(".xcdatamodel") }
            let original = versions.compactMap { version in
                FileManager.default.contents(atPath: bundle.appendingPathComponent("\(version)/contents").path).map { (version, $0) }
            }
            guard original.contains(where: { Self.withoutCodegen($0.1).count > 0 }) else { continue }
            let copy = root.appendingPathComponent(folder).appendingPathComponent(bundleName)
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            for entry in try FileManager.default.contentsOfDirectory(atPath: bundle.path) {
                let target = copy.appendingPathComponent(entry)
                try FileManager.default.copyItem(at: bundle.appendingPathComponent(entry), to: target)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.path)
                if entry.hasSuffix(".xcdatamodel") {
                    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.appendingPathComponent("contents").path)
                }
            }
            let run = try CLI.run(["adopt", copy.path, "--write"])
            #expect(run.status == 0, "\(folder): \(run.stderr)")
            for (version, before) in original {
                let after = FileManager.default.contents(atPath: copy.appendingPathComponent("\(version)/contents").path)
                #expect(after.map { String(decoding: $0, as: UTF8.self) } == Self.withoutCodegen(before).text, "\(folder)/\(version)")
            }
            edited += 1
        }
        #expect(edited >= 18, "corpus models with a Codegen setting: \(edited)")
    }

    /// The dry run lists each entity once, at its line in the newest version, with the older versions as a count.
    @Test func dryRunGroupsVersionsByEntity() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (bundle, _) = try Self.copy(into: root)
        let run = try CLI.run(["adopt", bundle.path])
        #expect(run.status == 1)
        let newest = bundle.appendingPathComponent("History 6.xcdatamodel/contents").path
        #expect(run.stdout.split(separator: "\n").map(String.init) == [
            "\(newest):3: entity 'HistoryEntryManagedObject': Codegen is Class Definition (and in 5 older versions); --write sets it to Manual/None",
            "\(newest):23: entity 'VisitManagedObject': Codegen is Class Definition; --write sets it to Manual/None",
            "2 optional number or Boolean attributes with a default value in 1 entity generate as optional scalars (Int16?, "
                + "where Xcode declares Int16); --require-defaulted-scalars lists them and makes them required in a new model version.",
            "2 entities in 6 model versions use Xcode's codegen; run again with --write to set them to Manual/None. "
                + "Pass --sources with the app's source folders to list the files that will clash.",
        ])
    }

    /// `--entity` moves one entity in every version and says how many have moved; `generate` then writes that class
    /// only, typing its relationship with Xcode's class for the other entity, and names the entity Xcode still
    /// generates in one note.
    @Test func oneEntityAtATime() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (bundle, original) = try Self.copy(into: root)

        let dryRun = try CLI.run(["adopt", bundle.path, "--entity", "VisitManagedObject"])
        #expect(dryRun.status == 1)
        #expect(dryRun.stdout.hasSuffix("0 of 2 entities moved (Codegen Manual/None in the current version); 1 with --write.\n"), "\(dryRun.stdout)")

        let run = try CLI.run(["adopt", bundle.path, "--entity", "VisitManagedObject", "--write"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("Set 1 entity in 1 model version to Manual/None. Pass --sources with the app's source "
            + "folders to list the files that will clash.\n1 of 2 entities moved (Codegen Manual/None in the current version).\n"), "\(run.stdout)")
        for (version, before) in original {
            let after = try String(contentsOf: bundle.appendingPathComponent("\(version)/contents"), encoding: .utf8)
            let old = String(decoding: before, as: UTF8.self)
            let expected = version == "History 6.xcdatamodel"
                ? old.replacingOccurrences(
                    of: #"<entity name="VisitManagedObject" representedClassName="VisitManagedObject" syncable="YES" codeGenerationType="class">"#,
                    with: #"<entity name="VisitManagedObject" representedClassName="VisitManagedObject" syncable="YES">"#)
                : old
            #expect(after == expected, "\(version)")
            #expect(after.contains(#"codeGenerationType="class""#), "\(version): HistoryEntryManagedObject must stay with Xcode")
        }

        let generated = root.appendingPathComponent("Generated")
        let generate = try CLI.run(["generate", bundle.path, "--output", generated.path, "--human-output", root.appendingPathComponent("Model").path])
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(!generate.stderr.contains("warning:"), "\(generate.stderr)")
        #expect(generate.stderr.contains(": note: entity 'HistoryEntryManagedObject' is still generated by Xcode (Codegen: Class Definition), "
            + "skipped: HistoryEntryManagedObject; `managed-codegen adopt MODEL --entity NAME --write` moves one"), "\(generate.stderr)")
        let machine = try String(contentsOf: generated.appendingPathComponent("VisitManagedObject+Generated.swift"), encoding: .utf8)
        #expect(machine.contains("var historyEntry: HistoryEntryManagedObject"), "the relationship names Xcode's class")
        #expect(!FileManager.default.fileExists(atPath: generated.appendingPathComponent("HistoryEntryManagedObject+Generated.swift").path))

        let rest = try CLI.run(["adopt", bundle.path, "--entity", "HistoryEntryManagedObject", "--write"])
        #expect(rest.status == 0, "\(rest.stderr)")
        #expect(rest.stdout.contains("Set 1 entity in 6 model versions to Manual/None."), "\(rest.stdout)")
        #expect(rest.stdout.hasSuffix("2 of 2 entities moved (Codegen Manual/None in the current version).\n"), "\(rest.stdout)")
    }

    /// `--require-defaulted-scalars` lists the optional scalars with a default per entity and, with `--write`, adds
    /// 'History 7': a copy of the current version with `optional="YES"` cut from those attributes (and the Codegen
    /// edit of this run), the other versions and `.xccurrentversion` untouched; `migration-check` infers the change,
    /// and the generated properties are the non-optional scalars Xcode declared.
    @Test func requireDefaultedScalarsWritesANewVersion() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (bundle, original) = try Self.copy(into: root)
        let currentVersionFile = bundle.appendingPathComponent(".xccurrentversion")
        let currentBefore = FileManager.default.contents(atPath: currentVersionFile.path)
        let newest = bundle.appendingPathComponent("History 6.xcdatamodel/contents").path

        let dryRun = try CLI.run(["adopt", bundle.path, "--require-defaulted-scalars"])
        #expect(dryRun.stdout.contains("\(newest):3: entity 'HistoryEntryManagedObject': 2 attributes optional with a default value: "
            + "numberOfTotalVisits, numberOfTrackersBlocked\n"), "\(dryRun.stdout)")
        #expect(dryRun.stdout.contains("2 optional number or Boolean attributes with a default value: --write writes model version 'History 7', "
            + "a copy of 'History 6' in which they are required"), "\(dryRun.stdout)")
        #expect(!FileManager.default.fileExists(atPath: bundle.appendingPathComponent("History 7.xcdatamodel").path))

        let run = try CLI.run(["adopt", bundle.path, "--require-defaulted-scalars", "--write"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\(bundle.path)/History 7.xcdatamodel: wrote model version 'History 7' with 2 optional number or Boolean "
            + "attributes with a default value made required; make it current"), "\(run.stdout)")
        let written = try String(contentsOf: bundle.appendingPathComponent("History 7.xcdatamodel/contents"), encoding: .utf8)
        var expected = Self.withoutCodegen(try #require(original["History 6.xcdatamodel"])).text
        for name in ["numberOfTotalVisits", "numberOfTrackersBlocked"] {
            expected = expected.replacingOccurrences(of: #"<attribute name="\#(name)" optional="YES""#, with: #"<attribute name="\#(name)""#)
        }
        #expect(written == expected)
        #expect(FileManager.default.contents(atPath: currentVersionFile.path) == currentBefore, ".xccurrentversion changed")

        let check = try CLI.run(["migration-check", bundle.path, "--model-version", "History 7", "--from", "History 6"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")

        let generated = root.appendingPathComponent("Generated")
        let generate = try CLI.run(["generate", bundle.path, "--model-version", "History 7", "--output", generated.path,
            "--human-output", root.appendingPathComponent("Model").path])
        #expect(generate.status == 0, "\(generate.stderr)")
        let machine = try String(contentsOf: generated.appendingPathComponent("HistoryEntryManagedObject+Generated.swift"), encoding: .utf8)
        #expect(machine.contains("var numberOfTotalVisits: Int64 {") || machine.contains("var numberOfTotalVisits: Int64\n"), "\(machine)")
        #expect(!machine.contains("var numberOfTrackersBlocked: Int64?"))

        // Asked to, the new version (another copy of the current 'History 6') becomes the current one.
        let current = try CLI.run(["adopt", bundle.path, "--require-defaulted-scalars", "--write", "--make-current"])
        #expect(current.status == 0, "\(current.stderr)")
        #expect(try String(contentsOf: currentVersionFile, encoding: .utf8).contains("<string>History 8.xcdatamodel</string>"))
    }

    /// A mistyped name is an error with a suggestion; nothing is written, not even for the names spelt right.
    @Test func mistypedEntityIsAnErrorAndWritesNothing() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (bundle, _) = try Self.copy(into: root)
        let before = CLI.Snapshot(root)
        let run = try CLI.run(["adopt", bundle.path, "--entity", "VisitManagedObject", "--entity", "VisitManagedObjcet", "--write"])
        #expect(run.status == 1)
        #expect(run.stderr == bundle.appendingPathComponent("History 6.xcdatamodel/contents").path
            + ": error: --entity: the model has no entity named 'VisitManagedObjcet'; did you mean 'VisitManagedObject'?\n")
        #expect(run.stdout.isEmpty)
        #expect(CLI.Snapshot(root) == before)
    }

    @Test func currentVersionOnlyLeavesTheOtherVersions() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (bundle, original) = try Self.copy(into: root)
        let run = try CLI.run(["adopt", bundle.path, "--write", "--current-version-only"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("Set 2 entities in 1 model version to Manual/None. Pass --sources with the app's source folders to list the files that will clash.\n"))
        for (version, before) in original {
            let after = FileManager.default.contents(atPath: bundle.appendingPathComponent("\(version)/contents").path)
            if version == "History 6.xcdatamodel" {
                #expect(after.map { String(decoding: $0, as: UTF8.self) } == Self.withoutCodegen(before).text)
            } else {
                #expect(after == before, "\(version) changed")
            }
        }
    }
}
