import Foundation

/// Allowed string lengths, counted as Core Data counts them: `NSString.length`, i.e. UTF-16 code units.
package struct LengthBounds: Hashable, Sendable, CustomStringConvertible {
    package var minimum: Int
    /// nil: no upper bound.
    package var maximum: Int?

    package init(minimum: Int = 0, maximum: Int? = nil) {
        self.minimum = max(0, minimum)
        self.maximum = maximum
    }

    package static let unbounded = LengthBounds()

    package func contains(_ length: Int) -> Bool {
        length >= minimum && maximum.map { length <= $0 } ?? true
    }

    package func contains(_ string: String) -> Bool { contains(string.utf16.count) }

    package var description: String { "\(minimum)...\(maximum.map(String.init) ?? "")" }
}

/// Strings that do and do not match an ICU regular expression, the way Core Data matches it.
///
/// Core Data validates an attribute's regular expression (`NSAttributeDescription`'s
/// "Reg. Ex." constraint, failing with `NSValidationStringPatternMatchingError`) like the predicate
/// `SELF MATCHES pattern`. Apple's Predicate Programming Guide defines `MATCHES` as "the left hand
/// expression equals the right hand expression using a regex-style comparison according to ICU v3":
/// the **whole** string must match, as ICU's `matches()` does, not merely contain a match. So a
/// pattern without `^`/`$` still constrains the entire value, and this type verifies every string
/// it returns against `\A(?:pattern)\z` with `NSRegularExpression` (ICU on both Apple platforms
/// and Linux).
///
/// Witnesses come from walking the parsed pattern and choosing, deterministically, the fewest
/// repetitions and the first alternative that fit the requested length bounds; characters are the
/// first of `a…z A…Z 0…9 - _ .` … that a class allows.
package struct RegexWitness: Sendable {
    package let pattern: String
    private let matcher: FullStringMatcher
    private let parsed: Result<RegexNode, RegexWitnessFailure>
    /// Answers already given: the results depend only on the pattern and the arguments.
    private let answers = WitnessAnswers()

    /// Fails only when ICU rejects the pattern. Unsupported constructs surface later, from `witness`.
    package init(pattern: String) throws(RegexWitnessFailure) {
        self.pattern = pattern
        do {
            matcher = try FullStringMatcher(pattern: pattern)
        } catch {
            throw RegexWitnessFailure("'\(pattern)' is not a valid ICU regular expression")
        }
        do throws(RegexWitnessFailure) {
            parsed = .success(try RegexParser.parse(pattern))
        } catch {
            parsed = .failure(error)
        }
    }

    /// Whether Core Data would accept `candidate` for this pattern (whole-string match).
    package func matches(_ candidate: String) -> Bool {
        matcher.matchesWholeString(candidate)
    }

    /// A matching string whose length lies within `length`.
    ///
    /// - Parameters:
    ///   - variant: 0 for the canonical witness; 1, 2, … for further distinct matching strings
    ///     (same length where a single substitution allows it), for "modify the property" tests.
    ///   - preferLongest: choose the longest achievable length in `length` instead of the shortest,
    ///     e.g. for a value just inside a maximum length.
    package func witness(
        length: LengthBounds = .unbounded, variant: Int = 0, preferLongest: Bool = false
    ) -> Result<String, RegexWitnessFailure> {
        let question = WitnessAnswers.Question.witness(length: length, variant: variant, preferLongest: preferLongest)
        return answers.answer(question) { computeWitness(length: length, variant: variant, preferLongest: preferLongest) }
    }

    private func computeWitness(length: LengthBounds, variant: Int, preferLongest: Bool) -> Result<String, RegexWitnessFailure> {
        let root: RegexNode
        switch parsed {
        case .failure(let failure): return .failure(failure)
        case .success(let node): root = node
        }
        let canonical: String
        switch buildWitness(root, length: length, preferLongest: preferLongest, excluding: []) {
        case .failure(let failure): return .failure(failure)
        case .success(let string): canonical = string
        }
        guard matches(canonical) else {
            return .failure(RegexWitnessFailure(
                "the constructed witness \(Self.quoted(canonical)) does not match; the pattern's anchors, word "
                    + "boundaries or possessive/atomic parts could not be satisfied"))
        }
        guard variant > 0 else { return .success(canonical) }
        var found: [String] = []
        for candidate in substitutionVariants(of: canonical) where length.contains(candidate) && matches(candidate) {
            if !found.contains(candidate) { found.append(candidate) }
            if found.count == variant { return .success(candidate) }
        }
        // No single-character change keeps the match (e.g. `^(?:US|CA)$`): take another alternative.
        var choicePoint = 0
        while found.count < variant,
            case .success(let other) = buildWitness(
                root, length: length, preferLongest: preferLongest, excluding: [], alternativeAt: choicePoint)
        {
            choicePoint += 1
            if matches(other), !found.contains(other), other != canonical { found.append(other) }
        }
        // Still too few (e.g. `^abc(def)?$`): try other lengths.
        var excluded = Set([canonical.utf16.count])
        while found.count < variant,
            case .success(let other) = buildWitness(root, length: length, preferLongest: preferLongest, excluding: excluded)
        {
            excluded.insert(other.utf16.count)
            if matches(other), !found.contains(other), other != canonical { found.append(other) }
        }
        if found.count >= variant { return .success(found[variant - 1]) }
        return .failure(RegexWitnessFailure(
            "the pattern admits no \(variant + 1) distinct values of length \(length)"))
    }

    /// A string that does not match, within `length` so that the pattern is the only violated
    /// constraint. Tried in order: one character substituted, one appended or prepended, one removed,
    /// the empty string; every candidate is checked against the pattern.
    package func violatingValue(length: LengthBounds = .unbounded) -> Result<String, RegexWitnessFailure> {
        answers.answer(.violatingValue(length: length)) { computeViolatingValue(length: length) }
    }

    private func computeViolatingValue(length: LengthBounds) -> Result<String, RegexWitnessFailure> {
        var bases: [String] = []
        if case .success(let base) = witness(length: length) { bases.append(base) }
        if case .success(let base) = witness(length: LengthBounds(minimum: max(length.minimum, 1), maximum: length.maximum)) {
            bases.append(base)
        }
        if bases.isEmpty {
            // No witness: any string of an allowed length that fails to match will do.
            bases.append(String(repeating: "a", count: max(length.minimum, 1)))
        }
        for base in bases {
            for candidate in Self.violationCandidates(around: base)
            where length.contains(candidate) && !matches(candidate) {
                return .success(candidate)
            }
        }
        return .failure(RegexWitnessFailure(
            "every probe of length \(length) matches '\(pattern)', so no violating value was found"))
    }

    // MARK: Construction

    /// Lengths searched beyond the lower bound before widening the search; witnesses are short.
    private static let searchWindow = 64
    /// Above this length the exhaustive length bookkeeping would be too slow.
    private static let largestSearchedLength = 4096

    /// - Parameter alternativeAt: when set, the n-th alternation (in build order) that has more than
    ///   one branch of the needed length takes its second such branch; fails when there is no n-th.
    private func buildWitness(
        _ root: RegexNode, length: LengthBounds, preferLongest: Bool, excluding excluded: Set<Int>,
        alternativeAt: Int? = nil
    ) -> Result<String, RegexWitnessFailure> {
        let shortest = WitnessBuilder.minimumLength(of: root)
        var caps: [Int] = []
        let narrow = max(length.minimum, min(shortest, Self.largestSearchedLength)) + Self.searchWindow
        if preferLongest, let maximum = length.maximum {
            caps.append(min(maximum, Self.largestSearchedLength))
        } else {
            caps.append(min(length.maximum ?? Int.max, narrow))
            let wide = min(length.maximum ?? Self.largestSearchedLength, Self.largestSearchedLength)
            if wide > caps[0] { caps.append(wide) }
        }
        for cap in caps {
            guard cap >= length.minimum else { continue }
            let builder = WitnessBuilder(cap: cap, alternativeAt: alternativeAt)
            do throws(RegexWitnessFailure) {
                let achievable = try builder.lengths(of: root)
                let inBounds = (length.minimum...cap).filter { achievable[$0] && !excluded.contains($0) }
                guard let target = preferLongest ? inBounds.last : inBounds.first else { continue }
                var scalars = String.UnicodeScalarView()
                try builder.build(root, length: target, into: &scalars)
                if let alternativeAt, builder.choicePointsSeen <= alternativeAt {
                    return .failure(RegexWitnessFailure("no alternative choice \(alternativeAt)"))
                }
                return .success(String(scalars))
            } catch {
                return .failure(error)
            }
        }
        if shortest > (length.maximum ?? Int.max) {
            return .failure(RegexWitnessFailure(
                "every match is at least \(shortest) characters long, more than the maximum length \(length.maximum!)"))
        }
        return .failure(RegexWitnessFailure("no match has a length in \(length)"))
    }

    /// Single-character substitutions, last position first, so variants keep the witness's shape.
    /// Lazy: the caller usually stops at the first few, and a long witness has thousands.
    private func substitutionVariants(of string: String) -> some Sequence<String> {
        let scalars = Array(string.unicodeScalars)
        return scalars.indices.reversed().lazy.flatMap { index in
            ScalarSet.preferredScalars.lazy.filter { $0 != scalars[index] }.map { replacement in
                var changed = scalars
                changed[index] = replacement
                return String(scalars: changed)
            }
        }
    }

    /// Printable characters first, so violating values read well in generated tests; a line feed
    /// last, because `.` rejects only line terminators.
    private static let probes: [Unicode.Scalar] = ["!", " ", "#", "~", "a", "Z", "0", "-", ".", "@", "\n"]

    private static func violationCandidates(around base: String) -> [String] {
        let scalars = Array(base.unicodeScalars)
        func string(_ scalars: [Unicode.Scalar]) -> String { String(scalars: scalars) }
        var candidates: [String] = []
        for probe in probes {
            for index in scalars.indices where scalars[index] != probe {
                var changed = scalars
                changed[index] = probe
                candidates.append(string(changed))
            }
        }
        for probe in probes {
            candidates.append(string(scalars + [probe]))
            candidates.append(string([probe] + scalars))
        }
        for index in scalars.indices {
            var shortened = scalars
            shortened.remove(at: index)
            candidates.append(string(shortened))
        }
        candidates.append("")
        return candidates
    }

    static func quoted(_ string: String) -> String {
        "\"" + string.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() + "\""
    }
}

