import Foundation
import ManagedModel
import Testing

@testable import ModelReader

/// Every version of every real model in `../shared/corpus` must load without errors, and the current
/// version's counts must match INDEX.tsv (stats.py `counts`: own properties per entity, summed).
@Suite("Corpus", .enabled(if: TestSupport.corpusIsPresent, "../shared/corpus is absent; corpus tests skipped"))
struct CorpusTests {
    struct IndexRow {
        var dir: String
        var versions: Int
        var entities: Int
        var attributes: Int
        var relationships: Int
        var fetchedProperties: Int
        var fetchRequests: Int
        var currentVersion: String
    }

    static func indexRows() throws -> [IndexRow] {
        let text = try String(contentsOf: TestSupport.corpus.appendingPathComponent("INDEX.tsv"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = lines.removeFirst()
        func column(_ name: String) throws -> Int { try #require(header.firstIndex(of: name), "INDEX.tsv has no \(name) column") }
        let dir = try column("dir"), versions = try column("versions"), entities = try column("entities")
        let attributes = try column("attributes"), relationships = try column("relationships")
        let fetched = try column("fetched_properties"), requests = try column("fetch_requests"), current = try column("current_version")
        return lines.map { row in
            IndexRow(
                dir: row[dir], versions: Int(row[versions]) ?? 0, entities: Int(row[entities]) ?? 0,
                attributes: Int(row[attributes]) ?? 0, relationships: Int(row[relationships]) ?? 0,
                fetchedProperties: Int(row[fetched]) ?? 0, fetchRequests: Int(row[requests]) ?? 0,
                currentVersion: ModelVersionName.stripped(row[current]))
        }
    }

    /// The bundle inside a corpus folder: a `.xcdatamodeld`, else a bare `.xcdatamodel`.
    static func bundlePath(in dir: String) throws -> String {
        let folder = TestSupport.corpus.appendingPathComponent(dir)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let name = try #require(
            names.first { $0.hasSuffix(".xcdatamodeld") } ?? names.first { $0.hasSuffix(".xcdatamodel") },
            "no model bundle in \(dir)")
        return folder.appendingPathComponent(name).path
    }

    @Test("every version of every corpus model loads without errors; current-version counts match INDEX.tsv")
    func everyVersionLoads() throws {
        let rows = try Self.indexRows()
        #expect(rows.count >= 98)
        var versionCount = 0
        var warningsByKind: [String: Int] = [:]
        var examples: [String: String] = [:]
        var noteCount = 0
        for row in rows {
            let path = try Self.bundlePath(in: row.dir)
            let models: [LoadedModel]
            do {
                models = try ModelLoader.loadAllVersions(path)
            } catch let error as DiagnosticsError {
                Issue.record("\(row.dir): \(error.diagnostics.errors.map(\.description).joined(separator: "\n"))")
                continue
            }
            versionCount += models.count
            #expect(models.count == row.versions, "\(row.dir): versions")
            var seen = Set<String>()
            for model in models {
                noteCount += model.diagnostics.all.filter { $0.severity == .note }.count
                for diagnostic in model.diagnostics.all where diagnostic.severity == .warning && seen.insert(diagnostic.description).inserted {
                    let kind = Self.kind(of: diagnostic.message)
                    warningsByKind[kind, default: 0] += 1
                    examples[kind] = examples[kind] ?? diagnostic.description
                }
            }
            guard let current = models.first(where: { $0.schema.versionName == $0.bundle.currentVersionName }) else {
                Issue.record("\(row.dir): no current version among the loaded versions")
                continue
            }
            let schema = current.schema
            #expect(schema.versionName == row.currentVersion, "\(row.dir): current version")
            #expect(schema.entities.count == row.entities, "\(row.dir): entities")
            #expect(schema.entities.map(\.attributes.count).reduce(0, +) == row.attributes, "\(row.dir): attributes")
            #expect(schema.entities.map(\.relationships.count).reduce(0, +) == row.relationships, "\(row.dir): relationships")
            #expect(schema.entities.map(\.fetchedProperties.count).reduce(0, +) == row.fetchedProperties, "\(row.dir): fetched properties")
            #expect(schema.fetchRequests.count == row.fetchRequests, "\(row.dir): fetch requests")
            // The dump must be stable for real models too.
            #expect(SchemaDump.json(schema) == SchemaDump.json(schema))
        }
        #expect(versionCount == rows.map(\.versions).reduce(0, +))
        print("corpus: \(rows.count) models, \(versionCount) versions, 0 errors; distinct warnings by kind (\(noteCount) notes):")
        for kind in warningsByKind.keys.sorted() {
            print("  \(warningsByKind[kind]!)  \(kind)  e.g. \(examples[kind]!)")
        }
    }

    /// A warning's kind: its message with quoted names removed.
    static func kind(of message: String) -> String {
        message.replacing(/'[^']*'/, with: "'…'")
    }
}
