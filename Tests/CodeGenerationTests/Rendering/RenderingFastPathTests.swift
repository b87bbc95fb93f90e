import Foundation
import ManagedModel
import ModelReader
import MustacheEngine
import Testing

@testable import CodeGeneration

/// The rendering fast paths must give exactly what the slow, obviously-right paths give.
@Suite struct RenderingFastPathTests {
    /// Every fixture model's contexts: each typed `templateValue(named:)` answers what the stored property of
    /// that name holds (found through `Mirror`; absent optionals as nil), recursively, and unknown names answer nil.
    @Test(arguments: ["Inventory", "ValidationGuide", "Vocabulary", "Versions", "TypedExtras", "EditorLeftovers"])
    func typedLookupsMatchTheMirror(model: String) throws {
        let loaded = try ModelLoader.load(TestSupport.fixtureModels.appendingPathComponent("\(model).xcdatamodeld").path)
        let configuration = GeneratorConfiguration(generateXcodeCodegenEntities: true)
        let (plan, _) = CodeGenerator.makePlan(schema: loaded.schema, configuration: configuration)
        #expect(!plan.classes.isEmpty)
        var checked = 0
        for classPlan in plan.classes {
            checked += checkLookups(of: plan.context(for: classPlan, header: plan.header), path: classPlan.className)
        }
        for composite in plan.composites {
            checked += checkLookups(of: plan.context(for: composite), path: composite.name)
        }
        checked += checkLookups(of: plan.supportContext, path: "support")
        checked += checkLookups(of: plan.modelSupportContext, path: "model support")
        let (testPlan, _) = CodeGenerator.makeTestPlan(schema: loaded.schema, plan: plan, configuration: configuration)
        if let testPlan {
            checked += checkLookups(of: testPlan.context(banner: plan.header.banner), path: "tests")
        }
        #expect(checked > 50, "only \(checked) lookups checked")
    }

    /// Returns the number of properties checked.
    private func checkLookups(of value: Any, path: String) -> Int {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { checkLookups(of: $0.value, path: path + "?") } ?? 0
        }
        if mirror.displayStyle == .collection {
            return mirror.children.enumerated().reduce(0) { $0 + checkLookups(of: $1.element.value, path: "\(path)[\($1.offset)]") }
        }
        guard mirror.displayStyle == .class else { return 0 }
        guard let object = value as? any TemplateObject else {
            Issue.record("\(path): \(type(of: value)) has no typed lookup (TemplateObject)")
            return 0
        }
        #expect(object.templateValue(named: "noSuchProperty") == nil, "\(path)")
        var checked = 0
        for child in mirror.children {
            guard let label = child.label else { continue }
            #expect(
                object.templateValue(named: label).map(describe) == describeStored(child.value),
                "\(path).\(label): typed lookup differs from the stored property")
            checked += 1 + checkLookups(of: child.value, path: "\(path).\(label)")
        }
        return checked
    }

    private func describe(_ value: TemplateValue) -> String {
        switch value {
        case .text(let text): "text(\(text.debugDescription))"
        case .bool(let flag): "bool(\(flag))"
        case .number(let number): "number(\(number))"
        case .object(let object): "object(\(type(of: object)))"
        case .list(let elements):
            "list[\((0..<elements.count).compactMap { elements.element(at: $0) }.map(describe).joined(separator: ", "))]"
        }
    }

    /// What the lookup should answer for a stored value, in `describe`'s words; nil for an absent optional.
    private func describeStored(_ value: Any) -> String? {
        let mirror = Mirror(reflecting: value)
        switch value {
        case let text as String: return "text(\(text.debugDescription))"
        case let flag as Bool: return "bool(\(flag))"
        case let number as Int: return "number(\(number))"
        default: break
        }
        switch mirror.displayStyle {
        case .optional: return mirror.children.first.flatMap { describeStored($0.value) }
        case .collection: return "list[\(mirror.children.compactMap { describeStored($0.value) }.joined(separator: ", "))]"
        default: return "object(\(type(of: value)))"
        }
    }

    /// The byte-wise line split of test statements against the Character-wise split it replaced.
    @Test(arguments: ["", "a", "a\nb", "\n", "\n\n", "a\r\nb", "\r\n\n", "a\rb\n", "é\n\u{301}x", "a\n\n", "日本\n語\n", "x\r", "\r"])
    func linesSplitLikeCharacters(text sample: TextArgument) {
        let text = sample.text
        #expect(text.lines == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// The byte-wise normaliser against the original line-splitting one, on tricky inputs.
    @Test(arguments: [
        "", "\n", "\n\n\n", "  \n\t\n", "a", "a\n", "a  \n\n\n", "\n\n a \t\n", "a\r\nb\r\n", "a\rb\n", "a \r\n b\t\r\n",
        "x\n\n\ny\n\n", "é \n\t\u{301} \nz", "a \u{301}\n", "tab\t\t\nsp  ", "\r\n\r\na\r\n\r\n", "a\n  \n  \nb", "日本 \n語\t",
    ])
    func normalizedMatchesTheLineSplittingVersion(text sample: TextArgument) {
        let text = sample.text
        #expect(TemplateSet.normalized(text) == lineSplittingNormalized(text))
    }

    @Test func normalizedMatchesOnRenderedFixtureText() throws {
        let loaded = try ModelLoader.load(TestSupport.fixtureModels.appendingPathComponent("Vocabulary.xcdatamodeld").path)
        let result = try CodeGenerator.generate(schema: loaded.schema, configuration: .init(generateXcodeCodegenEntities: true))
        for file in result.files {
            let messy = file.contents.replacingOccurrences(of: "\n", with: "  \r\n").replacingOccurrences(of: "{", with: "{\t\n\n")
            #expect(TemplateSet.normalized(messy) == lineSplittingNormalized(messy), "\(file.relativePath)")
        }
    }

    /// The normaliser as first written (Character-wise split), kept here as the specification.
    private func lineSplittingNormalized(_ text: String) -> String {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { line -> Substring in
                var line = line
                while line.last == " " || line.last == "\t" { line = line.dropLast() }
                return line
            }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines.joined(separator: "\n") + "\n"
    }
}
