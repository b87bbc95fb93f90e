import ManagedModel
import SourceAudit
import Testing

/// Scalar `@NSManaged` declarations as Core Data's dynamic accessors decide them: by the declaration's Objective-C
/// type encoding against the encodings each attribute type accepts (issue 35's review; docs/core-data-runtime.md).
@Suite struct ScalarEncodingAuditTests {
    static let entities = """
        <entity name="Sample" representedClassName="Sample" syncable="YES">
            <attribute name="i16" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
            <attribute name="i32" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
            <attribute name="i64" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
            <attribute name="dbl" attributeType="Double" defaultValueString="0" usesScalarValueType="YES"/>
            <attribute name="flt" attributeType="Float" defaultValueString="0" usesScalarValueType="YES"/>
            <attribute name="flag" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>
            <attribute name="day" attributeType="Date" usesScalarValueType="YES"/>
        </entity>
        """

    /// One declaration a line from line 5 on, each `@objc(key)` over one attribute; the finding expected on each.
    static let cases: [(key: String, type: String, severity: Diagnostic.Severity?, snippet: String)] = [
        ("i16", "Int16", nil, ""),
        ("i16", "UInt16", .warning, "Core Data serves UInt16, but the attribute is a signed integer: values above Int16.max do not fit it"),
        ("i16", "Int", .error, "cannot serve as Int (Int encodes as `q` on 64-bit platforms and `l` on arm64_32 watchOS, which Integer 16 does not accept"),
        ("i16", "Int32", .error, "Int32 encodes as `i`, which Integer 16 does not accept"),
        ("i32", "Int32", nil, ""),
        ("i32", "UInt32", .warning, "values above Int32.max do not fit it"),
        ("i32", "Int", .warning, "Core Data serves Int (with a console message about an implicit coercion to 32 bits), but values past Int32 are truncated; declare Int32"),
        ("i32", "Int64", .warning, "values past Int32 are truncated"),
        ("i32", "UInt64", .warning, "values past Int32 are truncated"),
        ("i32", "Int16", .error, "Int16 encodes as `s`, which Integer 32 does not accept"),
        ("i64", "Int64", nil, ""),
        ("i64", "Int", .warning, "Core Data serves Int on 64-bit platforms, but it encodes as `l` on arm64_32 watchOS, which Integer 64 does not accept: there the first access raises 'unrecognized selector' (a crash); declare Int64"),
        ("i64", "UInt", .warning, "`L` on arm64_32 watchOS"),
        ("i64", "UInt64", .warning, "values above Int64.max do not fit it"),
        ("i64", "Int32", .error, "Int32 encodes as `i`, which Integer 64 does not accept"),
        ("dbl", "Double", nil, ""),
        ("dbl", "Float", .error, "Float encodes as `f`, which Double does not accept"),
        ("flt", "Float", nil, ""),
        ("flt", "Double", .error, "Double encodes as `d`, which Float does not accept"),
        ("flag", "Bool", nil, ""),
        ("flag", "Int8", .warning, "Core Data serves Int8, but the attribute's own scalar is Bool"),
        ("flag", "Int", .error, "which Boolean does not accept"),
        ("day", "TimeInterval", nil, ""),
        ("day", "Double", nil, ""),
        ("day", "Float", .error, "Float encodes as `f`, which Date does not accept"),
        // An @objc enumeration is its raw type to Objective-C.
        ("i16", "Format", nil, ""),
        ("i32", "Shelf.Level", nil, ""),
        ("i64", "Code", .warning, "Core Data serves Code (an @objc enum of Int) on 64-bit platforms, but it encodes as `l` on arm64_32 watchOS"),
        ("i16", "Code", .error, "cannot serve as Code (Code (an @objc enum of Int) encodes as `q` on 64-bit platforms and `l` on arm64_32 watchOS"),
        // Not @objc: Objective-C cannot represent it (such an @NSManaged does not compile); no scalar.
        ("i16", "Plain", .error, "which Core Data cannot serve as Plain (it serves NSNumber, Int16)"),
    ]

    static var source: String {
        let body = cases.enumerated().map { "    @objc(\($0.element.key)) @NSManaged var v\($0.offset): \($0.element.type)" }
        return """
            import CoreData

            @objc(Sample)
            final class Sample: NSManagedObject {
            \(body.joined(separator: "\n"))
            }
            @objc enum Format: Int16 { case a, b }
            @objc public enum Code: Int { case a }
            enum Plain: Int16 { case a }
            struct Shelf {
                @objc(ShelfLevel) enum Level: Int32, CaseIterable { case top }
            }

            """
    }

    @Test func eachScalarDeclarationGetsTheVerdictOfItsEncoding() throws {
        let schema = try AuditRun.schema(entities: Self.entities)
        let findings = AuditRun.diagnostics(schema: schema, sources: [(path: "/app/Sample.swift", text: Self.source)]).all
            .filter { $0.location?.path == "/app/Sample.swift" }
        for (offset, expected) in Self.cases.enumerated() {
            let line = offset + 5
            let here = findings.filter { $0.location?.line == line }
            let label = "\(expected.type) over \(expected.key)"
            guard let severity = expected.severity else {
                #expect(here.isEmpty, "\(label): \(here.map(\.message))")
                continue
            }
            #expect(here.count == 1, "\(label): \(here.map(\.message))")
            #expect(here.first?.severity == severity, "\(label): \(here.map(\.message))")
            #expect(here.first?.message.contains(expected.snippet) == true, "\(label): \(here.map(\.message))")
        }
        #expect(findings.count == Self.cases.filter { $0.severity != nil }.count)
    }

    @Test func scanFindsObjcEnumerationsAndTheirRawTypes() {
        let scan = ManagedDeclarationScan.scanning([(path: "/app/Sample.swift", text: Self.source)])
        #expect(scan.objcEnumRawTypes == ["Format": "Int16", "Code": "Int", "Level": "Int32"])
    }
}
