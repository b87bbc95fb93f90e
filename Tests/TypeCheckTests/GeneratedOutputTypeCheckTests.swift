import CodeGeneration
import Foundation
import ManagedModel
import ModelReader
import Testing

/// The generator's output (machine, support and human files) and its generated XCTest files, for every version
/// of every fixture model and every corpus model, type-check against Apple's API (the stub SDK on Linux) with
/// zero errors and zero warnings in Swift 5, Swift 6, and Swift 6 with MainActor default isolation; the module
/// first, then the tests as a second module importing it.
@Suite struct GeneratedOutputTypeCheckTests {
    static let corpus = TestSupport.corpus
    static let corpusIsPresent = FileManager.default.fileExists(atPath: corpus.path)

    @Test(arguments: GeneratorOptions.AccessLevel.allCases)
    func fixtureModelsTypeCheck(_ accessLevel: GeneratorOptions.AccessLevel) throws {
        let models = try FileManager.default.contentsOfDirectory(atPath: TestSupport.fixtureModels.path)
            .filter { $0.hasSuffix(".xcdatamodeld") }.sorted()
        #expect(models.count >= 5, "\(models)")
        var plain: [(Schema, String)] = []
        var withAppTypes: [(Schema, String)] = []
        for model in models {
            let bundle = TestSupport.fixtureModels.appendingPathComponent(model)
            let versions = try ModelLoader.loadAllVersions(bundle.path)
            try #require(!versions.isEmpty)
            let labelled = versions.map { ($0.schema, "\(model)/\($0.schema.versionName) (\(accessLevel.rawValue))") }
            // The TypedExtras fixture comes with its app's own types (the generated tests use their cases and
            // initializers); every other type a fixture names gets a stand-in.
            if model == "TypedExtras.xcdatamodeld" { withAppTypes += labelled } else { plain += labelled }
        }
        let options = GenerationOptions(moduleName: "Fixture", accessLevel: accessLevel)
        var appOptions = options
        appOptions.appSource = TypedExtrasTypeCheckTests.appTypes
        // Public output in every mode; internal output (which differs only in its access keywords) in the strictest
        // one, unless MANAGED_CODEGEN_CORPUS=full asks for every mode: 60 CPU-seconds saved on every test run.
        let modes: [LanguageMode] = accessLevel == .public || Self.checksEveryMode ? LanguageMode.allCases : [.swift6MainActor]
        let outcomes = TypeCheckRun.check(plain, options: options, modes: { _ in modes })
            + TypeCheckRun.check(withAppTypes, options: appOptions, modes: { _ in modes })
        for outcome in outcomes {
            if let failure = outcome.failure { Issue.record("\(outcome.label): \(failure)") }
            #expect(outcome.testFileCount == 1, "\(outcome.label): no generated tests")
        }
        #expect(outcomes.count >= 7)
    }

    /// The stand-ins for the app's types come from the model alone (userInfo typing, Transformable classes), and
    /// the generated classes and tests type-check against them in every mode.
    @Test func standInsForTheAppsTypesComeFromTheModel() throws {
        let path = "/models/Shop.xcdatamodeld/Shop.xcdatamodel/contents"
        func attribute(_ name: String, _ type: AttributeType, optional: Bool = true, _ userInfo: [String: String] = [:], className: String? = nil) -> Attribute {
            Attribute(
                name: name, location: SourceLocation(path: path, line: 4), type: type, isOptional: optional, usesScalarValueType: true,
                customClassName: className, userInfo: userInfo.sorted { $0.key < $1.key }.map { UserInfoEntry(key: $0.key, value: $0.value) })
        }
        let order = Entity(
            name: "Order", location: SourceLocation(path: path, line: 3), representedClassName: "Order", className: "Order",
            attributes: [
                attribute("status", .integer16, optional: false, ["managedCodegen.enum": "Status", "managedCodegen.enum.unknown": "unknown", "managedCodegen.sampleValue": ".pending"]),
                attribute("flags", .integer32, ["RawType": "ShippingOptions"]),
                attribute("channel", .string, ["enumType": "Sales.Channel"]),
                attribute("receipt", .binary, ["managedCodegen.codable": "Receipt"]),
                attribute("tint", .transformable, className: "UIKit.UIColor"),
                attribute("badge", .transformable, className: "Badge"),
            ])
        let schema = Schema(contentsPath: path, modelName: "Shop", versionName: "Shop", entities: [order])
        let companions = CompanionTypes(schema: schema)
        #expect(companions.importedModules == ["Sales", "UIKit"])
        let source = try #require(companions.sameModuleSource(access: "public "))
        for declaration in [
            "nonisolated public enum Status: Int16, Sendable {\n    case pending, unknown\n}",
            "nonisolated public struct ShippingOptions: OptionSet, Sendable {\n    public let rawValue: Int32",
            "nonisolated public struct Receipt: Codable, Hashable, Sendable {",
            "@objc(Badge) nonisolated public class Badge: NSObject {}",
        ] {
            #expect(source.contains(declaration), "\(declaration) in:\n\(source)")
        }
        #expect(companions.otherModuleSources.map(\.module) == ["Sales", "UIKit"])
        #expect(companions.otherModuleSources.first?.source.contains("public enum Channel: String, Sendable") == true)

        let sources = try GeneratedSources(schema: schema, label: "Shop")
        defer { sources.remove() }
        #expect(sources.testFiles.count == 1 && sources.usesStandIns)
        for mode in LanguageMode.allCases {
            let result = try sources.typecheck(mode)
            #expect(result.isClean, "\(mode):\n\(result.summary)")
        }
    }

