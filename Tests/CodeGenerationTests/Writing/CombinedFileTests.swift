import Dispatch
import Foundation
import ManagedModel
import Testing

@testable import CodeGeneration

/// `--single-file`: parts rendered in any order, on any thread, become one file in a fixed order, streamed to
/// the writer without holding it whole.
@Suite struct CombinedFileTests {
    /// The inventory model's machine and support files in the combined file's order, and the combined file's
    /// bytes, built here without `OrderedCombiner`.
    static func parts() throws -> (parts: [GeneratedFile], combined: [UInt8]) {
        let parts = try CodeGenerator.generate(schema: TestSchemas.inventory(), configuration: .init()).files
            .filter(\.isCombinedPart)
        var combined = parts[0].utf8
        for part in parts.dropFirst() { combined += Array("\n// MARK: - \(part.relativePath)\n\n".utf8) + part.utf8 }
        return (parts, combined)
    }

    static func combiner(for parts: [GeneratedFile], output: @escaping (UnsafeRawBufferPointer) -> Void) -> OrderedCombiner {
        OrderedCombiner(parts.map(CombinedPart.init(of:)), output: output)
    }

    /// The order the combiner is given before rendering is the order of the rendered files.
    @Test func partOrderIsKnownBeforeRendering() throws {
        let prepared = try CodeGenerator.prepare(schema: TestSchemas.inventory(), configuration: .init())
        let rendered = try prepared.renderAll().filter(\.isCombinedPart).map(CombinedPart.init(of:))
        #expect(prepared.machineAndSupportParts == rendered)
        #expect(rendered.count > 2 && rendered.last?.kind == .support)
    }

    @Test(arguments: ["in order", "reversed", "odd first", "concurrent"])
    func partsArrivingInAnyOrderAreCombinedInTheirOrder(arrival: String) throws {
        let (parts, expected) = try Self.parts()
        var output: [UInt8] = []
        var pieces = 0
        let combiner = Self.combiner(for: parts) {
            output.append(contentsOf: $0)
            pieces += 1
        }
        let indices = Array(parts.indices)
        switch arrival {
        case "in order": for index in indices { combiner.add(parts[index]) }
        case "reversed": for index in indices.reversed() { combiner.add(parts[index]) }
        case "odd first": for index in indices.filter({ $0 % 2 == 1 }) + indices.filter({ $0 % 2 == 0 }) { combiner.add(parts[index]) }
        default: DispatchQueue.concurrentPerform(iterations: parts.count) { combiner.add(parts[parts.count - 1 - $0]) }
        }
        try combiner.finish()
        let same = output == expected
        #expect(same, "the combined file differs from its parts in order")
        #expect(pieces == 2 * parts.count - 1)
    }

    /// A part that never comes, or comes twice, or is not a part: the combined file would be wrong.
    @Test func missingOrStrayPartsAreErrors() throws {
        let (parts, _) = try Self.parts()
        let missing = Self.combiner(for: parts) { _ in }
        for part in parts.dropFirst() { missing.add(part) }
        #expect(throws: DiagnosticsError.self) { try missing.finish() }
        let twice = Self.combiner(for: parts) { _ in }
        for part in parts + [parts[1]] { twice.add(part) }
        #expect(throws: DiagnosticsError.self) { try twice.finish() }
        let stray = Self.combiner(for: parts) { _ in }
        for part in parts + [GeneratedFile(relativePath: "Item.swift", contents: "", kind: .human)] { stray.add(part) }
        #expect(throws: DiagnosticsError.self) { try stray.finish() }
    }

    /// The streamed file is compared with the existing one byte by byte as it comes: unchanged, it is not
    /// rewritten; a change of the same size, a prefix or a longer file is stale. Abandoned, it leaves nothing.
    @Test func streamedFileIsWrittenOnlyWhenItsBytesChange() throws {
        let layout = try WriterTests.Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let (parts, expected) = try Self.parts()
        func stream(check: Bool = false, commit: Bool = true) throws -> WriteReport? {
            let session = try layout.writer.begin(check: check)
            let file = session.stream("All.swift", kind: .machine)
            let combiner = Self.combiner(for: parts) { file.append($0) }
            for part in parts.reversed() { combiner.add(part) }
            try combiner.finish()
            file.finish()
            guard commit else {
                session.abandon()
                return nil
            }
            return try session.commit()
        }
        let all = layout.machine.appendingPathComponent("All.swift")
        func names(_ paths: [String]?) -> [String]? { paths?.map { URL(fileURLWithPath: $0).lastPathComponent } }

        _ = try stream(commit: false)
        #expect(!FileManager.default.fileExists(atPath: layout.machine.path))
        #expect(names(try stream(check: true)?.missing) == ["All.swift"])
        #expect(!FileManager.default.fileExists(atPath: layout.machine.path))
        #expect(names(try stream()?.written) == ["All.swift"])
        #expect(try Array(Data(contentsOf: all)) == expected)

        let before = try layout.identity(all)
        #expect(names(try stream()?.unchanged) == ["All.swift"])
        #expect(names(try stream(check: true)?.unchanged) == ["All.swift"])
        let after = try layout.identity(all)
        #expect(after.inode == before.inode && after.modified == before.modified)

        var sameSize = expected
        sameSize[sameSize.count / 2] ^= 1
        for stale in [sameSize, Array(expected.dropLast()), expected + [10]] {
            try Data(stale).write(to: all)
            #expect(names(try stream(check: true)?.stale) == ["All.swift"])
        }
        #expect(names(try stream()?.written) == ["All.swift"])
        #expect(try Array(Data(contentsOf: all)) == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: layout.machine.path) == ["All.swift"])
    }
}
