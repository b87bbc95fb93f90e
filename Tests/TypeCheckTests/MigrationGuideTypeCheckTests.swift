import Foundation
import ManagedModel
import ModelReader
import Testing

/// The compile errors the migration guides (`Documentation.docc/Moving*.md`) quote: each is what the compiler
/// says about code written for Xcode's codegen, mogenerator or SwiftGen against the generated classes, quoted in
/// the guide word for word; the code the guides turn it into compiles in every language mode.
@Suite("Migration guides: the compile errors they quote")
struct MigrationGuideTypeCheckTests {
    /// An `Item` with a required `title`, an optional `note`, an optional Integer 16 `rating` and a to-many
    /// `tags`, and a fetch request template `ByTitle`: the model the guides' examples use.
    static let model = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift">
            <entity name="Item" representedClassName="Item" syncable="YES">
                <attribute name="title" attributeType="String"/>
                <attribute name="note" optional="YES" attributeType="String"/>
                <attribute name="rating" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
                <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag" inverseName="items" inverseEntity="Tag"/>
            </entity>
            <entity name="Tag" representedClassName="Tag" syncable="YES">
                <attribute name="name" attributeType="String"/>
                <relationship name="items" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Item" inverseName="tags" inverseEntity="Item"/>
            </entity>
            <fetchRequest name="ByTitle" entity="Item" predicateString="title == $TITLE"/>
        </model>

        """

    static func schema() throws -> Schema {
        let folder = try TestSupport.temporaryDirectory("MigrationGuideModel")
        defer { try? FileManager.default.removeItem(at: folder) }
        let version = folder.appendingPathComponent("Shop.xcdatamodeld/Shop.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try Data(model.utf8).write(to: version.appendingPathComponent("contents"))
        return try ModelLoader.load(folder.appendingPathComponent("Shop.xcdatamodeld").path).schema
    }

    static let catalog = TestSupport.packageRoot.appendingPathComponent("Sources/managed-codegen/Documentation.docc")

    struct Case: Sendable, CustomTestStringConvertible {
        var article: String
        var name: String
        /// The app's file, compiled into the module beside the generated files.
        var source: String
        /// It takes the place of the human file `Item.swift` (a mogenerator human file has that name).
        var replacesHumanFile = false
        var mode = LanguageMode.swift5
        /// Every error and warning the compiler reports, anywhere in the module.
        var messages: Set<String>
        var testDescription: String { "\(article): \(name)" }
    }

    static let cases: [Case] = [
        Case(
            article: "MovingFromXcodeCodegen.md", name: "call sites written for Xcode's types",
            source: """
                import CoreData

                func xcodeEra(_ context: NSManagedObjectContext) {
                    let item = Item(context: context)
                    if let title = item.title { print(title) }
                    let rating: Int16 = item.rating
                    let names = (item.tags?.allObjects as? [Tag] ?? []).map(\\.name)
                    print(rating, names)
                }
                """,
            messages: [
                "'init(context:)' is unavailable: Use init(context:...), which takes every required value",
                "initializer for conditional binding must have Optional type, not 'String'",
                "value of optional type 'Int16?' must be unwrapped to a value of type 'Int16'",
                "cannot use optional chaining on non-optional value of type 'Set<Tag>'",
                "value of type 'Set<Tag>' has no member 'allObjects'",
            ]),
        // A warning, reported only in code without errors.
        Case(
            article: "MovingFromXcodeCodegen.md", name: "a default for a value that is not optional any more",
            source: "func label(of item: Item) -> String {\n    item.title ?? \"\"\n}\n",
            messages: ["left side of nil coalescing operator '??' has non-optional type 'String', so the right side is never used"]),
        Case(
            article: "MovingFromMogenerator.md", name: "a lifecycle override in a module isolated to the main actor",
            source: "import CoreData\n\nextension Item {\n    override public func awakeFromInsert() {\n        super.awakeFromInsert()\n    }\n}\n",
            replacesHumanFile: true, mode: .swift6MainActor,
            messages: ["main actor-isolated instance method 'awakeFromInsert()' has different actor isolation from nonisolated overridden declaration"]),
        Case(
            article: "MovingFromXcodeCodegen.md", name: "Xcode's class file left in the sources",
            source: "import CoreData\n\n@objc(Item)\npublic class Item: NSManagedObject {\n\n}\n",
            messages: ["invalid redeclaration of 'Item'", "'Item' is ambiguous for type lookup in this context"]),
        Case(
            article: "MovingFromXcodeCodegen.md", name: "Xcode's properties file left in the sources",
            source: "import CoreData\n\nextension Item {\n    @NSManaged public var title: String?\n}\n",
            messages: ["invalid redeclaration of 'title'"]),
        Case(
            article: "MovingFromMogenerator.md", name: "the human file still declares the sub-class",
            source: "import Foundation\n\n@objc(Item)\nopen class Item: _Item {\n    // Custom logic goes here.\n}\n",
            replacesHumanFile: true,
            messages: [
                "cannot find type '_Item' in scope", "invalid redeclaration of 'Item'",
                "'Item' is ambiguous for type lookup in this context",
                "only classes that inherit from NSObject can be declared '@objc'",
            ]),
        Case(
            article: "MovingFromMogenerator.md", name: "what cannot move into an extension",
            source: """
                import CoreData

