import CodeGeneration
import Foundation
import ManagedModel
import ModelReader
import Testing

/// Issue 4, acceptance items 1 and 2: the generator's output for every fixture model and every corpus model
/// type-checks against Apple's API (the stub SDK on Linux) with zero errors and zero warnings, in Swift 5,
/// Swift 6, and Swift 6 with MainActor default isolation.
@Suite struct GeneratedOutputTypeCheckTests {
    static let packageRoot = TypeCheckHarness.packageRoot
    static let fixtureModels = ["Inventory", "ValidationGuide", "Vocabulary", "Versions"]
    static let corpus = packageRoot.appendingPathComponent("../shared/corpus").standardizedFileURL
    static let corpusIsPresent = FileManager.default.fileExists(atPath: corpus.path)

    @Test(arguments: fixtureModels, GeneratorConfiguration.AccessLevel.allCases)
    func fixtureModelTypeChecks(_ model: String, accessLevel: GeneratorConfiguration.AccessLevel) throws {
        let bundle = Self.packageRoot.appendingPathComponent("Fixtures/Models/\(model).xcdatamodeld")
        let versions = try ModelLoader.loadAllVersions(bundle.path)
        try #require(!versions.isEmpty)
        let outcomes = Self.check(
            versions.map { ($0.schema, "\(model)/\($0.schema.versionName) (\(accessLevel.rawValue))") },
            accessLevel: accessLevel, generateXcodeCodegenEntities: false)
        for outcome in outcomes {
            switch outcome.result {
            case .clean: break
            case let .rejected(diagnostics):
                Issue.record("\(outcome.label): the generator rejected a fixture model:\n\(diagnostics)")
            case let .failed(mode, summary):
                Issue.record("\(outcome.label) (\(mode)):\n\(summary)")
            }
        }
        #expect(outcomes.count == versions.count)
    }

    /// The shared corpus of real models (`../shared/corpus`, one bundle per folder). Entities whose Codegen
    /// is Class Definition / Category are generated too (as the CLI's flag would), so every class is checked.
    @Test(.enabled(if: corpusIsPresent, "needs ../shared/corpus (absent: corpus type-check skipped)"))
    func corpusModelsTypeCheck() throws {
        let clock = ContinuousClock()
        let start = clock.now
        var models: [(Schema, String)] = []
        var unloadable: [String] = []
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
            .filter { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") }.sorted()
        for folder in folders {
            let url = Self.corpus.appendingPathComponent(folder)
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            guard let bundle = contents.first(where: { $0.hasSuffix(".xcdatamodeld") }) ?? contents.first(where: { $0.hasSuffix(".xcdatamodel") }),
                let versions = try? ModelLoader.loadAllVersions(url.appendingPathComponent(bundle).path)
            else {
                unloadable.append(folder)
                continue
            }
            models += versions.map { ($0.schema, "\(folder)/\($0.schema.versionName)") }
        }
        #expect(models.count > 100, "expected the corpus's model versions, loaded \(models.count)")

        let outcomes = Self.check(models, accessLevel: .public, generateXcodeCodegenEntities: true)
        var rejected: [String] = []
        for outcome in outcomes {
            switch outcome.result {
            case .clean: break
            case let .rejected(diagnostics):
                rejected.append("\(outcome.label):\n\(diagnostics)")
            case let .failed(mode, summary):
                Issue.record("\(outcome.label) (\(mode)):\n\(summary)")
            }
        }
        let clean = outcomes.filter { if case .clean = $0.result { true } else { false } }.count
        func bundle(_ outcome: Outcome) -> Substring { outcome.label.split(separator: "/").first! }
        let notClean = Set(outcomes.filter { if case .clean = $0.result { false } else { true } }.map(bundle))
        let bundles = Set(outcomes.map(bundle)).subtracting(notClean).count
        print("""
            corpus type-check: \(clean) of \(outcomes.count) model versions clean in all \(LanguageMode.allCases.count) \
            language modes (\(bundles) of \(folders.count) bundles with every version clean); \(rejected.count) rejected by the \
            generator; \(unloadable.count) bundles not loadable \(unloadable); \(outcomes.filter(\.usesStandIns).count) \
            versions with stand-ins for app/Xcode/UIKit classes; \(outcomes.map(\.generatorWarnings).reduce(0, +)) \
            generator diagnostics (skipped entities/properties); \(clock.now - start)
            """)
        for reason in rejected { print("rejected: \(reason)") }
        #expect(rejected.isEmpty, "the generator rejected corpus models:\n\(rejected.joined(separator: "\n"))")
    }

    // MARK: - Running the checks

    struct Outcome {
        enum Result {
            case clean
            /// The generator refused the model, with its diagnostics.
            case rejected(String)
            /// The first language mode with errors or warnings, and what the compiler said.
            case failed(LanguageMode, String)
        }
        var label: String
        var result: Result
        var generatorWarnings = 0
        var usesStandIns = false
    }

    /// Generates every model and type-checks it in every language mode, as many compilers at a time as
    /// there are cores. A model's modes run one after another and stop at the first failure.
    static func check(_ models: [(Schema, String)], accessLevel: GeneratorConfiguration.AccessLevel,
                      generateXcodeCodegenEntities: Bool) -> [Outcome] {
        concurrentMap(models) { schema, label in
            let sources: GeneratedSources
            do {
                sources = try GeneratedSources(
                    schema: schema, label: label, accessLevel: accessLevel,
                    generateXcodeCodegenEntities: generateXcodeCodegenEntities)
            } catch let error as DiagnosticsError {
                return Outcome(label: label, result: .rejected(error.diagnostics.all.map(\.description).joined(separator: "\n")))
            } catch {
                return Outcome(label: label, result: .rejected("\(error)"))
            }
            defer { sources.remove() }
            var outcome = Outcome(
                label: label, result: .clean, generatorWarnings: sources.generatorDiagnostics.all.count,
                usesStandIns: sources.usesStandIns)
            for mode in LanguageMode.allCases {
                do {
                    let result = try CompilerSlots.withSlot { try sources.typecheck(mode) }
                    if !result.isClean {
                        outcome.result = .failed(mode, result.summary)
                        break
                    }
                } catch {
                    outcome.result = .failed(mode, "infrastructure failure: \(error)")
                    break
                }
            }
            return outcome
        }
    }
}
