import Foundation
import ManagedModel
import Testing

@testable import CodeGeneration

/// `--single-file`: the machine and support files, in manifest order, combined into one machine file.
@Suite struct CombinedFileTests {
    /// The inventory model's machine and support files, and the combined file's bytes built here from them.
    static func parts() throws -> (parts: [GeneratedFile], combined: [UInt8]) {
        let parts = try CodeGenerator.generate(schema: TestSchemas.inventory(), options: .init()).files
            .filter { $0.kind == .machine || $0.kind == .support }
        var combined = parts[0].utf8
        for part in parts.dropFirst() { combined += Array("\n// MARK: - \(part.relativePath)\n\n".utf8) + part.utf8 }
        return (parts, combined)
    }

    static func combined() throws -> GeneratedFile {
        let files = GeneratedFiles()
        try GenerationPipeline(options: .init()).run(TestSchemas.inventory(), selecting: .combined(named: "All.swift"), into: files)
        return try #require(files.files.count == 1 ? files.files[0] : nil)
    }

    /// Machine files first, then support files, each by path; each but the first after its `MARK` line.
    @Test func partsAreCombinedInManifestOrder() throws {
        let (parts, expected) = try Self.parts()
        #expect(parts.count > 2 && parts.first?.kind == .machine && parts.last?.kind == .support)
        #expect(parts.map(\.relativePath) == parts.sorted { ($0.kind, $0.relativePath) < ($1.kind, $1.relativePath) }.map(\.relativePath))
        let combined = try Self.combined()
        #expect(combined.kind == .machine && combined.relativePath == "All.swift")
        let same = combined.utf8 == expected
        #expect(same, "the combined file differs from its parts in order")
    }

    /// The combined file is compared with the existing one: unchanged, it is not rewritten; a change of the same
    /// size, a prefix or a longer file is stale. Abandoned, it leaves nothing.
    @Test func combinedFileIsWrittenOnlyWhenItsBytesChange() throws {
        let layout = try WriterTests.Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let combined = try Self.combined()
        let expected = combined.utf8
        func write(check: Bool = false, commit: Bool = true) throws -> WriteReport? {
            let session = try layout.writer.begin(check: check)
            session.add(combined)
            guard commit else {
                session.abandon()
                return nil
            }
            return try session.commit()
        }
        let all = layout.machine.appendingPathComponent("All.swift")
        func names(_ paths: [String]?) -> [String]? { paths?.map { URL(fileURLWithPath: $0).lastPathComponent } }

        _ = try write(commit: false)
        #expect(!FileManager.default.fileExists(atPath: layout.machine.path))
        #expect(names(try write(check: true)?.missing) == ["All.swift"])
        #expect(!FileManager.default.fileExists(atPath: layout.machine.path))
        #expect(names(try write()?.written) == ["All.swift"])
        #expect(try Array(Data(contentsOf: all)) == expected)

        let before = try layout.identity(all)
        #expect(names(try write()?.unchanged) == ["All.swift"])
        #expect(names(try write(check: true)?.unchanged) == ["All.swift"])
        let after = try layout.identity(all)
        #expect(after.inode == before.inode && after.modified == before.modified)

        var sameSize = expected
        sameSize[sameSize.count / 2] ^= 1
        for stale in [sameSize, Array(expected.dropLast()), expected + [10]] {
            try Data(stale).write(to: all)
            #expect(names(try write(check: true)?.stale) == ["All.swift"])
        }
        #expect(names(try write()?.written) == ["All.swift"])
        #expect(try Array(Data(contentsOf: all)) == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: layout.machine.path) == ["All.swift"])
    }
}
