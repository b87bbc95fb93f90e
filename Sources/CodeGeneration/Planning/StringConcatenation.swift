extension String {
    /// The parts one after another, copied into one string of the exact size.
    ///
    /// The planner builds hundreds of short code fragments per entity (`validateName:error:`,
    /// `self.name = name`). Interpolation and `+=` pay `String.append` (several hundred instructions) per
    /// part, and regrow the string when interpolation's size estimate falls short: that string building
    /// was most of what planning a large model cost.
    @inline(__always)  // so that callers can keep `parts` on the stack
    init(concatenating parts: String...) {
        self.init(concatenating: parts)
    }

    /// `init(concatenating:)` over an array of parts.
    @inline(__always)
    init(concatenating parts: [String]) {
        var count = 0
        for part in parts { count += part.utf8.count }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
                    (target + offset).initialize(from: source, count: bytes.count)
                    offset += bytes.count
                }
            }
            return offset
        }
    }
}
