import Foundation
import Testing

/// `generate` names an app file called like a human file it writes into another folder (`App/Views/Item.swift` and
/// `Model/Item.swift`), before the compiler's "filename used twice"; it knows the app's files only through the hook
/// sources. The classification is `adopt --sources`' (Adoption's ClashingSourceScan, tested in AdoptionTests).
@Suite struct HumanFileNameClashCLITests {
    /// A folder with a model of `Item` and `Tag`, the app's `App/Views/Item.swift` and `App/Views/TagRow.swift`.
    func project() throws -> (root: URL, model: String) {
        let root = try TestSupport.temporaryDirectory()
        let model = try CLI.writeModel(Array(CLI.model("""
                <entity name="Item" representedClassName="Item" syncable="YES">
                    <attribute name="title" optional="YES" attributeType="String"/>
                </entity>
                <entity name="Tag" representedClassName="Tag" syncable="YES">
                    <attribute name="name" optional="YES" attributeType="String"/>
                </entity>
            """).utf8), in: root)
        let views = root.appendingPathComponent("App/Views")
        try FileManager.default.createDirectory(at: views, withIntermediateDirectories: true)
        try write("import SwiftUI\n\nstruct ItemView {}\n", to: views.appendingPathComponent("Item.swift"))
        try write("struct TagRow {}\n", to: views.appendingPathComponent("TagRow.swift"))
        return (root, model.lastPathComponent)
    }

    func warnings(_ run: CLI.Run) -> [String] { run.stderrLines.filter { $0.contains(": warning: ") } }

    @Test func anAppFileNamedLikeAHumanFileIsNamedOnceWithTheSuffixAdvice() throws {
        let (root, model) = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        // The folder twice (App and App/Views): still one warning for the file.
        let run = try CLI.run(
            ["generate", model, "--output", "Generated", "--human-output", "Model", "--hook-sources", "App", "--hook-sources", "App/Views"],
            in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let clashes = warnings(run)
        #expect(clashes.count == 1, "\(run.stderr)")
        #expect(clashes.first?.hasPrefix("App/Views/Item.swift:1: warning: named like the human file `generate` writes for entity 'Item'") == true, "\(run.stderr)")
        #expect(clashes.first?.contains("--human-file-suffix +Model (config `human-file-suffix`)") == true, "\(run.stderr)")
        // Nothing the user wrote is touched; the human file is written as usual.
        #expect(try read(root.appendingPathComponent("App/Views/Item.swift")) == "import SwiftUI\n\nstruct ItemView {}\n")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Model/Item.swift").path))

        // The human file itself, in --human-output, is no clash (the second run finds it among the hook sources).
        let again = try CLI.run(
            ["generate", model, "--output", "Generated", "--human-output", "Model", "--hook-sources", "App", "--hook-sources", "Model"],
            in: root)
        #expect(warnings(again).count == 1, "\(again.stderr)")
    }

    @Test func noWarningWithTheSuffixWithoutHumanFilesOrWithoutHookSources() throws {
        let (root, model) = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let runs = [["--human-file-suffix", "+Model", "--hook-sources", "App"], ["--no-human-files", "--hook-sources", "App"], []]
        for (index, extra) in runs.enumerated() {
            // Folders of its own per run: another run's human files would be "no longer generated" here.
            let run = try CLI.run(
                ["generate", model, "--output", "Generated\(index)", "--human-output", "Model\(index)"] + extra, in: root)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(warnings(run).isEmpty, "\(extra): \(run.stderr)")
        }
    }

    /// A user's own `Item.swift` in the human-files folder is the human file (kept, not overwritten): no clash.
    @Test func theUsersFileInTheHumanFolderIsNoClash() throws {
        let (root, model) = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Views/Item.swift"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/Model"), withIntermediateDirectories: true)
        try write("extension Item {}\n", to: root.appendingPathComponent("App/Model/Item.swift"))
        let run = try CLI.run(["generate", model, "--output", "Generated", "--human-output", "App/Model", "--hook-sources", "App"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(warnings(run).isEmpty, "\(run.stderr)")
    }
}
