import CodeGeneration
import Foundation
import ManagedModel
import ModelReader
import Testing

/// `--inherited-initializers deprecated` (the transition mode) on the entity shapes where `init(context:)` must stay
/// unavailable: one whose initializer's parameters all have defaults (`Note(context:)` means the designated
/// initializer), an abstract one (`Folder`), and sub-entities that differ from their parent (`Album` under the
/// abstract `Folder`, `Box` under the all-defaults `Shelf`). `init()` is unavailable everywhere.
@Suite("Transition mode: which init(context:) is deprecated, which stays unavailable")
struct TransitionModeTypeCheckTests {
    static let model = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift">
            <entity name="Note" representedClassName="Note" syncable="YES">
                <attribute name="body" optional="YES" attributeType="String"/>
                <attribute name="pinned" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>
                <relationship name="cards" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Card" inverseName="note" inverseEntity="Card"/>
            </entity>
            <entity name="Card" representedClassName="Card" syncable="YES">
                <attribute name="title" attributeType="String"/>
                <relationship name="note" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Note" inverseName="cards" inverseEntity="Note"/>
            </entity>
            <entity name="Tray" representedClassName="Tray" parentEntity="Card" syncable="YES">
                <attribute name="size" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
            </entity>
            <entity name="Folder" representedClassName="Folder" isAbstract="YES" syncable="YES">
                <attribute name="label" optional="YES" attributeType="String"/>
            </entity>
            <entity name="Album" representedClassName="Album" parentEntity="Folder" syncable="YES">
                <attribute name="name" attributeType="String"/>
            </entity>
            <entity name="Shelf" representedClassName="Shelf" syncable="YES">
                <attribute name="label" optional="YES" attributeType="String"/>
            </entity>
            <entity name="Box" representedClassName="Box" parentEntity="Shelf" syncable="YES">
                <attribute name="code" attributeType="String"/>
            </entity>
        </model>

        """

    static func generate(_ inheritedInitializers: GeneratorOptions.InheritedInitializers) throws -> GeneratedSources {
        let folder = try TestSupport.temporaryDirectory("TransitionModeModel")
        defer { try? FileManager.default.removeItem(at: folder) }
        let version = folder.appendingPathComponent("Desk.xcdatamodeld/Desk.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try Data(model.utf8).write(to: version.appendingPathComponent("contents"))
        let schema = try ModelLoader.load(folder.appendingPathComponent("Desk.xcdatamodeld").path).schema
        var options = GenerationOptions(moduleName: "Desk")
        options.inheritedInitializers = inheritedInitializers
        return try GeneratedSources(schema: schema, label: "Desk", options: options)
    }

    /// The generated tests build `Note(context: context)`: with a deprecated `Note.init(context:)` beside the
    /// designated initializer that call took the deprecated one (a warning in every suite that makes a Note, which the
    /// user cannot fix). Now it is clean in every mode; putting the old declaration back brings the warnings back.
    @Test("the generated tests are clean: Note(context:) is the designated initializer")
    func generatedTestsAreClean() throws {
        let output = try Self.generate(.deprecated)
        defer { output.remove() }
        for mode in LanguageMode.allCases {
            let result = try output.typecheck(mode)
            #expect(result.isClean, "\(mode):\n\(result.summary)")
        }
        let tests = try String(contentsOf: output.testsDirectory.appendingPathComponent("DeskModelTests.swift"), encoding: .utf8)
        // Each suite that makes a Card makes its Note so, in the writing context and in the reading one.
        let noteCalls = ["context", "reader"].map { tests.components(separatedBy: "Desk.Note(context: \($0))").count - 1 }.reduce(0, +)
        #expect(noteCalls >= 1, "the tests make a Note with defaults only (the destination of Card.note)")
        // Only the entities whose `init(context:)` works get the test that calls it: Card, Tray, Album, Box.
        #expect(tests.components(separatedBy: "func testInheritedInitializersMakeThisEntity()").count - 1 == 4)

        let note = try #require(output.moduleFiles.first { $0.lastPathComponent == "Note+Generated.swift" })
        let text = try String(contentsOf: note, encoding: .utf8)
        let unavailable = "@available(*, unavailable, message: \"Use init(context:...), which takes every required value\")\n"
            + "    public convenience init(context: NSManagedObjectContext) {\n        fatalError(\"unavailable\")\n    }"
        let deprecated = "@available(*, deprecated, message: \"Use init(context:...), which takes every required value\")\n"
            + "    public convenience init(context: NSManagedObjectContext) {\n"
            + "        self.init(entity: NSEntityDescription.entity(forEntityName: \"Note\", in: context)!, insertInto: context)\n    }"
        #expect(text.contains(unavailable))
        try Data(text.replacingOccurrences(of: unavailable, with: deprecated).utf8).write(to: note)
        let before = try output.typecheck(.swift6)
        let warnings = before.warnings.filter { $0.fileName == "DeskModelTests.swift" && $0.message.hasPrefix("'init(context:)' is deprecated") }
        #expect(warnings.count == noteCalls && before.errors.isEmpty, "\(before.summary)")
    }

    static let app = """
        func callSites(_ context: NSManagedObjectContext) {
            _ = Note(context: context)
            _ = Card(context: context)
            _ = Tray(context: context)
            _ = Album(context: context)
            _ = Box(context: context)
            _ = Shelf(context: context)
        }
        func abstract(_ context: NSManagedObjectContext) { _ = Folder(context: context) }
        func blank() { _ = Note(); _ = Card(); _ = Album(); _ = Box() }

