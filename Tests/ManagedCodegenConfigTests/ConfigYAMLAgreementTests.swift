import Foundation
import Testing

@testable import ManagedCodegenConfig

/// ConfigYAML (our small reader) reads every committed config in `Fixtures/Configs` as a full YAML 1.1 parser
/// (PyYAML) does: `<name>.json` beside each `<name>.yml` holds PyYAML's reading, written by
/// `scripts/config-yaml-expectations.py`. Committed rather than computed on each run, so the comparison runs where
/// python3 or PyYAML is absent (CI's macOS runner); where both are present, a second test checks the files are
/// PyYAML's current reading.
@Suite struct ConfigYAMLAgreementTests {
    static let folder = TestSupport.packageRoot.appendingPathComponent("Fixtures/Configs")
    static let configs = fileNames(in: folder).filter { $0.hasSuffix(".yml") }

    /// A value as both readers are compared: YAML 1.1's null and booleans resolved, every other scalar text.
    indirect enum Reading: Equatable, CustomStringConvertible {
        case null
        case flag(Bool)
        case text(String)
        case list([Reading])
        case mapping

        init(_ value: ConfigYAML.Value) {
            switch value.kind {
            case .scalar(let text, plain: _):
                if value.isNull {
                    self = .null
                } else if let flag = value.flag {
                    self = .flag(flag)
                } else {
                    self = .text(text)
                }
            case .list(let items): self = .list(items.map(Reading.init))
            case .mapping: self = .mapping
            }
        }

        init(json: Any) {
            if let text = json as? String {
                self = .text(text)
            } else if json is NSNull {
                self = .null
            } else if let items = json as? [Any] {
                self = .list(items.map { Reading(json: $0) })
            } else if let flag = json as? Bool {
                self = .flag(flag)
            } else {
                self = .mapping
            }
        }

        var description: String {
            switch self {
            case .null: "null"
            case .flag(let flag): "\(flag)"
            case .text(let text): "\"\(text)\""
            case .list(let items): "[\(items.map(\.description).joined(separator: ", "))]"
            case .mapping: "{…}"
            }
        }
    }

    @Test func theFixtureSetCoversEveryKey() throws {
        #expect(Self.configs.count >= 40)
        let keys = try Set(Self.configs.flatMap { name in
            try Self.expected(name).keys
        })
        #expect(Set(ConfigKey.allCases.map(\.rawValue)).subtracting(keys).isEmpty)
    }

    static func expected(_ name: String) throws -> [String: Reading] {
        let json = folder.appendingPathComponent(name.replacingOccurrences(of: ".yml", with: ".json"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any], "\(json.path)")
        return object.mapValues { Reading(json: $0) }
    }

    /// Where ConfigYAML is stricter than PyYAML: an error naming the line, never a different reading.
    static let refused = [
        // A flow list's closing bracket at the key's own indentation: YAML wants flow lines indented, PyYAML
        // reads it anyway.
        "42-flow-list-closing-at-key-indent.yml": "'[' has no closing ']' (a list continued on the next lines must be indented)"
    ]

    @Test("ConfigYAML reads the config as PyYAML does", arguments: configs)
    func agreesWithPyYAML(name: String) throws {
        let text = try read(Self.folder.appendingPathComponent(name))
        if let message = Self.refused[name] {
            #expect(throws: ConfigYAML.SyntaxError.self) { try ConfigYAML.parse(text) }
            do { _ = try ConfigYAML.parse(text) } catch { #expect(error.message == message) }
            return
        }
        let ours: [String: Reading]
        switch try ConfigYAML.parse(text) {
        case .empty: ours = [:]
        case .mapping(let entries): ours = Dictionary(entries.map { ($0.key, Reading($0.value)) }) { first, _ in first }
        case .other(let value): Issue.record("Fixtures/Configs/\(name): read as a single value \(Reading(value))"); return
        }
        let theirs = try Self.expected(name)
        #expect(ours == theirs, "Fixtures/Configs/\(name): ConfigYAML \(ours.sorted { $0.key < $1.key }) vs PyYAML \(theirs.sorted { $0.key < $1.key })")
    }

    static let pyYAMLPresent = (try? TestSupport.run(["python3", "-c", "import yaml"]).status) == 0

    @Test(.enabled(if: pyYAMLPresent, "python3 with PyYAML (pip install pyyaml) checks the committed readings are current"))
    func committedReadingsArePyYAMLs() throws {
        let run = try TestSupport.run(["python3", TestSupport.packageRoot.appendingPathComponent("scripts/config-yaml-expectations.py").path, "--check"])
        #expect(run.status == 0, "\(run.output)")
    }
}
