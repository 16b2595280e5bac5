import Foundation

extension Array where Element: Sendable {
    /// `map`, with the elements spread over the processor cores. Results
    /// come back in the order of the elements, so callers stay
    /// deterministic. Meant for a handful of large, independent jobs (spec
    /// files, targets, output files), not for many tiny ones: each result
    /// is stored under a lock.
    ///
    /// What it buys: the spec files are read and the targets rendered on
    /// both cores of the benchmark machine (Docs/Performance.md, "What the
    /// remaining tricks buy").
    package func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        if count < 2 { return map(transform) }
        let results = LockedResults<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.store(transform(self[index]), at: index)
        }
        return results.values
    }
}

/// Where `concurrentMap` collects results: an array of optional results,
/// changed only under a lock. `concurrentPerform` returns after every job
/// has finished, so `values` then reads them all.
private final class LockedResults<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ value: Value, at index: Int) {
        lock.withLock { slots[index] = value }
    }

    var values: [Value] {
        lock.withLock { slots.map { $0! } }
    }
}