extension RegexWitness {
    /// The witness of `pattern`, compiled once per process (with its answers) and shared: the synthesizer
    /// asks about the same few patterns for every variant, bound and entity, and compiling one costs
    /// two ICU compilations and a parse.
    static func shared(pattern: String) throws(RegexWitnessFailure) -> RegexWitness {
        try compiled.value(for: pattern) {
            do throws(RegexWitnessFailure) {
                return .success(try RegexWitness(pattern: pattern))
            } catch {
                return .failure(error)
            }
        }.get()
    }

    private static let compiled = Memo<String, Result<RegexWitness, RegexWitnessFailure>>()
}

/// Memoized results of one `RegexWitness`.
private final class WitnessAnswers: Sendable {
    enum Question: Hashable, Sendable {
        case witness(length: LengthBounds, variant: Int, preferLongest: Bool)
        case violatingValue(length: LengthBounds)
    }

    private let known = Memo<Question, Result<String, RegexWitnessFailure>>()

    func answer(_ question: Question, compute: () -> Result<String, RegexWitnessFailure>) -> Result<String, RegexWitnessFailure> {
        known.value(for: question, compute: compute)
    }
}

/// A table of results of a pure function, safe to share between threads (a value may be computed twice
/// when two threads ask at once; both get equal values).
final class Memo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]

    init() {}

    func value(for key: Key, compute: () -> Value) -> Value {
        if let known = lock.withLock({ values[key] }) { return known }
        let value = compute()
        lock.withLock { values[key] = value }
        return value
    }
}

