import Foundation
import Testing

/// `actual` must equal the reference file at `reference`, byte for byte. On a difference the failure shows
/// `git diff --no-index` of reference and actual text (a golden failure is read as a diff, not as two long
/// strings). With `UPDATE_REFERENCES=1` the file is rewritten instead: read the diff before committing it.
package func assertMatchesReference(
    _ actual: String, reference: URL, sourceLocation: SourceLocation = #_sourceLocation
) {
    if TestSupport.updatingReferences {
        do {
            try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: reference)
        } catch {
            Issue.record("could not rewrite \(reference.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = try? String(contentsOf: reference, encoding: .utf8) else {
        Issue.record(
            "reference \(TestSupport.relative(reference.path)) is missing; UPDATE_REFERENCES=1 writes it",
            sourceLocation: sourceLocation)
        return
    }
    guard expected != actual else { return }
    Issue.record(
        """
        \(TestSupport.relative(reference.path)) differs from the generated text \
        (UPDATE_REFERENCES=1 rewrites it; read the diff before committing):
        \(textDiff(expected: expected, actual: actual, name: reference.lastPathComponent))
        """,
        sourceLocation: sourceLocation)
}

/// `actual` must equal `expected` (a snippet written in the test); on a difference the failure shows the diff.
package func assertSameText(
    _ actual: String, _ expected: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard expected != actual else { return }
    // Snippets are written without a final newline; one on each side keeps git's "No newline" note out.
    let ending = expected.hasSuffix("\n") || actual.hasSuffix("\n") ? "" : "\n"
    Issue.record(
        "\(what) differs:\n\(textDiff(expected: expected + ending, actual: actual + ending, name: what))",
        sourceLocation: sourceLocation)
}

/// `git diff --no-index` of two texts (`expected/<name>`, `actual/<name>`), or both texts when git cannot run.
package func textDiff(expected: String, actual: String, name: String) -> String {
    let fileName = String(name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "+" ? $0 : "_" })
    do {
        let folder = try TestSupport.temporaryDirectory("diff")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (side, text) in [("expected", expected), ("actual", actual)] {
            let url = folder.appendingPathComponent(side).appendingPathComponent(fileName)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let (status, diff) = try TestSupport.run(
            ["git", "diff", "--no-index", "--no-color", "--", "expected/\(fileName)", "actual/\(fileName)"], in: folder)
        // Exit 1 means "the files differ"; anything else, git did not diff them.
        if status == 1, !diff.isEmpty {
            // The blob ids of the temporary files say nothing.
            return diff.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("index ") }
                .joined(separator: "\n")
        }
    } catch {}
    return "--- expected\n\(expected)\n--- actual\n\(actual)"
}

/// `text` must hold `snippet` (several whole lines, indentation included) exactly. The lines compared are those
/// starting where the snippet's first line is found (or the whole text, when it is not): a change in the output
/// fails with a diff of the snippet against what is there now.
package func assertContainsSnippet(
    _ snippet: String, in text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let expected = snippet.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = expected.first, let start = lines.firstIndex(of: first) else {
        Issue.record(
            "\(what): the snippet's first line is not in the text:\n\(textDiff(expected: snippet, actual: text, name: what))",
            sourceLocation: sourceLocation)
        return
    }
    let found = lines[start..<min(lines.count, start + expected.count)].joined(separator: "\n")
    assertSameText(found, snippet, what, sourceLocation: sourceLocation)
}
