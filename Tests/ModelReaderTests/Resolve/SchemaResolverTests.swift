import CoreDataMapping
import Foundation
import ManagedModel
import Testing

@testable import ModelReader

/// Decoding: typed values, class names, defaults of absent attributes, unknown vocabulary.
@Suite("SchemaResolver decoding")
struct SchemaResolverTests {
    func resolved(_ body: String) throws -> (schema: Schema, diagnostics: Diagnostics) {
        let result = try TestSupport.resolve(TestSupport.model(body))
        return (try #require(result.schema), result.diagnostics)
    }

    func attribute(_ xml: String) throws -> (attribute: Attribute, diagnostics: Diagnostics) {
        let result = try resolved("<entity name=\"E\" representedClassName=\"E\">\n\(xml)\n</entity>")
        return (try #require(result.schema.entities.first?.attributes.first), result.diagnostics)
    }

    @Test("a root that is not <model> is an error naming the element")
    func notAModel() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict/>
            </plist>
            """
        let result = try TestSupport.resolve(plist, contentsPath: "/x/contents")
        #expect(result.schema == nil)
        #expect(result.diagnostics.all.map(\.description) == ["/x/contents:2: error: not a Core Data model: root element is <plist>"])
    }

    @Test("absent optional means required; YES/NO and true/false flags")
    func optionality() throws {
        let (schema, diagnostics) = try resolved("""
            <entity name="E" representedClassName="E" isAbstract="true">
                <attribute name="a" attributeType="String"/>
                <attribute name="b" optional="YES" attributeType="String"/>
                <attribute name="c" optional="false" attributeType="String"/>
            </entity>
            """)
        #expect(diagnostics.all.isEmpty)
        let entity = try #require(schema.entities.first)
        #expect(entity.isAbstract)
        #expect(entity.attributes.map(\.isOptional) == [false, true, false])
        #expect(entity.attributes.map { TypeAssigner.declaredType(of: $0).declaration } == ["String", "String?", "String"])
    }

    @Test("typed defaults and bounds", arguments: [
        (#"attributeType="Integer 16" defaultValueString="-3" minValueString="-10" maxValueString="10""#, ModelValue.integer(-3), ModelValue.integer(-10), ModelValue.integer(10)),
        (#"attributeType="Integer 64" defaultValueString="0.0""#, .integer(0), nil, nil),
        (#"attributeType="Double" defaultValueString="2.5" minValueString="-1" maxValueString="1e3""#, .double(2.5), .double(-1), .double(1000)),
        (#"attributeType="Decimal" defaultValueString="19.990" maxValueString="100.00""#, .decimal("19.990"), nil, .decimal("100.00")),
        (#"attributeType="Boolean" defaultValueString="YES""#, .bool(true), nil, nil),
        (#"attributeType="Boolean" defaultValueString="0""#, .bool(false), nil, nil),
        (#"attributeType="String" defaultValueString="" minValueString="0" maxValueString="12""#, .string(""), .integer(0), .integer(12)),
        (#"attributeType="Date" defaultDateTimeInterval="-86400" defaultValueString="2000-12-31 00:00:00 +0000""#, .date(-86400), nil, nil),
        (#"attributeType="Date" defaultValueString="2001-01-02 00:00:00 +0000" minValueString="2001-01-01 00:00""#, .date(86400), .date(0), nil),
        (#"attributeType="UUID" defaultValueString="e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#, .uuid("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), nil, nil),
        (#"attributeType="URI" defaultValueString="https://example.com/a/b""#, .url("https://example.com/a/b"), nil, nil),
        (#"attributeType="URI" defaultValueString="""#, nil, nil, nil),
    ])
    func typedValues(xml: String, expectedDefault: ModelValue?, expectedMin: ModelValue?, expectedMax: ModelValue?) throws {
        let (attribute, diagnostics) = try attribute("<attribute name=\"v\" optional=\"YES\" \(xml)/>")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.lines)")
        #expect(attribute.defaultValue == expectedDefault)
        #expect(attribute.minValue == expectedMin)
        #expect(attribute.maxValue == expectedMax)
    }

    /// Values that cannot be read as the attribute's type (most often a default the model editor left behind when
    /// the type changed) are warnings: momc compiles such models. No default or bound is guessed; the warning
    /// names Foundation's documented reading where there is one.
    @Test("unreadable values are warnings with the attribute's line, and no value is guessed", arguments: [
        (#"attributeType="Integer 16" defaultValueString="abc""#, "defaultValueString 'abc' of Integer 16 attribute 'v' cannot be read: not an integer (NSString.integerValue reads it as 0)"),
        (#"attributeType="Integer 16" defaultValueString="NO""#, "defaultValueString 'NO' of Integer 16 attribute 'v' cannot be read: not an integer (NSString.integerValue reads it as 0)"),
        (#"attributeType="Integer 32" defaultValueString="YES""#, "defaultValueString 'YES' of Integer 32 attribute 'v' cannot be read: not an integer (NSString.integerValue reads it as 0)"),
        (#"attributeType="Integer 16" defaultValueString="40000""#, "defaultValueString '40000' of Integer 16 attribute 'v' cannot be read: out of range for Integer 16 (-32768...32767) (NSString.integerValue reads it as 40000)"),
        (#"attributeType="Integer 32" maxValueString="2147483648""#, "maxValueString '2147483648' of Integer 32 attribute 'v' cannot be read: out of range for Integer 32 (-2147483648...2147483647) (NSString.integerValue reads it as 2147483648)"),
        (#"attributeType="Integer 64" defaultValueString="1.5""#, "defaultValueString '1.5' of Integer 64 attribute 'v' cannot be read: not an integer (NSString.integerValue reads it as 1)"),
        (#"attributeType="Integer 64" defaultValueString=" -12abc""#, "defaultValueString ' -12abc' of Integer 64 attribute 'v' cannot be read: not an integer (NSString.integerValue reads it as -12)"),
        (#"attributeType="Double" defaultValueString="nan""#, "defaultValueString 'nan' of Double attribute 'v' cannot be read: not a number (NSString.doubleValue reads it as 0.0)"),
        (#"attributeType="Double" defaultValueString="2.5e3x""#, "defaultValueString '2.5e3x' of Double attribute 'v' cannot be read: not a number (NSString.doubleValue reads it as 2500.0)"),
        (#"attributeType="Float" defaultValueString="1e39""#, "defaultValueString '1e39' of Float attribute 'v' cannot be read: out of range for Float (NSString.doubleValue reads it as 1e+39)"),
        (#"attributeType="Decimal" defaultValueString="1,5""#, "defaultValueString '1,5' of Decimal attribute 'v' cannot be read: not a decimal number"),
        (#"attributeType="Boolean" defaultValueString="maybe""#, "defaultValueString 'maybe' of Boolean attribute 'v' cannot be read: expected YES or NO (NSString.boolValue reads it as NO)"),
        (#"attributeType="Boolean" defaultValueString="0.0""#, "defaultValueString '0.0' of Boolean attribute 'v' cannot be read: expected YES or NO (NSString.boolValue reads it as NO)"),
        (#"attributeType="Boolean" defaultValueString="-007""#, "defaultValueString '-007' of Boolean attribute 'v' cannot be read: expected YES or NO (NSString.boolValue reads it as YES)"),
        (#"attributeType="Boolean" defaultValueString="true story""#, "defaultValueString 'true story' of Boolean attribute 'v' cannot be read: expected YES or NO (NSString.boolValue reads it as YES)"),
        (#"attributeType="String" minValueString="-1""#, "minValueString '-1' of String attribute 'v' cannot be read: a length cannot be negative"),
        (#"attributeType="Date" defaultDateTimeInterval="soon""#, "defaultDateTimeInterval 'soon' of Date attribute 'v' cannot be read: expected seconds since 2001-01-01"),
        (#"attributeType="Date" defaultValueString="0.0""#, "defaultValueString '0.0' of Date attribute 'v' cannot be read: a number, not a date"),
        (#"attributeType="UUID" defaultValueString="not-a-uuid""#, "defaultValueString 'not-a-uuid' of UUID attribute 'v' cannot be read: not a UUID"),
    ])
    func unreadableValues(xml: String, message: String) throws {
        let (schema, diagnostics) = try resolved("<entity name=\"E\">\n<attribute name=\"v\" \(xml)/>\n</entity>")
        let attribute = try #require(schema.entities.first?.attributes.first)
        #expect(!diagnostics.hasErrors)
        #expect(diagnostics.lines.count == 1)
        #expect(diagnostics.lines.first?.hasPrefix("4: warning: \(message); what the compiled model holds is not documented, so ") == true, "\(diagnostics.lines)")
        #expect(attribute.defaultValue == nil && attribute.minValue == nil && attribute.maxValue == nil)
        #expect((attribute.unreadableDefaultValue != nil) == xml.contains("default"))
    }

    /// Xcode's editor leaves the same text on many attributes (each Boolean turned Integer 16 keeps "NO"): one warning
    /// per text and type, at the first attribute, with the count and the field to change; one attribute alone keeps
    /// its own message, which names the field too.
    @Test("the same unreadable default on several attributes is one warning with a count")
    func unreadableDefaultsAreCounted() throws {
        let (_, diagnostics) = try resolved("""
            <entity name="E">
            <attribute name="a" attributeType="Integer 16" defaultValueString="NO"/>
            <attribute name="b" attributeType="Integer 16" defaultValueString="NO"/>
            <attribute name="c" attributeType="Integer 16" defaultValueString="NO"/>
            <attribute name="d" attributeType="Integer 32" defaultValueString="NO"/>
            <attribute name="e" attributeType="Integer 32" maxValueString="x"/>
            </entity>
            """)
        #expect(diagnostics.lines == [
            "4: warning: defaultValueString 'NO' of 3 Integer 16 attributes (the first here) cannot be read: not an integer "
                + "(NSString.integerValue reads it as 0); what the compiled model holds is not documented, so no default is "
                + "assumed (callers pass a value; tests do not rely on one); to change them, set or clear each one's Default "
                + "Value in Xcode's Data Model inspector",
            "7: warning: defaultValueString 'NO' of Integer 32 attribute 'd' cannot be read: not an integer "
                + "(NSString.integerValue reads it as 0); what the compiled model holds is not documented, so no default is "
                + "assumed (callers pass a value; tests do not rely on one); to change it, set or clear the attribute's "
                + "Default Value in Xcode's Data Model inspector",
            "8: warning: maxValueString 'x' of Integer 32 attribute 'e' cannot be read: not an integer "
                + "(NSString.integerValue reads it as 0); what the compiled model holds is not documented, so the bound is "
                + "ignored (no check or test is generated for it); to change it, set or clear the attribute's Maximum in "
                + "Xcode's Data Model inspector",
        ])
    }

    @Test("a flag that is not YES/NO is read as NSString.boolValue reads it, with a warning")
    func unreadableFlag() throws {
        let (attribute, diagnostics) = try attribute(#"<attribute name="v" attributeType="String" optional="maybe" transient="1"/>"#)
        #expect(!attribute.isOptional && attribute.isTransient)
        #expect(diagnostics.lines == [
            "4: warning: invalid value 'maybe' for optional: expected YES or NO; read as NO, as NSString.boolValue reads it",
            "4: warning: invalid value '1' for transient: expected YES or NO; read as YES, as NSString.boolValue reads it",
        ])
    }

    @Test("a transient attribute without attributeType is the editor's Undefined; on a stored one it is an error")
    func undefinedTransient() throws {
        let (schema, diagnostics) = try resolved("""
            <entity name="E" representedClassName="E">
                <attribute name="cache" optional="YES" transient="YES"/>
                <attribute name="stored" optional="YES"/>
            </entity>
            """)
        let attributes = try #require(schema.entities.first).attributes
        #expect(attributes.map(\.type) == [.undefined, .undefined])
        #expect(TypeAssigner.declaredType(of: attributes[0]).declaration == "NSObject?")
        #expect(diagnostics.lines == [
            "5: error: attribute 'E.stored' has type Undefined, which Core Data allows only on transient attributes"
        ])
    }

    @Test("an unknown attributeType is an error with a suggestion when close")
    func unknownAttributeType() throws {
        let (_, diagnostics) = try resolved("""
            <entity name="E">
                <attribute name="a" attributeType="Integer16"/>
                <attribute name="b" attributeType="Strng"/>
                <attribute name="c" attributeType="Currency"/>
            </entity>
            """)
        #expect(diagnostics.lines == [
            "4: error: unknown attributeType 'Integer16' of attribute 'a'; did you mean 'Integer 16'?",
            "5: error: unknown attributeType 'Strng' of attribute 'b'; did you mean 'String'?",
            "6: error: unknown attributeType 'Currency' of attribute 'c'",
        ])
    }

    @Test("representedClassName forms", arguments: [
        ("Item", nil as String?, "Item" as String?),
        (".Item", nil, "Item"),
        ("Shop.Item", "Shop", "Item"),
        ("PRODUCT_MODULE_NAME.Item", nil, "Item"),
        ("$(PRODUCT_MODULE_NAME).Item", nil, "Item"),
        ("", nil, nil),
    ])
    func classNames(represented: String, module: String?, className: String?) throws {
        let (schema, diagnostics) = try resolved("<entity name=\"Item\" representedClassName=\"\(represented)\"/>")
        let entity = try #require(schema.entities.first)
        #expect(diagnostics.all.isEmpty)
        #expect(entity.representedClassName == represented)
        #expect(entity.classModule == module)
        #expect(entity.className == className)
    }

    @Test("no representedClassName: no class; codeGenerationType absent, class, category, unknown")
    func codegen() throws {
        let (schema, diagnostics) = try resolved("""
            <entity name="A"/>
            <entity name="B" representedClassName="B" codeGenerationType="class"/>
            <entity name="C" representedClassName="C" codeGenerationType="category"/>
            <entity name="D" representedClassName="D" codeGenerationType="clas"/>
            """)
        #expect(schema.entities.map(\.className) == [nil, "B", "C", "D"])
        #expect(schema.entities.map(\.codeGenerationType) == [.manual, .class, .category, .manual])
        #expect(diagnostics.lines == ["6: warning: unknown codeGenerationType 'clas' on entity 'D'; treated as Manual/None; did you mean 'class'?"])
    }

    @Test("relationships: to-many, ordered, counts, deletion rules incl. No Action, inverse")
    func relationships() throws {
        let (schema, diagnostics) = try resolved("""
            <entity name="A">
                <relationship name="bs" optional="YES" toMany="YES" minCount="1" maxCount="5" deletionRule="Deny" ordered="YES" destinationEntity="B" inverseName="a" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="a" maxCount="1" deletionRule="No Action" destinationEntity="A" inverseName="bs" inverseEntity="A"/>
            </entity>
            """)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.lines)")
        let bs = try #require(schema.entity(named: "A")?.relationships.first)
        #expect(bs.isToMany && bs.isOrdered && bs.isOptional)
        #expect(bs.minCount == 1 && bs.maxCount == 5)
        #expect(bs.deletionRule == .deny)
        #expect(bs.inverseName == "a" && bs.inverseEntity == "B")
        let a = try #require(schema.entity(named: "B")?.relationships.first)
        #expect(!a.isToMany && !a.isOptional && a.deletionRule == .noAction)
        #expect(a.location.line == 7)
    }

    @Test("fetch requests: $VARIABLES, limits, result types and flags (includePropertyValues as Xcode spells it)")
    func fetchRequests() throws {
        let (schema, diagnostics) = try resolved("""
            <entity name="A"><attribute name="name" attributeType="String"/></entity>
            <fetchRequest name="R" entity="A" predicateString="name == $NAME" fetchLimit="3" fetchBatchSize="7" resultType="2" includeSubentities="NO" includePropertyValues="YES" includesPendingChanges="YES" returnObjectsAsFaults="NO" returnDistinctResults="YES"/>
            <fetchRequest name="S" entity="A" resultType="3"/>
            """)
        #expect(diagnostics.lines == ["5: warning: unknown resultType '3' of fetch request 'S'; managed objects are assumed"])
        let request = try #require(schema.fetchRequests.first)
        #expect(request.predicateString == "name == $NAME")
        #expect(request.fetchLimit == 3 && request.fetchBatchSize == 7)
        #expect(request.resultType == .dictionary)
        #expect(request.includeSubentities == false && request.includesPropertyValues == true)
        #expect(request.includesPendingChanges == true && request.returnObjectsAsFaults == false && request.returnDistinctResults == true)
        #expect(schema.fetchRequests[1].resultType == .managedObject)
    }

    @Test("unknown elements and attributes are warnings with lines; elements block ignored; childNames sorted")
    func unknownVocabulary() throws {
        let (schema, diagnostics) = try resolved("""
            <entity name="Base" representedClassName="Base" colour="red">
                <attribute name="a" optinal="YES" attributeType="String"/>
                <gizmo/>
            </entity>
            <entity name="Zed" parentEntity="Base"/>
            <entity name="Alpha" parentEntity="Base"/>
            <elements><element name="Base" positionX="1" positionY="2" width="3" height="4"/></elements>
            """)
        #expect(diagnostics.lines == [
            "3: warning: unknown attribute 'colour' on <entity>; ignored",
            "4: warning: unknown attribute 'optinal' on <attribute>; ignored; did you mean 'optional'?",
            "5: warning: unknown element <gizmo> in <entity>; ignored",
        ])
        #expect(diagnostics.warnings.count == 3 && !diagnostics.hasErrors)
        #expect(schema.entity(named: "Base")?.childNames == ["Alpha", "Zed"])
    }

    @Test("configurations, constraints, indexes, composites and userInfo")
    func structure() throws {
        let (schema, diagnostics) = try resolved("""
            <entity name="A">
                <attribute name="code" attributeType="String"/>
                <attribute name="size" optional="YES" attributeType="Composite" composite="Size"/>
                <fetchIndex name="byCode">
                    <fetchIndexElement property="code" type="Binary" order="descending"/>
                </fetchIndex>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint value="code"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
                <compoundIndexes>
                    <compoundIndex>
                        <index value="code"/>
                    </compoundIndex>
                </compoundIndexes>
                <userInfo>
                    <entry key="k" value="v"/>
                </userInfo>
            </entity>
            <configuration name="Main" usedWithCloudKit="YES">
                <memberEntity name="A"/>
            </configuration>
            <composite name="Size">
                <attribute name="width" attributeType="Double" defaultValueString="0" usesScalarValueType="YES"/>
            </composite>
            """)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.lines)")
        let entity = try #require(schema.entities.first)
        #expect(entity.fetchIndexes == [FetchIndex(name: "byCode", location: SourceLocation(path: "/m/Model.xcdatamodel/contents", line: 6), elements: [.init(property: "code", isAscending: false)])])
        #expect(entity.uniquenessConstraints == [["code"]])
        #expect(entity.compoundIndexes == [["code"]])
        #expect(entity.userInfo == [UserInfoEntry(key: "k", value: "v")])
        #expect(entity.attributes[1].compositeName == "Size")
        #expect(schema.configurations.map(\.memberEntities) == [["A"]])
        #expect(schema.configurations.first?.usedWithCloudKit == true)
        #expect(schema.composites.first?.attributes.first?.defaultValue == .double(0))
    }
}
