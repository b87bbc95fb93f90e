import Foundation
import ManagedModel
import Testing

@testable import CodeGeneration

@Suite struct WriterTests {
    struct Layout {
        let root: URL
        var machine: URL { root.appendingPathComponent("Generated") }
        var human: URL { root.appendingPathComponent("Model") }
        var writer: OutputWriter {
            OutputWriter(destinations: .init(machineDirectory: machine.path, humanDirectory: human.path))
        }

        init(_ name: String = #function) throws { root = try TestSupport.temporaryDirectory(name) }

        func generate(_ schema: Schema = TestSchemas.inventory(), check: Bool = false) throws -> WriteReport {
            try writer.write(CodeGenerator.generate(schema: schema, options: .init()).files, check: check)
        }

        func identity(_ url: URL) throws -> (inode: Int, modified: Date) {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            return ((attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1, attributes[.modificationDate] as! Date)
        }

        func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }
    }

    @Test func firstRunWritesEverythingAndARerunTouchesNothing() throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let first = try layout.generate()
        #expect(first.written.count == 12)  // 5 machine + 2 support (ManagedValidation, the model's own) + 5 human
        #expect(first.unchanged.isEmpty && first.deleted.isEmpty)
        let machineFile = layout.machine.appendingPathComponent("Item+Generated.swift")
        let before = try layout.identity(machineFile)
        Thread.sleep(forTimeInterval: 0.05)

        let second = try layout.generate()
        #expect(second.written.isEmpty && second.deleted.isEmpty)
        #expect(second.unchanged.count == 7)
        #expect(second.preservedHumanFiles.count == 5)
        let after = try layout.identity(machineFile)
        #expect(after.inode == before.inode && after.modified == before.modified)
        // No temporary files are left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: layout.machine.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func humanFilesAreNeverOverwrittenOrDeleted() throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        _ = try layout.generate()
        let human = layout.human.appendingPathComponent("Item.swift")
        try Data("// mine\n".utf8).write(to: human)
        var schema = TestSchemas.inventory()
        schema.entities[0].attributes.removeLast()  // the model changed
        let report = try layout.generate(schema)
        #expect(try layout.contents(human) == "// mine\n")
        #expect(report.written == [layout.machine.appendingPathComponent("Item+Generated.swift").path])

        schema.entities.removeAll { $0.name == "Tag" }
        _ = try layout.generate(schema)
        #expect(FileManager.default.fileExists(atPath: layout.human.appendingPathComponent("Tag.swift").path))
    }

