import Foundation
import Testing

/// The part of `article` between `<!-- generated: name -->` and the next `<!-- end -->` must be `content` (one
/// line break either side); the prose around it is the author's. With `UPDATE_REFERENCES=1` the section is
/// rewritten instead: read the diff before committing it.
package func assertGeneratedSection(
    _ name: String, of article: URL, is content: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let text = try String(contentsOf: article, encoding: .utf8)
    let opening = "<!-- generated: \(name) -->\n"
    guard let start = text.range(of: opening) else {
        Issue.record("\(TestSupport.relative(article.path)) has no section '\(opening)…<!-- end -->'", sourceLocation: sourceLocation)
        return
    }
    // An empty section (`<!-- end -->` right after the opening) ends there, not at a later section's end.
    let isEmpty = text[start.upperBound...].hasPrefix("<!-- end -->")
    guard let end = text.range(of: isEmpty ? "<!-- end -->" : "\n<!-- end -->", range: start.upperBound..<text.endIndex) else {
        Issue.record("\(TestSupport.relative(article.path)) has no section '\(opening)…<!-- end -->'", sourceLocation: sourceLocation)
        return
    }
    let current = String(text[start.upperBound..<end.lowerBound])
    guard current != content else { return }
    if TestSupport.updatingReferences {
        try Data((text[..<start.upperBound] + content + (isEmpty ? "\n" : "") + text[end.lowerBound...]).utf8).write(to: article)
        return
    }
    assertSameText(current, content, "\(article.lastPathComponent), section \(name) (UPDATE_REFERENCES=1 rewrites it)",
                   sourceLocation: sourceLocation)
}
