import Foundation
import ManagedModel
import Testing

@testable import managed_codegen

/// The SARIF log against the SARIF 2.1.0 schema's structure (OASIS, `sarif-schema-2.1.0.json`, errata01): each
/// object we write has the properties its definition requires (`required`, and one of an `anyOf`'s), no property the
/// definition does not list (every definition says `additionalProperties: false`), the `enum` values of `version`
/// and `level`, `startLine` ≥ 1, and unique `rules` and `relatedLocations` (`uniqueItems`); plus what GitHub code
/// scanning requires of what it reads (a rule's `shortDescription`, `fullDescription` and `help` texts, at most 1,024
/// characters for the descriptions; a result's location).
@Suite struct SARIFLogTests {
    /// The schema's definitions of the objects the log holds: required properties, alternatives (`anyOf`, each a list
    /// of required properties), and every property the definition lists.
    struct Definition {
        var required: [String] = []
        var anyOf: [[String]] = []
        var properties: Set<String>
    }

    static let definitions: [String: Definition] = [
        "sarifLog": Definition(required: ["version", "runs"], properties: ["$schema", "inlineExternalProperties", "properties", "runs", "version"]),
        "run": Definition(required: ["tool"], properties: [
            "addresses", "artifacts", "automationDetails", "baselineGuid", "columnKind", "conversion", "defaultEncoding",
            "defaultSourceLanguage", "externalPropertyFileReferences", "graphs", "invocations", "language", "logicalLocations",
            "newlineSequences", "originalUriBaseIds", "policies", "properties", "redactionTokens", "results", "runAggregates",
            "specialLocations", "taxonomies", "threadFlowLocations", "tool", "translations", "versionControlProvenance",
            "webRequests", "webResponses",
        ]),
        "tool": Definition(required: ["driver"], properties: ["driver", "extensions", "properties"]),
        "toolComponent": Definition(required: ["name"], properties: [
            "associatedComponent", "contents", "dottedQuadFileVersion", "downloadUri", "fullDescription", "fullName",
            "globalMessageStrings", "guid", "informationUri", "isComprehensive", "language", "localizedDataSemanticVersion",
            "locations", "minimumRequiredLocalizedDataSemanticVersion", "name", "notifications", "organization", "product",
            "productSuite", "properties", "releaseDateUtc", "rules", "semanticVersion", "shortDescription",
            "supportedTaxonomies", "taxa", "translationMetadata", "version",
        ]),
        "reportingDescriptor": Definition(required: ["id"], properties: [
            "defaultConfiguration", "deprecatedGuids", "deprecatedIds", "deprecatedNames", "fullDescription", "guid", "help",
            "helpUri", "id", "messageStrings", "name", "properties", "relationships", "shortDescription",
        ]),
        "multiformatMessageString": Definition(required: ["text"], properties: ["markdown", "properties", "text"]),
        "reportingConfiguration": Definition(properties: ["enabled", "level", "parameters", "properties", "rank"]),
        "result": Definition(required: ["message"], properties: [
            "analysisTarget", "attachments", "baselineState", "codeFlows", "correlationGuid", "fingerprints", "fixes",
            "graphTraversals", "graphs", "guid", "hostedViewerUri", "kind", "level", "locations", "message", "occurrenceCount",
            "partialFingerprints", "properties", "provenance", "rank", "relatedLocations", "rule", "ruleId", "ruleIndex",
            "stacks", "suppressions", "taxa", "webRequest", "webResponse", "workItemUris",
        ]),
        "message": Definition(anyOf: [["text"], ["id"]], properties: ["arguments", "id", "markdown", "properties", "text"]),
        "location": Definition(properties: ["annotations", "id", "logicalLocations", "message", "physicalLocation", "properties", "relationships"]),
        "physicalLocation": Definition(
            anyOf: [["address"], ["artifactLocation"]], properties: ["address", "artifactLocation", "contextRegion", "properties", "region"]),
        "artifactLocation": Definition(properties: ["description", "index", "properties", "uri", "uriBaseId"]),
        "region": Definition(anyOf: [["startLine"], ["charOffset"], ["byteOffset"]], properties: [
            "byteLength", "byteOffset", "charLength", "charOffset", "endColumn", "endLine", "message", "properties", "snippet",
            "sourceLanguage", "startColumn", "startLine",
        ]),
    ]