/// `NSRegularExpression` is immutable and documented as safe to share between threads.
private final class FullStringMatcher: @unchecked Sendable {
    private let expression: NSRegularExpression

    init(pattern: String) throws {
        // Compile the bare pattern first so that errors refer to it, then the anchored form.
        _ = try NSRegularExpression(pattern: pattern)
        expression = try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z")
    }

    func matchesWholeString(_ string: String) -> Bool {
        let range = NSRange(location: 0, length: (string as NSString).length)
        return expression.firstMatch(in: string, options: [], range: range) != nil
    }
}

/// Which lengths (UTF-16 units, up to `cap`) each node can produce, and a string of a chosen length.
///
/// Lengths are tracked as bit tables so that repetition counts can be chosen to hit a target length
/// (`{n,m}` and the attribute's min/max length together). The work is bounded by `budget`.
private final class WitnessBuilder {
    typealias Lengths = [Bool]

    let cap: Int
    private let alternativeAt: Int?
    private(set) var choicePointsSeen = 0
    private var cache: [RegexNode: Lengths] = [:]
    private var budget = 40_000_000

    init(cap: Int, alternativeAt: Int? = nil) {
        self.cap = cap
        self.alternativeAt = alternativeAt
    }

    static func minimumLength(of node: RegexNode) -> Int {
        switch node {
        case .empty, .assertion: return 0
        case .scalar(let scalar): return UTF16.width(scalar)
        case .set(let set): return set.representative().map(UTF16.width) ?? Int.max / 4
        case .sequence(let items): return items.reduce(0) { min(Int.max / 4, $0 + minimumLength(of: $1)) }
        case .alternation(let branches): return branches.map(minimumLength).min() ?? 0
        case .repetition(let child, let minimum, _): return min(Int.max / 4, minimum * minimumLength(of: child))
        case .atomic(let child): return minimumLength(of: child)
        }
    }

