/// A place in a model file, so Xcode can point at the offending line.
package struct SourceLocation: Hashable, Sendable, Codable {
    package var path: String
    /// 1-based line; 0 when the whole file is meant.
    package var line: Int

    package init(path: String, line: Int) {
        self.path = path
        self.line = line
    }
}

/// One message for the user, printed in the form Xcode recognises (`path:line: error: message`).
package struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    package enum Severity: String, Hashable, Sendable, Codable {
        case error, warning, note
    }

    /// Set by the initializers, ``reportAs(_:)`` and ``Diagnostics/promotingWarnings()``: a note cannot be turned into
    /// an error or a warning without a rule.
    package fileprivate(set) var severity: Severity
    package var message: String
    package var location: SourceLocation?
    /// A cause shared by the whole model (an unknown `codeGenerationType` value), met once per entity: the
    /// diagnostics of one cause are reported once (``Diagnostics/coalescingModelWideCauses()``).
    package var modelWideCause: ModelWideCause?
    /// The ``Rule`` this diagnostic is a finding of (`audit.key-path-traps`): every error and warning is made from a
    /// row (the only initializer taking a severity is private). Nil only for a note made with ``note(_:at:)``, which
    /// belongs to the finding before it. Not printed: the text stays what Xcode and scripts parse.
    package private(set) var ruleID: String?

    /// `key` names the cause; `summary(count)` is the one message for `count` occurrences (more than one).
    package struct ModelWideCause: Hashable, Sendable {
        package var key: String
        package var summaryPrefix: String
        package var summarySuffix: String

        /// The summary is `"\(prefix)\(count)\(suffix)"`: `unknown codeGenerationType 'x' on ` 12 ` entities; …`.
        package init(key: String, summaryPrefix: String, summarySuffix: String) {
            self.key = key
            self.summaryPrefix = summaryPrefix
            self.summarySuffix = summarySuffix
        }
    }

    /// Private: a finding is made from its row (``init(_:_:at:strict:)``), a note with ``note(_:at:)``.
    private init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// A finding of `rule`, with the row's severity (`strict` turns a `warningUnlessStrict` into an error; a
    /// `none` row reports a note) and its identity.
    package init(_ rule: Rule, _ message: String, at location: SourceLocation? = nil, strict: Bool = false) {
        let severity: Severity = switch rule.severity {
        case .error: .error
        case .warning: .warning
        case .warningUnlessStrict: strict ? .error : .warning
        case .none: .note
        }
        self.init(severity, message, at: location)
        self.ruleID = rule.id
    }

    /// The same finding at another severity (`generate` reports `migration-check`'s verdicts as warnings).
    package mutating func reportAs(_ severity: Severity) {
        precondition(ruleID != nil, "a note is not a finding: make an error or a warning from its rule")
        self.severity = severity
    }

    /// A note on the finding reported just before it (`note: as it was in 'V1'`, `note: locked here`): not a finding
    /// of its own, so it has no rule; a reporter attaches it to that finding. There is no rule-less error or warning.
    package static func note(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    /// `path:line: severity: message`; without a location, `managed-codegen: severity: message`.
    package var description: String {
        guard let location else { return "managed-codegen: \(severity.rawValue): \(message)" }
        if location.line > 0 {
            return "\(location.path):\(location.line): \(severity.rawValue): \(message)"
        }
        return "\(location.path): \(severity.rawValue): \(message)"
    }
}

/// Diagnostics are collected by every stage and reported once, never printed mid-stage.
package struct Diagnostics: Sendable, Hashable {
    package private(set) var all: [Diagnostic] = []

    package init(_ diagnostics: [Diagnostic] = []) {
        self.all = diagnostics
    }

    package mutating func append(_ diagnostic: Diagnostic) { all.append(diagnostic) }
    package mutating func append(contentsOf other: Diagnostics) { all.append(contentsOf: other.all) }
    package mutating func append(contentsOf other: [Diagnostic]) { all.append(contentsOf: other) }

    /// A finding of `rule` (``Diagnostic/init(_:_:at:strict:)``).
    package mutating func report(_ rule: Rule, _ message: String, at location: SourceLocation? = nil) {
        all.append(Diagnostic(rule, message, at: location))
    }

    package var errors: [Diagnostic] { all.filter { $0.severity == .error } }
    package var warnings: [Diagnostic] { all.filter { $0.severity == .warning } }
    package var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// The diagnostics of one model-wide cause become one, at the first one's place, counting them.
    package func coalescingModelWideCauses() -> Diagnostics {
        guard all.contains(where: { $0.modelWideCause != nil }) else { return self }
        var counts: [String: Int] = [:]
        for diagnostic in all { if let cause = diagnostic.modelWideCause { counts[cause.key, default: 0] += 1 } }
        var seen: Set<String> = []
        var result: [Diagnostic] = []
        for var diagnostic in all {
            guard let cause = diagnostic.modelWideCause, let count = counts[cause.key], count > 1 else {
                result.append(diagnostic)
                continue
            }
            guard seen.insert(cause.key).inserted else { continue }
            diagnostic.message = cause.summaryPrefix + String(count) + cause.summarySuffix
            result.append(diagnostic)
        }
        return Diagnostics(result)
    }

    /// Runs `body`. When it throws a ``DiagnosticsError``, its diagnostics are appended to these and the result is
    /// nil, so a stage can go on and report every problem at once; any other error is rethrown.
    package mutating func collecting<Result>(_ body: () throws -> Result) rethrows -> Result? {
        do {
            return try body()
        } catch let error as DiagnosticsError {
            append(contentsOf: error.diagnostics)
            return nil
        }
    }

    /// Runs `body`. When it throws a ``DiagnosticsError``, rethrows one carrying these diagnostics first, then
    /// the thrown ones, so what was collected before the failing step is reported with it; any other error is
    /// rethrown as it is.
    package func rethrowingWith<Result>(_ body: () throws -> Result) throws -> Result {
        var all = self
        guard let result = try all.collecting(body) else { throw DiagnosticsError(all) }
        return result
    }

    /// `--warnings-as-errors`: every warning becomes an error.
    package func promotingWarnings() -> Diagnostics {
        Diagnostics(all.map { d in
            var d = d
            if d.severity == .warning { d.severity = .error }
            return d
        })
    }
}

/// Thrown by a stage that cannot produce a result; carries everything collected so far.
package struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    package var diagnostics: Diagnostics

    package init(_ diagnostics: Diagnostics) {
        self.diagnostics = diagnostics
    }

    package init(_ diagnostic: Diagnostic) {
        self.diagnostics = Diagnostics([diagnostic])
    }

    package var description: String {
        diagnostics.all.map(\.description).joined(separator: "\n")
    }
}
