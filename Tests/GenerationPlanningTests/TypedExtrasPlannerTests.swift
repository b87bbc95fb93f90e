import Foundation
import ManagedModel
import ModelReader
import Testing

import CodeGeneration
@testable import GenerationPlanning

/// Planning of userInfo types, read-only/ignored/documented properties, composites, fetch templates,
/// fetched properties and unique-key fetches; one rule per test, on small schemas or the TypedExtras fixture.
@Suite struct TypedExtrasPlannerTests {
    private func attribute(
        _ name: String, _ type: AttributeType, optional: Bool = false, userInfo: [String: String] = [:],
        defaultValue: ModelValue? = nil, composite: String? = nil
    ) -> Attribute {
        Attribute(
            name: name, location: Build.location(3), type: type, isOptional: optional, defaultValue: defaultValue,
            compositeName: composite, userInfo: userInfo.sorted { $0.key < $1.key }.map { UserInfoEntry(key: $0.key, value: $0.value) })
    }

    private func typedExtras() throws -> (GenerationPlan, Diagnostics) {
        let model = TestSupport.fixtureModels.appendingPathComponent("TypedExtras.xcdatamodeld")
        return TestSupport.plan(try ModelLoader.load(model.path).schema)
    }

    @Test func everyEnumSpellingMeansTheSame() {
        for key in TypedOverrideKeys.enumeration {
            let annotations = attribute("status", .integer16, userInfo: [key: "Status"]).annotations
            #expect(annotations.override == .rawRepresentable(typeName: "Status", rawType: .integer, unknownCase: nil), "\(key)")
        }
        #expect(attribute("kind", .string, userInfo: ["managedCodegen.enum": "Kind", "managedCodegen.enum.unknown": "other"]).annotations.override
            == .rawRepresentable(typeName: "Kind", rawType: .string, unknownCase: "other"))
        for key in TypedOverrideKeys.codable {
            #expect(attribute("blob", .binary, userInfo: [key: "Settings"]).annotations.override == .codable(typeName: "Settings"))
        }
    }

    @Test func overridesThatDoNotFitTheAttributeTypeAreReportedAndNotApplied() {
        let onDouble = attribute("ratio", .double, userInfo: ["managedCodegen.enum": "Ratio"]).annotations
        #expect(onDouble.override == nil && onDouble.problems.count == 1)
        let onString = attribute("text", .string, userInfo: ["managedCodegen.codable": "Doc"]).annotations
        #expect(onString.override == nil && onString.problems.count == 1)
        let badName = attribute("state", .integer16, userInfo: ["managedCodegen.enum": "not a type"]).annotations
        #expect(badName.override == nil && badName.problems.count == 1)
        // Declared as stored; the warning names the attribute.
        let entity = Build.entity("Thing", attributes: [attribute("ratio", .double, userInfo: ["managedCodegen.enum": "Ratio"])])
        let (plan, diagnostics) = TestSupport.plan(Build.schema([entity]))
        #expect(plan.class("Thing")?.attributes.first?.typeDeclaration == "Double")
        #expect(diagnostics.all.contains { $0.message.contains("'ratio'") && $0.message.contains("only Integer and String") })
    }

    @Test func flagsAcceptPresenceAndRejectExplicitNo() {
        #expect(attribute("a", .string, userInfo: ["mogenerator.readonly": ""]).annotations.isReadOnly)
        #expect(!attribute("a", .string, userInfo: ["managedCodegen.readonly": "NO"]).annotations.isReadOnly)
        #expect(attribute("a", .string, userInfo: ["mogenerator.ignore": "value"]).annotations.isIgnored)
        #expect(!attribute("a", .string, userInfo: ["managedCodegen.ignore": "false"]).annotations.isIgnored)
        #expect(attribute("a", .string, userInfo: ["managedCodegen.doc": "One.\nTwo."]).annotations.documentation == ["One.", "Two."])
    }

    @Test func typedAttributesDeclareTheirTypeAndConvertThroughPrimitiveAccessors() throws {
        let (plan, _) = try typedExtras()
        let item = try #require(plan.class("Item"))
        let status = try #require(item.attributes.first { $0.key == "status" })
        #expect(status.declaration == .typed && status.typeDeclaration == "ItemStatus")
        #expect(status.typedAccessor?.getter.last == "return ItemStatus.RawValue(exactly: stored.int64Value).flatMap(ItemStatus.init(rawValue:)) ?? .unknown")
        #expect(status.typedAccessor?.setter == ["setPrimitiveValue(NSNumber(value: Int64(newValue.rawValue)), forKey: Keys.status)"])
        // A model default is a raw value the app's enum may lack: the parameter is optional and Core Data applies the default.
        #expect(item.parameter("status")?.typeDeclaration == "ItemStatus?")
        #expect(item.parameter("status")?.assignment == "if let status { self.status = status }")

        let kind = try #require(item.attributes.first { $0.key == "kind" })
        #expect(kind.typedAccessor?.getter.contains { $0.contains("fatalError") } == true)
        #expect(kind.documentation.contains { $0.contains("traps") })
        let settings = try #require(item.attributes.first { $0.key == "settings" })
        #expect(settings.typeDeclaration == "ItemSettings?")
        #expect(settings.typedAccessor?.getter.last == "return try? JSONDecoder().decode(ItemSettings.self, from: data)")
        let size = try #require(item.attributes.first { $0.key == "size" })
        #expect(size.typeDeclaration == "Dimensions?")
    }

    @Test func readOnlyIgnoredAndDocumentedProperties() throws {
        let (plan, _) = try typedExtras()
        let item = try #require(plan.class("Item"))
        #expect(item.attributes.first { $0.key == "createdAt" }?.hasRestrictedSetter == true)
        #expect(item.parameter("createdAt") != nil, "the initializer still sets a read-only attribute")
        #expect(!item.attributes.contains { $0.key == "internalNote" } && item.parameter("internalNote") == nil)
        #expect(!item.relationships.contains { $0.key == "auditTrail" } && item.parameter("auditTrail") == nil)
        #expect(item.attributes.first { $0.key == "name" }?.documentation == ["The name shown in lists.", "Never empty."])
        #expect(plan.skippedEntities.contains { $0.entityName == "LegacyRecord" && $0.reason == .ignoredByUserInfo })
        let palette = try #require(item.attributes.first { $0.key == "palette" })
        #expect(palette.documentation.contains { $0.contains("\"PaletteTransformer\"") })
        #expect(item.attributes.first { $0.key == "tagNames" }?.documentation == [], "Foundation's transformer needs no reminder")
    }

    @Test func ignoringARequiredAttributeWithoutDefaultWarns() {
        let entity = Build.entity("Thing", attributes: [attribute("secret", .string, userInfo: ["managedCodegen.ignore": "YES"])])
        let (plan, diagnostics) = TestSupport.plan(Build.schema([entity]))
        #expect(plan.class("Thing")?.parameterNames == [])
        #expect(diagnostics.all.contains { $0.message.contains("required but ignored") })
    }

    @Test func fetchTemplateParametersAreTypedFromTheirKeyPaths() throws {
        let (plan, diagnostics) = try typedExtras()
        let item = try #require(plan.class("Item"))
        func template(_ name: String, in owner: ClassPlan? = nil) -> FetchTemplatePlan? {
            (owner ?? item).extras.fetchTemplates.first { $0.templateName == name }
        }
        let cheap = try #require(template("CheapItems"))
        #expect(cheap.fetchFunctionName == "fetchCheapItems" && cheap.requestFunctionName == "cheapItemsRequest")
        #expect(cheap.parameters.map(\.swiftName) == ["maxPrice"] && cheap.parameters.map(\.typeDeclaration) == ["NSDecimalNumber"])
        #expect(cheap.returnType == "[Item]")
        let byStatus = try #require(template("ItemsByStatus"))
        #expect(byStatus.parameters.map(\.typeDeclaration) == ["ItemStatus", "String"])
        #expect(byStatus.parameters.first?.substitution == "status.rawValue")
        let ids = try #require(template("ItemIDsInWarehouse"))
        #expect(ids.parameters.map(\.typeDeclaration) == ["Warehouse", "Date"] && ids.returnType == "[NSManagedObjectID]")
        let rows = try #require(template("ItemsWithStatuses"))
        #expect(rows.parameters.map(\.typeDeclaration) == ["[ItemStatus]", "Double"] && rows.returnType == "[[String: Any]]")
        #expect(rows.configuration.contains("request.fetchLimit = 20") && rows.configuration.contains("request.returnsDistinctResults = true"))
        let warehouse = try #require(plan.class("Warehouse"))
        let count = try #require(template("WarehouseCount", in: warehouse))
        #expect(count.parameters.map(\.typeDeclaration) == ["String", "Int"] && count.returnType == "Int")
        let holding = try #require(template("WarehousesHolding", in: warehouse))
        #expect(holding.parameters.map(\.typeDeclaration) == ["Item", "ItemKind"])
        let unknown = try #require(template("PricedAbove"))
        #expect(unknown.parameters.map(\.typeDeclaration) == ["Any"])
        #expect(diagnostics.all.contains { $0.message.contains("$LIMIT") && $0.severity == .warning })
    }

    @Test func fetchedPropertiesUniqueFetchesAndClassDocumentation() throws {
        let (plan, _) = try typedExtras()
        let item = try #require(plan.class("Item"))
        #expect(item.extras.fetchedProperties.map(\.typeDeclaration) == ["[Item]"])
        #expect(item.extras.uniqueFetches.map(\.key) == ["identifier"], "only single-attribute constraints get a lookup")
        #expect(item.extras.documentation.contains("- `name`, `warehouse`"))
        #expect(item.extras.documentation.contains("- `byStatusAndDate`: `status` ascending, `createdAt` descending"))
        let warehouse = try #require(plan.class("Warehouse"))
        #expect(warehouse.extras.uniqueFetches.first?.argument == "NSNumber(value: code)")
    }

    @Test func compositesBecomeStructsOrderedWithConformancesFromTheirFields() throws {
        let (plan, _) = try typedExtras()
        #expect(plan.composites.map(\.name) == ["Coordinates", "Dimensions", "Place"])
        let place = try #require(plan.composites.first { $0.name == "Place" })
        #expect(place.conformances == ["Hashable", "Sendable"])
        #expect(place.fields.first { $0.key == "coordinates" }?.decode
            == "(compositeValue[Keys.coordinates] as? [String: Any]).flatMap(Coordinates.init(compositeValue:))")
        // A Decimal element is an NSDecimalNumber: Hashable, but not Sendable.
        var schema = Build.schema([])
        schema.composites = [CompositeDefinition(name: "Money", location: Build.location(9), attributes: [attribute("amount", .decimal)])]
        let (money, _) = TestSupport.plan(schema)
        #expect(money.composites.first?.conformances == ["Hashable"])
        #expect(money.composites.first?.fields.first?.isSendable == false)
    }

    @Test func parameterAndFunctionNames() {
        #expect(GenerationPlanner.parameterName("MIN_RATING") == "minRating")
        #expect(GenerationPlanner.parameterName("NAME") == "name")
        #expect(GenerationPlanner.parameterName("maxPrice") == "maxPrice")
        #expect(GenerationPlanner.functionBaseName("all humans") == "AllHumans")
        #expect(GenerationPlanner.functionBaseName("2021") == "Template2021")
    }
}
