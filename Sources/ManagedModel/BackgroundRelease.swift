import Dispatch

/// Drops `value` on another thread. Freeing a large model's values (an element tree, a schema, a plan: many
/// small allocations) took a tenth of a 1,000-entity run on the calling thread, and nothing needs to wait for it.
public func releaseInBackground<Value: Sendable>(_ value: consuming Value) {
    DispatchQueue.global(qos: .utility).async { [value] in withExtendedLifetime(value) {} }
}
