/// Close-but-wrong spellings get a suggestion (`Integer16` -> `Integer 16`, `optinal` -> `optional`; the CLI's
/// `genrate` -> `generate`).
package enum SpellingSuggestion {
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let folded = fold(word)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates.sorted() where candidate != word {
            let target = fold(candidate)
            // Short names are too close to everything: only case/spacing differences count for them.
            let allowed = target.count < 3 ? 0 : target.count < 6 ? 1 : 2
            let distance = editDistance(folded, target)
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Edits turning one word into the other, ignoring case, spaces, `_` and `-`.
    package static func distance(_ word: String, _ other: String) -> Int {
        editDistance(fold(word), fold(other))
    }

    /// ` (did you mean 'x'?)` or nothing.
    package static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    private static func fold(_ text: String) -> [Character] {
        Array(text.lowercased().filter { !$0.isWhitespace && $0 != "_" && $0 != "-" })
    }

    /// Edits (insert, delete, substitute, swap neighbours) turning `a` into `b`.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let substitution = table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
