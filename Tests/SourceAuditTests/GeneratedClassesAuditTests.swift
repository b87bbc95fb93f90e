import CodeGeneration
import Foundation
import ManagedModel
import ModelReader
import Testing

/// The generator's own classes are what the audit must accept without a word: every fixture model's and every
/// corpus model's generated files (machine and human), audited against the model they came from.
@Suite struct GeneratedClassesAuditTests {
    /// The generated Swift files of `schema`, in memory, under a made-up folder.
    static func generatedSources(of schema: Schema) throws -> [(path: String, text: String)] {
        let files = GeneratedFiles()
        try GenerationPipeline(options: GeneratorOptions(moduleName: "App")).run(schema, into: files)
        return files.files.map { (path: "/generated/" + $0.relativePath, text: $0.contents) }
    }

    static func findings(for model: String) throws -> [String] {
        let schema = try ModelLoader.load(model).schema
        return AuditRun.diagnostics(schema: schema, sources: try generatedSources(of: schema)).all.map(\.description)
    }

    @Test(arguments: TestSupport.fixtureNames)
    func generatedClassesOfAFixturePassTheAudit(_ name: String) throws {
        let findings = try Self.findings(for: TestSupport.fixtureBundle(name))
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test func generatedClassesOfTheAuditFixturePassTheAudit() throws {
        let findings = try Self.findings(for: TestSupport.auditModel)
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test(.enabled(if: TestSupport.corpusIsPresent, "../shared/corpus is absent; the corpus audit is skipped"))
    func generatedClassesOfEveryCorpusModelPassTheAudit() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: TestSupport.corpus.path).filter {
            !$0.contains(".") || $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel")
        }.sorted()
        #expect(folders.count >= 98)
        var failures: [String] = []
        var audited = 0
        for folder in folders {
            // Each corpus folder holds one bundle: a `.xcdatamodeld`, else a bare `.xcdatamodel`.
            let outer = TestSupport.corpus.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: outer.path).sorted()) ?? []
            guard let bundle = names.first(where: { $0.hasSuffix(".xcdatamodeld") }) ?? names.first(where: { $0.hasSuffix(".xcdatamodel") })
            else { continue }
            let path = outer.appendingPathComponent(bundle).path
            // A model the generator refuses (an error in it) has no generated classes to audit.
            guard let schema = try? ModelLoader.load(path).schema, let sources = try? Self.generatedSources(of: schema) else { continue }
            audited += 1
            failures += AuditRun.diagnostics(schema: schema, sources: sources).all.map { "\(folder): \($0)" }
        }
        #expect(audited >= 90, "only \(audited) corpus models generated")
        #expect(failures.isEmpty, "\(failures.count) findings:\n\(failures.prefix(40).joined(separator: "\n"))")
    }
}