    private func spend(_ amount: Int) throws(RegexWitnessFailure) {
        budget -= amount
        if budget < 0 { throw RegexWitnessFailure("the pattern is too complex to fit the length bounds") }
    }

    private func single(_ length: Int) -> Lengths {
        var lengths = Lengths(repeating: false, count: cap + 1)
        if length <= cap { lengths[length] = true }
        return lengths
    }

    private func sum(_ left: Lengths, _ right: Lengths) throws(RegexWitnessFailure) -> Lengths {
        var result = Lengths(repeating: false, count: cap + 1)
        let rightMembers = right.indices.filter { right[$0] }
        try spend(cap + 1 + rightMembers.count * 4)
        for a in left.indices where left[a] {
            try spend(rightMembers.count)
            for b in rightMembers {
                guard a + b <= cap else { break }
                result[a + b] = true
            }
        }
        return result
    }

    func lengths(of node: RegexNode) throws(RegexWitnessFailure) -> Lengths {
        if let cached = cache[node] { return cached }
        let result: Lengths
        switch node {
        case .empty, .assertion:
            result = single(0)
        case .scalar(let scalar):
            result = single(UTF16.width(scalar))
        case .set(let set):
            result = set.representative().map { single(UTF16.width($0)) } ?? Lengths(repeating: false, count: cap + 1)
        case .sequence(let items):
            result = try suffixLengths(items)[0]
        case .alternation(let branches):
            var union = Lengths(repeating: false, count: cap + 1)
            for branch in branches {
                for (index, reachable) in try lengths(of: branch).enumerated() where reachable { union[index] = true }
            }
            result = union
        case .repetition(let child, let minimum, let maximum):
            result = try repetitionLengths(child, minimum: minimum, maximum: maximum)
        case .atomic(let child):
            result = try lengths(of: child)
        }
        cache[node] = result
        return result
    }

