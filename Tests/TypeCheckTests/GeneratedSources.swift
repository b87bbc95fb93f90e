import CodeGeneration
import CoreDataMapping
import Foundation
import ManagedModel

/// The compiler settings a generated module must be clean under.
enum LanguageMode: String, CaseIterable, Sendable, CustomStringConvertible {
    case swift5 = "Swift 5"
    case swift6 = "Swift 6"
    /// The module, then its tests twice: with the default isolation and with MainActor default isolation too.
    case swift6MainActor = "Swift 6, MainActor default isolation (module; tests with and without)"

    var swiftVersion: Int { self == .swift5 ? 5 : 6 }
    var defaultIsolationMainActor: Bool { self == .swift6MainActor }
    var description: String { rawValue }
}

/// How the type-check tests run the generator.
struct GenerationOptions: Sendable {
    var moduleName = "GeneratedModel"
    var accessLevel: GeneratorOptions.AccessLevel = .public
    /// Also generate entities whose Codegen setting leaves them to Xcode (as the CLI's flag does).
    var generateXcodeCodegenEntities = false
    var generatesTests = true
    var testsModelBundle: GeneratorOptions.TestsModelBundle = .class
    /// The app's own declarations of types the model names (hand-written, as in a real app target), compiled
    /// into the module; the types it declares get no stand-in.
    var appSource: String?
    var inheritedInitializers: GeneratorOptions.InheritedInitializers = .unavailable
    /// The locked versions: the run also writes the migration plan and, with tests, the shipped-store tests.
    var migration: MigrationPlanInput?
    /// Also write `<Model>PreviewData.swift` (`--preview-data`); with tests, its tests too.
    var generatesPreviewData = false

    func generatorOptions(importing modules: [String]) -> GeneratorOptions {
        GeneratorOptions(
            accessLevel: accessLevel, moduleName: moduleName, additionalImports: modules,
            generateXcodeCodegenEntities: generateXcodeCodegenEntities, generatesTests: generatesTests,
            testsModelBundle: testsModelBundle, inheritedInitializers: inheritedInitializers,
            generatesPreviewData: generatesPreviewData)
    }
}

/// One model version through the generator (in memory), with the stand-ins for the types it names.
struct GeneratedModel: Sendable {
    let label: String
    let schema: Schema
    let result: GenerationResult
    let companions: CompanionTypes
    /// The app's own files with validation hooks (`Fixtures/Hooks/<Model>/<Class>.swift`), by file name: each takes
    /// the place of the human file of that name, as a human file the user edited would.
    let appFiles: [String: String]

