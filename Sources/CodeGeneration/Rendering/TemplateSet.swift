import Foundation
import ManagedCodegenTemplates
import ManagedModel
import MustacheEngine

/// The parsed templates of one run: the ones compiled into the binary, each replaced by a file of the same name in the
/// override folder when there is one. Parsed once, then shared by every (parallel) render.
struct TemplateSet: Sendable {
    enum Name: String, CaseIterable, Sendable {
        case entityMachine = "entity-machine"
        case entityHuman = "entity-human"
        case validationSupport = "validation-support"
        /// Appended to the support file: helpers the entity files share outside validation.
        case propertySupport = "property-support"
        /// The model's own helpers (``ModelSupportTypes``), in their own file.
        case modelSupport = "model-support"
        case modelTests = "model-tests"
        /// The tests that every shipped version's store opens through the migration plan (``ShippedStoreTestsPlan``).
        case migrationPlanTests = "migration-plan-tests"
        case composite
        /// The migration plan (``MigrationPlanFile``), `generate --migration-plan`.
        case migrationPlan = "migration-plan"
        /// Preview and fixture data (``PreviewDataPlan``), `generate --preview-data`.
        case previewData = "preview-data"
    }

    private let library: MustacheLibrary

    init(overrideDirectory: String?) throws {
        var sources: [String: (path: String, text: String)] = [:]
        var diagnostics = Diagnostics()
        for bundled in BundledTemplates.sources {
            sources[bundled.name] = ("\(bundled.name).mustache", bundled.text)
        }
        if let directory = overrideDirectory {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                throw DiagnosticsError(Diagnostic(
                    TemplateRules.unreadable, "cannot read the templates folder \(directory): \(error.localizedDescription)"))
            }
            for file in names.sorted() where file.hasSuffix(".mustache") {
                let path = (directory as NSString).appendingPathComponent(file)
                guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
                else {
                    diagnostics.report(TemplateRules.unreadable, "cannot read template \(path) as UTF-8 text")
                    continue
                }
                sources[String(file.dropLast(".mustache".count))] = (path, text)
            }
        }
        var parsed: [MustacheTemplate] = []
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                parsed.append(try MustacheTemplate(name: name, source: source.text))
            } catch {
                diagnostics.report(
                    TemplateRules.syntax, "template syntax: \(error.message)", at: SourceLocation(path: source.path, line: error.line))
            }
        }
        for name in Name.allCases where sources[name.rawValue] == nil {
            diagnostics.report(TemplateRules.missing, "the template \(name.rawValue).mustache is missing")
        }
        let library = MustacheLibrary(parsed)
        for missing in library.missingPartials {
            diagnostics.report(
                TemplateRules.missing, "the template includes `{{> \(missing.partial)}}`, but there is no \(missing.partial).mustache",
                at: SourceLocation(path: sources[missing.template]?.path ?? missing.template, line: missing.line))
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        self.library = library
    }

    /// - Throws: `DiagnosticsError` when partials include each other without end.
    func render(_ context: some TemplateObject, with name: Name) throws -> [UInt8] {
        do {
            var rendered = try library.render(name.rawValue, with: context)
            Self.normalize(&rendered)
            return rendered
        } catch {
            throw DiagnosticsError(Diagnostic(TemplateRules.renderingFailed, "rendering \(name.rawValue).mustache: \(error.message)"))
        }
    }

    /// The names `name` looks up, rendering `context`, that no context on the stack has a field of (tests: they
    /// would render as nothing).
    func unknownNames(_ context: some TemplateObject, with name: Name) throws -> [(template: String, name: String)] {
        do {
            return try library.unknownNames(rendering: name.rawValue, with: context)
        } catch {
            throw DiagnosticsError(Diagnostic(TemplateRules.renderingFailed, "rendering \(name.rawValue).mustache: \(error.message)"))
        }
    }

    /// Every name the run's templates look up.
    var referencedNames: Set<String> { library.referencedNames }

    /// `\n` line endings, no trailing spaces or tabs, no leading or trailing blank lines, exactly one
    /// final newline: byte-identical output whatever the templates' own line endings.
    ///
    /// Over the UTF-8 bytes, which equals working on characters here: `\n` and `\r\n` always end a grapheme,
    /// and a space or tab followed by a combining mark does not end its line in either view.
    static func normalized(_ text: String) -> String {
        var bytes = Array(text.utf8)
        normalize(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func normalize(_ bytes: inout [UInt8]) {
        let newline = UInt8(ascii: "\n")
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 1)
        /// Blank lines seen since the last line with text; written only when more text follows.
        var pendingNewlines = 0
        var lineStart = bytes.startIndex
        while true {
            let lineEnd = bytes[lineStart...].firstIndex(of: newline)
            var end = lineEnd ?? bytes.endIndex
            if lineEnd != nil, end > lineStart, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            while end > lineStart, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            if end == lineStart {
                if !output.isEmpty { pendingNewlines += 1 }
            } else {
                if !output.isEmpty { output += repeatElement(newline, count: pendingNewlines + 1) }
                output += bytes[lineStart..<end]
                pendingNewlines = 0
            }
            guard let lineEnd else { break }
            lineStart = lineEnd + 1
        }
        output.append(newline)
        bytes = output
    }
}
