import CodeGeneration
import Foundation
import ManagedModel
import ModelReader
import Testing

/// `generate --preview-data`: `<Model>PreviewData.swift` in the module and its generated tests type-check against
/// the stub SDK with zero errors and zero warnings in Swift 5, Swift 6 and Swift 6 with MainActor default isolation,
/// on every fixture model and a sample of the corpus; the contract's calls compile from the main actor and from
/// nonisolated code.
@Suite struct PreviewDataTypeCheckTests {
    /// The current version of every fixture, with its tests (which use the preview data) and the preview file.
    @Test func fixtureModelsWithPreviewDataTypeCheck() throws {
        let models = try FileManager.default.contentsOfDirectory(atPath: TestSupport.fixtureModels.path)
            .filter { $0.hasSuffix(".xcdatamodeld") }.sorted()
        var plain: [(Schema, String)] = []
        var withAppTypes: [(Schema, String)] = []
        for model in models {
            let schema = try ModelLoader.load(TestSupport.fixtureModels.appendingPathComponent(model).path).schema
            if model == "TypedExtras.xcdatamodeld" { withAppTypes.append((schema, model)) } else { plain.append((schema, model)) }
        }
        var options = GenerationOptions(moduleName: "Fixture")
        options.generatesPreviewData = true
        var appOptions = options
        appOptions.appSource = TypedExtrasTypeCheckTests.appTypes
        let outcomes = TypeCheckRun.check(plain, options: options) + TypeCheckRun.check(withAppTypes, options: appOptions)
        for outcome in outcomes {
            if let failure = outcome.failure { Issue.record("\(outcome.label): \(failure)") }
        }
        #expect(outcomes.count == models.count)
    }