    static let levels: Set<String> = ["none", "note", "warning", "error"]

    /// Records an issue for each way `value`, read as the schema's `definition`, breaks it.
    static func check(_ value: Any?, as definition: String, at path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String: Any] {
        guard let object = value as? [String: Any] else {
            Issue.record("\(path): not an object (\(definition))", sourceLocation: sourceLocation)
            return [:]
        }
        let shape = definitions[definition]!
        for key in shape.required where object[key] == nil {
            Issue.record("\(path): \(definition) requires '\(key)'", sourceLocation: sourceLocation)
        }
        if !shape.anyOf.isEmpty, !shape.anyOf.contains(where: { $0.allSatisfy { object[$0] != nil } }) {
            Issue.record("\(path): \(definition) requires one of \(shape.anyOf)", sourceLocation: sourceLocation)
        }
        for key in object.keys where !shape.properties.contains(key) {
            Issue.record("\(path): \(definition) has no property '\(key)' (additionalProperties: false)", sourceLocation: sourceLocation)
        }
        return object
    }

    static func array(_ value: Any?, at path: String, unique: Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Any] {
        guard let items = value as? [Any] else {
            if value != nil { Issue.record("\(path): not an array", sourceLocation: sourceLocation) }
            return []
        }
        if unique {
            let texts = items.map { String(decoding: (try? JSONSerialization.data(withJSONObject: $0, options: .sortedKeys)) ?? Data(), as: UTF8.self) }
            #expect(Set(texts).count == texts.count, "\(path): items must be unique (uniqueItems)", sourceLocation: sourceLocation)
        }
        return items
    }

    static func checkLocation(_ value: Any, at path: String) {
        let location = check(value, as: "location", at: path)
        if let message = location["message"] { _ = check(message, as: "message", at: path + ".message") }
        guard let physical = location["physicalLocation"] else { return }
        let physicalLocation = check(physical, as: "physicalLocation", at: path + ".physicalLocation")
        let artifact = check(physicalLocation["artifactLocation"], as: "artifactLocation", at: path + ".artifactLocation")
        if let uri = artifact["uri"] as? String {
            #expect(!uri.contains(" ") && !uri.isEmpty, "\(path): uri '\(uri)' is not a URI reference")
        }
        if let region = physicalLocation["region"] {
            let object = check(region, as: "region", at: path + ".region")
            #expect((object["startLine"] as? Int).map { $0 >= 1 } == true, "\(path): startLine must be an integer ≥ 1")
        }
    }

