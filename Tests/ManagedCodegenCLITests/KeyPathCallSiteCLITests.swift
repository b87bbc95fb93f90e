import Foundation
import Testing

/// Key paths that compile and trap at run time, reported by `audit --sources`, `generate` (its app-source scan) and
/// `adopt --sources` at the call site's line.
@Suite struct KeyPathCallSiteCLITests {
    static let fixture = TestSupport.packageRoot.appendingPathComponent("Fixtures/Audit")
    static let model = fixture.appendingPathComponent("Library.xcdatamodeld").path
    static let callSites = fixture.appendingPathComponent("KeyPathCallSites").path
    static let files = ["BookListController.swift", "BookShelfView.swift"].map { callSites + "/" + $0 }

    /// The lines of the fixture's files marked `// traps`, as `path:line`.
    static func markedLines() throws -> [String] {
        try files.flatMap { file in
            try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { $0.element.hasSuffix("// traps") }.map { "\(file):\($0.offset + 1)" }
        }
    }

    static func errorLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            guard let file = files.first(where: { line.hasPrefix($0 + ":") }), line.contains(": error: "), line.contains(" at run time")
            else { return nil }
            return "\(file):\(line.dropFirst(file.count + 1).prefix { $0.isNumber })"
        }
    }

    @Test func auditReportsEachTrappingLine() throws {
        let run = try CLI.run(["audit", Self.model, "--sources", Self.callSites])
        #expect(run.status == 1)
        #expect(Self.errorLines(run.stderr) == (try Self.markedLines()), "\(run.stderr)")
    }

    @Test func generateReportsThemAndWritesNothing() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("Generated")
        let run = try CLI.run([
            "generate", Self.model, "--output", output.path, "--human-output", root.appendingPathComponent("Model").path,
            "--hook-sources", Self.callSites,
        ])
        #expect(run.status == 1)
        #expect(Self.errorLines(run.stderr) == (try Self.markedLines()), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "generate wrote despite the errors")
    }

    @Test func adoptReportsKeyPathsThatWorkedOverXcodesClasses() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let model = try CLI.writeModel(Array(CLI.model("""
                <entity name="Item" representedClassName="Item" syncable="YES" codeGenerationType="class">
                    <attribute name="title" optional="YES" attributeType="String"/>
                    <attribute name="rating" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
                </entity>
            """).utf8), in: root)
        let sources = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        // Xcode's properties file declares `@NSManaged var rating: Int16`: the key path works until the move.
        try Data("import CoreData\n\nextension Item {\n    @NSManaged public var rating: Int16\n    @NSManaged public var title: String?\n}\n".utf8)
            .write(to: sources.appendingPathComponent("Item+CoreDataProperties.swift"))
        let list = sources.appendingPathComponent("ItemList.swift")
        try Data("""
            import CoreData

            let byTitle = NSSortDescriptor(keyPath: \\Item.title, ascending: true)
            let byRating = NSSortDescriptor(keyPath: \\Item.rating, ascending: true)

            """.utf8).write(to: list)
        let run = try CLI.run(["adopt", model.path, "--sources", sources.path])
        #expect(run.status == 1)
        let errors = run.stderrLines.filter { $0.contains(": error: ") }
        #expect(errors.count == 1, "\(run.stderr)")
        #expect(errors.first?.hasPrefix("\(list.path):4: error: NSSortDescriptor(keyPath:ascending:) traps at run time") == true, "\(run.stderr)")
        #expect(errors.first?.contains("Item.rating is not @objc (a Swift-only computed Int16?)") == true)
        #expect(errors.first?.contains("NSSortDescriptor(key: Item.Keys.rating, ascending: …)") == true)
    }
}
