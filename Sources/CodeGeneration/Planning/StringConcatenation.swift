import ManagedModel

/// Appends UTF-8 to a string's storage being initialized (see `String(utf8Count:_:)`).
struct UTF8Writer {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    fileprivate init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    @inline(__always)
    mutating func append(_ part: String) {
        // The contiguous bytes (always there for native strings) and one copy: the generic
        // `initialize(from: part.utf8)` costs half as much again per part.
        let copied = part.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            guard let source = bytes.baseAddress, let target = buffer.baseAddress, bytes.count <= buffer.count - count
            else { return 0 }
            (target + count).initialize(from: source, count: bytes.count)
            return bytes.count
        }
        if let copied {
            count += copied
        } else {
            count += UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(from: part.utf8).1
        }
    }

    /// Appends `SwiftNames.capitalizedFirst(name)`, given `SwiftNames.capitalizedFirstByte(of: name)`.
    @inline(__always)
    mutating func append(_ name: String, firstByte: UInt8) {
        let start = count
        append(name)
        if count > start { buffer[start] = firstByte }
    }
}

extension String {
    /// A string of exactly `utf8Count` bytes, written by `write`.
    ///
    /// The planner builds hundreds of short code fragments per entity (`validateName:error:`,
    /// `self.name = name`). Interpolation and `+=` pay `String.append` (several hundred instructions) per
    /// part, and regrow the string when interpolation's size estimate falls short; a variadic or array
    /// parameter costs an array per string. Counting first and copying each part once into storage of the
    /// final size costs one allocation (none when the result is small).
    @inline(__always)
    init(utf8Count: Int, _ write: (inout UTF8Writer) -> Void) {
        self.init(unsafeUninitializedCapacity: utf8Count) { buffer in
            var writer = UTF8Writer(buffer)
            write(&writer)
            return writer.count
        }
    }

    /// The parts one after another, copied into one string of the exact size.
    @inline(__always)
    init(concatenating a: String, _ b: String) {
        self.init(utf8Count: a.utf8.count + b.utf8.count) {
            $0.append(a)
            $0.append(b)
        }
    }

    @inline(__always)
    init(concatenating a: String, _ b: String, _ c: String) {
        self.init(utf8Count: a.utf8.count + b.utf8.count + c.utf8.count) {
            $0.append(a)
            $0.append(b)
            $0.append(c)
        }
    }

    @inline(__always)
    init(concatenating a: String, _ b: String, _ c: String, _ d: String) {
        self.init(utf8Count: a.utf8.count + b.utf8.count + c.utf8.count + d.utf8.count) {
            $0.append(a)
            $0.append(b)
            $0.append(c)
            $0.append(d)
        }
    }

    @inline(__always)
    init(concatenating a: String, _ b: String, _ c: String, _ d: String, _ e: String) {
        self.init(utf8Count: a.utf8.count + b.utf8.count + c.utf8.count + d.utf8.count + e.utf8.count) {
            $0.append(a)
            $0.append(b)
            $0.append(c)
            $0.append(d)
            $0.append(e)
        }
    }

    /// The parts one after another (for a number of parts known only at run time).
    init(concatenating parts: [String]) {
        var count = 0
        for part in parts { count += part.utf8.count }
        self.init(utf8Count: count) { text in
            for part in parts { text.append(part) }
        }
    }

    /// `prefix + SwiftNames.capitalizedFirst(name) + suffixes` (`validateName`, `addToTags(_ value: Tag)`), built once.
    static func capitalizing(
        _ name: String, after prefix: String, before suffix: String = "", _ suffix2: String = "", _ suffix3: String = ""
    ) -> String {
        guard let firstByte = SwiftNames.capitalizedFirstByte(of: name) else {
            return String(concatenating: prefix, SwiftNames.capitalizedFirst(name), suffix, suffix2, suffix3)
        }
        let count = prefix.utf8.count + name.utf8.count + suffix.utf8.count + suffix2.utf8.count + suffix3.utf8.count
        return String(utf8Count: count) {
            $0.append(prefix)
            $0.append(name, firstByte: firstByte)
            $0.append(suffix)
            if !suffix2.isEmpty { $0.append(suffix2) }
            if !suffix3.isEmpty { $0.append(suffix3) }
        }
    }
}
