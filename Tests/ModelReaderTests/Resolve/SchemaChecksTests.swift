import Foundation
import ManagedModel
import Testing

@testable import ModelReader

/// Each semantic check with its severity, message and line.
@Suite("SchemaChecks")
struct SchemaChecksTests {
    func diagnostics(_ body: String) throws -> [String] {
        try TestSupport.resolve(TestSupport.model(body)).diagnostics.lines
    }

    @Test("dangling parentEntity, destinationEntity, inverse names")
    func danglingReferences() throws {
        #expect(try diagnostics("""
            <entity name="Item" parentEntity="Thing"/>
            <entity name="Owner">
                <relationship name="items" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Iten" inverseName="owner" inverseEntity="Iten"/>
                <relationship name="main" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Item" inverseName="owners" inverseEntity="Item"/>
                <relationship name="other" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Item" inverseName="x" inverseEntity="Ghost"/>
            </entity>
            """) == [
                "3: error: parent entity 'Thing' of entity 'Item' does not exist",
                "5: error: destination entity 'Iten' of relationship 'Owner.items' does not exist; did you mean 'Item'?",
                "6: error: inverse relationship 'Item.owners' of 'Owner.main' does not exist",
                "7: error: inverse entity 'Ghost' of relationship 'Owner.other' does not exist",
            ])
    }

    @Test("one-sided, mismatched and missing inverses")
    func inverses() throws {
        #expect(try diagnostics("""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="a" inverseEntity="B"/>
                <relationship name="c" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="C" inverseName="a" inverseEntity="B"/>
                <relationship name="lonely" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A" inverseName="lonely" inverseEntity="A"/>
            </entity>
            <entity name="C"/>
            """) == [
                "4: warning: one-sided inverse: 'A.b' names 'B.a' as its inverse, but that relationship's inverse is 'A.lonely'",
                "5: error: inverse entity 'B' of relationship 'A.c' is neither its destination 'C' nor an ancestor of it",
                "6: warning: relationship 'A.lonely' has no inverse; Core Data cannot keep both sides of the graph consistent",
                "9: warning: one-sided inverse: 'B.a' names 'A.lonely' as its inverse, but that relationship's inverse is nothing",
            ])
    }

    @Test("an inverse inherited from the destination's parent is found; an inverse pointing to a sub-entity is flagged")
    func inheritedInverse() throws {
        #expect(try diagnostics("""
            <entity name="Base">
                <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Owner" inverseName="things" inverseEntity="Owner"/>
            </entity>
            <entity name="Sub" parentEntity="Base"/>
            <entity name="Owner">
                <relationship name="things" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Sub" inverseName="owner" inverseEntity="Sub"/>
            </entity>
            """) == [
                "4: warning: mismatched inverse: 'Owner.things' (the inverse of 'Base.owner') points to 'Sub', not to 'Base'"
            ])
    }

    @Test("inheritance cycles are reported once")
    func cycles() throws {
        #expect(try diagnostics("""
            <entity name="B" parentEntity="C"/>
            <entity name="A" parentEntity="B"/>
            <entity name="C" parentEntity="A"/>
            <entity name="D" parentEntity="D"/>
            """) == [
                "4: error: inheritance cycle: A -> B -> C -> A",
                "6: error: inheritance cycle: D -> D",
            ])
    }

    @Test("duplicate entity and property names, including inherited ones")
    func duplicates() throws {
        #expect(try diagnostics("""
            <entity name="Base">
                <attribute name="name" attributeType="String"/>
            </entity>
            <entity name="Sub" parentEntity="Base">
                <attribute name="name" attributeType="String"/>
                <attribute name="size" attributeType="String"/>
                <relationship name="size" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Base"/>
            </entity>
            <entity name="Base"/>
            """).filter { $0.contains("error") } == [
                "11: error: duplicate entity name 'Base' (first declared on line 3)",
                "9: error: duplicate property name 'size' in entity 'Sub' (first declared on line 8)",
                "7: error: property 'name' of entity 'Sub' is already declared by its ancestor 'Base'",
            ])
    }

    @Test("bounds: min > max, default outside min...max (String: length) are warnings: momc compiles them")
    func bounds() throws {
        #expect(try diagnostics("""
            <entity name="E">
                <attribute name="a" attributeType="Integer 16" minValueString="10" maxValueString="5" usesScalarValueType="YES"/>
                <attribute name="b" attributeType="Integer 16" minValueString="1" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="c" attributeType="Double" maxValueString="1.5" defaultValueString="2" usesScalarValueType="YES"/>
                <attribute name="d" attributeType="String" minValueString="3" defaultValueString="ab"/>
                <attribute name="e" attributeType="Date" minDateTimeInterval="100" defaultDateTimeInterval="50"/>
                <attribute name="f" attributeType="Decimal" minValueString="0.5" maxValueString="0.25"/>
            </entity>
            """) == [
                "4: warning: minimum 10 of attribute 'E.a' is greater than its maximum 5; Core Data's validation will reject every value",
                "5: warning: default value 0 of attribute 'E.b' is below its minimum 1; Core Data's validation rejects it, so it gets no default argument",
                "6: warning: default value 2.0 of attribute 'E.c' is above its maximum 1.5; Core Data's validation rejects it, so it gets no default argument",
                "7: warning: length 2 of the default value 'ab' of attribute 'E.d' is below its minimum 3; Core Data's validation rejects it, so it gets no default argument",
                "8: warning: default value 50.0 s since 2001-01-01 of attribute 'E.e' is below its minimum 100.0 s since 2001-01-01; Core Data's validation rejects it, so it gets no default argument",
                "9: warning: minimum 0.5 of attribute 'E.f' is greater than its maximum 0.25; Core Data's validation will reject every value",
            ])
    }

    @Test("regular expressions are compiled with NSRegularExpression")
    func regex() throws {
        #expect(try diagnostics("""
            <entity name="User">
                <attribute name="email" attributeType="String" regularExpressionString="^.+@([A-Za-z0-9-]+\\.)+[A-Za-z]{2}[A-Za-z]*$"/>
                <attribute name="code" attributeType="String" regularExpressionString="([A-Z]"/>
            </entity>
            """) == ["5: error: regular expression '([A-Z]' of attribute 'User.code' does not compile"])
    }

    @Test("reserved member names are errors; argument-taking base names are fine; keywords get a note; non-identifiers are errors")
    func names() throws {
        #expect(try diagnostics("""
            <entity name="E">
                <attribute name="class" attributeType="String"/>
                <attribute name="context" attributeType="String"/>
                <attribute name="default" attributeType="String"/>
                <attribute name="description" attributeType="String"/>
                <attribute name="first name" attributeType="String"/>
                <attribute name="value" attributeType="String"/>
                <relationship name="entity" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="E" inverseName="entity" inverseEntity="E"/>
            </entity>
            """) == [
                "4: error: property 'E.class' clashes with the NSObject/NSManagedObject member 'class'; Core Data rejects properties named like a no-parameter method of NSObject or NSManagedObject",
                "6: note: property 'E.default' is a Swift keyword; generated code writes it as `default`",
                "7: error: property 'E.description' clashes with the NSObject/NSManagedObject member 'description'; Core Data rejects properties named like a no-parameter method of NSObject or NSManagedObject",
                "8: error: property name 'E.first name' is not a valid Swift identifier",
                "10: error: property 'E.entity' clashes with the NSObject/NSManagedObject member 'entity'; Core Data rejects properties named like a no-parameter method of NSObject or NSManagedObject",
            ])
    }

    @Test("Undefined only when transient; Composite must name a definition; Swift-only Transformable classes")
    func attributeTypes() throws {
        #expect(try diagnostics("""
            <entity name="E">
                <attribute name="a" optional="YES" attributeType="Undefined"/>
                <attribute name="b" optional="YES" transient="YES" attributeType="Undefined"/>
                <attribute name="c" optional="YES" attributeType="Composite" composite="Sise"/>
                <attribute name="d" optional="YES" attributeType="Composite"/>
                <attribute name="e" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData" customClassName="[String]"/>
                <attribute name="f" optional="YES" attributeType="Transformable" customClassName="App."/>
                <attribute name="g" optional="YES" attributeType="String" derived="YES"/>
                <attribute name="h" optional="YES" attributeType="Transformable" customClassName="[Point]"/>
                <attribute name="i" optional="YES" attributeType="Transformable" valueTransformerName="PointsTransformer" customClassName="[Point]"/>
                <attribute name="j" optional="YES" attributeType="Transformable" customClassName="[String: Set&lt;Int64&gt;]"/>
            </entity>
            <composite name="Size"/>
            """) == [
                "4: error: attribute 'E.a' has type Undefined, which Core Data allows only on transient attributes",
                "6: error: composite 'Sise' of attribute 'E.c' is not defined in the model; did you mean 'Size'?",
                "7: error: Composite attribute 'E.d' names no composite",
                // `[String]` (line 8) and `[String: Set<Int64>]` (13) bridge to what the default transformer archives;
                // `[Point]` with an app's own transformer (12) is the app's business.
                "9: warning: customClassName 'App.' of Transformable attribute 'E.f' names no class",
                "10: warning: derived attribute 'E.g' has no derivationExpression",
                "11: warning: customClassName '[Point]' of Transformable attribute 'E.h' holds values the default transformer (NSSecureUnarchiveFromData) cannot archive: it archives NSArray, NSDictionary, NSSet, NSString, NSNumber, NSDate, NSData, NSURL, NSUUID and NSNull, and the Swift types bridged to them; name a value transformer that archives it, or use such a type",
            ])
    }

    @Test("fetch requests, configurations and indexes must name existing entities and properties")
    func references() throws {
        #expect(try diagnostics("""
            <entity name="E">
                <attribute name="code" attributeType="String"/>
                <fetchIndex name="byCoed">
                    <fetchIndexElement property="coed" type="Binary" order="ascending"/>
                </fetchIndex>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint value="missing"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <fetchRequest name="R" entity="F"/>
            <configuration name="C">
                <memberEntity name="G"/>
            </configuration>
            """) == [
                "3: error: uniqueness constraint of entity 'E' names 'missing', which is not a property of the entity",
                "5: error: fetch index 'byCoed' of entity 'E' names 'coed', which is not a property of the entity; did you mean 'code'?",
                "14: error: entity 'F' of fetch request 'R' does not exist",
                "15: error: entity 'G' of configuration 'C' does not exist",
            ])
    }

    @Test("minCount greater than maxCount")
    func counts() throws {
        #expect(try diagnostics("""
            <entity name="E">
                <relationship name="es" optional="YES" toMany="YES" minCount="4" maxCount="2" deletionRule="Nullify" destinationEntity="E" inverseName="es" inverseEntity="E"/>
            </entity>
            """) == ["4: warning: minCount 4 of relationship 'E.es' is greater than its maxCount 2; Core Data's validation will reject every count"])
    }

    /// The editor writes `inverseEntity` as the entity that declares the inverse: a parent of the destination when
    /// the inverse is declared there and inherited. Seen in shipping models that momc compiles.
    @Test("an inverseEntity that is an ancestor of the destination is the inherited inverse; a leftover inverseEntity alone is a warning")
    func inverseOnParentEntity() throws {
        #expect(try diagnostics("""
            <entity name="Animal" isAbstract="YES">
                <relationship name="keeper" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Keeper" inverseName="cats" inverseEntity="Keeper"/>
            </entity>
            <entity name="Cat" parentEntity="Animal"/>
            <entity name="Keeper">
                <relationship name="cats" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Cat" inverseName="keeper" inverseEntity="Animal"/>
                <relationship name="pet" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Cat" inverseEntity="Cat"/>
            </entity>
            """) == [
                "4: warning: mismatched inverse: 'Keeper.cats' (the inverse of 'Animal.keeper') points to 'Cat', not to 'Animal'",
                "9: warning: relationship 'Keeper.pet' names an inverseEntity 'Cat' but no inverseName; treated as having no inverse",
            ])
    }
}

/// One model-wide cause met once per entity is reported once, with a count.
@Suite struct ModelWideWarningTests {
    @Test func unknownCodegenValueOnSeveralEntitiesIsOneWarning() throws {
        let lines = try TestSupport.resolve(TestSupport.model("""
            <entity name="A" codeGenerationType="clas"/>
            <entity name="B" codeGenerationType="clas"/>
            <entity name="C" codeGenerationType="clas"/>
            <entity name="D" codeGenerationType="other"/>
            """)).diagnostics.lines
        #expect(lines == [
            "3: warning: unknown codeGenerationType 'clas' on 3 entities (the first here); treated as Manual/None; did you mean 'class'?",
            "6: warning: unknown codeGenerationType 'other' on entity 'D'; treated as Manual/None",
        ])
    }
}
