import CoreDataMapping
import Foundation
import ManagedModel
import ModelReader
import Testing

import CodeGeneration
@testable import GenerationPlanning

/// `dump` and the generator ask one owner (`TypeAssigner`) for an attribute's Swift type: the `swiftType` that `dump`
/// prints is the type the generated property (or composite struct field) declares, for every attribute of every
/// fixture and corpus model.
@Suite struct DumpTypeTests {
    @Test("dump's swiftType is the generated declaration: fixtures")
    func fixtures() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestSupport.fixtureModels.path)
            .filter { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") }.sorted()
        #expect(!names.isEmpty)
        var compared = 0
        for name in names { compared += try compareDumpWithPlan(TestSupport.fixtureModels.appendingPathComponent(name).path) }
        // TypedExtras alone has userInfo enums, Codable types and composites: the cases where the two once disagreed.
        #expect(compared > 100)
    }

    @Test(
        "dump's swiftType is the generated declaration: corpus",
        .enabled(if: FileManager.default.fileExists(atPath: TestSupport.corpus.path), "../shared/corpus is absent; skipped"))
    func corpus() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: TestSupport.corpus.path).sorted()
        var compared = 0
        for folder in folders {
            let url = TestSupport.corpus.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path),
                let bundle = names.sorted().first(where: { $0.hasSuffix(".xcdatamodeld") })
                    ?? names.sorted().first(where: { $0.hasSuffix(".xcdatamodel") })
            else { continue }
            compared += try compareDumpWithPlan(url.appendingPathComponent(bundle).path)
        }
        #expect(compared > 1000)
    }

    /// Compares, for every generated attribute and composite field, dump's `swiftType.declaration` with the
    /// declaration the plan gives the template; returns how many were compared.
    private func compareDumpWithPlan(_ path: String) throws -> Int {
        let schema = try ModelLoader.load(path).schema
        var options = GeneratorOptions()
        options.generateXcodeCodegenEntities = true
        let (plan, _) = TestSupport.plan(schema, options)
        let dump = try #require(
            try JSONSerialization.jsonObject(with: Data(SchemaDump.json(schema).utf8)) as? [String: Any])

        func declarations(_ objects: Any?) -> [String: [String: String]] {
            var result: [String: [String: String]] = [:]
            for object in objects as? [[String: Any]] ?? [] {
                let name = object["name"] as? String ?? ""
                for attribute in object["attributes"] as? [[String: Any]] ?? [] {
                    let type = attribute["swiftType"] as? [String: Any]
                    result[name, default: [:]][attribute["name"] as? String ?? ""] = type?["declaration"] as? String
                }
            }
            return result
        }
        let entities = declarations(dump["entities"])
        let composites = declarations(dump["composites"])
        var compared = 0
        for classPlan in plan.classes {
            let entity = try #require(schema.entity(named: classPlan.entityName))
            // A class declares its own attributes and those of ancestors without a class: nearest first.
            let chain = ([entity] + schema.ancestors(of: entity).reversed()).map(\.name)
            for attribute in classPlan.attributes {
                let dumped = chain.lazy.compactMap { entities[$0]?[attribute.key] }.first
                #expect(dumped == attribute.typeDeclaration, "\(path): \(classPlan.entityName).\(attribute.key)")
                compared += 1
            }
        }
        for composite in plan.composites {
            let definition = try #require(schema.composites.first { TypeAssigner.compositeStructName($0.name) == composite.name })
            for field in composite.fields {
                #expect(composites[definition.name]?[field.key] == field.typeDeclaration, "\(path): \(definition.name).\(field.key)")
                compared += 1
            }
        }
        return compared
    }
}