        """

    /// What an app's call sites get: a warning where `X(context:)` makes an object of the entity through the
    /// deprecated initializer; nothing where it is the designated initializer; an error for an abstract entity and for
    /// `init()`.
    @Test("app call sites: deprecated where it works, errors for the abstract entity and init()", arguments: LanguageMode.allCases)
    func appCallSites(mode: LanguageMode) throws {
        let output = try Self.generate(.deprecated)
        defer { output.remove() }
        let appFile = output.testsDirectory.appendingPathComponent("App.swift")
        try Data("import CoreData\nimport Desk\n\n\(Self.app)".utf8).write(to: appFile)
        let result = try TypeCheckHarness.shared().typecheck(
            moduleName: "Desk", moduleFiles: output.moduleFiles, testFiles: [appFile],
            swiftVersion: mode.swiftVersion, defaultIsolationMainActor: mode.defaultIsolationMainActor,
            testsAlsoOnMainActor: mode.defaultIsolationMainActor)
        let onApp = result.diagnostics.filter { $0.fileName == "App.swift" && ($0.severity == .error || $0.severity == .warning) }
        // Once per test module: MainActor mode checks the app twice.
        let copies = mode == .swift6MainActor ? 2 : 1
        let deprecatedLines = Set(onApp.filter { $0.severity == .warning && $0.message.hasPrefix("'init(context:)' is deprecated") }.map(\.line))
        #expect(deprecatedLines == [6, 7, 8, 9], "Card, Tray, Album, Box\n\(result.summary)")
        let errors = onApp.filter { $0.severity == .error }
        #expect(errors.filter { $0.message == "'init(context:)' is unavailable: Folder is abstract: create one of its sub-entities" }.count == copies,
                "\(result.summary)")
        #expect(errors.filter { $0.message.hasPrefix("'init()' is unavailable") }.count == 4 * copies, "\(result.summary)")
        #expect(onApp.count == (4 + 1 + 4) * copies, "nothing on Note(context:) and Shelf(context:)\n\(result.summary)")
    }

    /// Three real models that use Xcode's codegen, in the transition mode: the module and its generated tests are
    /// clean in every language mode (no "'init(context:)' is deprecated" in the tests, which call the designated
    /// initializer). The whole corpus, both modes: scripts/measure-transition-mode.py (Benchmarks/README.md).
    @Test(
        "three corpus models in the transition mode: no deprecation warning in the generated tests",
        .enabled(if: TestSupport.corpusIsPresent, "needs ../shared/corpus (absent: skipped)"))
    func corpusSampleIsCleanInTheTransitionMode() throws {
        let folders = [
            "delawaremathguy__CoreDataCloudKitShare__Persistence_CoreDataCloudKitShare.xcdatamodeld",
            "EhPanda-Team__EhPanda__EhPanda.xcdatamodeld",
            "JohnEstropia__CoreStore__Demo_Sources_Demos_Advanced_EvolutionDemo_Advanced.EvolutionDemo.xcdatamodeld",
        ]
        var models: [(Schema, String)] = []
        for folder in folders {
            let url = TestSupport.corpus.appendingPathComponent(folder)
            let bundle = try #require(try FileManager.default.contentsOfDirectory(atPath: url.path).first { $0.hasSuffix(".xcdatamodeld") })
            models.append((try ModelLoader.load(url.appendingPathComponent(bundle).path).schema, folder))
        }
        var options = GenerationOptions(moduleName: "CorpusModel", generateXcodeCodegenEntities: true)
        options.inheritedInitializers = .deprecated
        let outcomes = TypeCheckRun.check(models, options: options)
        #expect(outcomes.count == 3)
        for outcome in outcomes {
            #expect(outcome.isClean, "\(outcome.label): \(outcome.failure ?? "")")
            #expect(outcome.testFileCount > 0, "\(outcome.label): no generated tests were checked")
        }
    }
}
