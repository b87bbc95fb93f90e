import Foundation
import ManagedModel
import Testing

import CodeGeneration
@testable import GeneratedTestsPlanning

/// `--preview-data`: which entities get a maker, with which values, and why an entity gets none.
@Suite struct PreviewDataPlannerTests {
    func preview(_ schema: Schema) -> (PreviewDataPlan?, Diagnostics) {
        let options = GeneratorOptions(generatesPreviewData: true)
        let (plan, _) = CodeGenerator.makePlan(schema: schema, options: options)
        var planner = PreviewDataPlanner(schema: schema, plan: plan, options: options)
        return (planner.makePlan(), planner.diagnostics)
    }

    @Test func everyConcreteEntityGetsAMakerAndItsRequiredDestinationsAreMadeToo() throws {
        let (plan, diagnostics) = preview(TestSchemas.inventory())
        let preview = try #require(plan)
        #expect(preview.typeName == "InventoryPreviewData" && preview.fileName == "InventoryPreviewData.swift")
        #expect(preview.protocolName == "InventoryPreviewable")
        #expect(preview.rowCount == 8)
        #expect(!preview.makers.contains { $0.entityName == "Party" }, "abstract")
        let line = try #require(preview.makers.first { $0.entityName == "Line" })
        #expect(line.statements.joined().contains("item: makeItem(variant, in: context)"))
        #expect(line.statements[0] == #"let row = nextRow(of: "Line", variant, in: context)"#)
        #expect(diagnostics.all.filter { $0.ruleID == GenerationRules.previewNotGenerated.id }.isEmpty, "\(diagnostics.all)")
        // Rows: the synthesizer's distinct variants, then the longest values.
        for table in preview.tables { #expect(table.values.count == preview.rowCount + 1, "\(table.name)") }
        let itemName = try #require(preview.tables.first { $0.name == "name" })
        #expect(Set(itemName.values.dropLast()).count == preview.rowCount)
        // Attributes with the same values share one table.
        #expect(Set(preview.tables.map { [$0.elementType] + $0.values }).count == preview.tables.count)
        // Item.name (a pattern) took `name`; Tag.name's other values take the entity's name too.
        let tag = try #require(preview.makers.first { $0.entityName == "Tag" })
        #expect(tag.statements.joined().contains("name: Values.tagName[row]"))
    }

    @Test func aSubEntityInheritsItsParentsConformanceAndSharesItsRows() throws {
        let schema = Build.schema([
            Build.entity("Person", children: ["Employee"], attributes: [Attribute(name: "name", location: Build.location(2), type: .string)]),
            Build.entity("Employee", parent: "Person", attributes: [Attribute(name: "level", location: Build.location(4), type: .integer16)]),
        ])
        let preview = try #require(preview(schema).0)
        let makers = Dictionary(uniqueKeysWithValues: preview.makers.map { ($0.entityName, $0) })
        #expect(makers["Person"]?.declaresConformance == true)
        #expect(makers["Employee"]?.declaresConformance == false)
        #expect(makers["Employee"]?.statements[0] == #"let row = nextRow(of: "Person", variant, in: context)"#)
    }

    /// The issue's bad input: a required value without a valid sample. The entity gets no maker, the warning is at the
    /// attribute's line with the rule's id, an entity requiring it gets none either, and the others keep theirs.
    @Test func anEntityWhoseRequiredValueHasNoSampleGetsNoPreviewAndAWarningAtTheAttribute() throws {
        let schema = Build.schema([
            Build.entity("Photo", line: 3, attributes: [
                Attribute(name: "image", location: Build.location(4), type: .transformable, customClassName: "AppImage"),
            ]),
            Build.entity("Code", line: 6, attributes: [
                Attribute(name: "blob", location: Build.location(5), type: .undefined),
                Attribute(name: "value", location: Build.location(7), type: .string, maxValue: .integer(2),
                          regularExpression: "^a{3}$"),
            ]),
            Build.entity("Album", line: 9, relationships: [Build.toOne("cover", "Photo", line: 10)]),
            Build.entity("Note", line: 12, attributes: [Attribute(name: "text", location: Build.location(13), type: .string)]),
        ])
        let (plan, diagnostics) = preview(schema)
        let preview = try #require(plan)
        #expect(preview.makers.map(\.entityName) == ["Note"])
        let warnings = diagnostics.all.filter { $0.ruleID == GenerationRules.previewNotGenerated.id }
        #expect(warnings.allSatisfy { $0.severity == .warning })
        let byLine = Dictionary(uniqueKeysWithValues: warnings.map { ($0.location?.line ?? 0, $0.message) })
        #expect(byLine[4]?.hasPrefix("entity 'Photo': no preview data is generated: attribute 'Photo.image' has no valid sample value (Transformable") == true, "\(byLine)")
        #expect(byLine[5]?.hasPrefix("entity 'Code': no preview data is generated: attribute 'Code.blob' has no valid sample value (Undefined") == true, "\(byLine)")
        #expect(byLine[7]?.hasPrefix("entity 'Code': no preview data is generated: attribute 'Code.value' has no valid sample value") == true, "\(byLine)")
        #expect(byLine[9] == "entity 'Album': no preview data is generated: its required relationships need a Photo, which has no preview")
    }

    /// The file's own nested types would hide a class of the same name inside the enum: they give way.
    @Test func theFilesOwnTypeNamesAvoidTheClassNames() throws {
        let schema = Build.schema(["Variant", "Values", "PreviewValues", "Object"].map {
            Build.entity($0, attributes: [Attribute(name: "title", location: Build.location(2), type: .string)])
        })
        let names = try #require(preview(schema).0).names
        #expect([names.variant, names.values, names.object, names.failure, names.work] == [
            "PreviewVariant", "PreviewPreviewValues", "PreviewObject", "Failure", "Work",
        ])
    }
}

extension PreviewDataPlannerTests {
    /// `makeContainer()` makes 3 of each entity, fewer where an inheritance tree with a uniqueness constraint would get
    /// more objects than there are rows of distinct values (the container's save would fail on a repeated value).
    @Test func theContainerMakesFewerObjectsWhereAUniqueValueWouldRepeat() throws {
        func code(_ line: Int) -> Attribute { Attribute(name: "code", location: Build.location(line), type: .string) }
        var tag = Build.entity("Tag", line: 1, attributes: [code(2)])
        tag.uniquenessConstraints = [["code"]]
        let schema = Build.schema([
            tag,
            Build.entity("A", line: 4, attributes: [code(5)], relationships: [Build.toOne("tag", "Tag", line: 6)]),
            Build.entity("B", line: 7, attributes: [code(8)], relationships: [Build.toOne("tag", "Tag", line: 9)]),
            Build.entity("Free", line: 10, attributes: [code(11)]),
        ])
        let preview = try #require(preview(schema).0)
        let counts = Dictionary(uniqueKeysWithValues: preview.makers.map { ($0.entityName, $0.fillCount) })
        // Tags: Tag's own, and one for each A and B: 3 + 3 + 3 = 9 > 8, so the largest count gives way (the first
        // by name among equals).
        #expect(counts == ["A": 2, "B": 3, "Free": 3, "Tag": 3], "\(counts)")
    }
}
