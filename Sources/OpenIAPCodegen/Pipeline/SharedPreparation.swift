import Foundation
import OpenIAPSpec

/// Work that several render jobs of one target need, done once, by whichever
/// of them asks first (or ahead of time on another thread, with
/// `startInBackground`).
///
/// A target prepares things every one of its jobs uses (the Swift target's
/// lookup tables over the whole spec, say). Done in `jobs(_:templates:header:)`
/// that work runs before any job starts, on one core, while the other cores
/// wait; done here it runs inside the first job that needs it, while other
/// targets' jobs keep the other cores busy. Jobs that ask while it is under
/// way wait for it and then share the result.
public final class SharedPreparation<Value: Sendable>: @unchecked Sendable {
    // `@unchecked`: `prepare` and `prepared` are only read or written with
    // `lock` held.
    private let lock = NSLock()
    private var prepare: (@Sendable () -> Value)?
    private var prepared: Value?

    public init(_ prepare: @escaping @Sendable () -> Value) {
        self.prepare = prepare
    }

    /// Starts preparing the value on another thread, so that it may be ready
    /// when it is first asked for; asking before it is done waits for it.
    public func startInBackground() {
        DispatchQueue.global().async { _ = self.value }
    }

    /// The prepared value, prepared now if no job has asked before.
    public var value: Value {
        // Holding the lock while preparing is what makes a second caller wait
        // for the first one's result instead of preparing it again.
        lock.withLock {
            if let prepared { return prepared }
            let value = prepare!()
            prepared = value
            prepare = nil
            return value
        }
    }
}
