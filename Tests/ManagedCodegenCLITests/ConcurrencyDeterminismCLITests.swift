import Foundation
import Testing

/// Concurrent runs over one output folder, and output that depends on nothing but the model.
@Suite struct ConcurrencyDeterminismCLITests {
    /// All regular files under `root` by relative path (temporary files included, so leftovers show).
    static func files(_ root: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = root.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return result
    }

    static func copyFixture(_ name: String, to folder: URL, as bundleName: String? = nil) throws -> URL {
        let destination = folder.appendingPathComponent("\(bundleName ?? name).xcdatamodeld")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestSupport.fixtureModels.appendingPathComponent("\(name).xcdatamodeld"), to: destination)
        return destination
    }

    @Test("many concurrent runs of two model versions into one folder never leave a torn or mixed file")
    func concurrentRunsNeverTear() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        // Two versions of one model with the same entities: every file exists in both, with different contents.
        let versionA = try Self.copyFixture("Inventory", to: root.appendingPathComponent("A"))
        let versionB = try Self.copyFixture("Inventory", to: root.appendingPathComponent("B"))
        let contentsB = versionB.appendingPathComponent("Inventory.xcdatamodel/contents")
        let original = try String(contentsOf: contentsB, encoding: .utf8)
        let changed = original.replacingOccurrences(of: #"defaultValueString="0""#, with: #"defaultValueString="42""#)
        #expect(changed != original)
        try changed.write(to: contentsB, atomically: true, encoding: .utf8)

        var references: [String: Set<Data>] = [:]
        for (index, bundle) in [versionA, versionB].enumerated() {
            let out = root.appendingPathComponent("reference-\(index)")
            let run = try CLI.run(["generate", bundle.path, "--output", out.appendingPathComponent("G").path, "--human-output", out.appendingPathComponent("M").path])
            #expect(run.status == 0, "\(run.stderr)")
            for (path, data) in Self.files(out) { references[path, default: []].insert(data) }
        }
        let expected = references
        #expect(expected.values.contains { $0.count == 2 }, "the two versions should differ in some file")

        let shared = root.appendingPathComponent("shared")
        let arguments = { @Sendable (bundle: URL) in
            ["generate", bundle.path, "--output", shared.appendingPathComponent("G").path, "--human-output", shared.appendingPathComponent("M").path, "-q"]
        }
        let torn = Mutex<[String]>([])
        let failures = Mutex<[String]>([])
        let done = Mutex(false)
        let filesRead = Mutex(0)
        // A reader that keeps opening every file while the writers run: each must be one whole version.
        let reader = Thread {
            while !done.withLock({ $0 }) {
                for (path, data) in Self.files(shared) where !(path as NSString).lastPathComponent.hasPrefix(".") {
                    if expected[path]?.contains(data) != true { torn.withLock { $0.append(path) } }
                    filesRead.withLock { $0 += 1 }
                }
            }
        }
        reader.start()
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            do {
                let run = try CLI.run(arguments(index.isMultiple(of: 2) ? versionA : versionB))
                if run.status != 0 { failures.withLock { $0.append("run \(index): \(run.status) \(run.stderr.prefix(500))") } }
            } catch {
                failures.withLock { $0.append("run \(index): \(error)") }
            }
        }
        done.withLock { $0 = true }
        while !reader.isFinished { usleep(1000) }

        #expect(filesRead.withLock { $0 } > 24, "the reader saw too few files to mean anything")
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        #expect(torn.withLock { $0 }.isEmpty, "torn or mixed files seen: \(Set(torn.withLock { $0 }).sorted())")
        let final = Self.files(shared)
        #expect(Set(final.keys) == Set(expected.keys), "leftovers or missing: \(Set(final.keys).symmetricDifference(expected.keys).sorted())")
        for (path, data) in final { #expect(expected[path]?.contains(data) == true, "\(path) is not one whole version") }
    }

    @Test("output is byte-identical across runs, locales, time zones and paths with spaces and Unicode")
    func identicalAcrossEnvironmentsAndPaths() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = try Self.copyFixture("Vocabulary", to: root.appendingPathComponent("plain"))
        let unusual = try Self.copyFixture("Vocabulary", to: root.appendingPathComponent("Mödels with spaces/日本 語"))
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "LC_ALL")
        let variants: [(bundle: URL, output: String, environment: [String: String])] = [
            (plain, "reference", environment),
            (plain, "C", environment.merging(["LANG": "C", "LC_ALL": "C"]) { $1 }),
            (plain, "turkish", environment.merging(["LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8", "TZ": "Asia/Kathmandu"]) { $1 }),
            (plain, "german", environment.merging(["LANG": "de_DE.UTF-8", "LC_NUMERIC": "de_DE.UTF-8", "TZ": "Pacific/Chatham"]) { $1 }),
            (unusual, "Öut put/with space/ünïcødé", environment),
        ]
        var outputs: [[String: Data]] = []
        for variant in variants {
            let out = root.appendingPathComponent("out").appendingPathComponent(variant.output)
            let run = try CLI.run(
                ["generate", variant.bundle.path, "--include-xcode-generated", "--output", out.appendingPathComponent("G").path, "--human-output", out.appendingPathComponent("M").path],
                environment: variant.environment)
            #expect(run.status == 0, "\(variant.output): \(run.stderr)")
            outputs.append(Self.files(out))
        }
        #expect(outputs[0].count > 5)
        for (index, output) in outputs.enumerated().dropFirst() {
            #expect(output == outputs[0], "\(variants[index].output) differs: \(output.keys.filter { output[$0] != outputs[0][$0] }.sorted())")
        }
    }

    @Test("output does not depend on the order the model's folders were created in")
    func identicalAcrossFileSystemOrder() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let source = TestSupport.fixtureModels.appendingPathComponent("Versions.xcdatamodeld")
        let versions = try FileManager.default.contentsOfDirectory(atPath: source.path).filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        #expect(versions.count >= 3)
        var dumps: [String] = []
        var outputs: [[String: Data]] = []
        for (index, order) in [versions, versions.reversed(), [versions[1], versions[2], versions[0]]].enumerated() {
            let bundle = root.appendingPathComponent("order-\(index)/Versions.xcdatamodeld")
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source.appendingPathComponent(".xccurrentversion"), to: bundle.appendingPathComponent(".xccurrentversion"))
            for version in order {
                try FileManager.default.copyItem(at: source.appendingPathComponent(version), to: bundle.appendingPathComponent(version))
            }
            let out = root.appendingPathComponent("order-\(index)/out")
            let run = try CLI.run(["generate", bundle.path, "--output", out.appendingPathComponent("G").path, "--human-output", out.appendingPathComponent("M").path])
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(Self.files(out))
            let dump = try CLI.run(["dump", bundle.path, "--all-versions"])
            #expect(dump.status == 0)
            dumps.append(dump.stdout)
        }
        #expect(!outputs[0].isEmpty)
        #expect(outputs.allSatisfy { $0 == outputs[0] })
        #expect(dumps.allSatisfy { $0 == dumps[0] })
    }
}

/// A lock around a value, for the few bits of state the concurrent test shares with its reader thread.
final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
