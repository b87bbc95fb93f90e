import CoreDataMapping
import Foundation
import ManagedModel
import Testing

@testable import SampleValues

private let location = SourceLocation(path: "/models/ValidationGuide.xcdatamodel/contents", line: 7)

private func attribute(
    _ name: String, _ type: AttributeType, min: ModelValue? = nil, max: ModelValue? = nil,
    regex: String? = nil, defaultValue: ModelValue? = nil, scalar: Bool? = nil, userInfo: [UserInfoEntry] = []
) -> Attribute {
    Attribute(
        name: name, location: location, type: type, usesScalarValueType: scalar, defaultValue: defaultValue,
        minValue: min, maxValue: max, regularExpression: regex, userInfo: userInfo)
}

/// The attributes of the ValidationGuide fixture (and the corpus's date bounds), by entity.
private let fixtureAttributes: [(entity: String, attribute: Attribute)] = [
    ("Person", attribute("age", .integer16, min: .integer(1), defaultValue: .integer(1), scalar: true)),
    ("Person", attribute("birthday", .date, scalar: false)),
    ("Person", attribute("hasDrivingLicense", .boolean, defaultValue: .bool(false), scalar: true)),
    ("Person", attribute("name", .string)),
    ("Employee", attribute("age", .integer16, min: .integer(20), max: .integer(50), defaultValue: .integer(20), scalar: true)),
    ("Employee", attribute("bonus", .double, min: .integer(0), max: .double(50000.5), scalar: true)),
    ("Employee", attribute("name", .string, min: .integer(1), max: .integer(80))),
    ("Employee", attribute("salary", .decimal, min: .decimal("1000"), max: .decimal("250000.00"), defaultValue: .decimal("1000"))),
    ("Department", attribute("name", .string, min: .integer(2), max: .integer(40))),
    ("User", attribute("email", .string, regex: #"^.+@([A-Za-z0-9-]+\.)+[A-Za-z]{2}[A-Za-z]*$"#)),
    ("User", attribute("firstName", .string, min: .integer(1))),
    ("Corpus", attribute("dateAttribute", .date, min: .date(284_000_400), max: .date(602_395_200), defaultValue: .date(388_411_200))),
    ("Corpus", attribute("floatAttribute", .float, min: .double(-2.5), max: .double(2.5), defaultValue: .integer(0))),
    ("Corpus", attribute("narrowFloat", .float, min: .double(0.1), max: .double(0.2))),
    ("Corpus", attribute("int64Attribute", .integer64, min: .integer(-12), max: .integer(12), defaultValue: .integer(0))),
    ("Corpus", attribute("rating", .integer16, min: .integer(0), max: .integer(5), scalar: false)),
    ("Corpus", attribute("code", .string, min: .integer(3), max: .integer(5), regex: "^[a-z]+$")),
    ("Corpus", attribute("payload", .binary, min: .integer(2), max: .integer(3))),
    ("Corpus", attribute("identifier", .uuid)),
    ("Corpus", attribute("homepage", .uri)),
]

/// Core Data's attribute checks, re-implemented here so the tests do not trust the code under test.
private func violations(of value: ModelValue, for attribute: Attribute) throws -> [ValidationErrorCode] {
    func number(_ bound: ModelValue?) -> Decimal? {
        switch bound {
        case .integer(let value): return Decimal(value)
        case .double(let value), .date(let value): return Decimal(string: "\(value)")
        case .decimal(let text): return Decimal(string: text)
        default: return nil
        }
    }
    var codes: [ValidationErrorCode] = []
    switch value {
    case .integer, .double, .decimal:
        let stored: Decimal
        switch value {
        case .integer(let integer): stored = Decimal(integer)
        case .double(let double):
            // A Float attribute stores the Float nearest to the value.
            stored = Decimal(string: "\(attribute.type == .float ? Double(Float(double)) : double)")!
        case .decimal(let text): stored = Decimal(string: text)!
        default: fatalError()
        }
        if let lower = number(attribute.minValue), stored < lower { codes.append(.numberTooSmall) }
        if let upper = number(attribute.maxValue), stored > upper { codes.append(.numberTooLarge) }
    case .date(let seconds):
        if let lower = number(attribute.minValue), Decimal(seconds) < lower { codes.append(.dateTooSoon) }
        if let upper = number(attribute.maxValue), Decimal(seconds) > upper { codes.append(.dateTooLate) }
    case .string(let text):
        let length = (text as NSString).length
        if let lower = number(attribute.minValue), Decimal(length) < lower { codes.append(.stringTooShort) }
        if let upper = number(attribute.maxValue), Decimal(length) > upper { codes.append(.stringTooLong) }
        if let pattern = attribute.regularExpression, try !coreDataMatches(text, pattern) {
            codes.append(.stringPatternMatching)
        }
    case .data(let bytes):
        if let lower = number(attribute.minValue), Decimal(bytes.count) < lower { codes.append(.stringTooShort) }
        if let upper = number(attribute.maxValue), Decimal(bytes.count) > upper { codes.append(.stringTooLong) }
    default:
        break
    }
    return codes
}

@Suite struct SampleValueSynthesizerTests {
    let synthesizer = SampleValueSynthesizer()

    @Test func fixtureSamplesSatisfyConstraintsAndVariantsDiffer() throws {
        for (entity, attribute) in fixtureAttributes {
            let first = synthesizer.sample(for: attribute, variant: 0, entityName: entity)
            let second = synthesizer.sample(for: attribute, variant: 1, entityName: entity)
            let firstValue = try #require(first.value, "\(entity).\(attribute.name)")
            let secondValue = try #require(second.value, "\(entity).\(attribute.name)")
            #expect(first.origin == .synthesized)
            #expect(first.diagnostics.isEmpty)
            #expect(try violations(of: firstValue, for: attribute) == [], "\(entity).\(attribute.name): \(firstValue)")
            #expect(try violations(of: secondValue, for: attribute) == [], "\(entity).\(attribute.name): \(secondValue)")
            #expect(firstValue != secondValue, "\(entity).\(attribute.name) variants must differ")
        }
    }

    @Test func samplesAvoidTheDefaultWhereBoundsAllow() throws {
        let employeeAge = attribute("age", .integer16, min: .integer(20), max: .integer(50), defaultValue: .integer(42))
        for variant in 0...1 {
            #expect(synthesizer.sample(for: employeeAge, variant: variant).value != .integer(42))
        }
        let flag = attribute("flag", .boolean, defaultValue: .bool(false))
        #expect(synthesizer.sample(for: flag).value == .bool(true))
    }

    @Test func narrowFloatSampleIsExactlyRepresentable() throws {
        let narrow = try #require(fixtureAttributes.first { $0.attribute.name == "narrowFloat" }?.attribute)
        guard case .double(let value) = try #require(synthesizer.sample(for: narrow).value) else {
            Issue.record("expected a floating-point sample")
            return
        }
        #expect(Double(Float(value)) == value)
        #expect((0.1...0.2).contains(value))
    }

    @Test func boundaryValuesOfTheValidationGuide() throws {
        func probes(_ entity: String, _ name: String) throws -> [BoundaryValue] {
            let found = try #require(fixtureAttributes.first { $0.entity == entity && $0.attribute.name == name })
            return synthesizer.boundaryValues(for: found.attribute)
        }
        let personAge = try probes("Person", "age")
        #expect(personAge.map(\.constraint) == [.minimumValue])
        #expect(personAge.first?.inside == .integer(1))
        #expect(personAge.first?.outside == .integer(0))
        #expect(personAge.first?.errorCode == .numberTooSmall)

        let employeeAge = try probes("Employee", "age")
        #expect(employeeAge.map { [$0.inside, $0.outside] } == [[.integer(20), .integer(19)], [.integer(50), .integer(51)]])
        #expect(employeeAge.map(\.errorCode) == [.numberTooSmall, .numberTooLarge])

        let salary = try probes("Employee", "salary")
        #expect(salary.map { [$0.inside, $0.outside] } == [[.decimal("1000"), .decimal("999")], [.decimal("250000"), .decimal("250001")]])

        let departmentName = try probes("Department", "name")
        #expect(departmentName.map(\.constraint) == [.minimumLength, .maximumLength])
        #expect(departmentName.map(\.errorCode) == [.stringTooShort, .stringTooLong])
        let lengths = departmentName.compactMap { probe -> [Int]? in
            guard case .string(let inside) = probe.inside, case .string(let outside) = probe.outside else { return nil }
            return [inside.utf16.count, outside.utf16.count]
        }
        #expect(lengths == [[2, 1], [40, 41]])

        let email = try probes("User", "email")
        #expect(email.map(\.errorCode) == [.stringPatternMatching])

        let dates = try probes("Corpus", "dateAttribute")
        #expect(dates.map { [$0.inside, $0.outside] } == [[.date(284_000_400), .date(284_000_399)], [.date(602_395_200), .date(602_395_201)]])
        #expect(dates.map(\.errorCode) == [.dateTooSoon, .dateTooLate])
    }

    /// Every probe, checked against the independent re-implementation of Core Data's validation:
    /// inside values raise nothing, outside values raise exactly the promised code.
    @Test func everyBoundaryViolatesExactlyItsConstraint() throws {
        var probed = 0
        for (entity, attribute) in fixtureAttributes {
            for probe in synthesizer.boundaryValues(for: attribute) {
                probed += 1
                #expect(probe.key == attribute.name)
                #expect(try violations(of: probe.inside, for: attribute) == [], "\(entity).\(attribute.name) \(probe)")
                #expect(try violations(of: probe.outside, for: attribute) == [probe.errorCode], "\(entity).\(attribute.name) \(probe)")
            }
        }
        #expect(probed >= 20)
    }

    @Test func patternWithLengthBoundsProbesEachConstraint() throws {
        let code = attribute("code", .string, min: .integer(3), max: .integer(5), regex: "^[a-z]+$")
        let probes = synthesizer.boundaryValues(for: code)
        #expect(probes.map(\.constraint) == [.minimumLength, .maximumLength, .regularExpression])
        #expect(probes.map(\.inside) == [.string("aaa"), .string("aaaaa"), .string("aaa")])
        #expect(probes.map(\.outside).prefix(2) == [.string("aa"), .string("aaaaaa")])
    }

    @Test func lengthProbeThatWouldAlsoBreakThePatternIsSkipped() throws {
        let zip = attribute("zip", .string, min: .integer(5), max: .integer(5), regex: #"^\d{5}$"#)
        let analysis = synthesizer.boundaryAnalysis(for: zip)
        #expect(analysis.values.map(\.constraint) == [.regularExpression])
        #expect(analysis.skipped.map(\.constraint) == [.minimumLength, .maximumLength])
        #expect(analysis.skipped.allSatisfy { !$0.reason.isEmpty })
    }

    @Test func boundsAtTheTypeLimitHaveNoOutsideValue() {
        let extreme = attribute("extreme", .integer16, min: .integer(Int64(Int16.min)), max: .integer(Int64(Int16.max)))
        let analysis = synthesizer.boundaryAnalysis(for: extreme)
        #expect(analysis.values.isEmpty)
        #expect(analysis.skipped.count == 2)
    }

    @Test func unsynthesizableTypesGiveReasons() {
        for type in [AttributeType.transformable, .objectID, .undefined, .composite] {
            let result = synthesizer.sample(for: attribute("thing", type))
            #expect(result.value == nil)
            #expect(result.unavailableReason?.contains(type.rawValue) == true, "\(type)")
            #expect(SampleValueSynthesizer.unsynthesizableReason(for: type) != nil)
        }
        for type in AttributeType.allCases where ![.transformable, .objectID, .undefined, .composite].contains(type) {
            #expect(SampleValueSynthesizer.unsynthesizableReason(for: type) == nil)
            #expect(synthesizer.sample(for: attribute("value", type)).value != nil, "\(type)")
        }
    }

    @Test func transformableTakesSwiftExpressionFromUserInfo() {
        let tags = attribute("tags", .transformable, userInfo: [.init(key: SampleValueSynthesizer.sampleValueKey, value: #"["a"] as NSArray"#)])
        let result = synthesizer.sample(for: tags)
        #expect(result.value == .swiftExpression(#"["a"] as NSArray"#))
        #expect(result.origin == .userInfo)
        #expect(result.value?.swiftExpression(as: nil) == #"["a"] as NSArray"#)
    }

    @Test func unsupportedPatternWarnsWithLocationAndAcceptsUserInfo() throws {
        let pattern = #"^(?=.*\d)[a-z0-9]{8,}$"#
        let bare = attribute("password", .string, regex: pattern)
        let warned = synthesizer.sample(for: bare, entityName: "User")
        #expect(warned.value == nil)
        let warning = try #require(warned.diagnostics.first)
        #expect(warning.location == location)
        #expect(warning.message.contains("'User.password'"))
        #expect(warning.message.contains(SampleValueSynthesizer.sampleValueKey))

        let provided = attribute("password", .string, regex: pattern, userInfo: [
            .init(key: SampleValueSynthesizer.sampleValueKey, value: "abcdefg1"),
            .init(key: SampleValueSynthesizer.modifiedSampleValueKey, value: "abcdefg2"),
        ])
        #expect(synthesizer.sample(for: provided).value == .string("abcdefg1"))
        #expect(synthesizer.sample(for: provided, variant: 1).value == .string("abcdefg2"))
        #expect(synthesizer.sample(for: provided).diagnostics.isEmpty)

        let wrong = attribute("password", .string, regex: pattern, userInfo: [.init(key: SampleValueSynthesizer.sampleValueKey, value: "short")])
        let wrongResult = synthesizer.sample(for: wrong, entityName: "User")
        #expect(wrongResult.value == .string("short"))
        #expect(wrongResult.diagnostics.first?.message.contains("does not match") == true)
    }

    @Test func singleValuedConstraintsRepeatTheValueForEveryVariant() {
        let literal = attribute("kind", .string, regex: "^fixed$")
        let single = attribute("count", .integer16, min: .integer(5), max: .integer(5))
        for constrained in [literal, single] {
            let first = synthesizer.sample(for: constrained)
            let second = synthesizer.sample(for: constrained, variant: 1)
            #expect(first.value != nil)
            #expect(second.value == first.value)
            #expect(second.diagnostics.isEmpty)
        }
    }

    @Test func impossibleLengthAndPatternWarns() {
        let zip = attribute("zip", .string, min: .integer(6), regex: #"^\d{5}$"#)
        let result = synthesizer.sample(for: zip, entityName: "Address")
        #expect(result.value == nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.contains("'Address.zip'") == true)
    }

    @Test func userInfoTextIsParsedPerType() {
        let key = SampleValueSynthesizer.sampleValueKey
        #expect(synthesizer.sample(for: attribute("n", .integer32, userInfo: [.init(key: key, value: "7")])).value == .integer(7))
        #expect(synthesizer.sample(for: attribute("b", .boolean, userInfo: [.init(key: key, value: "NO")])).value == .bool(false))
        #expect(synthesizer.sample(for: attribute("d", .binary, userInfo: [.init(key: key, value: "01ff")])).value == .data([0x01, 0xFF]))
        let invalid = synthesizer.sample(for: attribute("n", .integer16, userInfo: [.init(key: key, value: "70000")]))
        #expect(invalid.origin == .synthesized)
        #expect(invalid.diagnostics.count == 1)
    }

    @Test func swiftLiteralsFollowTheSwiftType() {
        let cases: [(ModelValue, Attribute, String)] = [
            (.integer(42), attribute("a", .integer16, scalar: true), "Int16(42)"),
            (.integer(-3), attribute("a", .integer64), "Int64(-3)"),
            (.integer(42), attribute("a", .integer32, scalar: false), "NSNumber(value: 42)"),
            (.double(42.5), attribute("a", .double), "Double(42.5)"),
            (.double(2.5), attribute("a", .float), "Float(2.5)"),
            (.double(Double(Float(0.15))), attribute("a", .float), "Float(0.15)"),
            (.double(1.5), attribute("a", .double, scalar: false), "NSNumber(value: 1.5)"),
            (.bool(true), attribute("a", .boolean), "true"),
            (.bool(false), attribute("a", .boolean, scalar: false), "NSNumber(value: false)"),
            (.decimal("1.5"), attribute("a", .decimal), #"NSDecimalNumber(string: "1.5")"#),
            (.string("say \"hi\"\\\n\u{E9}\u{200B}"), attribute("a", .string), #""say \"hi\"\\\n\#u{E9}\u{200B}""#),
            (.date(1000), attribute("a", .date), "Date(timeIntervalSinceReferenceDate: 1000)"),
            (.date(0.5), attribute("a", .date, scalar: true), "TimeInterval(0.5)"),
            (.data([0x01, 0xAB]), attribute("a", .binary), "Data([0x01, 0xAB])"),
            (.data([]), attribute("a", .binary), "Data()"),
            (.uuid("00000000-0000-4000-8000-000000000001"), attribute("a", .uuid), #"UUID(uuidString: "00000000-0000-4000-8000-000000000001")!"#),
            (.url("https://example.com/a/1"), attribute("a", .uri), #"URL(string: "https://example.com/a/1")!"#),
        ]
        for (value, attribute, expected) in cases {
            #expect(value.swiftExpression(as: TypeAssigner.declaredType(of: attribute).valueType) == expected)
        }
    }

    @Test func synthesizedUUIDsAndURLsParse() throws {
        for variant in 0...1 {
            guard case .uuid(let text) = synthesizer.sample(for: attribute("id", .uuid), variant: variant).value else {
                Issue.record("expected a UUID")
                continue
            }
            #expect(UUID(uuidString: text) != nil)
            guard case .url(let address) = synthesizer.sample(for: attribute("site", .uri), variant: variant).value else {
                Issue.record("expected a URL")
                continue
            }
            #expect(URL(string: address) != nil)
        }
    }

    @Test func synthesisIsDeterministic() {
        let other = SampleValueSynthesizer()
        for (entity, attribute) in fixtureAttributes {
            for variant in 0...1 {
                #expect(synthesizer.sample(for: attribute, variant: variant, entityName: entity)
                    == other.sample(for: attribute, variant: variant, entityName: entity))
            }
            #expect(synthesizer.boundaryValues(for: attribute) == other.boundaryValues(for: attribute))
        }
    }
}
