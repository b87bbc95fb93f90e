import CodeGeneration
import Foundation
import ManagedModel

/// The compiler settings a generated module must be clean under.
enum LanguageMode: String, CaseIterable, Sendable, CustomStringConvertible {
    case swift5 = "Swift 5"
    case swift6 = "Swift 6"
    case swift6MainActor = "Swift 6, MainActor default isolation"

    var swiftVersion: Int { self == .swift5 ? 5 : 6 }
    var defaultIsolationMainActor: Bool { self == .swift6MainActor }
    var description: String { rawValue }
}

/// One model version's generated files on disk, laid out for the compiler: the machine, support and human
/// files form the module; generated tests (kind `.tests`, if any) are checked against it.
struct GeneratedSources {
    static let moduleName = "GeneratedModel"

    let label: String
    let root: URL
    let moduleFiles: [URL]
    let testFiles: [URL]
    let dependencies: [TypeCheckHarness.DependencyModule]
    /// The generator's own diagnostics (warnings about skipped entities and properties).
    let generatorDiagnostics: Diagnostics
    /// Whether stand-ins for classes the app, Xcode or another framework supplies were added.
    let usesStandIns: Bool

    /// Generates `schema` into a fresh temporary folder; the caller removes it with ``remove()``.
    ///
    /// - Throws: ``DiagnosticsError`` when the generator rejects the model.
    init(schema: Schema, label: String, accessLevel: GeneratorConfiguration.AccessLevel = .public,
         generateXcodeCodegenEntities: Bool = false) throws {
        let companions = CompanionTypes(schema: schema)
        let configuration = GeneratorConfiguration(
            accessLevel: accessLevel, moduleName: Self.moduleName, additionalImports: companions.importedModules,
            generateXcodeCodegenEntities: generateXcodeCodegenEntities)
        let result = try CodeGenerator.generate(schema: schema, configuration: configuration)

        self.label = label
        generatorDiagnostics = result.diagnostics
        root = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-generated-\(UUID().uuidString)")
        let fileManager = FileManager.default
        var moduleFiles: [URL] = []
        var testFiles: [URL] = []
        for file in result.files {
            let directory = root.appendingPathComponent(file.kind == .tests ? "Tests" : "Module")
            let url = directory.appendingPathComponent(file.relativePath)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
            if file.kind == .tests { testFiles.append(url) } else { moduleFiles.append(url) }
        }
        let xcodeClasses = result.plan.skippedEntities.filter { $0.reason == .xcodeGeneratesClass }
            .compactMap { schema.entity(named: $0.entityName) }
        if let companionSource = companions.sameModuleSource(
            xcodeGeneratedClasses: xcodeClasses, in: schema, access: accessLevel == .public ? "public " : "") {
            let url = root.appendingPathComponent("Module/TypeCheckCompanions.swift")
            try Data(companionSource.utf8).write(to: url)
            moduleFiles.append(url)
        }
        var dependencies: [TypeCheckHarness.DependencyModule] = []
        for (module, source) in companions.otherModuleSources {
            let url = root.appendingPathComponent("Dependencies/\(module).swift")
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(source.utf8).write(to: url)
            dependencies.append(.init(name: module, files: [url]))
        }
        usesStandIns = !dependencies.isEmpty || moduleFiles.contains { $0.lastPathComponent == "TypeCheckCompanions.swift" }
        self.moduleFiles = moduleFiles
        self.testFiles = testFiles
        self.dependencies = dependencies
    }

