import Foundation
import Testing

/// The Xcode conformance of the build-tool plugin, driven with a stand-in for what `XcodePluginContext` and
/// `XcodeTarget` provide (`XcodeTargetFiles`; BuildCommandPlans.swift is the plugin's own file, symlinked here).
/// Xcode stops compiling a target's file that a plugin command declares as an input (see `XcodeTargetFiles`), so
/// no declared path may be a file of the target, while the build system must still see every file whose edit
/// changes the output.
@Suite("Build-tool plugin in an Xcode target")
struct XcodeBuildCommandTests {
    /// An Xcode project folder: `App/` with two Swift files, the Inventory model, a config file and a lock file,
    /// every one of them a file of the target (as Xcode 16's synchronized folders make them).
    struct Project {
        let root: URL
        let target: XcodeTargetFiles
        var app: URL { root.appendingPathComponent("App") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-plugin-\(UUID().uuidString)")
            let bundle = try copyInventoryModel(into: root)
            let app = bundle.deletingLastPathComponent()
            try write("import CoreData\n", to: app.appendingPathComponent("Item.swift"))
            try write("import SwiftUI\n", to: app.appendingPathComponent("ContentView.swift"))
            try write("access-level: internal\n", to: app.appendingPathComponent("managed-codegen.yml"))
            try write("{}\n", to: app.appendingPathComponent("Inventory.managed-codegen.lock"))
            let files = ["Item.swift", "ContentView.swift", "Inventory.xcdatamodeld", "managed-codegen.yml",
                         "Inventory.managed-codegen.lock"].map { app.appendingPathComponent($0) }
            target = XcodeTargetFiles(
                displayName: "App", files: files, projectDirectory: root,
                workDirectory: root.appendingPathComponent("DerivedData/plugins/App/ManagedCodegenBuildPlugin"))
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static func resolved(_ urls: [URL]) -> Set<String> { Set(urls.map { $0.resolvingSymlinksInPath().path }) }

    @Test("no declared input or output is a file of the target, nor inside one (the model bundle)")
    func declaresNoFileOfTheTarget() throws {
        let project = try Project()
        defer { project.remove() }
        let plans = try project.target.buildCommandPlans()
        #expect(plans.count == 1)
        let targetPaths = project.target.files.map(\.standardizedFileURL.path)
        for path in plans.flatMap({ $0.inputFiles + $0.outputFiles }).map(\.standardizedFileURL.path) {
            #expect(!targetPaths.contains { path == $0 || path.hasPrefix($0 + "/") }, "\(path) is a file of the target")
        }
        // The check above fails on the paths SwiftPM's conformance declares: it could tell.
        let ownPaths = try BuildCommandPlan.plans(
            for: ModelInput.models(among: project.target.files), targetName: "App",
            workDirectory: project.target.workDirectory, hookSources: [], swiftSources: [project.app.appendingPathComponent("Item.swift")])
        #expect(ownPaths[0].inputFiles.map(\.standardizedFileURL.path).contains { path in
            targetPaths.contains { path == $0 || path.hasPrefix($0 + "/") }
        })
    }

    @Test("the declared inputs lead to every file the output depends on: model, config, lock and Swift files")
    func inputsReachTheRealFiles() throws {
        let project = try Project()
        defer { project.remove() }
        let plan = try #require(try project.target.buildCommandPlans().first)
        let app = project.app
        let expected = [
            "Inventory.xcdatamodeld/Inventory.xcdatamodel/contents", "Inventory.xcdatamodeld/.xccurrentversion",
            "Inventory.managed-codegen.lock", "managed-codegen.yml", "Item.swift", "ContentView.swift",
        ].map { app.appendingPathComponent($0) }.filter { FileManager.default.fileExists(atPath: $0.path) }
        #expect(expected.count >= 5)
        #expect(Self.resolved(plan.inputFiles) == Self.resolved(expected))
        #expect(plan.inputFiles.allSatisfy { $0.path.hasPrefix(project.target.inputsLink.path + "/") })
        // The tool itself gets the real paths: the model, and the Swift files to scan for hooks.
        #expect(plan.arguments.contains(app.appendingPathComponent("Inventory.xcdatamodeld").path))
        #expect(plan.arguments.contains(app.appendingPathComponent("Item.swift").path))
        #expect(!plan.arguments.contains { $0.contains(XcodeTargetFiles.inputsLinkName) })
    }

    @Test("an edit to a Swift file or the model shows through the declared path (a hook added regenerates)")
    func editsShowThroughTheLink() throws {
        let project = try Project()
        defer { project.remove() }
        let plan = try #require(try project.target.buildCommandPlans().first)
        for name in ["Item.swift", "contents"] {
            let declared = try #require(plan.inputFiles.first { $0.lastPathComponent == name })
            let real = declared.resolvingSymlinksInPath()
            let past = Date(timeIntervalSince1970: 1_000_000)
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: real.path)
            let before = try FileManager.default.attributesOfItem(atPath: declared.path)[.modificationDate] as? Date
            try (try String(contentsOf: real, encoding: .utf8) + "\n// edited\n").write(to: real, atomically: false, encoding: .utf8)
            let after = try FileManager.default.attributesOfItem(atPath: declared.path)[.modificationDate] as? Date
            #expect(before == past)
            #expect(after != nil && after != before, "\(name): the build system would not see the edit")
        }
    }

    @Test("a second run declares the same paths and keeps the link; a moved project gets the link pointed anew")
    func stableAcrossRuns() throws {
        let project = try Project()
        defer { project.remove() }
        let first = try project.target.buildCommandPlans()
        let linkAttributes = try FileManager.default.attributesOfItem(atPath: project.target.inputsLink.path)
        #expect(try project.target.buildCommandPlans() == first)
        #expect(try FileManager.default.attributesOfItem(atPath: project.target.inputsLink.path)[.systemFileNumber] as? Int
                == linkAttributes[.systemFileNumber] as? Int)

        let moved = project.root.appendingPathComponent("Moved")
        try FileManager.default.copyItem(at: project.app, to: moved.appendingPathComponent("App"))
        var target = project.target
        target.files = target.files.map { moved.appendingPathComponent("App").appendingPathComponent($0.lastPathComponent) }
        target.projectDirectory = moved
        let plan = try #require(try target.buildCommandPlans().first)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: target.inputsLink.path)
                == moved.appendingPathComponent("App").path)
        #expect(plan.inputFiles.allSatisfy { $0.resolvingSymlinksInPath().path.hasPrefix(moved.resolvingSymlinksInPath().path) })
    }

    @Test("a target without a model is an error naming the project folder")
    func noModel() throws {
        let project = try Project()
        defer { project.remove() }
        var target = project.target
        target.files = target.files.filter { $0.pathExtension == "swift" }
        #expect(throws: PluginError.self) { try target.buildCommandPlans() }
        do {
            _ = try target.buildCommandPlans()
        } catch {
            #expect("\(error)".contains(project.root.path))
        }
    }
}