    /// `suffix[i]`: lengths of `items[i...]`; `suffix[items.count]` is {0}.
    private func suffixLengths(_ items: [RegexNode]) throws(RegexWitnessFailure) -> [Lengths] {
        var suffix = [single(0)]
        for item in items.reversed() {
            suffix.insert(try sum(try lengths(of: item), suffix[0]), at: 0)
        }
        return suffix
    }

    /// The child's lengths when it always produces the same length, the common case (`[a-z]{2,40}`).
    private func uniformLength(_ child: Lengths) -> Int? {
        let members = child.indices.filter { child[$0] }
        return members.count == 1 ? members[0] : nil
    }

    private func repetitionLengths(_ child: RegexNode, minimum: Int, maximum: Int?) throws(RegexWitnessFailure) -> Lengths {
        let childLengths = try lengths(of: child)
        if let width = uniformLength(childLengths) {
            var result = Lengths(repeating: false, count: cap + 1)
            if width == 0 { return single(0) }
            var count = minimum
            while count * width <= cap, count <= (maximum ?? Int.max) {
                result[count * width] = true
                count += 1
            }
            return result
        }
        if maximum == nil {
            // {n,}: n-1 exact repetitions, then one or more; linear in the cap per child length,
            // where enumerating repetition counts would be cubic.
            let oneOrMore = try oneOrMoreLengths(childLengths)
            if minimum == 0 {
                var result = oneOrMore
                result[0] = true
                return result
            }
            let prefix = try repetitionTable(childLengths, minimum: minimum - 1, maximum: minimum - 1, stopAt: nil)
            guard prefix.count == minimum else { return Lengths(repeating: false, count: cap + 1) }
            return try sum(prefix[minimum - 1], oneOrMore)
        }
        var result = Lengths(repeating: false, count: cap + 1)
        for exactly in try repetitionTable(childLengths, minimum: minimum, maximum: maximum, stopAt: nil).dropFirst(minimum) {
            for index in exactly.indices where exactly[index] { result[index] = true }
        }
        return result
    }

    /// Lengths of one or more repetitions: `reach[L]` when some child length `a` ends a chain at L.
    private func oneOrMoreLengths(_ child: Lengths) throws(RegexWitnessFailure) -> Lengths {
        let positive = child.indices.filter { $0 > 0 && child[$0] }
        var reach = Lengths(repeating: false, count: cap + 1)
        reach[0] = child[0]
        try spend((cap + 1) * max(1, positive.count))
        for length in 1...max(1, cap) where length <= cap {
            reach[length] = positive.contains { $0 <= length && ($0 == length || reach[length - $0]) }
        }
        return reach
    }

    /// `table[k]`: lengths of exactly k repetitions, for k up to the largest count that can still
    /// add a length within the cap (or until `stopAt` is reachable with at least `minimum` repetitions).
    private func repetitionTable(
        _ child: Lengths, minimum: Int, maximum: Int?, stopAt target: Int?
    ) throws(RegexWitnessFailure) -> [Lengths] {
        var table = [single(0)]
        let canBeEmpty = child[0]
        while table.count - 1 < (maximum ?? Int.max) {
            let count = table.count - 1
            if let target, count >= minimum, table[count][target] { break }
            let next = try sum(table[count], child)
            if !next.contains(true) { break }
            if canBeEmpty, count >= minimum, next == table[count] { break }
            if count > minimum + cap + 1 { break }
            table.append(next)
        }
        return table
    }

