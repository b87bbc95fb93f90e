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
        #expect(ValueDescription.internetDateTime(seconds) == Self.formatterText(seconds))
    }

    @Test func internetDateTimeMatchesFormatterAcrossFourCenturies() {
        // Every 60 days, 13 hours, 17 minutes and 1 second from 1583 on, through leap days and century years.
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var seconds: Double = -13_190_860_800
        var mismatches: [Double] = []
        while seconds < 252_423_993_600 {
            let expected = formatter.string(from: Date(timeIntervalSinceReferenceDate: seconds))
            if ValueDescription.internetDateTime(seconds) != expected { mismatches.append(seconds) }
            seconds += 7 * 86_400 + 13 * 3600 + 17 * 60 + 1 + 86_400 * 53
        }
        #expect(mismatches.isEmpty)
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
