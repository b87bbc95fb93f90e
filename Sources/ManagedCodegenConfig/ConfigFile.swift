import Foundation
import ManagedModel

/// `managed-codegen.yml`: the settings of one model, in the folder that holds the model bundle.
///
/// A YAML mapping whose keys are the long names of the `generate` flags (see ``ConfigKey``); relative
/// paths are relative to the config file's folder. Every problem is reported as
/// `path:line: error: message` naming the key, all of them at once.
package struct ConfigFile: Hashable, Sendable {
    package static let fileName = "managed-codegen.yml"

    /// The config file, as it was found or passed.
    package var path: String
    /// Its values, paths made absolute.
    package var settings: GenerateSettings

    package init(path: String, settings: GenerateSettings) {
        self.path = path
        self.settings = settings
    }

    /// Reads and validates the config file at `path`.
    /// - Throws: ``DiagnosticsError`` when it cannot be read or any value is invalid.
    package static func load(_ path: String) throws -> ConfigFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw DiagnosticsError(
                Diagnostic(
                    ConfigRules.unreadable, exists ? "cannot read the config file" : "no such config file",
                    at: SourceLocation(path: path, line: 0)))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DiagnosticsError(Diagnostic(
                ConfigRules.unreadable, "the config file is not UTF-8 text", at: SourceLocation(path: path, line: 0)))
        }
        return try parse(text, path: path)
    }

    /// Validates `text`, the contents of the config file at `path`.
    package static func parse(_ text: String, path: String) throws -> ConfigFile {
        let directory = (absolutePath(path) as NSString).deletingLastPathComponent
        var parser = ConfigParser(path: path, directory: directory)
        let settings = parser.parse(text)
        if parser.diagnostics.hasErrors { throw DiagnosticsError(parser.diagnostics) }
        return ConfigFile(path: path, settings: settings)
    }

    /// The config file that belongs to the model at `modelPath`: `managed-codegen.yml` in the folder
    /// holding the `.xcdatamodeld` bundle (or the bare `.xcdatamodel` folder); nil when there is none.
    package static func locate(besideModel modelPath: String) -> String? {
        let path = (directory(besideModel: modelPath) as NSString).appendingPathComponent(fileName)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The folder holding the model bundle. `modelPath` may name the bundle, a version folder in it,
    /// or a `contents` file.
    package static func directory(besideModel modelPath: String) -> String {
        let components = (absolutePath(modelPath) as NSString).pathComponents
        let bundleIndex =
            components.lastIndex { $0.hasSuffix(".xcdatamodeld") }
            ?? components.lastIndex { $0.hasSuffix(".xcdatamodel") }
            // A `contents` file outside any bundle folder: its folder plays the version folder.
            ?? max(components.count - 2, 0)
        return NSString.path(withComponents: Array(components[..<max(bundleIndex, 1)]))
    }

    package static func absolutePath(_ path: String) -> String {
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        return url.standardizedFileURL.path
    }
}

/// Walks the mapping ``ConfigYAML`` read, one key at a time, collecting every problem.
private struct ConfigParser {
    typealias Node = ConfigYAML.Value

    let path: String
    let directory: String
    var diagnostics = Diagnostics()

    init(path: String, directory: String) {
        self.path = path
        self.directory = directory
    }

    mutating func parse(_ text: String) -> GenerateSettings {
        var settings = GenerateSettings()
        let entries: [ConfigYAML.Entry]
        do {
            switch try ConfigYAML.parse(text) {
            case .mapping(let mapping): entries = mapping
            // An empty file (or only comments) sets nothing.
            case .empty: return settings
            case .other(let root) where root.isNull: return settings
            case .other(let root):
                diagnostics.report(
                    ConfigRules.notAMapping, "the config file must be a mapping of settings (`key: value` lines), not \(describe(root))",
                    at: location(of: root))
                return settings
            }
        } catch {
            diagnostics.report(ConfigRules.invalidYAML, "invalid YAML: \(error.message)", at: location(line: error.line))
            return settings
        }
        var seen: [String: Int] = [:]
        for entry in entries {
            let (name, line, value) = (entry.key, entry.line, entry.value)
            if let first = seen[name] {
                diagnostics.report(
                    ConfigRules.duplicateKey, "duplicate key '\(name)' (first set on line \(first))", at: location(line: line))
                continue
            }
            seen[name] = line
            guard let key = ConfigKey(rawValue: name) else {
                diagnostics.report(ConfigRules.unknownKey, "unknown key '\(name)'\(suggestion(for: name))", at: location(line: line))
                continue
            }
            if let parsed = self.value(of: key, in: value) {
                key.set(parsed, in: &settings)
            }
        }
        return settings
    }

