import CoreDataMapping
import Foundation
import ManagedModel
import Testing

import CodeGeneration
@testable import GenerationPlanning

/// The planner's hand-written date text agrees with `ISO8601DateFormatter`, which it replaced for speed.
@Suite struct PlanningFastPathTests {
    static func formatterText(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSinceReferenceDate: seconds))
    }

    @Test(arguments: [
        0, 1, -1, 59, 60, 3599, 3600, 86_399, 86_400, -86_400, -86_401, 694_224_000, 1_041_379_200, -978_307_200,
        // 1583-01-01, the first hand-written year; just before it (formatter); 1600-02-29, 1900-03-01, 2000-02-29,
        // 2100-03-01, 9999-12-31T23:59:59, 10000-01-01 (formatter).
        -13_190_860_800, -13_190_860_801, -12_622_780_800, -3_187_296_000, -26_438_400, 3_129_235_200,
        252_423_993_599, 252_423_993_600,
        // Fractions go to the formatter.
        0.5, -0.5, 694_224_000.25,
    ] as [Double])
    func internetDateTimeMatchesFormatter(_ seconds: Double) {
        #expect(SwiftLiteral.internetDateTime(seconds) == Self.formatterText(seconds))
    }

    @Test func internetDateTimeMatchesFormatterAcrossFourCenturies() {
        // Every 60 days, 13 hours, 17 minutes and 1 second from 1583 on, through leap days and century years.
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var seconds: Double = -13_190_860_800
        var mismatches: [Double] = []
        while seconds < 252_423_993_600 {
            let expected = formatter.string(from: Date(timeIntervalSinceReferenceDate: seconds))
            if SwiftLiteral.internetDateTime(seconds) != expected { mismatches.append(seconds) }
            seconds += 7 * 86_400 + 13 * 3600 + 17 * 60 + 1 + 86_400 * 53
        }
        #expect(mismatches.isEmpty)
    }
}

/// Planning values against their plain spellings.
@Suite struct PlanningValueTests {
    @Test func stringLiteralsOfPlainText() {
        for text in ["", "Untitled", "a b", String(repeating: "x", count: 40)] {
            #expect(SwiftSourceText.stringLiteral(text) == "\"" + text + "\"")
        }
    }

    /// `SwiftLiteral.defaultValue` as it was written before it matched value kinds first.
    static func referenceDefaultValue(_ value: AttributeValue, for type: SwiftPropertyType) -> String? {
        let string = SwiftLiteral.string
        let double = SwiftLiteral.double
        switch (type.name, value) {
        case ("Int16", .integer(let n)): return Int16(exactly: n).map { "\($0)" }
        case ("Int32", .integer(let n)): return Int32(exactly: n).map { "\($0)" }
        case ("Int64", .integer(let n)): return "\(n)"
        case ("Double", .double(let d)), ("Float", .double(let d)), ("TimeInterval", .double(let d)),
            ("TimeInterval", .date(let d)):
            return double(d)
        case ("Double", .integer(let n)), ("Float", .integer(let n)), ("TimeInterval", .integer(let n)):
            return "\(n)"
        case ("Bool", .bool(let b)): return b ? "true" : "false"
        case ("Bool", .integer(let n)): return n != 0 ? "true" : "false"
        case ("NSNumber", .integer(let n)): return "NSNumber(value: \(n) as Int64)"
        case ("NSNumber", .double(let d)): return "NSNumber(value: \(double(d)) as Double)"
        case ("NSNumber", .bool(let b)): return "NSNumber(value: \(b))"
        case ("NSDecimalNumber", .decimal(let text)): return "NSDecimalNumber(string: \(string(text)))"
        case ("NSDecimalNumber", .integer(let n)): return "NSDecimalNumber(string: \(string("\(n)")))"
        case ("NSDecimalNumber", .double(let d)) where d.isFinite:
            return "NSDecimalNumber(string: \(string("\(d)")))"
        case ("String", .string(let text)): return string(text)
        case ("Date", .date(let seconds)): return "Date(timeIntervalSinceReferenceDate: \(double(seconds)))"
        case ("UUID", .uuid(let text)), ("UUID", .string(let text)):
            return UUID(uuidString: text) == nil ? nil : "UUID(uuidString: \(string(text)))!"
        case ("URL", .url(let text)), ("URL", .string(let text)):
            return URL(string: text) == nil ? nil : "URL(string: \(string(text)))!"
        default: return nil
        }
    }

    @Test func defaultValuesMatchTheTypeAndValueTable() {
        let uuid = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
        let values: [AttributeValue] = [
            .integer(0), .integer(7), .integer(-40_000), .integer(5_000_000_000), .double(0.5), .double(-2), .double(.infinity),
            .double(.nan), .decimal("9.99"), .bool(true), .bool(false), .string("Untitled"), .string("a \"quoted\" \\ text"),
            .string(uuid), .string("https://example.com/a b"), .string("https://example.com"), .date(0), .date(-1.5),
            .uuid(uuid), .uuid("not a uuid"), .url("https://example.com/items"),
        ]
        let names = [
            "Int16", "Int32", "Int64", "Double", "Float", "TimeInterval", "Bool", "NSNumber", "NSDecimalNumber", "String",
            "Date", "UUID", "URL", "Data", "NSObject", "[String: Any]",
        ]
        for name in names {
            for isOptional in [false, true] {
                let type = SwiftPropertyType(name: name, isOptional: isOptional, storage: .object)
                for value in values {
                    #expect(
                        SwiftLiteral.defaultValue(value, for: type) == Self.referenceDefaultValue(value, for: type),
                        "\(name) \(value)")
                }
            }
        }
    }
}

/// `Schema.entity(named:)` answers from an index; it must agree with a search of `entities` however the
/// schema changed after the index was built.
@Suite struct EntityIndexTests {
    @Test func lookupsFollowEveryChange() {
        func entity(_ name: String) -> Entity { Entity(name: name, location: ManagedModel.SourceLocation(path: "/m/contents", line: 1)) }
        func expectSearch(_ schema: Schema, _ names: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            for name in names {
                #expect(schema.entity(named: name)?.name == schema.entities.first { $0.name == name }?.name, "\(name)", sourceLocation: sourceLocation)
            }
        }
        let names = ["A", "B", "C", "D"]
        var schema = Schema(contentsPath: "/m/contents", modelName: "M", versionName: "M", entities: names.map(entity))
        expectSearch(schema, names + ["E"])
        var copy = schema
        copy.entities.removeFirst()
        copy.entities.append(entity("E"))
        expectSearch(copy, names + ["E"])
        expectSearch(schema, names + ["E"])
        schema.entities = schema.entities.map { entity($0.name + "2") }
        expectSearch(schema, names + names.map { $0 + "2" })
        schema.entities[0] = entity("C")
        #expect(schema.entity(named: "C") != nil && schema.entity(named: "A2") == nil)
    }
}
