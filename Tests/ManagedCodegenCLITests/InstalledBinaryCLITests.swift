import Foundation
import Testing

/// The binary as every installer ships it (Homebrew, Mint, `experimental-install`, `make install`, a release
/// archive): the executable alone, in a folder of its own, run from outside the package.
@Suite struct InstalledBinaryCLITests {
    /// A copy of the fixture and a run of `generate` with relative paths from inside that copy, so two runs'
    /// outputs compare file by file whatever folder they ran in.
    static func generate(with executable: URL, in root: URL) throws -> [String: Data?] {
        try FileManager.default.copyItem(
            at: TestSupport.fixtureModels.appendingPathComponent("Inventory.xcdatamodeld"),
            to: root.appendingPathComponent("Inventory.xcdatamodeld"))
        let run = try CLI.run(
            ["generate", "Inventory.xcdatamodeld", "--output", "Generated", "--human-output", "Model", "--tests-output", "Tests"],
            in: root, executable: executable)
        try #require(run.status == 0, "exit \(run.status): \(run.stderr)")
        let snapshot = try #require(CLI.Snapshot(root))
        return snapshot.entries.filter { !$0.key.hasPrefix("Inventory.xcdatamodeld") }.mapValues(\.contents)
    }

    /// `scratch/bin/managed-codegen`: the built binary, alone in its folder.
    static func copyAlone(into scratch: URL) throws -> URL {
        let installed = scratch.appendingPathComponent("bin/managed-codegen")
        try FileManager.default.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.binary, to: installed)
        return installed
    }

    /// The files the in-place binary and `other` write for the same fixture, each run in its own folder of `scratch`.
    static func generateWithBoth(_ other: URL, in scratch: URL) throws -> (inPlace: [String: Data?], other: [String: Data?]) {
        let inPlaceRoot = scratch.appendingPathComponent("in-place")
        let otherRoot = scratch.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: inPlaceRoot, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: otherRoot, withIntermediateDirectories: true)
        return (try generate(with: CLI.binary, in: inPlaceRoot), try generate(with: other, in: otherRoot))
    }

    @Test func binaryCopiedAloneGeneratesTheSameBytes() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let installed = try Self.copyAlone(into: scratch)

        // SwiftPM's `Bundle.module` accessor looks for `<Package>_<Target>.resources` beside the executable, then at
        // the build folder's absolute path compiled into it. The copy has nothing beside it; and because the
        // templates are compiled in, the build folder holds no resource bundle for a stale accessor to find.
        // Both checks together: the copy cannot be reading templates from anywhere but its own bytes.
        let beside = try FileManager.default.contentsOfDirectory(atPath: installed.deletingLastPathComponent().path)
        #expect(beside == ["managed-codegen"])
        let buildFolder = CLI.binary.deletingLastPathComponent()
        let bundles = try FileManager.default.contentsOfDirectory(atPath: buildFolder.path).filter {
            $0.hasPrefix("ManagedCodegen_") && ($0.hasSuffix(".resources") || $0.hasSuffix(".bundle"))
        }
        #expect(bundles == [], "the build folder has resource bundles the binary might read: \(bundles)")

        let (inPlace, copied) = try Self.generateWithBoth(installed, in: scratch)
        #expect(inPlace.values.contains { $0 != nil }, "the in-place run wrote no files")
        #expect(copied.keys.sorted() == inPlace.keys.sorted())
        for (path, contents) in inPlace.sorted(by: { $0.key < $1.key }) {
            #expect(copied[path] == contents, "\(path) differs between the copied binary and the in-place run")
        }
    }

    @Test func copiedBinaryStillTakesCustomTemplatesByName() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let installed = try Self.copyAlone(into: scratch)
        let templates = scratch.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("// custom human file {{className}}\n".utf8).write(to: templates.appendingPathComponent("entity-human.mustache"))
        let root = scratch.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestSupport.fixtureModels.appendingPathComponent("Inventory.xcdatamodeld"),
            to: root.appendingPathComponent("Inventory.xcdatamodeld"))
        let run = try CLI.run(
            ["generate", "Inventory.xcdatamodeld", "--output", "Generated", "--human-output", "Model", "--templates", templates.path],
            in: root, executable: installed)
        try #require(run.status == 0, "exit \(run.status): \(run.stderr)")
        let human = try String(contentsOf: root.appendingPathComponent("Model/Item.swift"), encoding: .utf8)
        #expect(human == "// custom human file Item\n")
        // The other templates are still the compiled-in ones.
        let machine = try String(contentsOf: root.appendingPathComponent("Generated/Item+Generated.swift"), encoding: .utf8)
        #expect(machine.contains("extension Item") || machine.contains("class Item"), "\(machine)")
    }
}

