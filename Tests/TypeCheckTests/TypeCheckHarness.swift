import Foundation

/// One diagnostic from the compiler, parsed from `-diagnostic-style llvm` output.
struct CompilerDiagnostic: Hashable, Sendable, CustomStringConvertible {
    enum Severity: String, Sendable { case error, warning, note, remark }
    var file: String
    var line: Int
    var column: Int
    var severity: Severity
    var message: String

    var fileName: String { URL(fileURLWithPath: file).lastPathComponent }
    var description: String { "\(fileName):\(line):\(column): \(severity.rawValue): \(message)" }

    /// Parses `path:line:col: severity: message`; anything else (source excerpts, carets) yields nil.
    init?(llvmLine: Substring) {
        for severity in [Severity.error, .warning, .note, .remark] {
            guard let marker = llvmLine.range(of: ": \(severity.rawValue): ") else { continue }
            let location = llvmLine[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            if location.count >= 3, let line = Int(location[location.count - 2]), let column = Int(location[location.count - 1]) {
                (self.file, self.line, self.column) = (location.dropLast(2).joined(separator: ":"), line, column)
            } else if location.count == 2, let line = Int(location[1]) {
                // `<unknown>:0: error: ...` (no source location)
                (self.file, self.line, self.column) = (String(location[0]), line, 0)
            } else {
                continue
            }
            self.severity = severity
            self.message = String(llvmLine[marker.upperBound...])
            return
        }
        return nil
    }
}

struct TypeCheckResult: Sendable {
    var diagnostics: [CompilerDiagnostic]
    var rawOutput: String
    var errors: [CompilerDiagnostic] { diagnostics.filter { $0.severity == .error } }
    var warnings: [CompilerDiagnostic] { diagnostics.filter { $0.severity == .warning } }
    var isClean: Bool { errors.isEmpty && warnings.isEmpty }
    /// Errors and warnings, one per line, for failure messages.
    var summary: String {
        let relevant = diagnostics.filter { $0.severity == .error || $0.severity == .warning }
        return relevant.isEmpty ? "(no errors or warnings)" : relevant.map(\.description).joined(separator: "\n")
    }
}

/// The harness could not do its job (SDK build failed, compiler crashed): never a pass, never a generator bug.
struct TypeCheckInfrastructureError: Error, CustomStringConvertible {
    var message: String
    var output: String
    var description: String { "\(message)\n\(output)" }
}

/// Type-checks Swift sources as Apple platforms would compile them. On Linux against the stub SDK in
/// `StubSDK/` (built once per toolchain and stub contents into `.build/typecheck-sdk/<key>/`); on macOS
/// with Xcode against Apple's SDK.
struct TypeCheckHarness: Sendable {
    enum SDK: Sendable {
        /// Stub modules in `root/modules`, clang module maps in `clangDirectory`.
        case stub(root: URL, clangDirectory: URL)
        /// Apple's SDK (`xcrun --show-sdk-path`), with XCTest from the platform's developer directory.
        case apple(sdkPath: String, platformPath: String)
    }

    let swiftc: String
    let sdk: SDK

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cached: Result<TypeCheckHarness, TypeCheckInfrastructureError>?

    /// The harness for this toolchain, building the stub SDK on first use (once per process; across
    /// processes the on-disk cache is guarded by a lock directory and an atomic rename).
    static func shared() throws -> TypeCheckHarness {
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let cached { return try cached.get() }
        let result: Result<TypeCheckHarness, TypeCheckInfrastructureError>
        do { result = .success(try make()) } catch let error as TypeCheckInfrastructureError {
            result = .failure(error)
        } catch {
            result = .failure(TypeCheckInfrastructureError(message: "type-check harness setup failed", output: "\(error)"))
        }
        cached = result
        return try result.get()
    }

    static let stubSDKDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("StubSDK")

    private static func make() throws -> TypeCheckHarness {
        let swiftc = try locateSwiftc()
        #if os(macOS)
        if let sdkPath = try? run("/usr/bin/xcrun", ["--show-sdk-path"]).trimmed(), !sdkPath.isEmpty,
           let platformPath = try? run("/usr/bin/xcrun", ["--show-sdk-platform-path"]).trimmed() {
            return TypeCheckHarness(swiftc: swiftc, sdk: .apple(sdkPath: sdkPath, platformPath: platformPath))
        }
        #endif
        let root = try buildStubSDK(swiftc: swiftc)
        return TypeCheckHarness(swiftc: swiftc, sdk: .stub(root: root, clangDirectory: stubSDKDirectory.appendingPathComponent("clang")))
    }

