/// Names in their natural order: runs of digits compare as numbers (`Model 9` before `Model 10`), the rest
/// case-insensitively. Ties fall back to the names' characters, so the order is total.
///
/// `ignoringPunctuation`: spaces and punctuation are left out of the text between numbers, so that one history's
/// inconsistent spellings sort as one sequence (`Model V22`, `Model V 23`, `Model V32`: a real app has both).
package struct NaturalOrder: Sendable {
    package let ignoringPunctuation: Bool

    package init(ignoringPunctuation: Bool) {
        self.ignoringPunctuation = ignoringPunctuation
    }

    package func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = key(lhs)
        let right = key(rhs)
        for (l, r) in zip(left, right) where l != r {
            return l < r
        }
        if left.count != right.count { return left.count < right.count }
        return lhs < rhs
    }

    package func sorted(_ names: [String]) -> [String] {
        names.sorted(by: areInIncreasingOrder)
    }

    private enum KeyPart: Comparable {
        /// Digits without leading zeros; compared by length first so any length of digits works.
        case number(String)
        case text(String)

        static func < (lhs: KeyPart, rhs: KeyPart) -> Bool {
            switch (lhs, rhs) {
            case (.number(let l), .number(let r)): return (l.count, l) < (r.count, r)
            case (.text(let l), .text(let r)): return l < r
            // Parts alternate text, number, text, ... so kinds only differ if one key ended early.
            case (.number, .text): return true
            case (.text, .number): return false
            }
        }
    }

    private func key(_ name: String) -> [KeyPart] {
        var parts: [KeyPart] = []
        var text = ""
        var digits = ""
        func flushDigits() {
            guard !digits.isEmpty else { return }
            let trimmed = digits.drop { $0 == "0" }
            parts.append(.number(trimmed.isEmpty ? "0" : String(trimmed)))
            digits = ""
        }
        for character in name {
            if character.isASCII, character.isNumber {
                if digits.isEmpty {
                    parts.append(.text(text.lowercased()))
                    text = ""
                }
                digits.append(character)
            } else {
                flushDigits()
                if ignoringPunctuation, !(character.isLetter || character.isNumber) { continue }
                text.append(character)
            }
        }
        flushDigits()
        parts.append(.text(text.lowercased()))
        return parts
    }
}
