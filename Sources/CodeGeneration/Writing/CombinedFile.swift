import Foundation
import ManagedModel

extension GeneratedFile {
    /// `files` as one machine file called `name`, in order, each after a `// MARK: - <its name>` line
    /// (see ``OrderedCombiner``).
    ///
    /// Bytes only, and each part freed as soon as it is copied: the combined file is never held more than once.
    public static func combined(_ files: consuming [GeneratedFile], named name: String) -> GeneratedFile {
        var parts = files
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.utf8.count + $1.relativePath.utf8.count + 16 })
        let combiner = OrderedCombiner(parts.map(CombinedPart.init(of:))) { bytes.append(contentsOf: $0) }
        for index in parts.indices {
            combiner.add(parts[index])
            parts[index].utf8 = []
        }
        return GeneratedFile(relativePath: name, utf8: bytes, kind: .machine)
    }

    /// Whether this file goes into a `--single-file` combined file: the machine and support files do.
    public var isCombinedPart: Bool { kind == .machine || kind == .support }
}

/// Which generated file a part of a combined file is.
public struct CombinedPart: Hashable, Sendable {
    public var relativePath: String
    public var kind: GeneratedFile.Kind

    public init(relativePath: String, kind: GeneratedFile.Kind) {
        self.relativePath = relativePath
        self.kind = kind
    }

    public init(of file: GeneratedFile) {
        self.init(relativePath: file.relativePath, kind: file.kind)
    }
}

/// Several generated files combined into one, for the build-tool plugin, which must name its outputs before the
/// tool runs: one file per model is known from the model's path alone, the per-entity files are not.
///
/// The combined file is the parts' bytes in a fixed order, each but the first after a `// MARK: - <its path>`
/// line. The first part's banner stays the first line, so the writer still recognises the combined file as
/// generated. Swift accepts the repeated `import` lines anywhere at file scope.
///
/// The parts may arrive in any order, from several threads at once (entities render in parallel): each is
/// handed to `output` as soon as every part before it has been, so that only parts that arrive early are held.
/// Rendering follows the order closely, so few wait, and a large model's output is never all in memory.
public final class OrderedCombiner: @unchecked Sendable {
    private let order: [CombinedPart]
    /// `output` is called under the lock: the parts must reach it one at a time and in order.
    private let output: (UnsafeRawBufferPointer) -> Void
    private let lock = NSLock()
    /// Each part's place in `order`; a queue, for parts sharing a path, which take their places in turn.
    private var places: [CombinedPart: [Int]] = [:]
    private var early: [Int: [UInt8]] = [:]
    private var next = 0
    private var strays: [String] = []

    /// - Parameters:
    ///   - order: every part, in the combined file's order.
    ///   - output: receives the combined file's bytes, in order, one piece at a time.
    public init(_ order: [CombinedPart], output: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.order = order
        self.output = output
        for (index, part) in order.enumerated() { places[part, default: []].append(index) }
    }

    /// Hands on `part`, and every part after it that came early, as soon as every part before it has been.
    public func add(_ part: GeneratedFile) {
        lock.withLock {
            guard let index = places[CombinedPart(of: part)]?.first else {
                strays.append(part.relativePath)
                return
            }
            places[CombinedPart(of: part)]!.removeFirst()
            early[index] = part.utf8
            while let bytes = early.removeValue(forKey: next) {
                if next > 0 { Array("\n// MARK: - \(order[next].relativePath)\n\n".utf8).withUnsafeBytes(output) }
                bytes.withUnsafeBytes(output)
                next += 1
            }
        }
    }

    /// - Throws: ``DiagnosticsError`` when a part is missing or a file came that is not a part (or came twice):
    ///   the combined file is wrong then and must not be written.
    public func finish() throws {
        try lock.withLock {
            var problems = Diagnostics()
            for path in strays { problems.error("internal error: \(path) is not a part of the combined file, or came twice") }
            if next < order.count { problems.error("internal error: \(order[next].relativePath) is missing from the combined file") }
            if problems.hasErrors { throw DiagnosticsError(problems) }
        }
    }
}