    private static func locateSwiftc() throws -> String {
        if let explicit = ProcessInfo.processInfo.environment["SWIFTC"], !explicit.isEmpty { return explicit }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw TypeCheckInfrastructureError(message: "swiftc not found (set SWIFTC or PATH)", output: path)
    }

    /// `.build/typecheck-sdk/<key>`, where the key covers `swiftc --version` and every stub file.
    private static func buildStubSDK(swiftc: String) throws -> URL {
        var hasher = StableHasher()
        hasher.combine(try run(swiftc, ["--version"]))
        let stubFiles = (FileManager.default.enumerator(at: stubSDKDirectory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? [])
            .filter { !$0.hasDirectoryPath }
            .sorted { $0.path < $1.path }
        for file in stubFiles {
            hasher.combine(file.path.replacingOccurrences(of: stubSDKDirectory.path, with: ""))
            hasher.combine(try Data(contentsOf: file))
        }
        let cacheRoot = TestSupport.packageRoot.appendingPathComponent(".build/typecheck-sdk")
        let destination = cacheRoot.appendingPathComponent(hasher.hexDigest)
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: destination.appendingPathComponent("modules/XCTest.swiftmodule").path) {
            return destination
        }
        try fileManager.createDirectory(at: cacheRoot, withIntermediateDirectories: true)
        let lock = cacheRoot.appendingPathComponent(hasher.hexDigest + ".lock")
        try acquire(lock: lock)
        defer { try? fileManager.removeItem(at: lock) }
        if fileManager.fileExists(atPath: destination.appendingPathComponent("modules/XCTest.swiftmodule").path) {
            return destination
        }
        let temporary = cacheRoot.appendingPathComponent("\(hasher.hexDigest).tmp-\(UUID().uuidString)")
        let (status, output) = try runWithStatus("/bin/sh", [stubSDKDirectory.appendingPathComponent("build-sdk.sh").path, temporary.path],
                                                 environment: ["SWIFTC": swiftc])
        guard status == 0 else {
            try? fileManager.removeItem(at: temporary)
            throw TypeCheckInfrastructureError(message: "StubSDK/build-sdk.sh failed with status \(status)", output: output)
        }
        // Clang's module cache records its own path; checks use a fresh cache under the final directory.
        try? fileManager.removeItem(at: temporary.appendingPathComponent("mcache"))
        try? fileManager.removeItem(at: destination)
        try fileManager.moveItem(at: temporary, to: destination)
        return destination
    }

