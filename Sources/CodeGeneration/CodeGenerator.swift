import Dispatch
import Foundation
import ManagedModel

/// Schema -> Swift files: plans the declarations, then renders them with the templates.
public enum CodeGenerator {
    /// The first characters of every machine file; files starting with them are ours to replace or delete.
    public static let bannerPrefix = GenerationPlan.bannerPrefix

    /// Generates the files for `schema`.
    ///
    /// - Throws: ``DiagnosticsError`` carrying every diagnostic when any of them is an error
    ///   (unknown configuration, unreadable or invalid templates).
    public static func generate(schema: Schema, configuration: GeneratorConfiguration) throws -> GenerationResult {
        let (plan, planDiagnostics) = makePlan(schema: schema, configuration: configuration)
        var diagnostics = planDiagnostics
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        var testPlan: TestPlan?
        if configuration.generatesTests {
            let tests = makeTestPlan(schema: schema, plan: plan, configuration: configuration)
            testPlan = tests.0
            diagnostics.append(contentsOf: tests.1)
        }
        let templates: TemplateSet
        do {
            templates = try TemplateSet(overrideDirectory: configuration.templatesDirectory)
        } catch let error as DiagnosticsError {
            var all = diagnostics
            all.append(contentsOf: error.diagnostics)
            throw DiagnosticsError(all)
        }
        var files: [GeneratedFile]
        do {
            files = try render(plan, with: templates)
            if let testPlan {
                files.append(
                    GeneratedFile(
                        relativePath: testPlan.fileName,
                        contents: try templates.render(testPlan.context(banner: plan.header.banner), with: .modelTests),
                        kind: .tests))
            }
        } catch let error as DiagnosticsError {
            var all = diagnostics
            all.append(contentsOf: error.diagnostics)
            throw DiagnosticsError(all)
        }
        return GenerationResult(files: files, diagnostics: diagnostics, plan: plan, testPlan: testPlan)
    }

    /// The tests stage alone: the generated XCTest file's plan (nil when no class is generated) and
    /// its warnings (constraints without a test, entities no valid object of which can be built).
    public static func makeTestPlan(
        schema: Schema, plan: GenerationPlan, configuration: GeneratorConfiguration
    ) -> (TestPlan?, Diagnostics) {
        var planner = TestPlanner(schema: schema, plan: plan, configuration: configuration)
        let testPlan = planner.makePlan()
        return (testPlan, planner.diagnostics)
    }

    /// The planning stage alone: what would be generated, and why entities are skipped.
    public static func makePlan(schema: Schema, configuration: GeneratorConfiguration) -> (GenerationPlan, Diagnostics) {
        var planner = GenerationPlanner(schema: schema, configuration: configuration)
        let plan = planner.plan()
        return (plan, planner.diagnostics)
    }

    static func render(_ plan: GenerationPlan, with templates: TemplateSet) throws -> [GeneratedFile] {
        let classes = plan.classes
        let rendered = ParallelResults<Result<[GeneratedFile], any Error>>(count: classes.count)
        // Each entity renders independently; templates are parsed once and shared.
        DispatchQueue.concurrentPerform(iterations: classes.count) { index in
            let context = plan.context(for: classes[index])
            let name = classes[index].className
            rendered[index] = Result {
                [
                    GeneratedFile(
                        relativePath: "\(name)+Generated.swift", contents: try templates.render(context, with: .entityMachine),
                        kind: .machine),
                    GeneratedFile(
                        relativePath: "\(name).swift", contents: try templates.render(context, with: .entityHuman), kind: .human),
                ]
            }
        }
        var files = try rendered.values.flatMap { try $0?.get() ?? [] }
        files.append(
            GeneratedFile(
                relativePath: "ManagedValidation+Generated.swift",
                contents: try templates.render(plan.supportContext, with: .validationSupport), kind: .support))
        files += try plan.composites.map {
            GeneratedFile(
                relativePath: "\($0.name)+Generated.swift", contents: try templates.render(plan.context(for: $0), with: .composite),
                kind: .support)
        }
        let kindOrder = Dictionary(uniqueKeysWithValues: GeneratedFile.Kind.allCases.enumerated().map { ($1, $0) })
        return files.sorted { (kindOrder[$0.kind]!, $0.relativePath) < (kindOrder[$1.kind]!, $1.relativePath) }
    }
}

/// Slots filled concurrently, one per index.
private final class ParallelResults<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    var values: [Value?] { lock.withLock { storage } }
}
