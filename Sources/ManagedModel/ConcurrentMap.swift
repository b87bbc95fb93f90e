import Dispatch

extension Array where Element: Sendable {
    /// `map` with the elements spread over every core; results keep the elements' order. For independent,
    /// per-entity work (reading, planning and rendering entities).
    package func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let results = ConcurrentSlots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.store(transform(self[index]), at: index)
        }
        return results.values
    }
}

/// One slot per index, each written by exactly one iteration of `concurrentPerform`, read after it returns.
private final class ConcurrentSlots<Value: Sendable>: @unchecked Sendable {
    private var slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ value: Value, at index: Int) { slots[index] = value }

    var values: [Value] { slots.map { $0! } }
}