    /// A directory as a cross-process lock; a lock older than the longest plausible build is stale.
    private static func acquire(lock: URL) throws {
        let deadline = Date().addingTimeInterval(900)
        while true {
            do {
                try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
                return
            } catch {
                let created = (try? FileManager.default.attributesOfItem(atPath: lock.path)[.creationDate] as? Date)
                    ?? (try? FileManager.default.attributesOfItem(atPath: lock.path)[.modificationDate] as? Date)
                if let created, Date().timeIntervalSince(created) > 600 {
                    try? FileManager.default.removeItem(at: lock)
                    continue
                }
                guard Date() < deadline else {
                    throw TypeCheckInfrastructureError(message: "timed out waiting for \(lock.path)", output: "")
                }
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
    }

    // MARK: - Checking

    /// A module the checked code imports that no SDK provides (an app's own framework), built first.
    struct DependencyModule: Hashable, Sendable {
        var name: String
        var files: [URL]
    }

    /// Type-checks `moduleFiles` as module `moduleName` (`-parse-as-library -enable-testing`), then `testFiles`
    /// (if any) as `<moduleName>Tests` importing it. Runs SILGen so definite-initialization errors show.
    /// `dependencies` are compiled first (in Swift 5 mode) and can be imported by both. With
    /// `testsAlsoOnMainActor` the tests are compiled twice: as a test target with the default isolation
    /// (nonisolated) and as one that defaults to MainActor, as an app's test target may (Xcode's
    /// "Default Actor Isolation" build setting is per target).
    func typecheck(moduleName: String, moduleFiles: [URL], testFiles: [URL] = [], swiftVersion: Int = 5,
                   defaultIsolationMainActor: Bool = false, testsAlsoOnMainActor: Bool = false,
                   dependencies: [DependencyModule] = []) throws -> TypeCheckResult {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        for dependency in dependencies {
            var arguments = commonArguments(swiftVersion: 5) + ["-module-name", dependency.name]
            arguments += dependency.files.map(\.path)
            arguments += ["-o", work.appendingPathComponent("\(dependency.name).swiftmodule").path]
            let result = try compile(arguments)
            guard result.errors.isEmpty else { return result }
        }

        var moduleArguments = commonArguments(swiftVersion: swiftVersion) + ["-I", work.path, "-enable-testing", "-module-name", moduleName]
        if defaultIsolationMainActor { moduleArguments += ["-default-isolation", "MainActor"] }
        moduleArguments += moduleFiles.map(\.path)
        moduleArguments += ["-o", work.appendingPathComponent("\(moduleName).swiftmodule").path]
        var result = try compile(moduleArguments)
        guard result.errors.isEmpty, !testFiles.isEmpty else { return result }

        for testsOnMainActor in testsAlsoOnMainActor ? [false, true] : [false] {
            let testModule = testsOnMainActor ? "\(moduleName)MainActorTests" : "\(moduleName)Tests"
            var testArguments = commonArguments(swiftVersion: swiftVersion) + ["-I", work.path, "-module-name", testModule]
            if testsOnMainActor { testArguments += ["-default-isolation", "MainActor"] }
            testArguments += testFiles.map(\.path)
            testArguments += ["-o", work.appendingPathComponent("\(testModule).swiftmodule").path]
            let testResult = try compile(testArguments)
            result.diagnostics += testResult.diagnostics
            result.rawOutput += testResult.rawOutput
        }
        return result
    }

    private func commonArguments(swiftVersion: Int) -> [String] {
        var arguments = ["-frontend", "-emit-module", "-swift-version", String(swiftVersion),
                         "-diagnostic-style", "llvm", "-parse-as-library"]
        switch sdk {
        case let .stub(root, clangDirectory):
            arguments += ["-enable-objc-interop",
                          "-I", root.appendingPathComponent("modules").path,
                          "-I", clangDirectory.path,
                          "-module-cache-path", root.appendingPathComponent("mcache").path,
                          "-Xcc", "-Wno-nullability-completeness"]
        case let .apple(sdkPath, platformPath):
            arguments += ["-sdk", sdkPath, "-target", "arm64-apple-macos13",
                          "-F", "\(platformPath)/Developer/Library/Frameworks",
                          "-I", "\(platformPath)/Developer/usr/lib"]
        }
        return arguments
    }

    private func compile(_ arguments: [String]) throws -> TypeCheckResult {
        let (status, output) = try Self.runWithStatus(swiftc, arguments)
        if !(status == 0 || status == 1) || output.contains("Stack dump") {
            throw TypeCheckInfrastructureError(
                message: "compiler crashed or failed unexpectedly (exit status \(status)): \(swiftc) \(arguments.joined(separator: " "))",
                output: output)
        }
        let diagnostics = output.split(separator: "\n").compactMap(CompilerDiagnostic.init(llvmLine:))
        if status == 1 && !diagnostics.contains(where: { $0.severity == .error }) {
            throw TypeCheckInfrastructureError(message: "compiler failed without an error diagnostic", output: output)
        }
        return TypeCheckResult(diagnostics: diagnostics, rawOutput: output)
    }

    // MARK: - Processes

    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let (status, output) = try runWithStatus(executable, arguments)
        guard status == 0 else {
            throw TypeCheckInfrastructureError(message: "\(executable) exited with \(status)", output: output)
        }
        return output
    }

    /// Runs a process with stdout and stderr merged into one pipe, read to the end before waiting.
    static func runWithStatus(_ executable: String, _ arguments: [String],
                              environment: [String: String] = [:]) throws -> (Int32, String) {
        try TestSupport.run(arguments, executable: executable, environment: environment)
    }
}

/// FNV-1a (64-bit): a cache key that is stable across processes (Swift's `Hasher` is seeded per process).
struct StableHasher {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func combine(_ string: String) { combine(Data(string.utf8)) }
    mutating func combine(_ data: Data) {
        for byte in data {
            state ^= UInt64(byte)
            state = state &* 0x0000_0100_0000_01b3
        }
        state ^= 0xff
        state = state &* 0x0000_0100_0000_01b3
    }
    var hexDigest: String {
        let hex = String(state, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

private extension String {
    func trimmed() -> String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