    /// The shared corpus of real models (`../shared/corpus`, one bundle per folder), every version. Entities
    /// whose Codegen is Class Definition / Category are generated too (as the CLI's flag would), so every class
    /// is checked. Name-disjoint versions share a module, so that the compiler starts a few dozen times, not
    /// a thousand.
    ///
    /// By default every third bundle (in name order) is checked, every version of it, each bundle in one language
    /// mode (the checked bundles take the modes in turn): the three modes of all 145 versions cost 390 CPU-seconds,
    /// one mode of them 130, the largest row of a CI run that must stay under ten minutes on 2 cores (measured: a
    /// clean `.ci/run` took 439 s here with every bundle, about 667 s in CI by the ratio of an earlier landing; 373-397 s
    /// with every second).
    /// What differs between the modes is exercised in every mode by the fixtures above and the isolation tests, and
    /// every bundle is still read, generated and audited by the corpus tests of ModelReaderTests and SourceAuditTests.
    /// `MANAGED_CODEGEN_CORPUS=full` (scripts/test-full.sh) checks every bundle in every mode.
    @Test(.enabled(if: corpusIsPresent, "needs ../shared/corpus (absent: corpus type-check skipped)"))
    func corpusModelsTypeCheck() throws {
        let clock = ContinuousClock()
        let start = clock.now
        var models: [(Schema, String)] = []
        var unloadable: [String] = []
        let folders = Self.corpusSample(try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
            .filter { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") }.sorted())
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
        #expect(models.count > (Self.checksEveryMode ? 100 : 30), "expected the corpus's model versions, loaded \(models.count)")

        let options = GenerationOptions(moduleName: "CorpusModel", generateXcodeCodegenEntities: true)
        let outcomes = TypeCheckRun.check(models, options: options, modes: Self.corpusModes(bundles: folders))
        var rejected: [String] = []
        for outcome in outcomes {
            switch outcome.result {
            case .clean: break
            case let .rejected(diagnostics): rejected.append("\(outcome.label):\n\(diagnostics)")
            case .failed: Issue.record("\(outcome.label): \(outcome.failure ?? "")")
            }
        }
        let clean = outcomes.filter(\.isClean)
        func bundle(_ outcome: TypeCheckRun.Outcome) -> Substring { outcome.label.split(separator: "/").first! }
        let notClean = Set(outcomes.filter { !$0.isClean }.map(bundle))
        print("""
            corpus type-check: \(clean.count) of \(outcomes.count) model versions clean, module and generated tests \
            (\(clean.filter { $0.testFileCount > 0 }.count) with tests), in \(Self.checksEveryMode ? "all \(LanguageMode.allCases.count) language modes" : "one language mode each, in turn, every third bundle") \
            (\(Set(outcomes.map(bundle)).subtracting(notClean).count) of \(folders.count) bundles with every version clean); \
            \(rejected.count) rejected by the generator; \(unloadable.count) bundles not loadable \(unloadable); \
            \(outcomes.filter(\.usesStandIns).count) versions with stand-ins for app/Xcode/UIKit types; \
            \(outcomes.map(\.generatorWarnings).reduce(0, +)) generator diagnostics (skipped entities, properties, tests); \
            \(TypeCheckRun.moduleCount(outcomes)) modules; \(clock.now - start)
            """)
        for reason in rejected { print("rejected: \(reason)") }
        #expect(rejected.isEmpty, "the generator rejected corpus models:\n\(rejected.joined(separator: "\n"))")
    }

    static let checksEveryMode = ProcessInfo.processInfo.environment["MANAGED_CODEGEN_CORPUS"] == "full"

    /// The corpus bundles type-checked (`bundles` in name order): every one with `MANAGED_CODEGEN_CORPUS=full`,
    /// else every third one.
    static func corpusSample(_ bundles: [String]) -> [String] {
        checksEveryMode ? bundles : bundles.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
    }

    /// The language modes each corpus version is checked in (by its label, `bundle/version`): its bundle's turn,
    /// or all of them.
    static func corpusModes(bundles: [String]) -> @Sendable (String) -> [LanguageMode] {
        if checksEveryMode { return { _ in LanguageMode.allCases } }
        let turn = Dictionary(uniqueKeysWithValues: bundles.enumerated().map { ($1, LanguageMode.allCases[$0 % LanguageMode.allCases.count]) })
        return { label in [turn[String(label.split(separator: "/").first ?? "")] ?? .swift6] }
    }

    @Test func everyThirdCorpusBundleIsCheckedUnlessFull() {
        let sample = Self.corpusSample(["A", "B", "C", "D", "E"])
        #expect(sample == (Self.checksEveryMode ? ["A", "B", "C", "D", "E"] : ["A", "D"]))
    }

    @Test func eachModeTakesATurnOfTheCorpusBundles() {
        let modes = Self.corpusModes(bundles: ["A", "B", "C", "D"])
        if Self.checksEveryMode {
            #expect(modes("A/v1") == LanguageMode.allCases)
        } else {
            #expect(["A/v1", "A/v2", "B/v1", "C/v1", "D/v1"].map(modes) == [[.swift5], [.swift5], [.swift6], [.swift6MainActor], [.swift5]])
        }
    }
}

/// Generates model versions and type-checks them (module, then generated tests) in every language mode, in
/// modules of name-disjoint versions, as many compilers at a time as there are cores. When a shared module is
/// not clean, each of its versions is checked alone, so a failure names its model.
enum TypeCheckRun {
    struct Outcome: Sendable {
        enum Result: Sendable {
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
        var testFileCount = 0
        /// The module it was checked in (for counting compiler runs).
        var module = 0

        var isClean: Bool { if case .clean = result { true } else { false } }
        var failure: String? {
            switch result {
            case .clean: return nil
            case let .rejected(diagnostics): return "the generator rejected the model:\n\(diagnostics)"
            case let .failed(mode, summary): return "(\(mode)):\n\(summary)"
            }
        }
    }

    /// At most this many versions, and about this many files, share a module: larger modules start fewer
    /// compilers, but take longer (the slowest bounds the wall time) and a failing one is checked again
    /// version by version.
    static let modelsPerModule = 16
    static let filesPerModule = 150

    static func moduleCount(_ outcomes: [Outcome]) -> Int { Set(outcomes.map(\.module)).count }

    /// `modes` says which language modes each version (by its label) is checked in; only versions checked in the
    /// same modes share a module.
    static func check(
        _ models: [(Schema, String)], options: GenerationOptions,
        modes: @Sendable (String) -> [LanguageMode] = { _ in LanguageMode.allCases }
    ) -> [Outcome] {
        let generated = concurrentMap(models.map { ModelInput(schema: $0.0, label: $0.1) }) { input -> Generated in
            do {
                return .model(try GeneratedModel(schema: input.schema, label: input.label, options: options))
            } catch let error as DiagnosticsError {
                return .rejected(Outcome(label: input.label, result: .rejected(error.diagnostics.all.map(\.description).joined(separator: "\n"))))
            } catch {
                return .rejected(Outcome(label: input.label, result: .rejected("\(error)")))
            }
        }
        var outcomes: [Outcome] = generated.compactMap { if case let .rejected(outcome) = $0 { outcome } else { nil } }
        // Largest modules first, so that the last compilers to finish are short ones (both cores busy to the end).
        let generatedModels = generated.compactMap { if case let .model(model) = $0 { model } else { nil } }
        let byModes: [[LanguageMode]: [GeneratedModel]] = Dictionary(grouping: generatedModels) { modes($0.label) }
        var modeBatches: [(modes: [LanguageMode], models: [GeneratedModel])] = []
        for modeSet in byModes.keys.sorted(by: { $0.map(\.rawValue).joined() < $1.map(\.rawValue).joined() }) {
            modeBatches += batched(byModes[modeSet] ?? []).map { (modes: modeSet, models: $0) }
        }
        func fileCount(_ models: [GeneratedModel]) -> Int { models.map(\.result.files.count).reduce(0, +) }
        let batches = modeBatches.sorted { fileCount($0.models) > fileCount($1.models) }
        let checked = concurrentMap(batches.indices.map { $0 }) { index in
            check(batches[index].models, options: options, modes: batches[index].modes).map { outcome in
                var outcome = outcome
                outcome.module = index
                return outcome
            }
        }
        outcomes += checked.flatMap { $0 }
        let order = Dictionary(models.enumerated().map { ($1.1, $0) }, uniquingKeysWith: { first, _ in first })
        return outcomes.sorted { order[$0.label, default: 0] < order[$1.label, default: 0] }
    }

    private enum Generated: Sendable {
        case model(GeneratedModel)
        case rejected(Outcome)
    }

    private struct ModelInput: Sendable {
        var schema: Schema
        var label: String
    }

    /// Types generated code names unqualified; a class of the same name in the module would shadow them.
    static let shadowableTypeNames: Set<String> = [
        "Data", "Date", "UUID", "URL", "String", "Set", "Array", "Dictionary", "Decimal", "Double", "Float", "Bool", "Int16",
        "Int32", "Int64", "TimeInterval", "Bundle", "Error", "Result", "Any",
    ]

    /// Greedy: each version goes into the first module whose names and stand-ins it does not clash with.
    static func batched(_ models: [GeneratedModel]) -> [[GeneratedModel]] {
        var batches: [(names: Set<String>, companions: CompanionTypes, support: [String: [Substring]], models: [GeneratedModel], shadows: Bool, files: Int)] = []
        for model in models {
            let names = model.declaredNames
            let support = model.supportCode
            // A class named like a Foundation type shadows it for every other model of the module.
            let shadows = !names.isDisjoint(with: shadowableTypeNames)
            let index = shadows ? nil : batches.firstIndex { batch in
                batch.models.count < modelsPerModule && batch.files + model.result.files.count <= filesPerModule && !batch.shadows && batch.names.isDisjoint(with: names)
                    && batch.names.isDisjoint(with: model.companions.names) && batch.companions.names.isDisjoint(with: names)
                    && !batch.companions.conflicts(with: model.companions)
                    && support.allSatisfy { path, code in batch.support[path].map { $0 == code } ?? true }
            }
            if let index {
                batches[index].files += model.result.files.count
                batches[index].names.formUnion(names)
                batches[index].companions.merge(model.companions)
                batches[index].models.append(model)
                batches[index].support.merge(support) { first, _ in first }
            } else {
                batches.append((names, model.companions, support, [model], shadows, model.result.files.count))
            }
        }
        return batches.map(\.models)
    }

    private static func check(_ batch: [GeneratedModel], options: GenerationOptions, modes: [LanguageMode]) -> [Outcome] {
        let failure: (LanguageMode, String)?
        var sources: GeneratedSources?
        do {
            let made = try GeneratedSources(models: batch, label: batch.map(\.label).joined(separator: ", "), options: options)
            sources = made
            failure = firstFailure(made, modes: modes)
        } catch {
            failure = (.swift5, "could not write the generated files: \(error)")
        }
        sources?.remove()
        if failure != nil, batch.count > 1 {
            return batch.flatMap { check([$0], options: options, modes: modes) }
        }
        return batch.map { model in
            Outcome(
                label: model.label, result: failure.map { .failed($0.0, $0.1) } ?? .clean,
                generatorWarnings: model.result.diagnostics.all.count, usesStandIns: !model.companions.isEmpty,
                testFileCount: model.result.files.filter { $0.kind == .tests }.count)
        }
    }

    /// The first language mode in which the module or its tests are not clean.
    private static func firstFailure(_ sources: GeneratedSources, modes: [LanguageMode]) -> (LanguageMode, String)? {
        for mode in modes {
            do {
                let result = try CompilerSlots.withSlot { try sources.typecheck(mode) }
                if !result.isClean { return (mode, result.summary) }
            } catch {
                return (mode, "infrastructure failure: \(error)")
            }
        }
        return nil
    }
}
