import ArgumentParser
import Foundation
import ManagedModel
import Testing

@testable import managed_codegen

/// The findings the commands make themselves (a config file, a folder, a flag, a template, the lock file's text) carry
/// the ids of documented rows, as the model's do: what a reporter (`--reporter`) and `explain` read. The compiler holds
/// that every error and warning has a row; these check which, and that the row is in the registry `explain` reads.
@Suite struct FindingIdentityTests {
    /// The diagnostics `arguments` fail with, in process.
    func failure<Command: ParsableCommand>(_ command: Command.Type, _ arguments: [String]) throws -> [Diagnostic] {
        do {
            var parsed = try Command.parse(arguments)
            try parsed.run()
        } catch let error as DiagnosticsError {
            return error.diagnostics.all
        }
        Issue.record("\(arguments) did not fail")
        return []
    }

    /// The rule ids of `diagnostics`' errors and warnings, each checked to be a registered row.
    func ids(_ diagnostics: [Diagnostic]) -> [String] {
        let registered = Set(RuleRegistry.all.map(\.id))
        let findings = diagnostics.filter { $0.severity != .note }
        for finding in findings {
            #expect(finding.ruleID.map(registered.contains) == true, "\(finding) has no registered rule: \(finding.ruleID ?? "nil")")
        }
        return findings.compactMap(\.ruleID)
    }

    @Test func theConfigFileAndTheSettings() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try copyInventoryModel(into: directory)
        #expect(try ids(failure(Generate.self, [model.path])) == ["settings.no-output-folder", "settings.no-output-folder"])
        let missing = directory.appendingPathComponent("none.yml").path
        #expect(try ids(failure(Generate.self, [model.path, "--config", missing])) == ["config.unreadable"])
        try write("outptu: Generated\ncloudkit: maybe\noutput: a\noutput: b\n", to: directory.appendingPathComponent("App/managed-codegen.yml"))
        #expect(
            try ids(failure(Generate.self, [model.path]))
                == ["config.unknown-key", "config.invalid-value", "config.duplicate-key"])
        try write("- a\n", to: directory.appendingPathComponent("App/managed-codegen.yml"))
        #expect(try ids(failure(Generate.self, [model.path])) == ["config.not-a-mapping"])
    }

    @Test func templatesAndTheLockFile() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try copyInventoryModel(into: directory)
        let outputs = ["--output", directory.appendingPathComponent("Out").path, "--no-human-files"]
        let templates = directory.appendingPathComponent("Templates")
        try write("{{#entities}}\n", to: templates.appendingPathComponent("entity.mustache"))
        #expect(try ids(failure(Generate.self, [model.path] + outputs + ["--templates", templates.path])) == ["template.syntax"])
        #expect(
            try ids(failure(Generate.self, [model.path] + outputs + ["--templates", directory.appendingPathComponent("No").path]))
                == ["template.unreadable"])
        // The lock file beside the bundle, `Inventory.managed-codegen.lock`.
        try write("lock-format 1\nnonsense\n", to: directory.appendingPathComponent("App/Inventory.managed-codegen.lock"))
        let lockErrors = try ids(failure(Generate.self, [model.path] + outputs))
        #expect(!lockErrors.isEmpty && lockErrors.allSatisfy { $0 == "history.malformed-lock" }, "\(lockErrors)")
    }

    @Test func foldersFlagsAndIds() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try copyInventoryModel(into: directory)
        let nowhere = directory.appendingPathComponent("Nowhere").path
        #expect(try ids(failure(Audit.self, [model.path, "--sources", nowhere])) == ["input.no-such-sources"])
        #expect(try ids(failure(Adopt.self, [model.path, "--sources", nowhere])) == ["input.no-such-sources"])
        #expect(try ids(failure(Adopt.self, [model.path, "--entity", "Itme"])) == ["adopt.unknown-entity"])
        #expect(try ids(failure(Adopt.self, [model.path, "--make-current"])) == ["adopt.needs-require-defaulted-scalars"])
        #expect(try ids(failure(Explain.self, ["config.unknown-kye"])) == ["input.unknown-rule"])
    }
}
