/// A value kept out of line, in an immutable box that copies share.
///
/// For the parts of IR structs that are rarely set: every field, value and
/// type of the IR holds them, so storing them inline made every one of
/// those larger (and with it how much of the IR falls out of the processor
/// caches while rendering) to hold what is nearly always empty. Out of line
/// the usual case is one nil word. A box is never changed once made: an
/// update makes a new one, and `boxed` makes none for an empty value, so
/// that two equal values never differ in whether they have a box.
final class OutOfLine<Value: OutOfLineValue>: Hashable, Sendable {
    let value: Value

    private init(_ value: Value) { self.value = value }

    /// A box for `value`, or nil when it is empty.
    static func boxed(_ value: Value) -> OutOfLine? {
        value.isEmpty ? nil : OutOfLine(value)
    }

    /// The box of `box`'s value (an empty one when there is no box) after
    /// `change`.
    static func updating(_ box: OutOfLine?, _ change: (inout Value) -> Void) -> OutOfLine? {
        var value = box?.value ?? Value()
        change(&value)
        return boxed(value)
    }

    // By value, with no shortcut for the same box: a NaN inside is unequal
    // to itself.
    static func == (lhs: OutOfLine, rhs: OutOfLine) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// What `OutOfLine` can hold: a value with an empty state that needs no box.
protocol OutOfLineValue: Hashable, Sendable {
    /// The empty value.
    init()
    var isEmpty: Bool { get }
}
