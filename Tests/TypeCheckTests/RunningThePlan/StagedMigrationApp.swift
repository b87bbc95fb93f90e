import Foundation
import ManagedModel
import ModelLock
import TestSupport

/// A generated migration plan compiled into a small app against the executable staged-migration model
/// (`Tests/StagedMigrationModel`, the module `CoreData` on Linux), with a hooks file recording each hook's call and
/// a fake compiled model of every version. Linux only: on macOS the module would clash with Apple's Core Data.
struct StagedMigrationApp {
    static let modelSources = TestSupport.packageRoot.appendingPathComponent("Tests/StagedMigrationModel")

    let executable: URL
    let bundle: URL
    let folder: URL

    /// One store opening (or creation), as the app printed it.
    struct Run: CustomStringConvertible {
        var status: Int32
        var output: String
        var lines: [[String]] { output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) } }
        var events: [[String]] { lines.filter { $0.first == "EVENT" }.map { Array($0.dropFirst()) } }
        /// `["opened", checksum]` or `["error", code, message]`.
        var result: [String]? { lines.last { $0.first == "RESULT" }.map { Array($0.dropFirst()) } }
        /// The reason of an uncaught exception (the app terminated).
        var raised: String? { lines.first { $0.first == "RAISED" }.map { $0.dropFirst().joined(separator: "\t") } }
        var claims: [String: Int] {
            Dictionary(lines.filter { $0.first == "CLAIMS" && $0.count == 3 }.map { ($0[1], Int($0[2]) ?? -1) }, uniquingKeysWith: max)
        }
        /// The `.mom` files read, in order.
        var loadedModels: [String] { events.filter { $0.first == "load" }.map { $0[1] } }
        var hookCalls: [(name: String, checksum: String, classes: String)] {
            events.filter { $0.first == "hook" && $0.count == 4 }.map { ($0[1], $0[2], $0[3]) }
        }
        var description: String { "status \(status):\n\(output)" }
    }

    /// Builds the app in a new temporary folder (the caller removes `folder`). `versions`: every version's schema,
    /// written as `<model>.momd/<version>.mom` with the lock's entity hashes; `current`: the momd's current version.
    static func build(plan: String, typeName: String, modelName: String, versions: [Schema], current: String) throws -> StagedMigrationApp {
        let folder = try TestSupport.temporaryDirectory("staged-migration-\(modelName)")
        let bundle = folder.appendingPathComponent("App.bundle")
        try writeBundle(at: bundle, modelName: modelName, versions: versions, current: current)
        let hooks = hookNames(calledBy: plan).map { name in
            "    nonisolated static func \(name)(_ context: NSManagedObjectContext) throws { HookCalls.record(\"\(name)\", context) }\n"
        }
        let sources = [
            ("\(typeName).swift", plan),
            ("Hooks.swift", "import CoreData\n\nextension \(typeName) {\n\(hooks.joined())}\n"),
            ("main.swift", try String(contentsOf: modelSources.appendingPathComponent("Driver/main.swift"), encoding: .utf8)
                .replacingOccurrences(of: "__PLAN__", with: typeName).replacingOccurrences(of: "__MODEL__", with: modelName)),
        ]
        for (name, text) in sources { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let library = try modelLibrary()
        let executable = folder.appendingPathComponent("app")
        var arguments = ["swiftc", "-swift-version", "6", "-I", library.path, "-L", library.path, "-lCoreData",
                         "-Xlinker", "-rpath", "-Xlinker", library.path, "-o", executable.path]
        if plan.contains("static func configure(") { arguments += ["-D", "PLAN_HAS_CONFIGURE"] }
        arguments += sources.map { folder.appendingPathComponent($0.0).path }
        let compiled = try TestSupport.run(arguments)
        guard compiled.status == 0 else { throw BuildFailure(output: compiled.output) }
        return StagedMigrationApp(executable: executable, bundle: bundle, folder: folder)
    }

    /// The same app with another bundle of the model, in a subfolder of `folder` (its stores too).
    /// `sameSchemaToCoreData`: version → version whose entity hashes its compiled model carries (the lock tells them
    /// apart, Core Data does not: one checksum).
    func withBundle(
        modelName: String, versions: [Schema], current: String, sameSchemaToCoreData: [String: String] = [:]
    ) throws -> StagedMigrationApp {
        let subfolder = folder.appendingPathComponent(UUID().uuidString)
        let bundle = subfolder.appendingPathComponent("App.bundle")
        try Self.writeBundle(at: bundle, modelName: modelName, versions: versions, current: current, sameSchemaToCoreData: sameSchemaToCoreData)
        return StagedMigrationApp(executable: executable, bundle: bundle, folder: subfolder)
    }

    /// `<bundle>/<model>.momd`: `VersionInfo.plist` naming the current version, and one fake compiled model per version
    /// (its entities' names, lock hashes and class names).
    static func writeBundle(
        at bundle: URL, modelName: String, versions: [Schema], current: String, sameSchemaToCoreData: [String: String] = [:]
    ) throws {
        let momd = bundle.appendingPathComponent("\(modelName).momd")
        try FileManager.default.createDirectory(at: momd, withIntermediateDirectories: true)
        let fingerprints = Dictionary(versions.map { ($0.versionName, StoreFingerprint($0)) }, uniquingKeysWith: { first, _ in first })
        for schema in versions {
            let hashed = fingerprints[sameSchemaToCoreData[schema.versionName] ?? schema.versionName] ?? StoreFingerprint(schema)
            let entities = hashed.entities.map { entity in
                ["name": entity.name, "versionHash": entity.hash,
                 "managedObjectClassName": schema.entity(named: entity.name)?.className ?? "NSManagedObject"]
            }
            try JSONSerialization.data(withJSONObject: ["entities": entities], options: [.sortedKeys])
                .write(to: momd.appendingPathComponent(schema.versionName + ".mom"))
        }
        try PropertyListSerialization.data(fromPropertyList: ["NSManagedObjectModel_CurrentVersionName": current], format: .xml, options: 0)
            .write(to: momd.appendingPathComponent("VersionInfo.plist"))
    }

    struct BuildFailure: Error, CustomStringConvertible {
        var output: String
        var description: String { "the plan did not compile against the staged-migration model:\n\(output)" }
    }

    /// Every `willMigrate…`/`didMigrate…` hook the plan calls on its type.
    static func hookNames(calledBy plan: String) -> [String] {
        let calls = plan.matches(of: /try ((?:will|did)Migrate[A-Za-z0-9_]+)\(context\)/).map { String($0.output.1) }
        return Array(Set(calls)).sorted()
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let (status, output) = try TestSupport.run(arguments, executable: executable.path, environment: environment)
        return Run(status: status, output: output)
    }

    func store(_ name: String) -> String { folder.appendingPathComponent(name + ".store").path }

    /// A store created by the model version `version` (`beforeIOS17`: no checksum in its metadata).
    @discardableResult
    func createStore(_ name: String, version: String, beforeIOS17: Bool = false, modelCached: Bool = true) throws -> Run {
        try run(["create", bundle.path, version, store(name)] + (beforeIOS17 ? ["before-ios17"] : []) + (modelCached ? [] : ["no-model-cache"]))
    }

    func open(_ name: String, options: [String] = [], environment: [String: String] = [:]) throws -> Run {
        try run(["open", bundle.path, store(name)] + options, environment: environment)
    }

    /// Each version's `versionChecksum` as the model computes it.
    func checksums(of versions: [String]) throws -> [String: String] {
        let run = try self.run(["checksums", bundle.path] + versions)
        return Dictionary(run.lines.filter { $0.first == "CHECKSUM" && $0.count == 3 }.map { ($0[1], $0[2]) }, uniquingKeysWith: { first, _ in first })
    }

    /// `libCoreData` and its module, built once per toolchain and model sources into `.build/staged-migration-model/<key>`.
    static func modelLibrary() throws -> URL {
        libraryLock.lock()
        defer { libraryLock.unlock() }
        let files = try FileManager.default.contentsOfDirectory(at: modelSources, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        var hasher = StableHasher()
        hasher.combine(try TestSupport.run(["swiftc", "--version"]).output)
        for file in files { hasher.combine(try Data(contentsOf: file)) }
        let destination = TestSupport.packageRoot.appendingPathComponent(".build/staged-migration-model/\(hasher.hexDigest)")
        if FileManager.default.fileExists(atPath: destination.appendingPathComponent("CoreData.swiftmodule").path) { return destination }
        let temporary = destination.deletingLastPathComponent().appendingPathComponent("tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let built = try TestSupport.run(
            ["swiftc", "-swift-version", "5", "-parse-as-library", "-emit-library", "-emit-module", "-module-name", "CoreData",
             "-emit-module-path", temporary.appendingPathComponent("CoreData.swiftmodule").path,
             "-o", temporary.appendingPathComponent("libCoreData.so").path] + files.map(\.path))
        guard built.status == 0 else { throw BuildFailure(output: built.output) }
        try? FileManager.default.removeItem(at: destination)
        try FileManager.default.moveItem(at: temporary, to: destination)
        return destination
    }

    private static let libraryLock = NSLock()
}
