import CodeGeneration
import Foundation
import ManagedModel
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

    /// Core Data accepts the names (they are not no-parameter methods), so the schema checks do not refuse them.
    @Test func coreDataAcceptsTheNames() {
        #expect(SwiftNames.forbiddenPropertyNames.isDisjoint(with: SwiftNames.propertyNamesImportedUnderGetterNames))
        #expect(SwiftNames.propertyNamesImportedUnderGetterNames.isSubset(of: SwiftNames.reservedMemberNames))
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
