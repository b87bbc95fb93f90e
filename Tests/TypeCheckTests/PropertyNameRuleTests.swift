import CodeGeneration
import Foundation
import ManagedModel
import ModelReader
import Testing

/// `SwiftNames.propertyNamesImportedUnderGetterNames` (`deleted`, `inserted`, `updated`, `fault`): why the
/// generator leaves such properties out, and that its output then compiles (Simplenote's `Note.deleted`).
@Suite struct PropertyNameRuleTests {
    /// The reason for the rule: a Swift sub-class of NSManagedObject cannot declare a member of that name.
    @Test func subclassMembersNamedLikeRenamedObjCPropertiesDoNotCompile() throws {
        let names = SwiftNames.propertyNamesImportedUnderGetterNames.sorted()
        var source = "import CoreData\n"
        for (index, name) in names.enumerated() {
            source += "\n@objc(Probe\(index)) public class Probe\(index): NSManagedObject {\n"
            source += "    @NSManaged public var \(name): NSNumber\n}\n"
        }
        let result = try typecheckModule(files: ["Probes.swift": source])
        for name in names {
            #expect(result.errors.contains { $0.message.contains("'\(name)'") },
                    "declaring '\(name)' in an NSManagedObject sub-class should not compile:\n\(result.summary)")
        }
    }

    /// Core Data accepts the names (they are not no-parameter methods), so the schema checks do not refuse them:
    /// the clash named is the Swift one, with the getter name to use. Names of no-parameter members and
    /// non-identifiers are the other two clashes.
    @Test func coreDataAcceptsTheNames() {
        for name in SwiftNames.propertyNamesImportedUnderGetterNames {
            #expect(SwiftNames.propertyNameClash(name) == .importedUnderGetterName(swiftName: "is" + SwiftNames.capitalizedFirst(name)))
        }
        #expect(SwiftNames.propertyNameClash("objectID") == .rejectedByCoreData)
        #expect(SwiftNames.propertyNameClash("a-b") == .notAnIdentifier)
    }

    /// An entity with such an attribute: the class is generated without it, with a warning naming the clash,
    /// and the output type-checks in every language mode.
    @Test func generatedClassWithoutTheClashingAttributeCompiles() throws {
        let path = "/models/Notes.xcdatamodeld/Notes.xcdatamodel/contents"
        let note = Entity(
            name: "Note", location: SourceLocation(path: path, line: 3), representedClassName: "Note", className: "Note",
            attributes: [
                Attribute(name: "content", location: SourceLocation(path: path, line: 4), type: .string, isOptional: true),
                Attribute(name: "deleted", location: SourceLocation(path: path, line: 5), type: .boolean,
                          usesScalarValueType: false, defaultValue: .bool(false)),
            ])
        let schema = Schema(contentsPath: path, modelName: "Notes", versionName: "Notes", entities: [note])
        let sources = try GeneratedSources(schema: schema, label: "Notes", options: GenerationOptions(generatesTests: false))
        defer { sources.remove() }
        let warnings = sources.generatorDiagnostics.all.map(\.description)
        #expect(warnings.contains { $0.contains("'deleted'") && $0.contains("'isDeleted'") }, "\(warnings)")
        for mode in LanguageMode.allCases {
            let result = try sources.typecheck(mode)
            #expect(result.isClean, "\(mode):\n\(result.summary)")
        }
    }

    /// The RuntimeSafety fixture's `Reading` and `Probe` carry every name of `baseNamesOfMembersTakingArguments`
    /// (`value`, `context`, …): each is declared in its class and `Keys`, passed to the initializer (whose context
    /// parameter is labelled `insertInto:` beside the `context` attribute), set and read by the generated tests;
    /// module and tests type-check in Swift 5, 6 and MainActor mode.
    @Test func namesOfMembersTakingArgumentsAreDeclaredSetAndRead() throws {
        let loaded = try ModelLoader.load(
            TestSupport.fixtureBundle("RuntimeSafety"))
        let options = GenerationOptions(moduleName: "RuntimeSafety")
        let model = try GeneratedModel(schema: loaded.schema, label: "RuntimeSafety", options: options)
        let sources = try GeneratedSources(models: [model], label: "RuntimeSafety", options: options)
        defer { sources.remove() }
        let classes = Dictionary(uniqueKeysWithValues: model.result.plan.classes.map { ($0.entityName, $0) })
        let machine = model.result.files.filter { $0.kind == .machine }.map(\.contents).joined()
        let tests = try #require(model.result.files.first { $0.kind == .tests }?.contents)
        var declared: Set<String> = []
        for entity in ["Reading", "Probe"] {
            let plan = try #require(classes[entity])
            for name in plan.attributes.map(\.key) + plan.relationships.map(\.key) {
                declared.insert(name)
                #expect(plan.keys.contains { $0.key == name }, "Keys.\(name)")
                #expect(plan.initializer?.parameters.contains { $0.key == name } == true, "init parameter \(name)")
            }
        }
        for name in SwiftNames.baseNamesOfMembersTakingArguments {
            #expect(declared.contains(name), "'\(name)' is not declared")
            #expect(machine.contains("public var \(name): "), "'\(name)' is not declared")
            // The round-trip test reads back what it passed.
            #expect(tests.contains("assertEqual(reading.\(name), ") || tests.contains("assertEqual(probe.\(name), ")
                || tests.contains("assertEqual(probe.\(name)."), "'\(name)' is not read back by the generated tests")
        }
        #expect(!declared.contains("deleted"))
        #expect(machine.contains("insertInto managedObjectContext: NSManagedObjectContext,\n        value: Double,\n        context: String,"))
        #expect(machine.contains("/// The context is labelled `insertInto:` because the property `context` takes `context:`."))
        #expect(tests.contains("RuntimeSafety.Reading(\n            insertInto: context,"), "the generated tests pass the context by its label")
        let warnings = sources.generatorDiagnostics.all.map(\.description)
        #expect(warnings.filter { $0.contains("is not generated") }.count == 1, "\(warnings)")
        for mode in LanguageMode.allCases {
            let result = try sources.typecheck(mode)
            #expect(result.isClean, "\(mode):\n\(result.summary)")
        }
    }

    private func typecheckModule(files: [String: String]) throws -> TypeCheckResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var urls: [URL] = []
        for (name, contents) in files {
            let url = directory.appendingPathComponent(name)
            try Data(contents.utf8).write(to: url)
            urls.append(url)
        }
        return try TypeCheckHarness.shared().typecheck(moduleName: "Probes", moduleFiles: urls)
    }
}