    /// The whole log: every object through its definition; returns the log for further looks.
    @discardableResult
    static func checkLog(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let log = check(try JSONSerialization.jsonObject(with: Data(text.utf8)), as: "sarifLog", at: "log", sourceLocation: sourceLocation)
        #expect(log["version"] as? String == "2.1.0", sourceLocation: sourceLocation)
        #expect(log["$schema"] as? String == SARIFLog.schema, sourceLocation: sourceLocation)
        let runs = array(log["runs"], at: "runs", unique: false)
        #expect(runs.count == 1, sourceLocation: sourceLocation)
        for run in runs {
            let runObject = check(run, as: "run", at: "run")
            let tool = check(runObject["tool"], as: "tool", at: "tool")
            let driver = check(tool["driver"], as: "toolComponent", at: "driver")
            #expect(driver["name"] as? String == "managed-codegen" && driver["version"] as? String == Version.number)
            var ruleIDs: Set<String> = []
            for (index, rule) in array(driver["rules"], at: "rules", unique: true).enumerated() {
                let path = "rules[\(index)]"
                let descriptor = check(rule, as: "reportingDescriptor", at: path)
                if let id = descriptor["id"] as? String { ruleIDs.insert(id) }
                // What code scanning requires of a rule (docs.github.com, "SARIF support for code scanning").
                for key in ["shortDescription", "fullDescription", "help"] {
                    let text = check(descriptor[key], as: "multiformatMessageString", at: "\(path).\(key)")["text"] as? String ?? ""
                    #expect(!text.isEmpty, "\(path).\(key).text")
                    if key != "help" { #expect(text.count <= 1024, "\(path).\(key): code scanning takes 1,024 characters") }
                }
                let configuration = check(descriptor["defaultConfiguration"], as: "reportingConfiguration", at: "\(path).defaultConfiguration")
                #expect(["note", "warning", "error"].contains(configuration["level"] as? String ?? ""), "\(path): level")
            }
            for (index, result) in array(runObject["results"], at: "results", unique: false).enumerated() {
                let path = "results[\(index)]"
                let object = check(result, as: "result", at: path)
                let message = check(object["message"], as: "message", at: path + ".message")
                #expect(!(message["text"] as? String ?? "").isEmpty, "\(path): message.text")
                #expect(levels.contains(object["level"] as? String ?? ""), "\(path): level")
                if let ruleID = object["ruleId"] as? String { #expect(ruleIDs.contains(ruleID), "\(path): rule \(ruleID) is not in tool.driver.rules") }
                for (number, location) in array(object["locations"], at: path + ".locations", unique: false).enumerated() {
                    checkLocation(location, at: "\(path).locations[\(number)]")
                }
                for (number, location) in array(object["relatedLocations"], at: path + ".relatedLocations", unique: true).enumerated() {
                    checkLocation(location, at: "\(path).relatedLocations[\(number)]")
                }
            }
        }
        return log
    }

    /// The goldens' runs, through the binary: the audit fixture (13 rules) and a refused migration hop (a note).
    @Test func theCommandsLogsHaveTheSchemasStructure() throws {
        for (name, arguments) in ReporterCLITests.cases {
            let run = try CLI.run(arguments + ["--reporter", "sarif"], in: TestSupport.packageRoot)
            let log = try Self.checkLog(run.stdout)
            let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
            #expect(results.count == (name == "audit" ? 16 : 1), "\(name)")
            #expect(results.allSatisfy { $0["ruleId"] != nil && $0["locations"] != nil }, "\(name): every finding has its rule and place")
        }
    }

    /// Every rule of every registry, and the shapes a finding can take: no location, a whole file (line 0), a note
    /// with and without a place, a note said twice, a note standing alone (no rule).
    @Test func everyRuleAndEveryShapeOfFinding() throws {
        var findings = [Finding(diagnostic: .note("alone"))]
        findings += RuleRegistry.all.enumerated().map { index, rule in
            Finding(diagnostic: rule.diagnostic("finding \(index)", at: ManagedModel.SourceLocation(path: "Model.xcdatamodeld/Model 2.xcdatamodel/contents", line: index + 1)))
        }
        let error = try #require(RuleRegistry.all.first { $0.severity == .error })
        let warning = try #require(RuleRegistry.all.first { $0.severity == .warning })
        findings.append(Finding(diagnostic: Diagnostic(error, "no file"), notes: [.note("no place either"), .note("no place either")]))
        findings.append(Finding(diagnostic: Diagnostic(warning, "a whole file", at: ManagedModel.SourceLocation(path: "/elsewhere/Item.swift", line: 0)), notes: [
            .note("as it was", at: ManagedModel.SourceLocation(path: "Model.xcdatamodeld/Model.xcdatamodel/contents", line: 3)),
        ]))
        let text = SARIFLog.document(findings)
        let log = try Self.checkLog(text)
        let rules = (((log["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [Any]
        #expect(rules?.count == RuleRegistry.all.count)
        #expect(text.contains("\"uri\": \"Model.xcdatamodeld/Model%202.xcdatamodel/contents\""))
        #expect(text.contains("\"uri\": \"file:///elsewhere/Item.swift\""))
    }
}
