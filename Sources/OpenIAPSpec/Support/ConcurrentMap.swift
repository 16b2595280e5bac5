import Dispatch

extension Array where Element: Sendable {
    /// `map`, with the elements spread over the processor cores. Results
    /// come back in the order of the elements, so callers stay
    /// deterministic. Meant for a handful of large, independent jobs (spec
    /// files, targets, output files), not for many tiny ones.
    package func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        if count < 2 { return map(transform) }
        let results = ResultSlots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.store(transform(self[index]), at: index)
        }
        return results.values
    }
}

/// Where `concurrentMap` collects results. Every slot is written by exactly
/// one job and read only after all jobs have finished, which
/// `concurrentPerform` guarantees by returning only then; the slots live in
/// memory allocated once, so no two jobs ever touch the same Swift value.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Value?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func store(_ value: Value, at index: Int) {
        slots[index] = value
    }

    var values: [Value] { (0..<count).map { slots[$0]! } }
}
