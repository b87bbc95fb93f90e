import Foundation
import ManagedModel
import ModelReader

/// `--reporter sarif`: one SARIF 2.1.0 log (OASIS, "Static Analysis Results Interchange Format Version 2.1.0"),
/// as GitHub code scanning reads it (docs.github.com, "SARIF support for code scanning").
///
/// - `runs[0].tool.driver`: `managed-codegen`, its version (also as `semanticVersion`, which code scanning prefers),
///   and the rules the results use, sorted by id, each from its registry row (``RuleRegistry``): `id`,
///   `shortDescription` (what is found), `fullDescription` and `help` (why, and the ways out: what `explain` prints;
///   the descriptions cut at code scanning's 1,024 characters),
///   `defaultConfiguration.level` (the row's severity; a `none` row's findings are notes). No `helpUri`: the
///   documentation has no address of its own; `help` carries it.
/// - One result a finding: `ruleId` (left out for a finding no rule row makes: the schema does not require one),
///   `level` (after `--warnings-as-errors`), `message.text`, one location (`artifactLocation.uri` relative to the
///   working directory, percent-encoded; `region.startLine`, left out for a finding about a whole file), and its
///   notes as `relatedLocations`. A finding about no file has no location (code scanning shows only located results).
///
/// Every object uses only the properties the schema defines for it (the schema allows no others), and the
/// properties it requires; `SARIFLogTests` checks both. Keys are sorted (``JSONText``, as `dump` writes).
enum SARIFLog {
    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    static func document(_ findings: [Finding], rules registry: [Rule] = RuleRegistry.all) -> String {
        let usedIDs = Set(findings.compactMap(\.diagnostic.ruleID)).sorted()
        let rules = usedIDs.map { id in descriptor(id: id, rule: registry.first { $0.id == id }) }
        let driver: JSONText = .object([
            "name": .string("managed-codegen"),
            "version": .string(Version.number),
            "semanticVersion": .string(Version.number),
            "rules": .array(rules),
        ])
        let run: JSONText = .object([
            "tool": .object(["driver": driver]),
            "results": .array(findings.map(result)),
        ])
        return JSONText.object([
            "version": .string("2.1.0"),
            "$schema": .string(schema),
            "runs": .array([run]),
        ]).rendered()
    }

    /// The SARIF level of a severity: the same three words.
    static func level(_ severity: Diagnostic.Severity) -> String { severity.rawValue }

    /// A rule's `reportingDescriptor`; an id no registry row has (none should: `RuleRegistryTests`) gets its id only.
    private static func descriptor(id: String, rule: Rule?) -> JSONText {
        guard let rule else { return .object(["id": .string(id)]) }
        let level = switch rule.severity {
        case .error: "error"
        case .warning, .warningUnlessStrict: "warning"
        case .none: "note"
        }
        let help = "\(rule.summary)\n\n\(rule.documentation)"
        return .object([
            "id": .string(rule.id),
            "shortDescription": message(limited(rule.summary)),
            "fullDescription": message(limited(rule.documentation)),
            "defaultConfiguration": .object(["level": .string(level)]),
            "help": .object(["text": .string(help), "markdown": .string(help)]),
        ])
    }

    private static func result(_ finding: Finding) -> JSONText {
        let diagnostic = finding.diagnostic
        var members: [String: JSONText] = [
            "level": .string(level(diagnostic.severity)),
            "message": message(diagnostic.message),
        ]
        members["ruleId"] = diagnostic.ruleID.map(JSONText.string)
        if let location = diagnostic.location { members["locations"] = .array([.object(["physicalLocation": physical(location)])]) }
        // `relatedLocations` holds unique items (the schema's uniqueItems): a note said twice is listed once.
        var seen: Set<Diagnostic> = []
        let related = finding.notes.filter { seen.insert($0).inserted }.map { note in
            var location: [String: JSONText] = ["message": message(note.message)]
            location["physicalLocation"] = note.location.map(physical)
            return JSONText.object(location)
        }
        if !related.isEmpty { members["relatedLocations"] = .array(related) }
        return .object(members)
    }

    private static func message(_ text: String) -> JSONText { .object(["text": .string(text)]) }

    /// Code scanning takes 1,024 characters of a rule's short and full description ("SARIF support for code
    /// scanning", `reportingDescriptor`); `help` keeps the whole text.
    static func limited(_ text: String) -> String { text.count <= 1024 ? text : String(text.prefix(1023)) + "…" }

    /// A location's `physicalLocation`: the file, and the line unless the finding is about the whole file.
    private static func physical(_ location: SourceLocation) -> JSONText {
        var physical: [String: JSONText] = ["artifactLocation": .object(["uri": .string(uri(location.path))])]
        if location.line > 0 { physical["region"] = .object(["startLine": .integer(Int64(location.line))]) }
        return .object(physical)
    }

    /// A relative URI reference for a path inside the working directory (`Model.xcdatamodeld/Model%202.xcdatamodel/contents`),
    /// a `file://` URI otherwise; percent-encoded but for RFC 3986's unreserved characters, sub-delimiters, `@` and
    /// `/` (a `:` is encoded: in a relative reference's first segment it would read as a scheme).
    static func uri(_ path: String) -> String {
        let reported = Finding.reportedPath(path)
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=@/")
        let encoded = reported.addingPercentEncoding(withAllowedCharacters: allowed) ?? reported
        return reported.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
