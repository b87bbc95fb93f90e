import Dispatch

/// Drops `value` on another thread. Freeing a large model's values (an element tree, a schema, a plan: many
/// small allocations) took a tenth of a 1,000-entity run on the calling thread, and nothing needs to wait for it.
public func releaseInBackground<Value: Sendable>(_ value: consuming Value) {
    DispatchQueue.global(qos: .utility).async { [value] in withExtendedLifetime(value) {} }
}

/// Keeps `value` alive until the process exits. For a command that is about to exit: freeing a large plan
/// (many small allocations) is work nobody waits for, and `releaseInBackground` cannot promise to avoid it,
/// since the caller's own copy may be the last one released.
public func keepUntilExit<Value>(_ value: consuming Value) {
    _ = Unmanaged.passRetained(KeptValue(value))
}

private final class KeptValue<Value> {
    let value: Value
    init(_ value: consuming Value) { self.value = value }
}