    /// - Throws: ``DiagnosticsError`` when the generator rejects the model.
    init(schema: Schema, label: String, options: GenerationOptions) throws {
        var companions = CompanionTypes(schema: schema, providedNames: CompanionTypes.declaredNames(in: options.appSource ?? ""))
        let hookFolder = TestSupport.packageRoot.appendingPathComponent("Fixtures/Hooks/\(schema.modelName)")
        let appFiles = ((try? FileManager.default.contentsOfDirectory(atPath: hookFolder.path)) ?? []).filter { $0.hasSuffix(".swift") }
        var sources: [String: String] = [:]
        for name in appFiles { sources[name] = try String(contentsOf: hookFolder.appendingPathComponent(name), encoding: .utf8) }
        let hooks = ValidationHookScan.scanning(sources.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) })
        let result = try CodeGenerator.generate(
            schema: schema, options: options.generatorOptions(importing: companions.importedModules), hooks: hooks,
            migration: options.migration)
        self.appFiles = sources
        companions.addXcodeGeneratedClasses(of: result.plan, in: schema)
        self.label = label
        self.schema = schema
        self.result = result
        self.companions = companions
    }

    /// The support files' code without comments (the banner names the model), by path: models sharing a
    /// module must generate the same.
    var supportCode: [String: [Substring]] {
        Dictionary(
            result.files.filter { $0.kind == .support }.map { ($0.relativePath, GeneratedSources.code(of: $0.contents)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The top-level names the generated module and tests declare for this model (stand-ins aside): models
    /// sharing none can be type-checked as one module.
    var declaredNames: Set<String> {
        var names = Set(result.plan.classes.map(\.className))
        names.formUnion(result.plan.composites.map(\.name))
        if let tests = result.testPlan {
            names.insert(tests.storeTypeName)
            names.formUnion(tests.suites.map(\.suiteName))
        }
        if let preview = result.previewData {
            names.formUnion([preview.typeName, preview.protocolName, "\(preview.typeName)Tests"])
        }
        return names
    }
}

/// Generated files of one or more model versions laid out for the compiler in a temporary folder: the machine,
/// support and human files (plus stand-ins and the app's own source) form the module; the generated tests
/// (kind `.tests`) are checked against it as a second module. Several models share one module only when
/// their names are disjoint (``GeneratedModel/declaredNames``): one compiler run instead of many.
struct GeneratedSources {
    struct NameClash: Error, CustomStringConvertible {
        var file: String
        var description: String { "\(file) is generated differently by two models of one module" }
    }

    let label: String
    let moduleName: String
    let root: URL
    var moduleDirectory: URL { root.appendingPathComponent("Module") }
    var testsDirectory: URL { root.appendingPathComponent("Tests") }
    let moduleFiles: [URL]
    let testFiles: [URL]
    let dependencies: [TypeCheckHarness.DependencyModule]
    /// The generator's own diagnostics (warnings about skipped entities, properties and tests).
    let generatorDiagnostics: Diagnostics
    /// Whether stand-ins for types the app, Xcode or another framework supplies were added.
    let usesStandIns: Bool

    /// Generates `schema` into a fresh temporary folder; the caller removes it with ``remove()``.
    ///
    /// - Throws: ``DiagnosticsError`` when the generator rejects the model.
    init(schema: Schema, label: String, options: GenerationOptions = .init()) throws {
        try self.init(models: [GeneratedModel(schema: schema, label: label, options: options)], label: label, options: options)
    }

    init(models: [GeneratedModel], label: String, options: GenerationOptions) throws {
        self.label = label
        moduleName = options.moduleName
        root = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-generated-\(UUID().uuidString)")
        let fileManager = FileManager.default
        var moduleFiles: [URL] = []
        var testFiles: [URL] = []
        var diagnostics = Diagnostics()
        var companions = CompanionTypes()
        for directory in [root.appendingPathComponent("Module"), root.appendingPathComponent("Tests")] {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        for model in models {
            diagnostics.append(contentsOf: model.result.diagnostics)
            companions.merge(model.companions)
            for file in model.result.files {
                let url = root.appendingPathComponent(file.kind == .tests ? "Tests" : "Module").appendingPathComponent(file.relativePath)
                if let existing = try? String(contentsOf: url, encoding: .utf8) {
                    // The support file is the same for every model apart from its banner.
                    guard Self.code(of: existing) == Self.code(of: file.contents) else { throw NameClash(file: file.relativePath) }
                    continue
                }
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                let contents = file.kind == .human ? model.appFiles[file.relativePath] ?? file.contents : file.contents
                try Data(contents.utf8).write(to: url)
                if file.kind == .tests { testFiles.append(url) } else { moduleFiles.append(url) }
            }
        }
        var extraSources: [(String, String)] = []
        if let source = companions.sameModuleSource(access: options.accessLevel == .public ? "public " : "") {
            extraSources.append(("TypeCheckCompanions.swift", source))
        }
        if let appSource = options.appSource { extraSources.append(("AppTypes.swift", appSource)) }
        if options.testsModelBundle == .module {
            // SwiftPM generates this accessor for a target with resources.
            extraSources.append(("Bundle+module.swift", "import Foundation\n\nextension Bundle {\n    nonisolated static var module: Bundle { Bundle.main }\n}\n"))
        }
        for (name, source) in extraSources {
            let url = root.appendingPathComponent("Module").appendingPathComponent(name)
            try Data(source.utf8).write(to: url)
            moduleFiles.append(url)
        }
        var dependencies: [TypeCheckHarness.DependencyModule] = []
        for (module, source) in companions.otherModuleSources {
            let url = root.appendingPathComponent("Dependencies/\(module).swift")
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(source.utf8).write(to: url)
            dependencies.append(.init(name: module, files: [url]))
        }
        usesStandIns = !companions.isEmpty
        generatorDiagnostics = diagnostics
        self.moduleFiles = moduleFiles
        self.testFiles = testFiles
        self.dependencies = dependencies
    }

    static func code(of source: String) -> [Substring] {
        source.split(separator: "\n").filter { !$0.hasPrefix("//") }
    }

    func typecheck(_ mode: LanguageMode) throws -> TypeCheckResult {
        try TypeCheckHarness.shared().typecheck(
            moduleName: moduleName, moduleFiles: moduleFiles, testFiles: testFiles, swiftVersion: mode.swiftVersion,
            defaultIsolationMainActor: mode.defaultIsolationMainActor, testsAlsoOnMainActor: mode.defaultIsolationMainActor,
            dependencies: dependencies)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// Stand-ins for the types a model names that neither the generator, the stub SDK nor Apple's Foundation and
/// Core Data provide. In a real project the app's module, Xcode or UIKit/AppKit supplies them; here each gets
/// the smallest declaration the generated code relies on. Everything is derived from the model (its
/// Transformable classes, its userInfo typing via ``TypedOverride``, its Codegen settings), so a gap in the
/// stub SDK or a generator bug is never papered over:
///
/// - Transformable `customClassName`: a bare name starting with `NS` is taken to be Foundation's and gets
///   **no** stand-in (the stub must declare it, from Apple's documentation, or the check fails with "cannot find
///   type"); Swift-only spellings (`[String]`, `Set<Int>`) and names qualified by `Swift`, `Foundation` or
///   `CoreData` get none either; any other bare name gets `@objc(Name) public class Name: NSObject {}`.
/// - userInfo enum (``TypedOverride/rawRepresentable(typeName:rawType:unknownCase:)``): a `RawRepresentable`
///   enum with the attribute's raw type (`Int16`, …, `String`), declaring the fallback case and every case a
///   userInfo sample value names (`.active`); a name ending in `OptionSet` or `Options` gets an `OptionSet`
///   struct instead (whose `init(rawValue:)` cannot fail), so both shapes an app uses are covered.
/// - userInfo Codable type: `public struct Name: Codable, Hashable, Sendable {}`.
/// - Entities whose Codegen leaves the class to Xcode (when not generated): a subclass of the nearest ancestor's class.
/// - `Module.Name` (for any of the above) is declared in a companion module of that name, built first, which the
///   generator is configured to import, as such a project would.
///
/// Declarations are `nonisolated`, so that under MainActor default isolation their members and conformances
/// stay usable from the generated (nonisolated) accessors.
struct CompanionTypes: Sendable {
    static let sdkModules: Set<String> = ["Swift", "Foundation", "CoreData", "ObjectiveC"]

    enum Kind: Hashable, Sendable {
        case objcClass
        case enumeration(rawType: String, cases: Set<String>)
        case optionSet(rawType: String, members: Set<String>)
        case codable
        /// An entity's class that Xcode generates, with its superclass.
        case xcodeClass(superclass: String)
    }

    /// Module ("" for the generated module itself) -> type name -> what to declare.
    private(set) var declarations: [String: [String: Kind]] = [:]
    private let providedNames: Set<String>

    init() { providedNames = [] }

    /// The stand-ins for `schema`'s Transformable classes and userInfo types, except those in `providedNames`.
    init(schema: Schema, providedNames: Set<String> = []) {
        self.providedNames = providedNames
        for attribute in schema.entities.flatMap(\.attributes) + schema.composites.flatMap(\.attributes) {
            switch attribute.annotations.override {
            case let .rawRepresentable(typeName, rawType, unknownCase)?:
                var cases = Set(Self.sampleCases(of: attribute))
                if let unknownCase { cases.insert(unknownCase) }
                let raw = rawType == .string ? "String" : Self.integerRawType(of: attribute.type)
                let last = typeName.split(separator: ".").last ?? ""
                add(typeName, rawType == .integer && (last.hasSuffix("OptionSet") || last.hasSuffix("Options"))
                    ? .optionSet(rawType: raw, members: cases) : .enumeration(rawType: raw, cases: cases))
            case let .codable(typeName)?:
                add(typeName, .codable)
            case nil:
                guard attribute.type == .transformable, let name = SwiftTypeTable.transformableClassName(attribute.customClassName),
                    !SwiftTypeTable.isSwiftOnlyTypeName(name), !(name.hasPrefix("NS") && !name.contains("."))
                else { continue }
                add(name, .objcClass)
            }
        }
    }

    /// The classes of entities whose Codegen setting (Class Definition, Category/Extension) leaves them to Xcode:
    /// in the project Xcode or the developer declares them in the same module, as sub-classes of the nearest
    /// ancestor entity's class.
    mutating func addXcodeGeneratedClasses(of plan: GenerationPlan, in schema: Schema) {
        for skipped in plan.skippedEntities where skipped.reason == .xcodeGeneratesClass {
            guard let entity = schema.entity(named: skipped.entityName), let name = entity.className,
                SwiftNames.isIdentifier(name), !providedNames.contains(name)
            else { continue }
            let superclass = schema.ancestors(of: entity).last { $0.className != nil && $0.className != "NSManagedObject" }?
                .className ?? "NSManagedObject"
            declarations["", default: [:]][name] = .xcodeClass(superclass: superclass)
        }
    }

    private mutating func add(_ qualifiedName: String, _ kind: Kind) {
        let parts = qualifiedName.split(separator: ".").map(String.init)
        guard parts.allSatisfy(SwiftNames.isIdentifier), let name = parts.last, !providedNames.contains(name) else { return }
        let module: String
        switch parts.count {
        case 1: module = ""
        case 2 where !Self.sdkModules.contains(parts[0]): module = parts[0]
        default: return
        }
        declarations[module, default: [:]][name] = Self.combine(declarations[module]?[name], kind)
    }

    /// Two attributes naming the same enum contribute their cases to one declaration.
    private static func combine(_ existing: Kind?, _ new: Kind) -> Kind {
        switch (existing, new) {
        case let (.enumeration(raw, old)?, .enumeration(newRaw, cases)) where raw == newRaw:
            return .enumeration(rawType: raw, cases: old.union(cases))
        case let (.optionSet(raw, old)?, .optionSet(newRaw, members)) where raw == newRaw:
            return .optionSet(rawType: raw, members: old.union(members))
        default:
            return existing ?? new
        }
    }

    /// Adds `other`'s stand-ins (another model of the same module).
    mutating func merge(_ other: CompanionTypes) {
        for (module, types) in other.declarations {
            for (name, kind) in types {
                declarations[module, default: [:]][name] = Self.combine(declarations[module]?[name], kind)
            }
        }
    }

    /// Whether `other` declares a type `self` declares differently (then the two cannot share a module).
    func conflicts(with other: CompanionTypes) -> Bool {
        other.declarations.contains { module, types in
            types.contains { name, kind in
                guard let mine = declarations[module]?[name] else { return false }
                switch (mine, kind) {
                case let (.enumeration(a, _), .enumeration(b, _)), let (.optionSet(a, _), .optionSet(b, _)): return a != b
                default: return mine != kind
                }
            }
        }
    }

    /// Every name a stand-in takes: its type's, or its module's.
    var names: Set<String> {
        Set(declarations.flatMap { module, types in module.isEmpty ? Array(types.keys) : [module] })
    }

    var isEmpty: Bool { declarations.values.allSatisfy(\.isEmpty) }

    var importedModules: [String] { declarations.keys.filter { !$0.isEmpty }.sorted() }

    /// The generated module's stand-ins; `access` is the generated classes' (`public ` or empty), which Xcode's
    /// classes must match because the generated subclasses inherit from them.
    func sameModuleSource(access: String) -> String? {
        guard let types = declarations[""], !types.isEmpty else { return nil }
        return Self.source(types, access: access)
    }

    var otherModuleSources: [(module: String, source: String)] {
        importedModules.compactMap { module in declarations[module].map { (module, Self.source($0, access: "public ")) } }
    }

    private static func source(_ types: [String: Kind], access: String) -> String {
        let declarations = types.keys.sorted().map { name in declaration(of: name, types[name]!, access: access) }
        return "// Stand-ins for types the app, Xcode or another Apple framework supplies.\nimport CoreData\nimport Foundation\n\n"
            + declarations.joined(separator: "\n") + "\n"
    }

    private static func declaration(of name: String, _ kind: Kind, access: String) -> String {
        switch kind {
        case .objcClass:
            return "@objc(\(name)) nonisolated public class \(name): NSObject {}"
        case let .enumeration(rawType, cases):
            let names = cases.isEmpty ? ["value"] : cases.sorted()
            return "nonisolated public enum \(name): \(rawType), Sendable {\n    case \(names.map(SwiftNames.escaped).joined(separator: ", "))\n}"
        case let .optionSet(rawType, members):
            let lines = members.sorted().enumerated().map { index, member in
                "    public static let \(SwiftNames.escaped(member)) = \(name)(rawValue: 1 << \(index))"
            }
            return """
                nonisolated public struct \(name): OptionSet, Sendable {
                    public let rawValue: \(rawType)
                    public init(rawValue: \(rawType)) { self.rawValue = rawValue }
                \(lines.joined(separator: "\n"))
                }
                """.replacingOccurrences(of: "\n\n}", with: "\n}")
        case .codable:
            return "nonisolated public struct \(name): Codable, Hashable, Sendable {\n    public init() {}\n}"
        case let .xcodeClass(superclass):
            // The explicit `nonisolated` initializer keeps an implicit one out of MainActor default isolation.
            return """
                @objc(\(name)) \(access)class \(name): \(superclass) {
                    nonisolated override init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
                        super.init(entity: entity, insertInto: context)
                    }
                }
                """
        }
    }

    /// The cases userInfo sample values name (`.active`), which the generated tests use.
    private static func sampleCases(of attribute: Attribute) -> [String] {
        ["managedCodegen.sampleValue", "managedCodegen.modifiedSampleValue"].compactMap { key in
            guard let text = attribute.userInfo[key: key]?.trimmingCharacters(in: .whitespaces), text.hasPrefix(".") else { return nil }
            let name = String(text.dropFirst())
            return SwiftNames.isIdentifier(name) ? name : nil
        }
    }

    private static func integerRawType(of type: AttributeType) -> String {
        switch type {
        case .integer16: return "Int16"
        case .integer32: return "Int32"
        default: return "Int64"
        }
    }

    /// The type names hand-written app source declares (`enum Name`, `struct Name`, `class Name`).
    static func declaredNames(in source: String) -> Set<String> {
        var names: Set<String> = []
        for line in source.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "{" || $0 == "<" })
            for (index, word) in words.enumerated().dropLast()
            where ["enum", "struct", "class", "protocol", "typealias"].contains(word) {
                names.insert(String(words[index + 1]))
            }
        }
        return names
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