                extension Item {
                    var cache: [String] = []

                    override public var title: String {
                        get { "" }
                        set {}
                    }
                }
                """,
            replacesHumanFile: true,
            messages: [
                "extensions must not contain stored properties", "property does not override any property from its superclass",
                "invalid redeclaration of 'title'",
            ]),
        Case(
            article: "MovingFromMogenerator.md", name: "call sites of mogenerator's API",
            source: """
                import CoreData

                func mogeneratorEra(_ context: NSManagedObjectContext) {
                    let item = Item(managedObjectContext: context)
                    let key = ItemAttributes.title.rawValue
                    let entity = Item.entity(managedObjectContext: context)
                    print(item as Any, key, entity as Any)
                }
                """,
            messages: [
                "incorrect argument label in call (have 'managedObjectContext:', expected 'context:')",
                "cannot find 'ItemAttributes' in scope",
                "instance member 'entity' cannot be used on type 'Item'; did you mean to use a value of this type instead?",
                "cannot call value of non-function type 'NSEntityDescription'",
            ]),
        Case(
            article: "MovingFromSwiftGen.md", name: "call sites of SwiftGen's API",
            source: """
                import CoreData

                func swiftGenEra(_ context: NSManagedObjectContext) throws {
                    let request = Item.makeFetchRequest()
                    let entity = Item.entity(in: context)
                    let milk = try Item.fetchByTitle(managedObjectContext: context, title: "Milk")
                    let item = Item(context: context)
                    print(request, entity as Any, milk, item.tags?.count ?? 0)
                }
                """,
            messages: [
                "type 'Item' has no member 'makeFetchRequest'",
                "instance member 'entity' cannot be used on type 'Item'; did you mean to use a value of this type instead?",
                "cannot call value of non-function type 'NSEntityDescription'",
                "extra argument 'managedObjectContext' in call", "missing argument for parameter 'in' in call",
                "'init(context:)' is unavailable: Use init(context:...), which takes every required value",
                "cannot use optional chaining on non-optional value of type 'Set<Tag>'",
            ]),
    ]

    /// Messages the guides quote only in prose or in general terms (the compiler's follow-up notes on one
    /// mistake); every other message of a case must appear in its article word for word.
    static let unquoted: Set<String> = [
        "only classes that inherit from NSObject can be declared '@objc'",
        "cannot call value of non-function type 'NSEntityDescription'",
    ]

    @Test(arguments: cases)
    func compilerSaysWhatTheGuideQuotes(_ guideCase: Case) throws {
        let sources = try GeneratedSources(schema: Self.schema(), label: "Shop", options: .init(moduleName: "Shop", generatesTests: false))
        defer { sources.remove() }
        let appFile = sources.root.appendingPathComponent("App.swift")
        try Data(guideCase.source.utf8).write(to: appFile)
        let moduleFiles = sources.moduleFiles.filter { !(guideCase.replacesHumanFile && $0.lastPathComponent == "Item.swift") }
        let result = try TypeCheckHarness.shared().typecheck(
            moduleName: "Shop", moduleFiles: moduleFiles + [appFile], swiftVersion: guideCase.mode.swiftVersion,
            defaultIsolationMainActor: guideCase.mode.defaultIsolationMainActor)
        let reported = Set((result.errors + result.warnings).map(\.message))
        #expect(reported == guideCase.messages, "\(result.summary)")

        let article = try String(contentsOf: Self.catalog.appendingPathComponent(guideCase.article), encoding: .utf8)
        for message in guideCase.messages.subtracting(Self.unquoted) {
            #expect(article.contains(message), "\(guideCase.article) does not quote: \(message)")
        }
    }

    /// The code each guide turns those call sites into, in one app file.
    static let fixed = """
        import CoreData

        extension Item {
            // Lifecycle overrides move from the mogenerator sub-class into the extension (nonisolated, as
            // Core Data's method is, for modules isolated to the main actor by default).
            nonisolated override public func awakeFromInsert() {
                super.awakeFromInsert()
            }

            var displayTitle: String { note.map { "\\(title) (\\($0))" } ?? title }
        }

        func migrated(_ context: NSManagedObjectContext) throws {
            let item = Item(context: context, title: "Milk")
            let rating: Int16 = item.rating ?? 0
            let names = item.tags.map(\\.name)
            let request = Item.fetchRequest()
            let entity = Item.entity()
            let key = Item.Keys.title
            let milk = try Item.fetchByTitle(title: "Milk", in: context)
            let byTitle = Item.byTitleRequest(title: "Milk")
            print(item.title, rating, names, request, entity, key, milk, byTitle, item.tags.count, Array(item.tags))
        }
        """

    @Test(arguments: LanguageMode.allCases)
    func migratedCodeCompiles(_ mode: LanguageMode) throws {
        let sources = try GeneratedSources(
            schema: Self.schema(), label: "Shop", options: .init(moduleName: "Shop", generatesTests: false, appSource: Self.fixed))
        defer { sources.remove() }
        let result = try sources.typecheck(mode)
        #expect(result.isClean, "\(result.summary)")
    }
}
