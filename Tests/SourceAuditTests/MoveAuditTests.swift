import CodeGeneration
import Foundation
import ManagedModel
import ModelReader
import SourceAudit
import SwiftSourceScanning
import Testing

extension TestSupport {
    /// `Fixtures/Move`: a shipped app on Xcode's codegen before its move (`Shop`, versions `Shop V 57` and `Shop V 58`,
    /// its config file, Xcode's class and properties files for `Order`, and a view comparing `Order`'s scalars).
    static let moveFixture = packageRoot.appendingPathComponent("Fixtures/Move")
    static let moveModel = moveFixture.appendingPathComponent("Shop.xcdatamodeld").path
}

/// What `audit` says about one declaration: all of it (issue 45: `@NSManaged var remoteID: Int` over an optional
/// Integer 64 crashes on arm64_32 watchOS and reads nil as 0; the second finding must not hide the first).
@Suite struct EveryFindingOfADeclarationTests {
    @Test func xcodesIntOverAnOptionalInteger64IsReportedTwice() throws {
        let findings = try AuditRun.diagnostics(
            model: TestSupport.moveModel, folders: [TestSupport.moveFixture.appendingPathComponent("App/Model").path])
        let properties = TestSupport.moveFixture.appendingPathComponent("App/Model/Order+CoreDataProperties.swift").path
        let remoteID = findings.all.filter { $0.location == SourceLocation(path: properties, line: 19) }
        #expect(remoteID.map(\.ruleID) == [AuditRules.scalarUnservedOnSomePlatforms.id, AuditRules.nonOptionalScalar.id], "\(findings.all)")
        #expect(remoteID.first?.message.contains("arm64_32") == true)
        // The others have one finding each: nil read as 0.
        for line in [16, 17, 20] {
            #expect(findings.all.filter { $0.location?.line == line }.map(\.ruleID) == [AuditRules.nonOptionalScalar.id], "line \(line)")
        }
    }

    @Test func aTypeCoreDataCannotServeIsReportedAlone() throws {
        let schema = try AuditRun.schema(entities: """
            <entity name="Sample" representedClassName="Sample" syncable="YES">
                <attribute name="count" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="legacy" optional="YES" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="NO"/>
            </entity>
            """)
        let source = "import CoreData\nclass Sample: NSManagedObject {\n    @NSManaged var count: Int\n    @NSManaged var legacy: Int\n}\n"
        let findings = AuditRun.diagnostics(schema: schema, sources: [("Sample.swift", source)])
        // `Int` over Integer 16: no accessor at all; its message names the declaration that settles the nil case too.
        #expect(findings.all.filter { $0.location?.line == 3 }.map(\.ruleID) == [AuditRules.unservedScalar.id])
        // Three findings on one line: arm64_32, Use Scalar Type off, nil read as 0.
        #expect(findings.all.filter { $0.location?.line == 4 }.map(\.ruleID) == [
            AuditRules.scalarUnservedOnSomePlatforms.id, AuditRules.scalarTypeOff.id, AuditRules.nonOptionalScalar.id,
        ])
    }
}

/// Comparisons with zero that compile before and after a move and mean something else after (``ZeroComparisons``).
@Suite struct ZeroComparisonTests {
    /// The properties the generated classes declare for `schema`, with the declarations of `sources` winning.
    static func check(_ sources: [(path: String, text: String)], schema: Schema) -> Diagnostics {
        let declarations = ManagedDeclarationScan.scanning(sources)
        var properties = CodeGenerator.makePlan(schema: schema, options: .init()).0.keyPathProperties
        properties.override(with: declarations)
        return ZeroComparisons.diagnostics(sources, properties: properties, declarations: declarations)
    }

    static func movedShop() throws -> Schema {
        var schema = try ModelLoader.load(TestSupport.moveModel).schema
        for index in schema.entities.indices { schema.entities[index].codeGenerationType = .manual }
        return schema
    }

    @Test func theShopsViewAfterTheMove() throws {
        let view = TestSupport.moveFixture.appendingPathComponent("App/Views/OrderRow.swift").path
        let classFile = TestSupport.moveFixture.appendingPathComponent("App/Model/Order+CoreDataClass.swift").path
        let sources = SwiftSourceFiles.read([view, classFile])
        let found = Self.check(sources, schema: try Self.movedShop())
        // `itemCount == 5` (line 18) means the same for nil and 0; `id` (line 24) is required: neither is reported.
        #expect(found.all.map { "\(($0.location?.path as NSString?)?.lastPathComponent ?? ""):\($0.location?.line ?? 0)" } == [
            "OrderRow.swift:9", "OrderRow.swift:12", "OrderRow.swift:15", "OrderRow.swift:21", "Order+CoreDataClass.swift:11",
        ])
        #expect(found.all.allSatisfy { $0.severity == .warning && $0.ruleID == AuditRules.nilIsNotZero.id })
        let first = try #require(found.all.first?.message)
        #expect(first.contains("'itemCount == 0' compares an Int16?"))
        #expect(first.contains("(….itemCount ?? 0) == 0"))
        #expect(found.all[1].message.contains("'isPaid == false' compares a Bool?"))
        #expect(found.all[2].message.contains("so this is true for an object without a value"))
    }

    @Test func xcodesDeclarationsKeepTheOldMeaning() throws {
        let folder = TestSupport.moveFixture.appendingPathComponent("App").path
        let sources = SwiftSourceFiles.read(SwiftSourceFiles.paths(under: [folder]))
        // Before the move the app's own `@NSManaged var itemCount: Int16` reads nil as 0, as the comparison expects.
        #expect(Self.check(sources, schema: try Self.movedShop()).all.isEmpty)
    }

    @Test func shapesThatAreAndAreNotComparisonsWithZero() throws {
        let schema = try AuditRun.schema(entities: """
            <entity name="Item" representedClassName="Item" syncable="YES">
                <attribute name="count" optional="YES" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="price" optional="YES" attributeType="Double" defaultValueString="0" usesScalarValueType="YES"/>
            </entity>
            """)
        let lines = [
            ("if item.count == 0 {}", true),
            ("if item.count != 0x0 {}", true),
            ("let a = item?.count == 0", true),
            ("let b = item.price == 0.0", true),
            ("let c = 0 == item.count", true),
            ("let d = item.count == 1", false),
            ("let e = item.count == 0.5", false),
            ("let f = item.count === 0", false),
            ("let g = item.count == 0 + 1", false),
            ("let h = (item.count ?? 0) == 0", false),
            ("let i = 0 == item.count.bitWidth", false),
            ("let j = other.name == 0", false),
            ("let k = count == 0", false),  // a bare name outside the class's own files
            ("// item.count == 0", false),
            ("let l = \"item.count == 0\"", false),
        ]
        let text = lines.map(\.0).joined(separator: "\n")
        let found = Self.check([("App.swift", text)], schema: schema)
        let expected = lines.enumerated().filter(\.element.1).map { $0.offset + 1 }
        #expect(found.all.compactMap(\.location?.line) == expected, "\(found.all.map(\.message))")
    }
}
