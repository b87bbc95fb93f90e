import Foundation
import ManagedCodegenTemplates
import ManagedModel
import MustacheEngine

/// The parsed templates of one run: the bundled ones, each replaced by a file of the same name in the
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
        var parsed: [MustacheTemplate] = []
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                parsed.append(try MustacheTemplate(name: name, source: source.text))
            } catch {
                diagnostics.error("template syntax: \(error.message)", at: SourceLocation(path: source.path, line: error.line))
            }
        }
        for name in Name.allCases where sources[name.rawValue] == nil {
            diagnostics.error("the template \(name.rawValue).mustache is missing")
        }
        let library = MustacheLibrary(parsed)
        for missing in library.missingPartials {
            diagnostics.error(
                "the template includes `{{> \(missing.partial)}}`, but there is no \(missing.partial).mustache",
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
            throw DiagnosticsError(.error("rendering \(name.rawValue).mustache: \(error.message)"))
        }
    }

    /// `\n` line endings, no trailing spaces or tabs, no leading or trailing blank lines, exactly one
    /// final newline: byte-identical output whatever the templates' own line endings.
    ///
    /// One pass over the UTF-8 bytes (splitting `String`s by `Character` and `replacingOccurrences` were
    /// two fifths of a run). Byte-wise equals character-wise here: `\n` and `\r\n` always end a grapheme,
    /// and a space or tab followed by a combining mark does not end its line in either view.
    static func normalized(_ text: String) -> String {
        var bytes = Array(text.utf8)
        normalize(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// In place, so that a large file (a model's generated tests run to 20 MB) is never held twice. Lines only
    /// move towards the start: each is copied to where the previous one ended, at or before where it was.
    static func normalize(_ bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\n"))  // room for the final newline; read as the last line's end
        let count = bytes.count - 1
        let written = bytes.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            var lines = LineCompactor(base: base)
            var lineStart = 0
            while lineStart < count {
                // memchr: lines are short, the text between them long.
                guard let found = memchr(base + lineStart, Int32(UInt8(ascii: "\n")), count - lineStart) else { break }
                let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let end = newline > lineStart && base[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
                lines.append(from: lineStart, to: end)
                lineStart = newline + 1
            }
            lines.append(from: lineStart, to: count)
            return lines.finish()
        }
        bytes.removeLast(bytes.count - written)
    }
}

/// Copies lines towards the start of their buffer, without trailing spaces or tabs and without blank lines
/// at either end. A value of its own (not variables captured by a nested function, which were checked for
/// exclusive access at every line).
private struct LineCompactor {
    let base: UnsafeMutablePointer<UInt8>
    private var written = 0
    /// Blank lines seen since the last non-blank line; written only when more text follows.
    private var pendingNewlines = 0
    private var wroteText = false

    init(base: UnsafeMutablePointer<UInt8>) {
        self.base = base
    }

    mutating func append(from start: Int, to lineEnd: Int) {
        var end = lineEnd
        while end > start, base[end - 1] == UInt8(ascii: " ") || base[end - 1] == UInt8(ascii: "\t") {
            end -= 1
        }
        if end == start {
            if wroteText { pendingNewlines += 1 }
            return
        }
        if wroteText {
            for _ in 0...pendingNewlines {
                base[written] = UInt8(ascii: "\n")
                written += 1
            }
        }
        if written != start { memmove(base + written, base + start, end - start) }
        written += end - start
        pendingNewlines = 0
        wroteText = true
    }

    /// Writes the final newline; returns how many bytes the normalised text has.
    mutating func finish() -> Int {
        base[written] = UInt8(ascii: "\n")
        written += 1
        return written
    }
}
