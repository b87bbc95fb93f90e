import Foundation
import ManagedModel
import ModelReader
import Testing

import CodeGeneration
@testable import GenerationPlanning

/// Every property Xcode's codegen would declare is declared: in every version of every fixture and corpus model,
/// each property of a generated class's entity is in the class unless Swift cannot declare it (the four
/// Objective-C getter names, `SwiftNames.propertyNamesImportedUnderGetterNames`, and names that are not
/// identifiers) or the model's userInfo asks to leave it out.
@Suite struct PropertyCoverageTests {
    @Test func fixtureModelsDropNoDeclarableProperty() throws {
        let schemas = try TestSupport.fixtureNames.flatMap {
            try ModelLoader.loadAllVersions(TestSupport.fixtureModels.appendingPathComponent("\($0).xcdatamodeld").path).map(\.schema)
        }
        let counts = expectNothingDropped(schemas)
        // RuntimeSafety's `Reading` and `Probe` carry every name of a member taking arguments.
        for name in SwiftNames.baseNamesOfMembersTakingArguments {
            #expect(counts.declared[name, default: 0] > 0, "'\(name)' is not declared by any fixture")
        }
        #expect(counts.leftOut["deleted"] == 1)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: TestSupport.corpus.path), "needs ../shared/corpus"))
    func corpusModelsDropNoDeclarableProperty() throws {
        var schemas: [Schema] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: TestSupport.corpus.path).sorted() {
            let url = TestSupport.corpus.appendingPathComponent(folder)
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            guard let bundle = contents.first(where: { $0.hasSuffix(".xcdatamodeld") }) ?? contents.first(where: { $0.hasSuffix(".xcdatamodel") })
            else { continue }
            // Models the reader refuses are other tests' subject.
            schemas += (try? ModelLoader.loadAllVersions(url.appendingPathComponent(bundle).path).map(\.schema)) ?? []
        }
        #expect(schemas.count > 50)
        let counts = expectNothingDropped(schemas)
        print("corpus: \(schemas.count) versions; declared value \(counts.declared["value", default: 0]), context "
              + "\(counts.declared["context", default: 0]); left out: \(counts.leftOut.sorted { $0.key < $1.key })")
        #expect(counts.declared["value", default: 0] > 0)
        #expect(Set(counts.leftOut.keys).isSubset(of: SwiftNames.propertyNamesImportedUnderGetterNames), "\(counts.leftOut)")
    }

    /// Generates every entity with a class (those Xcode would generate too) and checks each property of the
    /// entity itself; returns how often each name was declared and which were left out (Swift cannot declare them).
    private func expectNothingDropped(_ schemas: [Schema]) -> (declared: [String: Int], leftOut: [String: Int]) {
        var declared: [String: Int] = [:]
        var leftOut: [String: Int] = [:]
        var options = GeneratorOptions()
        options.generateXcodeCodegenEntities = true
        for schema in schemas {
            let (plan, _) = TestSupport.plan(schema, options)
            for classPlan in plan.classes {
                guard let entity = schema.entity(named: classPlan.entityName) else { continue }
                let attributes = Set(classPlan.attributes.map(\.key))
                let relationships = Set(classPlan.relationships.map(\.key))
                let properties =
                    entity.attributes.map { ($0.name, $0.userInfo, attributes.contains($0.name)) }
                    + entity.relationships.map { ($0.name, $0.userInfo, relationships.contains($0.name)) }
                for (name, userInfo, isDeclared) in properties {
                    if isDeclared {
                        declared[name, default: 0] += 1
                        continue
                    }
                    if PropertyAnnotations(userInfo: userInfo).isIgnored { continue }
                    switch SwiftNames.propertyNameClash(name) {
                    case .importedUnderGetterName, .notAnIdentifier: leftOut[name, default: 0] += 1
                    case .rejectedByCoreData, nil:
                        Issue.record("\(schema.contentsPath): \(entity.name).\(name) is dropped")
                    }
                }
            }
        }
        return (declared, leftOut)
    }
}
