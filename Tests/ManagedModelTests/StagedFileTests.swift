import Foundation
import ManagedModel
import Testing

/// `StagedFile`: every file the package replaces is written beside it and renamed into place.
@Suite struct StagedFileTests {
    static func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    static func permissions(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func stagedContentsStayInvisibleUntilPublished() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Model.lock").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))

        let staged = try StagedFile.stage(Array("new\n".utf8), for: path)
        #expect(staged.destination == path)
        #expect(FilePaths.folder(of: staged.temporary) == folder.path, "the temporary file is beside the destination")
        #expect(FilePaths.fileName(of: staged.temporary).hasPrefix(".Model.lock.") && staged.temporary.hasSuffix(".tmp"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try String(contentsOfFile: staged.temporary, encoding: .utf8) == "new\n")

        try staged.publish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(try Self.names(in: folder) == ["Model.lock"])
    }

    @Test func discardedContentsLeaveNothing() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("contents").path
        let staged = try StagedFile.stage(Array("x".utf8), for: path)
        staged.discard()
        #expect(try Self.names(in: folder).isEmpty)
    }

    @Test func twoStagingsOfOneFileUseTwoTemporaryFiles() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("A.swift").path
        let first = try StagedFile.stage(Array("1".utf8), for: path)
        let second = try StagedFile.stage(Array("2".utf8), for: path)
        #expect(first.temporary != second.temporary)
        try first.publish()
        try second.publish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "2")
        #expect(try Self.names(in: folder) == ["A.swift"])
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = folder.appendingPathComponent("kept").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: kept))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: kept)
        try StagedFile.write(Array("new".utf8), to: kept)
        #expect(try Self.permissions(kept) == 0o640)
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "new")

        // A new file gets what `open` gives: 0666 less the umask, never the executable bits.
        let created = folder.appendingPathComponent("created").path
        try StagedFile.write(Array("x".utf8), to: created)
        #expect(try Self.permissions(created) & 0o111 == 0)
        #expect(try Self.permissions(created) & 0o600 == 0o600)
    }

    @Test func aSymbolicLinkIsWrittenThrough() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = folder.appendingPathComponent("Shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let target = shared.appendingPathComponent("Model.lock")
        try Data("old".utf8).write(to: target)
        let link = folder.appendingPathComponent("Model.lock")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        try StagedFile.write(Array("new".utf8), to: link.path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        #expect(try Self.names(in: shared) == ["Model.lock"], "the temporary file was beside the target")
    }

    @Test func publishIfAbsentNeverReplaces() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Item.swift").path
        #expect(try StagedFile.stage(Array("first".utf8), for: path).publishIfAbsent())
        #expect(try !StagedFile.stage(Array("second".utf8), for: path).publishIfAbsent())
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first")
        #expect(try Self.names(in: folder) == ["Item.swift"])
    }

    @Test func failuresNameTheFileAndTheReason() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/Model.lock"
        #expect {
            try StagedFile.write(Array("x".utf8), to: missing)
        } throws: { error in
            guard let error = error as? FileWriteError else { return false }
            return FilePaths.folder(of: error.path) == FilePaths.folder(of: missing)
                && error.description == "cannot write \(error.path): \(error.reason)" && !error.reason.isEmpty
        }

        // A rename onto a folder fails: the temporary file goes.
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inTheWay = folder.appendingPathComponent("Item.swift")
        try FileManager.default.createDirectory(at: inTheWay.appendingPathComponent("child"), withIntermediateDirectories: true)
        let staged = try StagedFile.stage(Array("x".utf8), for: inTheWay.path)
        #expect(throws: FileWriteError.self) { try staged.publish() }
        #expect(try Self.names(in: folder) == ["Item.swift"])
    }

    /// The path splitting, against Foundation's on the paths the writers meet (absolute and standardized).
    @Test(arguments: ["/a/b.swift", "/b.swift", "/a/b/c/Item+Generated.swift", "/日本/é f.swift", "/a b/.hidden.tmp"])
    func splitsLikeFoundation(path: String) {
        #expect(FilePaths.folder(of: path) == (path as NSString).deletingLastPathComponent)
        #expect(FilePaths.fileName(of: path) == (path as NSString).lastPathComponent)
    }
}
