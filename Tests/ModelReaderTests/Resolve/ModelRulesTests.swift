import ManagedModel
import Testing

@testable import ModelReader

/// The reader's diagnostics are made from its rows (``ModelRules``): each names its row, with the row's severity.
@Suite struct ModelRulesTests {
    @Test func everyReaderDiagnosticNamesItsRow() throws {
        let (_, diagnostics) = try TestSupport.resolve(TestSupport.model("""
            <entity name="Item" representedClassName="Item" syncable="YES">
                <attribute name="count" optional="YES" attributeType="Integer 16" defaultValueString="NO" usesScalarValueType="YES"/>
                <attribute name="default" optional="YES" attributeType="String"/>
                <relationship name="tags" optional="YES" toMany="YES" deletionRule="Shred" destinationEntity="Item"/>
            </entity>
            """))
        func rule(startingWith prefix: String) throws -> Diagnostic {
            try #require(diagnostics.all.first { $0.message.hasPrefix(prefix) }, "no diagnostic '\(prefix)…' in \(diagnostics.all)")
        }
        let cases: [(String, Rule)] = [
            ("defaultValueString 'NO'", ModelRules.unreadableDefault), ("unknown deletionRule", ModelRules.unknownDeletionRule),
            ("relationship 'Item.tags' has no inverse", ModelRules.inverse), ("property 'Item.default'", ModelRules.keywordName),
        ]
        for (prefix, row) in cases {
            let diagnostic = try rule(startingWith: prefix)
            #expect(diagnostic.ruleID == row.id, "\(diagnostic)")
        }
        #expect(try rule(startingWith: "property 'Item.default'").severity == .note)
        #expect(diagnostics.all.allSatisfy { $0.ruleID != nil }, "a reader diagnostic without a row: \(diagnostics.all.filter { $0.ruleID == nil })")
    }

    @Test func anErrorNamesItsRow() throws {
        let (_, diagnostics) = try TestSupport.resolve(TestSupport.model("""
            <entity name="Item" representedClassName="Item" parentEntity="Itme" syncable="YES"/>
            """))
        let error = try #require(diagnostics.errors.first)
        #expect(error.ruleID == ModelRules.unknownReference.id)
    }
}
