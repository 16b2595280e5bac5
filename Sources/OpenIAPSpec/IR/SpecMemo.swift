import Foundation

extension Spec {
    /// `make(self)`, worked out once per spec and kept with it: whoever asks
    /// for a value of type `Value` afterwards gets the same value back.
    ///
    /// Several stages read the same facts of one spec: the validator and
    /// the targets' checks when it loads, the targets' renders afterwards.
    /// Some facts are worth working out once for all of them: the graph of
    /// which types hold one another (`containment`), the names a target
    /// gives every member. Each such fact has a type of its own, which is
    /// its key here, so one caller never gets another's value; callers that
    /// ask for the same type must make the same value from the spec.
    ///
    /// Asked from several threads at once, the first caller makes the value
    /// and the others wait for it. Any change to the spec forgets every
    /// value (a changed copy starts with none; other copies keep theirs).
    /// A value must not hold the spec itself, which would then never be
    /// freed, and `make` must not ask for a value of its own type (it would
    /// wait for itself).
    public func remembered<Value: Sendable>(_ key: Value.Type, _ make: (Spec) -> Value) -> Value {
        memo.value(key) { make(self) }
    }

    /// Which records and unions contain one another by value, worked out
    /// once per spec (`remembered`).
    public var containment: Containment {
        remembered(Containment.self) { Containment($0) }
    }
}

/// The values `Spec.remembered` keeps: one slot per type of value, each
/// with a lock of its own, so that two callers after different values do
/// not wait for each other.
///
/// `@unchecked Sendable`: `slots` is only read or written with `lock` held,
/// and a slot's value only with the slot's lock held.
final class SpecMemo: @unchecked Sendable {
    private final class Slot: @unchecked Sendable {
        let lock = NSLock()
        var value: (any Sendable)?
    }

    private let lock = NSLock()
    private var slots: [ObjectIdentifier: Slot] = [:]

    func value<Value: Sendable>(_ key: Value.Type, make: () -> Value) -> Value {
        let slot = lock.withLock {
            if let known = slots[ObjectIdentifier(key)] { return known }
            let slot = Slot()
            slots[ObjectIdentifier(key)] = slot
            return slot
        }
        // Holding the slot's lock while making the value is what makes a
        // second caller wait for the first one's value rather than make it
        // again.
        return slot.lock.withLock {
            if let known = slot.value as? Value { return known }
            let value = make()
            slot.value = value
            return value
        }
    }
}