    @Test func staleMachineFilesWithOurBannerAreDeletedOthersKept() throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        _ = try layout.generate()
        let mine = layout.machine.appendingPathComponent("Helpers.swift")
        try Data("// Helpers written by hand\n".utf8).write(to: mine)
        var schema = TestSchemas.inventory()
        schema.entities.removeAll { $0.name == "Tag" }
        schema.entities = schema.entities.map { entity in
            var entity = entity
            entity.relationships.removeAll { $0.destinationEntity == "Tag" }
            return entity
        }
        let report = try layout.generate(schema)
        #expect(report.deleted == [layout.machine.appendingPathComponent("Tag+Generated.swift").path])
        #expect(FileManager.default.fileExists(atPath: mine.path))
    }

    @Test func checkReportsChangesAndWritesNothing() throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let empty = try layout.generate(check: true)
        // Human files are not generated files: reported apart (`missingHumanFiles`).
        #expect(empty.missing.count + empty.missingHumanFiles.count == 12 && !empty.isUpToDate)
        #expect(!empty.missingHumanFiles.isEmpty && empty.missingHumanFiles.allSatisfy { !$0.hasSuffix("+Generated.swift") })
        #expect(empty.missing.allSatisfy { !empty.missingHumanFiles.contains($0) })
        #expect(!FileManager.default.fileExists(atPath: layout.machine.path))

        _ = try layout.generate()
        #expect(try layout.generate(check: true).isUpToDate)

        var schema = TestSchemas.inventory()
        schema.entities[0].attributes[0].isOptional = true
        schema.entities[0].attributes[0] = Attribute(name: "dateCreated", location: TestSchemas.at(11), type: .date, isOptional: true)
        let itemFile = layout.machine.appendingPathComponent("Item+Generated.swift")
        let before = try layout.contents(itemFile)
        let check = try layout.generate(schema, check: true)
        #expect(check.stale == [itemFile.path])
        #expect(!check.isUpToDate && check.written.isEmpty)
        #expect(try layout.contents(itemFile) == before)

        try Data("// Generated by managed-codegen from Old.xcdatamodeld\n".utf8)
            .write(to: layout.machine.appendingPathComponent("Gone+Generated.swift"))
        #expect(try layout.generate(check: true).extra == [layout.machine.appendingPathComponent("Gone+Generated.swift").path])
    }

    /// What `generate --check` prints comes from `OutputRules`: each finding carries its row's id and severity, at
    /// the file's path; the absent human files are warnings that never fail a check on their own.
    @Test func checkFindingsAreRuleRows() throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let empty = try layout.generate(check: true)
        let found = OutputRules.checkDiagnostics(empty, displayPath: { "shown/" + ($0 as NSString).lastPathComponent })
        let byRule = Dictionary(grouping: found.all, by: { $0.ruleID ?? "none" })
        #expect(Set(byRule.keys) == [OutputRules.missing.id, OutputRules.humanFileAbsent.id])
        #expect(byRule[OutputRules.missing.id]?.count == empty.missing.count)
        #expect(byRule[OutputRules.missing.id]?.allSatisfy { $0.severity == .error && $0.location?.path.hasPrefix("shown/") == true } == true)
        #expect(byRule[OutputRules.humanFileAbsent.id]?.allSatisfy { $0.severity == .warning } == true)

        _ = try layout.generate()
        let humanFile = layout.human.appendingPathComponent("Item.swift")
        try FileManager.default.removeItem(at: humanFile)
        try Data("// Generated by managed-codegen from Old.xcdatamodeld\n".utf8)
            .write(to: layout.machine.appendingPathComponent("Gone+Generated.swift"))
        let stale = OutputRules.checkDiagnostics(try layout.generate(check: true), displayPath: { $0 })
        // The writer has no model banner here: any file with ours counts as this model's.
        #expect(stale.all.map(\.ruleID) == [OutputRules.humanFileAbsent.id, OutputRules.noLongerProduced.id])
        #expect(stale.all.map(\.location?.path) == [humanFile.path, layout.machine.appendingPathComponent("Gone+Generated.swift").path])
    }

    @Test func outputFolderThatIsAFileWritesNothing() throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        try Data().write(to: layout.machine)
        #expect(throws: DiagnosticsError.self) { try layout.generate() }
        #expect(!FileManager.default.fileExists(atPath: layout.human.path))
    }

    @Test(.enabled(if: getuid() != 0, "root can write to read-only folders"))
    func readOnlyOutputFolderWritesNothing() throws {
        let layout = try Layout()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: layout.machine.path)
            try? FileManager.default.removeItem(at: layout.root)
        }
        try FileManager.default.createDirectory(at: layout.machine, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: layout.machine.path)
        #expect(throws: DiagnosticsError.self) { try layout.generate() }
        #expect(!FileManager.default.fileExists(atPath: layout.human.path))
    }

    @Test func outputFolderBelowAFileWritesNothing() throws {
        // Root ignores permissions, so the read-only check is also exercised through a folder path below a file.
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let file = layout.root.appendingPathComponent("plain")
        try Data().write(to: file)
        let writer = OutputWriter(
            destinations: .init(machineDirectory: file.appendingPathComponent("Generated").path, humanDirectory: layout.human.path))
        let error = try #require(throws: DiagnosticsError.self) {
            try writer.write(CodeGenerator.generate(schema: TestSchemas.inventory(), options: .init()).files)
        }
        #expect(error.diagnostics.errors.first?.message.contains("is a file") == true)
        #expect(!FileManager.default.fileExists(atPath: layout.human.path))
    }

    @Test func outputInsideTheModelBundleWritesNothing() throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let bundle = layout.root.appendingPathComponent("Inventory.xcdatamodeld")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let writer = OutputWriter(
            destinations: .init(
                machineDirectory: bundle.appendingPathComponent("Generated").path, humanDirectory: layout.human.path,
                modelBundlePath: bundle.path))
        let error = try #require(throws: DiagnosticsError.self) {
            try writer.write(CodeGenerator.generate(schema: TestSchemas.inventory(), options: .init()).files)
        }
        #expect(error.diagnostics.errors.first?.message.contains("inside the model bundle") == true)
        #expect(!FileManager.default.fileExists(atPath: layout.human.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: bundle.path).isEmpty)
    }

    @Test func testFilesNeedATestsFolder() throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let files = [GeneratedFile(relativePath: "ItemTests+Generated.swift", contents: "\(CodeGenerator.bannerPrefix)\n", kind: .tests)]
        #expect(throws: DiagnosticsError.self) { try layout.writer.write(files) }
        let tests = layout.root.appendingPathComponent("Tests")
        let writer = OutputWriter(
            destinations: .init(machineDirectory: layout.machine.path, humanDirectory: layout.human.path, testsDirectory: tests.path))
        #expect(try writer.write(files).written == [tests.appendingPathComponent("ItemTests+Generated.swift").path])
    }

    /// Files added one at a time are staged as they come, invisible until commit;
    /// an abandoned session leaves no file, no temporary file and no folder it created.
    @Test func sessionStagesAndCommitsOrAbandons() throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let files = try CodeGenerator.generate(schema: TestSchemas.inventory(), options: .init()).files

        let abandoned = try layout.writer.begin()
        for file in files { abandoned.add(file) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: layout.machine.path).allSatisfy { $0.hasSuffix(".tmp") })
        abandoned.abandon()
        #expect(!FileManager.default.fileExists(atPath: layout.machine.path))
        #expect(!FileManager.default.fileExists(atPath: layout.human.path))

        let session = try layout.writer.begin()
        for file in files { session.add(file) }
        let report = try session.commit()
        #expect(report.written.count == files.count)
        let inMemory = try layout.writer.write(files, check: true)
        #expect(inMemory.isUpToDate && inMemory.unchanged.count == files.count - 5 && inMemory.preservedHumanFiles.count == 5)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: layout.machine.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func sessionReportsEveryProblemAndStagesNothingVisible() throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        try FileManager.default.createDirectory(
            at: layout.machine.appendingPathComponent("Item+Generated.swift"), withIntermediateDirectories: true)
        let session = try layout.writer.begin()
        session.add(GeneratedFile(relativePath: "Item+Generated.swift", contents: "x\n", kind: .machine))
        session.add(GeneratedFile(relativePath: "Tag+Generated.swift", contents: "y\n", kind: .machine))
        session.add(GeneratedFile(relativePath: "../Escape.swift", contents: "z\n", kind: .machine))
        #expect {
            try session.commit()
        } throws: { error in
            let messages = (error as? DiagnosticsError)?.diagnostics.all.map(\.message) ?? []
            return messages.count == 2 && messages.contains { $0.contains("a folder is in the way") }
                && messages.contains { $0.contains("leaves the output folder") }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: layout.machine.path) == ["Item+Generated.swift"])
    }

    /// A replaced generated file keeps the permissions it was given (StagedFile); only its contents change.
    @Test func aReplacedFileKeepsItsPermissions() throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        _ = try layout.generate()
        let machineFile = layout.machine.appendingPathComponent("Item+Generated.swift")
        try Data("\(CodeGenerator.bannerPrefix) old\n".utf8).write(to: machineFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: machineFile.path)

        #expect(try layout.generate().written == [machineFile.path])
        let permissions = try FileManager.default.attributesOfItem(atPath: machineFile.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o640)
        #expect(try layout.contents(machineFile).hasPrefix(CodeGenerator.bannerPrefix + " from"))
    }

    /// A generated file that is a symbolic link (a shared file linked into the folder): the link stays and its
    /// target gets the new contents; a folder reached through a link is written through it.
    @Test func symbolicLinksAreWrittenThrough() throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        _ = try layout.generate()
        let shared = layout.root.appendingPathComponent("Shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let target = shared.appendingPathComponent("Item+Generated.swift")
        let link = layout.machine.appendingPathComponent("Item+Generated.swift")
        try FileManager.default.moveItem(at: link, to: target)
        try Data("\(CodeGenerator.bannerPrefix) old\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        let report = try layout.generate()
        #expect(report.written == [target.resolvingSymlinksInPath().path])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try layout.contents(target).hasPrefix(CodeGenerator.bannerPrefix + " from"))
        #expect(try layout.generate().written.isEmpty)
    }
}
