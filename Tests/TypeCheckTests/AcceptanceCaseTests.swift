import Foundation
import Testing

/// One row of the acceptance table in the harness design note: a change to the sample and what Apple's
/// compiler says about it.
struct AcceptanceCase: Decodable, Sendable, CustomTestStringConvertible {
    struct Mutation: Decodable, Sendable {
        var file: String
        var find: String?
        var replace: String?
        var append: String?
    }
    struct ExpectedDiagnostic: Decodable, Sendable {
        var severity: String
        var message: String
        var file: String
    }
    var id: Int
    var title: String
    var mutations: [Mutation]
    var testBody: String?
    var expected: [ExpectedDiagnostic]
    var note: String?

    var testDescription: String { "#\(id) \(title)" }

    static let all: [AcceptanceCase] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("AcceptanceCases.json")
        struct Table: Decodable { var cases: [AcceptanceCase] }
        do {
            return try JSONDecoder().decode(Table.self, from: Data(contentsOf: url)).cases
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()

    /// The scratch test method a `testBody` runs in: the names it may use are in scope.
    static func wrap(testBody: String) -> String {
        let body = testBody.split(separator: "\n", omittingEmptySubsequences: false).map { "        \($0)" }.joined(separator: "\n")
        return """

        extension ItemGeneratedTests {
            func testAcceptanceCase() throws {
                let context = container.viewContext
                let owner = makeOwner(in: context)
                let item = Item(context: context, itemId: "m", dateCreated: Date(), name: "M",
                                unitCost: .one, unitPrice: .one, owner: owner)
                let tag = Tag(context: context, label: "t")
                _ = (item, tag)
        \(body)
            }
        }

        """
    }

    func apply(to sample: ScratchSample) throws {
        for mutation in mutations {
            let file = try sample.file(named: mutation.file)
            var text = try String(contentsOf: file, encoding: .utf8)
            if let find = mutation.find {
                let occurrences = text.components(separatedBy: find).count - 1
                guard occurrences == 1 else {
                    throw ScratchSampleError(message: "case \(id): '\(find)' occurs \(occurrences) times in \(mutation.file)")
                }
                text = text.replacingOccurrences(of: find, with: mutation.replace ?? "")
            }
            if let append = mutation.append { text += append }
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        if let testBody {
            let file = try sample.file(named: "InventoryGeneratedTests.swift")
            let text = try String(contentsOf: file, encoding: .utf8) + Self.wrap(testBody: testBody)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }
}

@Suite("Acceptance cases: mistakes are caught, look-alikes compile")
struct AcceptanceCaseTests {
    @Test("the table holds all 55 cases of the design note")
    func tableIsComplete() {
        #expect(AcceptanceCase.all.map(\.id) == Array(1...55))
    }

    @Test(arguments: AcceptanceCase.all)
    func acceptanceCase(_ acceptanceCase: AcceptanceCase) throws {
        let sample = try ScratchSample()
        defer { sample.remove() }
        try acceptanceCase.apply(to: sample)
        let result = try sample.typecheck()
        if acceptanceCase.expected.isEmpty {
            #expect(result.errors.isEmpty, "look-alike must compile:\n\(result.summary)")
            return
        }
        for expected in acceptanceCase.expected {
            let found = result.diagnostics.contains { diagnostic in
                diagnostic.severity.rawValue == expected.severity && diagnostic.fileName == expected.file
                    // An unavailable declaration's custom message is appended after a colon.
                    && (diagnostic.message == expected.message || diagnostic.message.hasPrefix(expected.message + ": "))
            }
            #expect(found, "expected \(expected.severity) in \(expected.file): \(expected.message)\ngot:\n\(result.summary)")
        }
    }
}