    private mutating func value(of key: ConfigKey, in node: Node) -> ConfigKey.Value? {
        let name = key.rawValue
        switch key.valueKind {
        case .path:
            guard let text = nonEmptyText(node, key: name, expected: "a folder path") else { return nil }
            let joined = (text as NSString).isAbsolutePath ? text : (directory as NSString).appendingPathComponent(text)
            return .text(URL(fileURLWithPath: joined).standardizedFileURL.path)
        case .string:
            return nonEmptyText(node, key: name, expected: "a name").map { .text($0) }
        case .oneOf(let choices):
            guard let text = nonEmptyText(node, key: name, expected: choices.joined(separator: " or ")) else { return nil }
            guard choices.contains(text) else {
                diagnostics.report(
                    ConfigRules.invalidValue,
                    "'\(name)' must be \(choices.joined(separator: " or ")), not '\(text)'", at: location(of: node))
                return nil
            }
            return .text(text)
        case .boolean:
            guard let flag = node.flag else {
                diagnostics.report(
                    ConfigRules.invalidValue, "'\(name)' must be true or false, not \(describe(node))", at: location(of: node))
                return nil
            }
            return .flag(flag)
        case .pathList:
            guard case .list(let sequence) = node.kind else {
                diagnostics.report(
                    ConfigRules.invalidValue,
                    "'\(name)' must be a list of folders (`[A, B]` or `- A` lines), not \(describe(node))", at: location(of: node))
                return nil
            }
            var paths: [String] = []
            for element in sequence {
                guard let text = nonEmptyText(element, key: name, expected: "a folder path", inList: true) else { return nil }
                let joined = (text as NSString).isAbsolutePath ? text : (directory as NSString).appendingPathComponent(text)
                paths.append(URL(fileURLWithPath: joined).standardizedFileURL.path)
            }
            return .list(paths)
        case .stringList:
            guard case .list(let sequence) = node.kind else {
                diagnostics.report(
                    ConfigRules.invalidValue, "'\(name)' must be a list of names (`[A, B]` or `- A` lines), not \(describe(node))",
                    at: location(of: node))
                return nil
            }
            var names: [String] = []
            for element in sequence {
                guard let text = nonEmptyText(element, key: name, expected: "a name", inList: true) else { return nil }
                names.append(text)
            }
            return .list(names)
        }
    }

    private mutating func nonEmptyText(_ node: Node, key: String, expected: String, inList: Bool = false) -> String? {
        let subject = inList ? "every element of '\(key)'" : "'\(key)'"
        guard !node.isNull, case .scalar(let text, _) = node.kind, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            diagnostics.report(ConfigRules.invalidValue, "\(subject) must be \(expected), not \(describe(node))", at: location(of: node))
            return nil
        }
        return text
    }

    private func describe(_ node: Node) -> String {
        switch node.kind {
        case .scalar where node.isNull: "an empty value"
        case .scalar(let text, _): text.isEmpty ? "an empty value" : "'\(text)'"
        case .mapping: "a mapping"
        case .list: "a list"
        }
    }

    private func suggestion(for name: String) -> String {
        let known = ConfigKey.allCases.map(\.rawValue)
        let closest = known.map { ($0, editDistance($0, name)) }.min { $0.1 < $1.1 }
        if let closest, closest.1 <= max(2, name.count / 3) {
            return "; did you mean '\(closest.0)'?"
        }
        return "; the keys are \(known.joined(separator: ", "))"
    }

    private func location(of node: Node) -> SourceLocation { location(line: node.line) }
    private func location(line: Int) -> SourceLocation { SourceLocation(path: path, line: line) }
}

/// Levenshtein distance, for "did you mean" on misspelt keys.
private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where !b.isEmpty {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
}
