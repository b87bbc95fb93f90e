/// Keeps `value` alive until the process exits. For a command that is about to exit: freeing a large plan
/// (many small allocations) is work nobody waits for.
package func keepUntilExit<Value>(_ value: consuming Value) {
    _ = Unmanaged.passRetained(KeptValue(value))
}

private final class KeptValue<Value> {
    let value: Value
    init(_ value: consuming Value) { self.value = value }
}
