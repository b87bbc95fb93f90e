import Foundation
import ManagedCodegenTemplates
import ManagedModel
import Mustache

/// The parsed templates of one run: the bundled ones, each replaced by a file of the same name in the
/// override folder when there is one. Parsed once, then shared by every (parallel) render.
struct TemplateSet: Sendable {
    enum Name: String, CaseIterable, Sendable {
        case entityMachine = "entity-machine"
        case entityHuman = "entity-human"
        case validationSupport = "validation-support"
        case modelTests = "model-tests"
        case composite
    }

    private let library: MustacheLibrary

    init(overrideDirectory: String?) throws {
        var sources: [String: (path: String, text: String)] = [:]
        var diagnostics = Diagnostics()
        guard let bundled = BundledTemplates.directory else {
            throw DiagnosticsError(.error("the bundled templates are missing from the ManagedCodegenTemplates resources"))
        }
        for directory in [bundled.path, overrideDirectory].compactMap({ $0 }) {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                throw DiagnosticsError(.error("cannot read the templates folder \(directory): \(error.localizedDescription)"))
            }
            for file in names.sorted() where file.hasSuffix(".mustache") {
                let path = (directory as NSString).appendingPathComponent(file)
                guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
                else {
                    diagnostics.error("cannot read template \(path) as UTF-8 text")
                    continue
                }
                sources[String(file.dropLast(".mustache".count))] = (path, text)
            }
        }
        var library = MustacheLibrary()
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                try library.register(source.text, named: name)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.error(
                    "template syntax: \(error.error)",
                    at: SourceLocation(path: source.path, line: error.context.lineNumber))
            } catch {
                diagnostics.error("template syntax: \(error)", at: SourceLocation(path: source.path, line: 0))
            }
        }
        for name in Name.allCases where sources[name.rawValue] == nil {
            diagnostics.error("the template \(name.rawValue).mustache is missing")
        }
        if diagnostics.hasErrors { throw DiagnosticsError(diagnostics) }
        self.library = library
    }

    func render(_ context: Any, with name: Name) -> String {
        Self.normalized(library.render(context, withTemplate: name.rawValue) ?? "")
    }

    /// `\n` line endings, no trailing spaces, exactly one final newline: byte-identical output
    /// whatever the templates' own line endings.
    static func normalized(_ text: String) -> String {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { line -> Substring in
                var line = line
                while line.last == " " || line.last == "\t" { line = line.dropLast() }
                return line
            }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines.joined(separator: "\n") + "\n"
    }
}