    func typecheck(_ mode: LanguageMode) throws -> TypeCheckResult {
        try TypeCheckHarness.shared().typecheck(
            moduleName: Self.moduleName, moduleFiles: moduleFiles, testFiles: testFiles, swiftVersion: mode.swiftVersion,
            defaultIsolationMainActor: mode.defaultIsolationMainActor, dependencies: dependencies)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// Declarations for the classes a model names that neither the stub SDK nor Apple's Foundation and Core Data
/// provide: the `customClassName` of Transformable attributes (`UIColor`, `Core.FileUploadTarget`, an app's
/// own `CustomPolyline`). In a real project the app's module or UIKit/AppKit supplies them; here each becomes
/// `@objc(Name) public class Name: NSObject {}`, which is all the generated code relies on (a class, so
/// `@NSManaged` can store it).
///
/// The rule, so that a gap in the stub is never papered over:
/// - Names starting with `NS` are taken to be Foundation's and get **no** companion: the stub must declare
///   them (from Apple's documentation), or the check fails with "cannot find type".
/// - Swift-only spellings (`[String]`, `Set<Int>`) and names qualified by `Swift`, `Foundation` or `CoreData`
///   get none either.
/// - Any other bare name gets a companion in the generated module.
/// - A name qualified by another module (`UIKit.UIColor`, `Core.X`) gets a companion module of that name,
///   built first, and the generator is configured to import it, as such a project would be.
struct CompanionTypes {
    static let sdkModules: Set<String> = ["Swift", "Foundation", "CoreData", "ObjectiveC"]

    private(set) var sameModule: Set<String> = []
    private(set) var otherModules: [String: Set<String>] = [:]

    init(schema: Schema) {
        for entity in schema.entities {
            for attribute in entity.attributes where attribute.type == .transformable {
                guard let name = SwiftTypeTable.transformableClassName(attribute.customClassName),
                    !SwiftTypeTable.isSwiftOnlyTypeName(name)
                else { continue }
                let parts = name.split(separator: ".").map(String.init)
                guard parts.allSatisfy(SwiftNames.isIdentifier) else { continue }
                if parts.count == 1 {
                    if !name.hasPrefix("NS") { sameModule.insert(name) }
                } else if parts.count == 2, !Self.sdkModules.contains(parts[0]) {
                    otherModules[parts[0], default: []].insert(parts[1])
                }
            }
        }
    }

    var importedModules: [String] { otherModules.keys.sorted() }

    /// The companions of the generated module, plus the classes of entities whose Codegen setting leaves
    /// them to Xcode (Class Definition, Category/Extension): in the project Xcode or the developer declares
    /// them in the same module, as sub-classes of the nearest ancestor entity's class.
    /// The explicit `nonisolated` initializer keeps an implicit one out of MainActor default isolation.
    func sameModuleSource(xcodeGeneratedClasses: [Entity], in schema: Schema, access: String) -> String? {
        var declarations = sameModule.sorted().map { "@objc(\($0)) public class \($0): NSObject {}" }
        for entity in xcodeGeneratedClasses {
            guard let name = entity.className else { continue }
            let superclass = schema.ancestors(of: entity).last { $0.className != nil && $0.className != "NSManagedObject" }?
                .className ?? "NSManagedObject"
            declarations.append("""
                @objc(\(name)) \(access)class \(name): \(superclass) {
                    nonisolated override init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
                        super.init(entity: entity, insertInto: context)
                    }
                }
                """)
        }
        return declarations.isEmpty ? nil : Self.source(declarations)
    }

    var otherModuleSources: [(module: String, source: String)] {
        otherModules.keys.sorted().map { module in
            (module, Self.source(otherModules[module]!.sorted().map { "@objc(\($0)) public class \($0): NSObject {}" }))
        }
    }

    private static func source(_ declarations: [String]) -> String {
        "// Stand-ins for classes the app, Xcode or another Apple framework supplies.\nimport CoreData\nimport Foundation\n\n"
            + declarations.joined(separator: "\n") + "\n"
    }
}

/// Limits concurrent compiler processes to the number of cores, across all tests of this process.
enum CompilerSlots {
    private static let semaphore = DispatchSemaphore(value: max(1, ProcessInfo.processInfo.activeProcessorCount))

    static func withSlot<T>(_ body: () throws -> T) rethrows -> T {
        semaphore.wait()
        defer { semaphore.signal() }
        return try body()
    }
}

/// Runs `body` for every element on all cores and returns the results in order.
func concurrentMap<Element: Sendable, Result>(_ elements: [Element], _ body: @Sendable (Element) -> Result) -> [Result] {
    let slots = ResultSlots<Result>(count: elements.count)
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
        slots.set(index, body(elements[index]))
    }
    return slots.values
}

private final class ResultSlots<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Value) { lock.withLock { storage[index] = value } }
    var values: [Value] { lock.withLock { storage.map { $0! } } }
}
