import ManagedModel
import Testing

/// `Diagnostics.collecting` and `rethrowingWith`: the one way a stage merges a failed step's diagnostics with its own.
@Suite struct DiagnosticsMergingTests {
    struct OtherError: Error, Equatable {}

    static let warning = Rule("test.warning", .warning, summary: "a warning", documentation: "for these tests")
    static let error = Rule("test.error", .error, summary: "an error", documentation: "for these tests")
    static let before = Diagnostic(warning, "noticed before", at: SourceLocation(path: "/m/contents", line: 3))
    static let thrown = Diagnostics([Diagnostic(error, "the step failed", at: SourceLocation(path: "/m/contents", line: 7)), .note("a note")])

    @Test("collecting returns the result and adds nothing when the step succeeds")
    func collectingSuccess() {
        var diagnostics = Diagnostics([Self.before])
        let result = diagnostics.collecting { 42 }
        #expect(result == 42)
        #expect(diagnostics.all == [Self.before])
    }

    @Test("collecting appends a DiagnosticsError's diagnostics, in order, and returns nil")
    func collectingFailure() throws {
        var diagnostics = Diagnostics([Self.before])
        let result: Int? = try diagnostics.collecting { throw DiagnosticsError(Self.thrown) }
        #expect(result == nil)
        #expect(diagnostics.all == [Self.before] + Self.thrown.all)
    }

    @Test("collecting rethrows any other error and adds nothing")
    func collectingOtherError() {
        var diagnostics = Diagnostics([Self.before])
        #expect(throws: OtherError()) { _ = try diagnostics.collecting { () throws -> Int in throw OtherError() } }
        #expect(diagnostics.all == [Self.before])
    }

    @Test("collecting keeps a step's nil result apart from a failure")
    func collectingOptionalResult() {
        var diagnostics = Diagnostics()
        let result: Int?? = diagnostics.collecting { () -> Int? in nil }
        #expect(result == .some(nil))
        #expect(diagnostics.all.isEmpty)
    }

    @Test("rethrowingWith returns the result when the step succeeds")
    func rethrowingSuccess() throws {
        let diagnostics = Diagnostics([Self.before])
        #expect(try diagnostics.rethrowingWith { "done" } == "done")
    }

    @Test("rethrowingWith throws these diagnostics first, then the thrown ones")
    func rethrowingFailure() {
        let diagnostics = Diagnostics([Self.before])
        do {
            _ = try diagnostics.rethrowingWith { () throws -> Int in throw DiagnosticsError(Self.thrown) }
            Issue.record("expected a DiagnosticsError")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.all == [Self.before] + Self.thrown.all)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("rethrowingWith rethrows any other error as it is")
    func rethrowingOtherError() {
        #expect(throws: OtherError()) { _ = try Diagnostics([Self.before]).rethrowingWith { () throws -> Int in throw OtherError() } }
    }
}