/// `make install PREFIX=…`: the installed binary alone in the prefix, stripped, generates what the in-place debug
/// binary generates. The install installs the debug build the tests already have (`BINARY=`): a release build costs
/// about 4 CPU-minutes (measured: 230 s), which CI cannot spend on every run. `MANAGED_CODEGEN_INSTALL_TEST=release`
/// runs the whole `make install`, release build included, in `.build/install-test` (scripts/test-full.sh; see
/// Benchmarks/README.md); MANAGED_CODEGEN_SKIP_INSTALL_TEST=1 skips the test.
@Suite struct MakeInstallCLITests {
    static let releaseBuild = ProcessInfo.processInfo.environment["MANAGED_CODEGEN_INSTALL_TEST"] == "release"

    @Test(.disabled(if: ProcessInfo.processInfo.environment["MANAGED_CODEGEN_SKIP_INSTALL_TEST"] == "1"))
    func makeInstallPutsOneWorkingBinaryInThePrefix() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let prefix = scratch.appendingPathComponent("prefix")
        let build = TestSupport.packageRoot.appendingPathComponent(".build/install-test").path
        let source = Self.releaseBuild ? ["SCRATCH=\(build)"] : ["BINARY=\(CLI.binary.path)"]
        let make = try TestSupport.run(["make", "install", "PREFIX=\(prefix.path)"] + source, in: TestSupport.packageRoot)
        try #require(make.status == 0, "\(make.output)")
        let installed = try FileManager.default.subpathsOfDirectory(atPath: prefix.path).sorted()
        #expect(installed == ["bin", "bin/managed-codegen"])
        let binary = prefix.appendingPathComponent("bin/managed-codegen")

        // Installed stripped (`install -s`): smaller than the build's copy, without its symbol table and debug
        // sections (readelf on Linux), and still working (below).
        let built = Self.releaseBuild ? URL(fileURLWithPath: build).appendingPathComponent("release/managed-codegen") : CLI.binary
        func size(_ url: URL) throws -> Int { try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0 }
        let (installedSize, builtSize) = (try size(binary), try size(built))
        #expect(installedSize < builtSize, "installed \(installedSize) bytes, built \(builtSize)")
        #if os(Linux)
            let sections = try TestSupport.run(["readelf", "-S", "-W", binary.path])
            try #require(sections.status == 0, "\(sections.output)")
            #expect(sections.output.contains(".text"))
            #expect(!sections.output.contains(".symtab") && !sections.output.contains(".debug_"), "\(sections.output)")
            let builtSections = try TestSupport.run(["readelf", "-S", "-W", built.path])
            #expect(builtSections.output.contains(".symtab"), "the check above would notice symbols")
        #endif

        let (inPlace, copied) = try InstalledBinaryCLITests.generateWithBoth(binary, in: scratch)
        #expect(!inPlace.isEmpty)
        #expect(copied == inPlace, "the installed binary's output differs from the in-place run")
    }

    /// What `make install` builds when it builds: the one product, optimised, with the Swift runtime linked in on
    /// Linux (so the installed binary runs without a toolchain). `make -n` prints the commands without running them.
    @Test func makeBuildsTheReleaseProduct() throws {
        let dryRun = try TestSupport.run(["make", "-n", "install", "PREFIX=/nowhere"], in: TestSupport.packageRoot)
        try #require(dryRun.status == 0, "\(dryRun.output)")
        let build = try #require(dryRun.output.split(separator: "\n").first { $0.hasPrefix("swift build") }, "\(dryRun.output)")
        for flag in ["--configuration release", "--product managed-codegen"] {
            #expect(build.contains(flag), "\(build)")
        }
        #if os(Linux)
            #expect(build.contains("--static-swift-stdlib"), "\(build)")
        #endif
        #expect(dryRun.output.contains("install -m 755 -s "), "\(dryRun.output)")
    }
}
