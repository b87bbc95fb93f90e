import ManagedModel
import ModelLock
import MustacheEngine

// One target per planning stage, in the order the pipeline runs them, each depending only on the ones before it:
// GenerationPlanning (Schema -> GenerationPlan) <- GeneratedTestsPlanning (GenerationPlan -> GeneratedTestsPlan)
// <- CodeGeneration (this pipeline, rendering, writing). The test planner reads the plan it is handed, not the
// rendering or the files; it is called directly, as swift-openapi-generator's GeneratorPipeline runs its stages in
// turn, rather than injected, since every run that generates tests needs the same one. The generation planner
// shares its target with the plan types because it builds them with their memberwise initializers, which Swift
// keeps internal to the module. Re-exported, so that `import CodeGeneration` (the CLI, the tests) still names
// every type a run takes and gives.
@_exported import GeneratedTestsPlanning
@_exported import GenerationPlanning

/// Schema -> generated files, in named stages with the types that cross each boundary:
///
/// | stage | takes | gives |
/// |---|---|---|
/// | validate | `Schema`, `GeneratorOptions.cloudKit` | errors where `NSPersistentCloudKitContainer` would refuse the model (`CloudKitCheck`, ModelLock/CloudKit) |
/// | plan | `Schema`, ``GeneratorOptions``, ``ValidationHookScan`` | ``GenerationPlan``, ``GeneratedTestsPlan``, warnings |
/// | plan migration | the locked versions, read on demand, and the lock's recorded verdicts (``MigrationPlanInput``), ``ValidationHookScan`` | ``MigrationPlanFile``, errors and warnings (``MigrationPlanRules``) |
/// | templates | the override folder | the parsed templates (``PreparedGeneration``) |
/// | manifest | the plans | ``FileSpec``s: every file's path, kind, templates and context, in output order |
/// | render | each ``FileSpec`` (entities in parallel) | ``GeneratedFile``s, the ``FileSelection`` applied |
/// | write | the selected files | an ``OutputSink``: ``OutputWriter/Session`` (the CLI), ``GeneratedFiles`` (memory) |
///
/// Reading the model (`ModelLoader`) and checking its lock come before, in the CLI. Every stage that can fail
/// does so before anything reaches the sink: nothing is written on error.
package struct GenerationPipeline: Sendable {
    package var options: GeneratorOptions
    /// The validation hooks the user wrote: a property gets the bridge Core Data calls only when its hook is among them.
    package var hooks: ValidationHookScan
    /// The locked versions (`generate --migration-plan`): the run also writes the migration plan's file. Nil: no plan.
    package var migration: MigrationPlanInput?

    package init(options: GeneratorOptions, hooks: ValidationHookScan = .none, migration: MigrationPlanInput? = nil) {
        self.options = options
        self.hooks = hooks
        self.migration = migration
    }

    /// Every stage: plans `schema`, renders the files `selection` keeps and hands them to `sink`.
    /// - Throws: ``DiagnosticsError`` carrying every diagnostic when any of them is an error; `sink` got nothing then.
    @discardableResult
    package func run(_ schema: Schema, selecting selection: FileSelection = .all, into sink: some OutputSink) throws -> PreparedGeneration {
        let prepared = try prepare(schema)
        try prepared.diagnostics.rethrowingWith { try prepared.render(selecting: selection, into: sink) }
        return prepared
    }

    /// The plan and templates stages: everything that can go wrong before a file is rendered.
    /// - Throws: ``DiagnosticsError`` carrying every diagnostic when any of them is an error (unknown
    ///   options, unreadable or invalid templates).
    package func prepare(_ schema: Schema) throws -> PreparedGeneration {
        // Validation stage: what the model must be for the store to load, before the plan.
        var diagnostics = CloudKitCheck.diagnostics(schema, setting: options.cloudKit)
        let (plan, planDiagnostics) = CodeGenerator.makePlan(schema: schema, options: options, hooks: hooks)
        diagnostics.append(contentsOf: planDiagnostics)
        var migrationPlan: MigrationPlanFile?
        if let migration {
            let planned = MigrationPlanner.plan(migration, current: schema, hooks: hooks)
            migrationPlan = planned.0
            diagnostics.append(contentsOf: planned.1)
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        var previewData: PreviewDataPlan?
        if options.generatesPreviewData {
            var planner = PreviewDataPlanner(schema: schema, plan: plan, options: options)
            previewData = planner.makePlan()
            diagnostics.append(contentsOf: planner.diagnostics)
        }
        var testPlan: GeneratedTestsPlan?
        if options.generatesTests {
            let tests = CodeGenerator.makeTestPlan(schema: schema, plan: plan, options: options)
            testPlan = tests.0
            testPlan?.previewData = previewData
            diagnostics.append(contentsOf: tests.1)
        }
        // The tests that every shipped version's store opens through the plan, beside the model tests.
        var shippedStoreTests: ShippedStoreTestsPlan?
        if let migration, let migrationPlan, let testPlan {
            // The hook of each hop that needs one, by its destination: the tests' comments name it as the plan calls it.
            var hookNames: [String: String] = [:]
            for case .custom(let from, let to, true, _, _) in migrationPlan.stages { hookNames[to] = MigrationPlanFile.hookName(from: from, to: to) }
            shippedStoreTests = ShippedStoreTestPlanner(
                current: schema, shipped: try diagnostics.rethrowingWith { try migration.lockedVersions() }, planTypeName: migrationPlan.typeName, modelTests: testPlan,
                hookNames: hookNames
            ).makePlan()
        }
        let templates = try diagnostics.rethrowingWith { try TemplateSet(overrideDirectory: options.templatesDirectory) }
        return PreparedGeneration(
            plan: plan, testPlan: testPlan, migrationPlan: migrationPlan, shippedStoreTests: shippedStoreTests,
            previewData: previewData, diagnostics: diagnostics, templates: templates)
    }
}

/// The planning stages on their own, for tests and for ``GenerationPipeline``.
package enum CodeGenerator {
    /// The first characters of every machine file; files starting with them are ours to replace or delete.
    package static let bannerPrefix = GenerationPlan.bannerPrefix

    /// Every stage into memory (``GeneratedFiles``): the files sorted by kind, then path.
    package static func generate(
        schema: Schema, options: GeneratorOptions, hooks: ValidationHookScan = .none, migration: MigrationPlanInput? = nil
    ) throws -> GenerationResult {
        let files = GeneratedFiles()
        let prepared = try GenerationPipeline(options: options, hooks: hooks, migration: migration).run(schema, into: files)
        return GenerationResult(
            files: files.files, diagnostics: prepared.diagnostics, plan: prepared.plan, testPlan: prepared.testPlan,
            previewData: prepared.previewData)
    }

    /// The tests stage alone: the generated XCTest file's plan (nil when no class is generated) and
    /// its warnings (constraints without a test, entities no valid object of which can be built).
    package static func makeTestPlan(
        schema: Schema, plan: GenerationPlan, options: GeneratorOptions
    ) -> (GeneratedTestsPlan?, Diagnostics) {
        var planner = GeneratedTestsPlanner(schema: schema, plan: plan, options: options)
        let testPlan = planner.makePlan()
        return (testPlan, planner.diagnostics)
    }

    /// The planning stage alone: what would be generated, and why entities are skipped.
    package static func makePlan(
        schema: Schema, options: GeneratorOptions, hooks: ValidationHookScan = .none
    ) -> (GenerationPlan, Diagnostics) {
        var planner = GenerationPlanner(schema: schema, options: options, hooks: hooks)
        let plan = planner.plan()
        return (plan, planner.diagnostics.coalescingModelWideCauses())
    }
}

/// A run's plans and parsed templates, ready to render.
package struct PreparedGeneration: Sendable {
    package var plan: GenerationPlan
    package var testPlan: GeneratedTestsPlan?
    /// The migration plan's file, with ``GenerationPipeline/migration``.
    package var migrationPlan: MigrationPlanFile?
    /// The tests that every shipped version's store opens through ``migrationPlan``: with a migration plan and model
    /// tests.
    package var shippedStoreTests: ShippedStoreTestsPlan?
    /// `<Model>PreviewData.swift`, with ``GeneratorOptions/generatesPreviewData``.
    package var previewData: PreviewDataPlan?
    /// Warnings and notes of planning (errors were thrown).
    package var diagnostics: Diagnostics
    let templates: TemplateSet

    /// The first line of this model's generated files (the shared support file has its own).
    package var banner: String { plan.header.banner }

    /// The manifest stage: every file this run can write, sorted by kind, then path (the order of a
    /// `--single-file` combined file and of ``GeneratedFiles/files``).
    package var manifest: [FileSpec] {
        FileSpec.Rule.allCases.flatMap { $0.specs(self) }.sorted { ($0.kind, $0.relativePath) < ($1.kind, $1.relativePath) }
    }

    /// The render and write stages: every file of the manifest that `selection` keeps goes to `sink`, in
    /// manifest order, once all of them rendered (entities in parallel).
    /// - Throws: ``DiagnosticsError`` when a template cannot be rendered (partials that include each other
    ///   without end); `sink` got nothing then.
    package func render(selecting selection: FileSelection = .all, into sink: some OutputSink) throws {
        let specs = manifest.filter { selection.keeps($0.kind) }
        let rendered = try specs.concurrentMap { spec in Result { try render(spec) } }.map { try $0.get() }
        for file in selection.apply(to: rendered) { sink.add(file) }
    }

    func render(_ spec: FileSpec) throws -> GeneratedFile {
        let context = spec.context()
        var utf8: [UInt8] = []
        for (index, template) in spec.templates.enumerated() {
            if index > 0 { utf8.append(UInt8(ascii: "\n")) }
            utf8 += try templates.render(context, with: template)
        }
        return GeneratedFile(relativePath: spec.relativePath, utf8: utf8, kind: spec.kind)
    }
}

/// One file of the manifest: where it goes, what kind it is, and the templates (joined by a blank line)
/// that render it from its context.
package struct FileSpec: Sendable {
    package var relativePath: String
    package var kind: GeneratedFile.Kind
    package var rule: Rule
    var templates: [TemplateSet.Name] { rule.templates }
    /// Made when the file is rendered, on the rendering thread.
    let context: @Sendable () -> any TemplateObject

    /// The kinds of file a run writes, each with its templates; the catalog's GeneratedFiles.md, `generate --help` and
    /// Templates/README.md list them (`OutputManifestDocsTests`).
    package enum Rule: CaseIterable, Sendable {
        case entityMachine, entityHuman, validationSupport, modelSupport, composite, migrationPlan, previewData, modelTests,
            migrationPlanTests

        package var kind: GeneratedFile.Kind {
            switch self {
            case .entityMachine: .machine
            case .entityHuman: .human
            case .validationSupport, .modelSupport, .composite, .migrationPlan, .previewData: .support
            case .modelTests, .migrationPlanTests: .tests
            }
        }

        /// As GeneratedFiles.md and `generate --help` name the file (for the Inventory example model).
        package var documentedName: String {
            switch self {
            case .entityMachine: "Item+Generated.swift"
            case .entityHuman: "Item.swift"
            case .validationSupport: "ManagedValidation+Generated.swift"
            case .modelSupport: "<Model>ModelSupport+Generated.swift"
            case .composite: "Dimensions+Generated.swift"
            case .migrationPlan: "<Model>MigrationPlan.swift"
            case .previewData: "<Model>PreviewData.swift"
            case .modelTests: "<Model>ModelTests.swift"
            case .migrationPlanTests: "<Model>MigrationPlanTests.swift"
            }
        }

        /// The templates rendering the file, in order (their names in Templates/README.md).
        package var templateNames: [String] { templates.map(\.rawValue) }

        var templates: [TemplateSet.Name] {
            switch self {
            case .entityMachine: [.entityMachine]
            case .entityHuman: [.entityHuman]
            case .validationSupport: [.validationSupport, .propertySupport]
            case .modelSupport: [.modelSupport]
            case .composite: [.composite]
            case .migrationPlan: [.migrationPlan]
            case .previewData: [.previewData]
            case .modelTests: [.modelTests]
            case .migrationPlanTests: [.migrationPlanTests]
            }
        }

        func specs(_ prepared: PreparedGeneration) -> [FileSpec] {
            let plan = prepared.plan
            func spec(_ path: String, _ context: @escaping @Sendable () -> any TemplateObject) -> FileSpec {
                FileSpec(relativePath: path, kind: kind, rule: self, context: context)
            }
            switch self {
            case .entityMachine, .entityHuman:
                let header = plan.header
                return plan.classes.map { classPlan in
                    let path = self == .entityMachine ? "\(classPlan.className)+Generated.swift" : plan.humanFileName(of: classPlan.className)
                    return spec(path) { plan.context(for: classPlan, header: header) }
                }
            case .validationSupport:
                return plan.generatesValidationSupport ? [spec("ManagedValidation+Generated.swift") { plan.supportContext }] : []
            case .modelSupport:
                return plan.writesModelSupport ? [spec(plan.supportTypes.fileName) { plan.modelSupportContext }] : []
            case .composite:
                return plan.composites.map { composite in spec("\(composite.name)+Generated.swift") { plan.context(for: composite) } }
            case .migrationPlan:
                let header = plan.header
                return prepared.migrationPlan.map { file in
                    [spec(file.fileName) { MigrationPlanContext(file: file, header: header, access: plan.accessPrefix, modelFileName: plan.modelFileName) }]
                } ?? []
            case .previewData:
                let header = plan.header
                return prepared.previewData.map { preview in
                    [spec(preview.fileName) { PreviewDataContext(plan: preview, header: header, access: plan.accessPrefix) }]
                } ?? []
            case .modelTests:
                let banner = plan.header.banner
                return prepared.testPlan.map { tests in [spec(tests.fileName) { tests.context(banner: banner) }] } ?? []
            case .migrationPlanTests:
                let banner = plan.header.banner
                return prepared.shippedStoreTests.map { tests in
                    [spec(tests.fileName) { ShippedStoreTestsFileContext(plan: tests, banner: banner) }]
                } ?? []
            }
        }
    }
}

/// Which of the manifest's files a run writes.
package enum FileSelection: Hashable, Sendable {
    /// The files of these kinds, each on its own.
    case kinds(Set<GeneratedFile.Kind>)
    /// The machine and support files combined into one machine file of this name, for build-tool plugins, which
    /// must name their outputs before the tool runs (one file per model is known from the model's path alone).
    /// The parts in manifest order, each but the first after a `// MARK: - <its path>` line: the first part's
    /// banner stays the first line, so the writer still recognises the file as generated; Swift accepts the
    /// repeated `import` lines anywhere at file scope.
    case combined(named: String)

    package static let all = FileSelection.kinds(Set(GeneratedFile.Kind.allCases))

    func keeps(_ kind: GeneratedFile.Kind) -> Bool {
        switch self {
        case .kinds(let kinds): kinds.contains(kind)
        case .combined: kind == .machine || kind == .support
        }
    }

    /// `files` (in manifest order) as this selection writes them.
    package func apply(to files: [GeneratedFile]) -> [GeneratedFile] {
        let kept = files.filter { keeps($0.kind) }
        guard case .combined(let name) = self else { return kept }
        var utf8: [UInt8] = []
        for (index, part) in kept.enumerated() {
            if index > 0 { utf8 += "\n// MARK: - \(part.relativePath)\n\n".utf8 }
            utf8 += part.utf8
        }
        return [GeneratedFile(relativePath: name, utf8: utf8, kind: .machine)]
    }
}

/// Where the write stage puts the files: ``OutputWriter/Session`` writes them to disk, ``GeneratedFiles`` keeps them.
package protocol OutputSink {
    func add(_ file: GeneratedFile)
}

extension OutputWriter.Session: OutputSink {}

/// The files of a run, in memory, in manifest order (by kind, then path).
package final class GeneratedFiles: OutputSink {
    package private(set) var files: [GeneratedFile] = []

    package init() {}

    package func add(_ file: GeneratedFile) { files.append(file) }
}
