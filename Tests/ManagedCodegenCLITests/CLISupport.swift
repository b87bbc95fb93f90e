import Foundation
import Testing

/// Every file of this target sees the shared test support (paths, fixture list, reference assertions).
@_exported import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `managed-codegen` binary and looks at what it left on disk.
enum CLI {
    /// The binary SwiftPM built next to this test bundle (the target depends on the executable).
    static let binary: URL = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        for configuration in ["debug", "release"] {
            candidates.append(TestSupport.packageRoot.appendingPathComponent(".build/\(configuration)"))
        }
        for folder in candidates {
            let url = folder.appendingPathComponent("managed-codegen")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        fatalError("managed-codegen was not built next to the tests (looked in \(candidates.map(\.path)))")
    }()

    struct Run {
        var status: Int32
        var terminatedBySignal: Bool
        var timedOut: Bool
        var stdout: String
        var stderr: String
        var seconds: Double

        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    /// Runs the binary; output goes through files (no pipe can fill up), and a run past `timeout` is killed.
    static func run(
        _ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil, timeout: Double = 120,
        executable: URL = binary
    ) throws -> Run {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mc-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stdoutURL = scratch.appendingPathComponent("stdout")
        let stderrURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: stdoutURL)
        try Data().write(to: stderrURL)
        let stdout = try FileHandle(forWritingTo: stdoutURL)
        let stderr = try FileHandle(forWritingTo: stderrURL)
        defer {
            try? stdout.close()
            try? stderr.close()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        var timedOut = false
        while process.isRunning {
            if Date().timeIntervalSince(start) > timeout {
                timedOut = true
                process.terminate()
                process.waitUntilExit()
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            terminatedBySignal: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            stdout: (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "",
            seconds: Date().timeIntervalSince(start))
    }

    /// Writes `<folder>/<name>.xcdatamodeld/<name>.xcdatamodel/contents` with `bytes`; returns the bundle.
    @discardableResult
    static func writeModel(_ bytes: [UInt8], named name: String = "Model", in folder: URL) throws -> URL {
        let bundle = folder.appendingPathComponent("\(name).xcdatamodeld")
        let version = bundle.appendingPathComponent("\(name).xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try Data(bytes).write(to: version.appendingPathComponent("contents"))
        return bundle
    }

    static func contentsPath(of bundle: URL) -> String {
        let name = bundle.deletingPathExtension().lastPathComponent
        return bundle.appendingPathComponent("\(name).xcdatamodel/contents").path
    }

    /// Wraps entity XML in Xcode's `<model>` element; the body starts on line 3.
    static func model(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="23507" systemVersion="23E224" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
        \(body)
        </model>

        """
    }

    /// Every file and folder under `root` (relative path -> contents, modification time, inode); nil when absent.
    struct Snapshot: Equatable {
        struct Entry: Equatable {
            var contents: Data?
            var modified: Double
            var inode: UInt64
        }

        var entries: [String: Entry]

        init?(_ root: URL) {
            guard FileManager.default.fileExists(atPath: root.path) else { return nil }
            entries = [:]
            let enumerator = FileManager.default.enumerator(atPath: root.path)
            while let relative = enumerator?.nextObject() as? String {
                let path = root.appendingPathComponent(relative).path
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }
                let isDirectory = (status.st_mode & S_IFMT) == S_IFDIR
                entries[relative] = Entry(
                    contents: isDirectory ? nil : FileManager.default.contents(atPath: path),
                    modified: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9,
                    inode: UInt64(status.st_ino))
            }
        }
    }
}

/// One `path:line: severity: message` diagnostic line as Xcode reads it.
struct DiagnosticLine: Equatable {
    var path: String
    var line: Int
    var severity: String
    var message: String

    init?(_ text: String) {
        guard let match = text.wholeMatch(of: /(.+?):(\d+): (error|warning|note): (.+)/) else { return nil }
        path = String(match.1)
        line = Int(match.2)!
        severity = String(match.3)
        message = String(match.4)
    }
}

extension CLI.Run {
    /// The shared contract of a refused model: exit status 1 (not a signal, not a hang), stderr made only of
    /// `path:line: severity: message` lines with at least one error pointing into `contentsPath`, nothing on stdout.
    func expectRefusedModel(
        contentsPath: String, messageContaining fragment: String? = nil, line expectedLine: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!timedOut, "the run hung", sourceLocation: sourceLocation)
        #expect(!terminatedBySignal, "the run crashed: \(stderr.prefix(2000))", sourceLocation: sourceLocation)
        #expect(status == 1, "exit status \(status); stderr: \(stderr.prefix(2000))", sourceLocation: sourceLocation)
        #expect(stdout.isEmpty, "stdout: \(stdout.prefix(500))", sourceLocation: sourceLocation)
        let lines = stderrLines
        #expect(!lines.isEmpty, sourceLocation: sourceLocation)
        for text in lines {
            #expect(DiagnosticLine(text) != nil, "not a path:line: diagnostic: \(text.prefix(300))", sourceLocation: sourceLocation)
        }
        let errors = lines.compactMap(DiagnosticLine.init).filter { $0.severity == "error" }
        #expect(
            errors.contains { $0.path == contentsPath && $0.line >= 1 },
            "no error at \(contentsPath):<line>: \(stderr.prefix(2000))", sourceLocation: sourceLocation)
        if let fragment {
            #expect(errors.contains { $0.message.contains(fragment) }, "no error mentions '\(fragment)': \(stderr.prefix(2000))", sourceLocation: sourceLocation)
        }
        if let expectedLine {
            #expect(errors.contains { $0.line == expectedLine }, "no error on line \(expectedLine): \(stderr.prefix(2000))", sourceLocation: sourceLocation)
        }
        #expect(stderr.utf8.count < 100_000, "stderr is \(stderr.utf8.count) bytes", sourceLocation: sourceLocation)
    }
}