    /// Every tenth corpus bundle (in name order), its current version, in the three modes; every bundle with
    /// `MANAGED_CODEGEN_CORPUS=full` (scripts/test-full.sh).
    @Test(.enabled(if: GeneratedOutputTypeCheckTests.corpusIsPresent, "needs ../shared/corpus"))
    func corpusSampleWithPreviewDataTypeChecks() throws {
        let corpus = GeneratedOutputTypeCheckTests.corpus
        let folders = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
            .filter { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") }.sorted()
            .enumerated().filter { $0.offset % (GeneratedOutputTypeCheckTests.checksEveryMode ? 1 : 10) == 0 }.map(\.element)
        var models: [(Schema, String)] = []
        for folder in folders {
            let url = corpus.appendingPathComponent(folder)
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            guard let bundle = contents.first(where: { $0.hasSuffix(".xcdatamodeld") }) ?? contents.first(where: { $0.hasSuffix(".xcdatamodel") }),
                let loaded = try? ModelLoader.load(url.appendingPathComponent(bundle).path)
            else { continue }
            models.append((loaded.schema, folder))
        }
        #expect(models.count >= (GeneratedOutputTypeCheckTests.checksEveryMode ? 80 : 8))
        var options = GenerationOptions(moduleName: "CorpusModel", generateXcodeCodegenEntities: true)
        options.generatesPreviewData = true
        let outcomes = TypeCheckRun.check(models, options: options)
        for outcome in outcomes {
            switch outcome.result {
            case .clean, .rejected: break
            case .failed: Issue.record("\(outcome.label): \(outcome.failure ?? "")")
            }
        }
        print("preview data type-check: \(outcomes.filter(\.isClean).count) of \(outcomes.count) corpus models clean in 3 modes")
    }

    /// The issue's contract, called as an app's preview and test code call it: from the main actor (a SwiftUI view's
    /// `#Preview`), from nonisolated code and from a detached task; in the three modes.
    @Test func theContractCompilesFromEveryIsolation() throws {
        let loaded = try ModelLoader.load(TestSupport.fixtureBundle("Staff"))
        var options = GenerationOptions(moduleName: "Staff")
        options.generatesPreviewData = true
        options.appSource = """
            import CoreData

            @MainActor func mainActorPreview() throws -> Int {
                let container = try StaffPreviewData.makeContainer()
                let context = container.viewContext
                let person: Person = Person.makePreview(in: context)
                let employee: Employee = Employee.makePreview(in: context)
                let managers: [Manager] = Manager.makePreviews(count: 5, in: context)
                let longest: Person = Person.makePreview(in: context, variant: .longest)
                let empty = try StaffPreviewData.makeContainer(filled: false)
                _ = (person, employee, longest, empty)
                return managers.count
            }

            nonisolated func backgroundFixture(in context: NSManagedObjectContext) -> [Employee] {
                Employee.makePreviews(count: 3, in: context)
            }

            func detached() {
                Task.detached {
                    let model = try StaffPreviewData.sharedModel()
                    _ = model.entities.count
                }
            }
            """
        let output = try GeneratedSources(schema: loaded.schema, label: "Staff", options: options)
        defer { output.remove() }
        for mode in LanguageMode.allCases {
            let result = try output.typecheck(mode)
            #expect(result.isClean, "\(mode):\n\(result.summary)")
        }
    }

    /// Classes named like the file's own types (`Variant`, `Values`, `Work`, `Object`) and a sub-entity of an abstract
    /// one: the generated module and tests are clean in the three modes.
    @Test func classesNamedLikeThePreviewFilesOwnTypes() throws {
        func titled(_ name: String, parent: String? = nil, children: [String] = [], abstract: Bool = false) -> Entity {
            Build.entity(name, parent: parent, children: children, abstract: abstract,
                         attributes: parent == nil ? [Attribute(name: "title", location: Build.location(2), type: .string)] : [])
        }
        let schema = Build.schema([
            titled("Variant"), titled("Values"), titled("Work"), titled("Object"),
            titled("Shape", children: ["Square"], abstract: true), titled("Square", parent: "Shape"),
        ])
        var options = GenerationOptions(moduleName: "Clash")
        options.generatesPreviewData = true
        let output = try GeneratedSources(schema: schema, label: "Clash", options: options)
        defer { output.remove() }
        let preview = try String(contentsOf: output.moduleDirectory.appendingPathComponent("MPreviewData.swift"), encoding: .utf8)
        #expect(preview.contains("private enum PreviewValues {") && !preview.contains("makeShape("))
        #expect(preview.contains("nonisolated extension Square: MPreviewable {}"))
        for mode in LanguageMode.allCases {
            let result = try output.typecheck(mode)
            #expect(result.isClean, "\(mode):\n\(result.summary)")
        }
    }

    /// Two shapes the whole corpus has and the fixtures do not (found by `MANAGED_CODEGEN_CORPUS=full`): an entity
    /// whose initializer takes no value (no attribute: its maker needs no row), and a model where no
    /// entity gets a preview (a required Transformable: `make` has only its default case). Clean in the three modes.
    @Test func anEntityWithoutValuesAndAModelWithoutPreviews() throws {
        let optionalOnly = Build.schema([
            Build.entity("Marker"),
            Build.entity("Note", attributes: [Attribute(name: "text", location: Build.location(2), type: .string, isOptional: true)]),
        ])
        let noPreviews = Build.schema([
            Build.entity("Blob", attributes: [Attribute(name: "payload", location: Build.location(2), type: .transformable)]),
        ])
        var options = GenerationOptions(moduleName: "Shapes")
        options.generatesPreviewData = true
        for (schema, label, hasMaker) in [(optionalOnly, "OptionalOnly", true), (noPreviews, "NoPreviews", false)] {
            let output = try GeneratedSources(schema: schema, label: label, options: options)
            defer { output.remove() }
            let preview = try String(contentsOf: output.moduleDirectory.appendingPathComponent("MPreviewData.swift"), encoding: .utf8)
            #expect(preview.contains("case ObjectIdentifier(") == hasMaker, "\(label)")
            #expect(!preview.contains("let row = nextRow(of: \"Marker\""), "\(label)")
            for mode in LanguageMode.allCases {
                let result = try output.typecheck(mode)
                #expect(result.isClean, "\(label), \(mode):\n\(result.summary)")
            }
        }
    }

    /// The article's first example (the contract, `Documentation.docc/PreviewData.md`) compiles as it is, against the
    /// Inventory fixture, from the main actor and from nonisolated code, in the three modes.
    @Test func theArticlesExampleCompiles() throws {
        let article = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("Sources/managed-codegen/Documentation.docc/PreviewData.md"),
            encoding: .utf8)
        let start = try #require(article.range(of: "```swift\n")).upperBound
        let example = String(article[start..<(try #require(article.range(of: "```", range: start..<article.endIndex)).lowerBound)])
        #expect(example.contains("InventoryPreviewData.makeContainer()") && example.contains("Tag.makePreviews(count: 5, in: context)"))
        let body = example.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        var options = GenerationOptions(moduleName: "Inventory")
        options.generatesPreviewData = true
        options.appSource = """
            import CoreData

            @MainActor func onTheMainActor() throws {
            \(body)
                _ = (empty, item, tags, long)
            }

            nonisolated func nonisolatedCode() throws {
            \(body)
                _ = (empty, item, tags, long)
            }
            """
        let loaded = try ModelLoader.load(TestSupport.fixtureBundle("Inventory"))
        let output = try GeneratedSources(schema: loaded.schema, label: "Inventory", options: options)
        defer { output.remove() }
        for mode in LanguageMode.allCases {
            let result = try output.typecheck(mode)
            #expect(result.isClean, "\(mode):\n\(result.summary)")
        }
    }
}