    func build(_ node: RegexNode, length: Int, into output: inout String.UnicodeScalarView) throws(RegexWitnessFailure) {
        switch node {
        case .empty, .assertion:
            return
        case .scalar(let scalar):
            output.append(scalar)
        case .set(let set):
            guard let scalar = set.representative() else { throw RegexWitnessFailure("a character class matches nothing") }
            output.append(scalar)
        case .atomic(let child):
            try build(child, length: length, into: &output)
        case .alternation(let branches):
            var viable: [RegexNode] = []
            for branch in branches {
                if try lengths(of: branch)[length] { viable.append(branch) }
            }
            guard var chosen = viable.first else {
                throw RegexWitnessFailure("internal: no alternative has length \(length)")
            }
            if viable.count > 1 {
                if choicePointsSeen == alternativeAt { chosen = viable[1] }
                choicePointsSeen += 1
            }
            try build(chosen, length: length, into: &output)
        case .sequence(let items):
            let suffix = try suffixLengths(items)
            var remaining = length
            for (index, item) in items.enumerated() {
                let itemLengths = try lengths(of: item)
                guard let part = (0...remaining).first(where: { itemLengths[$0] && suffix[index + 1][remaining - $0] }) else {
                    throw RegexWitnessFailure("internal: sequence cannot reach length \(length)")
                }
                try build(item, length: part, into: &output)
                remaining -= part
            }
        case .repetition(let child, let minimum, let maximum):
            let childLengths = try lengths(of: child)
            if let width = uniformLength(childLengths) {
                let count = width == 0 ? minimum : length / width
                for _ in 0..<count { try build(child, length: width, into: &output) }
                return
            }
            if maximum == nil {
                try buildUnbounded(child, childLengths, minimum: minimum, length: length, into: &output)
                return
            }
            let table = try repetitionTable(childLengths, minimum: minimum, maximum: maximum, stopAt: length)
            guard let count = table.indices.first(where: { $0 >= minimum && table[$0][length] }) else {
                throw RegexWitnessFailure("internal: repetition cannot reach length \(length)")
            }
            var remaining = length
            for done in 0..<count {
                let rest = table[count - done - 1]
                guard let part = (0...remaining).first(where: { childLengths[$0] && rest[remaining - $0] }) else {
                    throw RegexWitnessFailure("internal: repetition cannot reach length \(length)")
                }
                try build(child, length: part, into: &output)
                remaining -= part
            }
        }
    }

    /// `{n,}` built as `oneOrMoreLengths` describes: n-1 exact repetitions, then a greedy-smallest chain.
    private func buildUnbounded(
        _ child: RegexNode, _ childLengths: Lengths, minimum: Int, length: Int, into output: inout String.UnicodeScalarView
    ) throws(RegexWitnessFailure) {
        if minimum == 0 && length == 0 { return }
        let oneOrMore = try oneOrMoreLengths(childLengths)
        var remaining = length
        if minimum > 1 {
            let prefix = try repetitionTable(childLengths, minimum: minimum - 1, maximum: minimum - 1, stopAt: nil)
            guard prefix.count == minimum,
                let prefixLength = (0...remaining).first(where: { prefix[minimum - 1][$0] && oneOrMore[remaining - $0] })
            else { throw RegexWitnessFailure("internal: repetition cannot reach length \(length)") }
            var prefixRemaining = prefixLength
            for done in 0..<(minimum - 1) {
                let rest = prefix[minimum - 2 - done]
                guard let part = (0...prefixRemaining).first(where: { childLengths[$0] && rest[prefixRemaining - $0] }) else {
                    throw RegexWitnessFailure("internal: repetition cannot reach length \(length)")
                }
                try build(child, length: part, into: &output)
                prefixRemaining -= part
            }
            remaining -= prefixLength
        }
        if remaining == 0 {
            try build(child, length: 0, into: &output)
            return
        }
        while remaining > 0 {
            guard let part = (1...remaining).first(where: { childLengths[$0] && ($0 == remaining || oneOrMore[remaining - $0]) }) else {
                throw RegexWitnessFailure("internal: repetition cannot reach length \(length)")
            }
            try build(child, length: part, into: &output)
            remaining -= part
        }
    }
}

extension String {
    /// As `String(String.UnicodeScalarView(scalars))`, without appending scalar by scalar.
    init(scalars: [Unicode.Scalar]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars {
            if scalar.isASCII {
                bytes.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
