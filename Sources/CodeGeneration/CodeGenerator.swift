import Dispatch
import Foundation
import ManagedModel

/// Schema -> Swift files: plans the declarations, then renders them with the templates.
public enum CodeGenerator {
    /// The first characters of every machine file; files starting with them are ours to replace or delete.
    public static let bannerPrefix = GenerationPlan.bannerPrefix

    /// Generates the files for `schema`, in memory: sorted by kind, then path.
    ///
    /// - Throws: ``DiagnosticsError`` carrying every diagnostic when any of them is an error
    ///   (unknown configuration, unreadable or invalid templates).
    /// - Parameter hooks: the validation hooks the user wrote (``ValidationHookScan``); a property gets the
    ///   bridge Core Data calls only when its hook is among them.
    public static func generate(
        schema: Schema, configuration: GeneratorConfiguration, hooks: ValidationHookScan = .none
    ) throws -> GenerationResult {
        let prepared = try prepare(schema: schema, configuration: configuration, hooks: hooks)
        let files: [GeneratedFile]
        do {
            files = try prepared.renderAll()
        } catch let error as DiagnosticsError {
            var all = prepared.diagnostics
            all.append(contentsOf: error.diagnostics)
            throw DiagnosticsError(all)
        }
        return GenerationResult(files: files, diagnostics: prepared.diagnostics, plan: prepared.plan, testPlan: prepared.testPlan)
    }

    /// Plans everything and parses the templates; rendering is left to ``PreparedGeneration/render(into:)``,
    /// so that a caller can write each file as soon as it exists.
    ///
    /// - Throws: ``DiagnosticsError`` carrying every diagnostic when any of them is an error.
    public static func prepare(
        schema: Schema, configuration: GeneratorConfiguration, hooks: ValidationHookScan = .none
    ) throws -> PreparedGeneration {
        let (plan, planDiagnostics) = makePlan(schema: schema, configuration: configuration, hooks: hooks)
        var diagnostics = planDiagnostics
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        var testPlan: TestPlan?
        if configuration.generatesTests {
            let tests = makeTestPlan(schema: schema, plan: plan, configuration: configuration)
            testPlan = tests.0
            diagnostics.append(contentsOf: tests.1)
        }
        do {
            let templates = try TemplateSet(overrideDirectory: configuration.templatesDirectory)
            return PreparedGeneration(plan: plan, testPlan: testPlan, diagnostics: diagnostics, templates: templates)
        } catch let error as DiagnosticsError {
            var all = diagnostics
            all.append(contentsOf: error.diagnostics)
            throw DiagnosticsError(all)
        }
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
    public static func makePlan(
        schema: Schema, configuration: GeneratorConfiguration, hooks: ValidationHookScan = .none
    ) -> (GenerationPlan, Diagnostics) {
        var planner = GenerationPlanner(schema: schema, configuration: configuration, hooks: hooks)
        let plan = planner.plan()
        return (plan, planner.diagnostics.coalescingModelWideCauses())
    }

}

/// A run's plans and parsed templates, ready to render.
public struct PreparedGeneration: Sendable {
    public var plan: GenerationPlan
    public var testPlan: TestPlan?
    /// Warnings and notes of planning (errors were thrown).
    public var diagnostics: Diagnostics
    let templates: TemplateSet

    /// The first line of this model's generated files (the shared support file has its own).
    public var banner: String { plan.header.banner }

    /// Renders every file into memory, sorted by kind, then path.
    public func renderAll() throws -> [GeneratedFile] {
        let collected = Collected()
        try render { file in collected.append(file) }
        return collected.files.sortedByKindAndPath()
    }

    /// The machine and support files ``render(into:)`` emits, without their contents, sorted by kind, then path
    /// (as ``renderAll()`` returns them): the parts of a `--single-file` combined file, in its order,
    /// known before any is rendered so that each can be appended as soon as the ones before it are.
    public var machineAndSupportParts: [CombinedPart] {
        var files = plan.classes.map { GeneratedFile(relativePath: Self.machineFileName(of: $0.className), utf8: [], kind: .machine) }
        if plan.generatesValidationSupport {
            files.append(GeneratedFile(relativePath: Self.validationSupportFileName, utf8: [], kind: .support))
        }
        if plan.writesModelSupport {
            files.append(GeneratedFile(relativePath: plan.supportTypes.fileName, utf8: [], kind: .support))
        }
        files += plan.composites.map { GeneratedFile(relativePath: Self.machineFileName(of: $0.name), utf8: [], kind: .support) }
        return files.sortedByKindAndPath().map(CombinedPart.init(of:))
    }

    private static func machineFileName(of typeName: String) -> String { "\(typeName)+Generated.swift" }
    private static let validationSupportFileName = "ManagedValidation+Generated.swift"

    /// Renders every file and hands each to `emit` as soon as it is rendered, from several threads at once
    /// (entities render in parallel), in no defined order.
    /// - Throws: ``DiagnosticsError`` when a template cannot be rendered (partials that include each other
    ///   without end); some files may have been emitted by then.
    public func render(into emit: @Sendable (GeneratedFile) -> Void) throws {
        // Each entity renders independently (templates are parsed once and shared) and is handed on at once.
        let header = plan.header
        let failures = plan.classes.concurrentMap { classPlan -> (any Error)? in
            let context = plan.context(for: classPlan, header: header)
            let name = classPlan.className
            do {
                emit(
                    GeneratedFile(
                        relativePath: Self.machineFileName(of: name), utf8: try templates.render(context, with: .entityMachine),
                        kind: .machine))
                emit(GeneratedFile(relativePath: plan.humanFileName(of: name), utf8: try templates.render(context, with: .entityHuman), kind: .human))
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        if plan.generatesValidationSupport {
            emit(
                GeneratedFile(
                    relativePath: Self.validationSupportFileName,
                    utf8: try templates.render(plan.supportContext, with: .validationSupport) + [UInt8(ascii: "\n")]
                        + templates.render(plan.supportContext, with: .propertySupport), kind: .support))
        }
        if plan.writesModelSupport {
            emit(
                GeneratedFile(
                    relativePath: plan.supportTypes.fileName,
                    utf8: try templates.render(plan.modelSupportContext, with: .modelSupport), kind: .support))
        }
        for composite in plan.composites {
            emit(
                GeneratedFile(
                    relativePath: Self.machineFileName(of: composite.name),
                    utf8: try templates.render(plan.context(for: composite), with: .composite), kind: .support))
        }
        if let testPlan {
            emit(
                GeneratedFile(
                    relativePath: testPlan.fileName,
                    utf8: try templates.render(testPlan.context(banner: header.banner), with: .modelTests), kind: .tests))
        }
    }
}

/// Files gathered from parallel renders.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var storedFiles: [GeneratedFile] = []

    func append(_ file: GeneratedFile) { lock.withLock { storedFiles.append(file) } }
    var files: [GeneratedFile] { lock.withLock { storedFiles } }
}
