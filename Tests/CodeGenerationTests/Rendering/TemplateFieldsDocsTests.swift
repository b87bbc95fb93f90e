import Foundation
import MustacheEngine
import Testing

@testable import CodeGeneration

/// Templates/README.md documents every field the templates can name, and names no field that is gone: its
/// sections are checked against each context's `templateFields`, the one table the renderer reads.
@Suite struct TemplateFieldsDocsTests {
    /// Each section of Templates/README.md, with the context types whose fields it documents.
    static let sections: [(heading: String, fields: [String])] = [
        (
            "## The entity context",
            [
                FileHeaderContext.templateFields.names, EntityContext.templateFields.names, KeyConstant.templateFields.names,
                AttributeContext.templateFields.names, AccessorPlan.templateFields.names,
                RelationshipPlan.templateFields.names, InitializerPlan.Parameter.templateFields.names,
                InitializerPlan.templateFields.names, ValidationPlan.Bridge.templateFields.names,
                ValidationPlan.PropertyHook.templateFields.names, TypedAccessorPlan.templateFields.names,
                ClassExtrasPlan.templateFields.names, FetchedPropertyPlan.templateFields.names,
                FetchTemplatePlan.templateFields.names, UniqueFetchPlan.templateFields.names,
            ].flatMap { $0 }
        ),
        ("## The composite context", CompositeContext.templateFields.names + CompositePlan.Field.templateFields.names),
        ("## The support context", SupportContext.templateFields.names),
        (
            "## The migration plan context",
            [
                MigrationPlanContext.templateFields.names, LoadedVersionContext.templateFields.names,
                StageContext.templateFields.names, StageContext.Lightweight.templateFields.names,
                StageContext.Custom.templateFields.names,
            ].flatMap { $0 }
        ),
        ("| `model-support` |", ModelSupportContext.templateFields.names),
        (
            "## The preview data context",
            PreviewDataContext.templateFields.names + PreviewDataPlan.Maker.templateFields.names
                + PreviewDataPlan.ValueTable.templateFields.names + PreviewDataPlan.HelperNames.templateFields.names
        ),
        (
            "## The tests context",
            [
                TestsFileContext.templateFields.names, TestSuitePlan.templateFields.names,
                RoundTripPlan.templateFields.names, ConstraintTestPlan.templateFields.names,
                ObjectFactoryPlan.templateFields.names, PreviewDataPlan.templateFields.names,
            ].flatMap { $0 }
        ),
        (
            "## The shipped-stores tests context",
            ShippedStoreTestsFileContext.templateFields.names + ShippedVersionTest.templateFields.names
                + SharedFunctionContext.templateFields.names
        ),
    ]

    static func section(_ heading: String) throws -> Substring {
        let url = TestSupport.packageRoot.appendingPathComponent("Templates/README.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(readme.range(of: heading), "Templates/README.md has no \(heading)").lowerBound
        let rest = readme[start...].dropFirst(heading.count)
        let end = heading.hasPrefix("|") ? rest.firstIndex(of: "\n") : rest.range(of: "\n## ")?.lowerBound
        return readme[start..<(end ?? readme.endIndex)]
    }

    /// The backticked names of `text`, each part of a dotted one (`header.banner`: `header`, `banner`).
    static func names(in text: Substring) -> Set<String> {
        Set(text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .flatMap { $0.element.split(separator: ".").map(String.init) })
    }

    @Test func everyFieldIsDocumented() throws {
        for (heading, fields) in Self.sections {
            let documented = Self.names(in: try Self.section(heading))
            let missing = Set(fields).subtracting(documented).sorted()
            #expect(missing.isEmpty, "\(heading): undocumented fields \(missing)")
        }
    }

    /// The first column of the entity and tests tables names fields only.
    @Test func everyDocumentedKeyIsAField() throws {
        for (heading, fields) in Self.sections where heading.hasSuffix("entity context") || heading.hasSuffix("tests context") {
            let keyColumn = try Self.section(heading).split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Key") }
                .map { $0.dropFirst(2).prefix { $0 != "|" } }
            let documented = keyColumn.reduce(into: Set<String>()) { $0.formUnion(Self.names(in: $1)) }
            let unknown = documented.subtracting(fields).sorted()
            #expect(unknown.isEmpty, "\(heading): documented keys that are no field \(unknown)")
        }
    }
}
