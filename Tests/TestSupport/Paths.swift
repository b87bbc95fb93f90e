import Foundation

/// Where the tests find their inputs: the package root (from this file's path, so no working-directory
/// assumption), the fixture models, the reference outputs and the real-model corpus beside the package.
/// One place for every test target; a target adds its own paths in an `extension TestSupport`.
package enum TestSupport {
    /// The first ancestor of this file holding `Package.swift`.
    package static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    /// `Fixtures/Models`: one `.xcdatamodeld` per feature area (Fixtures/README.md says what each holds).
    package static let fixtureModels = packageRoot.appendingPathComponent("Fixtures/Models")

    /// The fixture models with whole-file references (dump and generated output) in `Fixtures/Expected`.
    package static let fixtureNames = [
        "Inventory", "ValidationGuide", "Vocabulary", "Versions", "TypedExtras", "EditorLeftovers", "RuntimeSafety", "Staff",
    ]

    /// The path of `Fixtures/Models/<name>.xcdatamodeld`, as `ModelLoader.load` takes it.
    package static func fixtureBundle(_ name: String) -> String {
        fixtureModels.appendingPathComponent("\(name).xcdatamodeld").path
    }

    /// `Fixtures/Expected`: the whole-file references (`Dump/`, `Generated/`).
    package static let expected = packageRoot.appendingPathComponent("Fixtures/Expected")

    /// `<package root>/../shared/corpus`: real models, present on the development machine only (tests that read it
    /// skip with a message when it is absent).
    package static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    package static var corpusIsPresent: Bool {
        FileManager.default.fileExists(atPath: corpus.appendingPathComponent("INDEX.tsv").path)
    }

    /// A fresh empty folder under the system's temporary folder; the caller removes it.
    package static func temporaryDirectory(_ name: String = #function) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("managed-codegen-tests-\(name.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `arguments` through `/usr/bin/env` (or `executable`), stdout and stderr merged into one pipe read to the
    /// end before waiting; returns the exit status and the output.
    package static func run(
        _ arguments: [String], executable: String = "/usr/bin/env", in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// `swiftc -parse` of `files`: whether they are valid Swift, with the compiler's output.
    package static func swiftcParse(_ files: [String]) throws -> (status: Int32, output: String) {
        try run(["swiftc", "-parse"] + files)
    }

    /// `UPDATE_REFERENCES=1`: reference assertions rewrite the reference files instead of comparing.
    package static let updatingReferences = ProcessInfo.processInfo.environment["UPDATE_REFERENCES"] == "1"

    /// `path` with the package root left out, as references and messages show paths.
    package static func relative(_ path: String) -> String {
        path.replacingOccurrences(of: packageRoot.path + "/", with: "")
    }
}
