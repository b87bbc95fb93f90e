import Foundation
import Testing

/// A mistyped model path or `--model-version` is an error that names what exists: "did you mean …?" when one
/// name is close, nothing when none is (a version with another number is not a misspelling).
@Suite struct MisspelledModelCLITests {
    /// A folder holding `Versions.xcdatamodeld` (versions `Versions`, `Versions 2`, `Versions 3`) and `Inventory.xcdatamodeld`.
    static func workspace(_ name: String = #function) throws -> URL {
        let root = try TestSupport.temporaryDirectory(name)
        for model in ["Versions", "Inventory"] {
            try FileManager.default.copyItem(
                at: TestSupport.fixtureModels.appendingPathComponent("\(model).xcdatamodeld"),
                to: root.appendingPathComponent("\(model).xcdatamodeld"))
        }
        return root
    }

    @Test("a mistyped model path suggests the sibling it meant, relative or absolute, for any command",
          arguments: [["dump"], ["generate", "--output", "Generated"], ["lock"]])
    func mistypedPath(command: [String]) throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let relative = try CLI.run([command[0], "Invnetory.xcdatamodeld"] + command.dropFirst(), in: root)
        #expect(relative.status == 1)
        #expect(relative.stderrLines == [
            "Invnetory.xcdatamodeld: error: no model found: no such file or folder; did you mean 'Inventory.xcdatamodeld'?",
        ], "\(relative.stderr)")
        // A deeper path: the first missing component is respelled, the rest kept.
        let deep = root.path + "/Versoins.xcdatamodeld/Versions 2.xcdatamodel"
        let absolute = try CLI.run([command[0], deep] + command.dropFirst(), in: root)
        #expect(absolute.status == 1)
        #expect(absolute.stderr.contains("; did you mean '\(root.path)/Versions.xcdatamodeld/Versions 2.xcdatamodel'?"), "\(absolute.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Generated").path))
    }

    @Test("a path with no close sibling, or whose respelling leads nowhere, gets no suggestion")
    func noSuggestion() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["Shop.xcdatamodeld", "Versoins.xcdatamodeld/Versions 9.xcdatamodel"] {
            let run = try CLI.run(["dump", path], in: root)
            #expect(run.status == 1)
            #expect(run.stderrLines == ["\(path): error: no model found: no such file or folder"], "\(run.stderr)")
        }
    }

    @Test("a mistyped --model-version suggests the version it meant; another number is not a typo")
    func mistypedModelVersion() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let known = "the model has versions 'Versions', 'Versions 2', 'Versions 3'"
        let typo = try CLI.run(["dump", "Versions.xcdatamodeld", "--model-version", "Verisons 2"], in: root)
        #expect(typo.status == 1)
        #expect(typo.stderrLines == [
            "Versions.xcdatamodeld: error: unknown model version 'Verisons 2'; \(known); did you mean 'Versions 2'?",
        ], "\(typo.stderr)")
        let number = try CLI.run(["dump", "Versions.xcdatamodeld", "--model-version", "Versions 4"], in: root)
        #expect(number.status == 1)
        #expect(number.stderrLines == ["Versions.xcdatamodeld: error: unknown model version 'Versions 4'; \(known)"], "\(number.stderr)")
    }
}
