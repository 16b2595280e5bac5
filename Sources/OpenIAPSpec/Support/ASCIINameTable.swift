/// A hash table keyed by ASCII names, which it hashes and compares as bytes.
///
/// Swift's `Dictionary<String, _>` hashes a key with SipHash by way of the
/// string's normalization and compares keys with the general string
/// comparison: some 500 instructions to find a type name of twenty bytes.
/// Joining a spec looks up every field's type and every converted name, so
/// those look-ups were a large share of its work. For ASCII text, Swift's
/// string equality is equality of the bytes, so a table over the bytes
/// finds what the dictionary would, for a fraction of the cost.
///
/// Only ASCII names go in (`hash(ofASCII:)` is nil for any other), and a
/// name found here is the only equal one among the names put in. A name
/// that is not found may still equal one outside ASCII (a Kelvin sign is
/// canonically a `K`), so callers that also hold such names ask their
/// general index after a miss.
package struct ASCIINameTable<Value> {
    /// The bytes of every name, one after another.
    private var bytes: [UInt8] = []
    /// Per entry, in the order added: its hash, where its bytes start in
    /// `bytes` and how many there are, and its value. Kept in separate
    /// arrays so that a probe reads plain integers.
    private var hashes: [UInt64] = []
    private var starts: [Int] = []
    private var counts: [Int] = []
    private var values: [Value] = []
    /// Positions in the entry arrays (-1: empty), probed linearly; at most half full.
    private var slots: [Int32]

    package init(minimumCapacity: Int = 0) {
        var size = 16
        while size < 2 * minimumCapacity { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        hashes.reserveCapacity(minimumCapacity)
        starts.reserveCapacity(minimumCapacity)
        counts.reserveCapacity(minimumCapacity)
        values.reserveCapacity(minimumCapacity)
    }

    var count: Int { values.count }

    /// The hash of `name` if all its bytes are ASCII, else nil. Reads eight
    /// bytes at a time (the last eight may overlap the ones before), and
    /// finds out whether they are ASCII in the same pass.
    package static func hash(ofASCII name: UnsafeBufferPointer<UInt8>) -> UInt64? {
        let count = name.count
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(truncatingIfNeeded: count)
        guard let base = name.baseAddress, count > 0 else { return hash }
        var highBits: UInt64 = 0
        func mix(_ word: UInt64) {
            highBits |= word
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
        }
        if count < 8 {
            var word: UInt64 = 0
            for offset in 0..<count { word |= UInt64(base[offset]) << UInt64(8 * offset) }
            mix(word)
        } else {
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 < count {
                mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            mix(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        guard highBits & 0x8080_8080_8080_8080 == 0 else { return nil }
        hash = (hash ^ (hash >> 29)) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 32)
    }

    /// The value of the name whose bytes are `name`; `hash` is `hash(ofASCII: name)`.
    package func value(for name: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Value? {
        guard let entry = find(name, hash: hash).entry else { return nil }
        return values[entry]
    }

    /// `read` of the value of the name whose bytes are `name`, handed over
    /// without copying it out of the table (which for a value holding a
    /// string would retain it); nil when the table lacks the name.
    package func withValue<Result>(for name: UnsafeBufferPointer<UInt8>, hash: UInt64, _ read: (Value) -> Result) -> Result? {
        guard let entry = find(name, hash: hash).entry else { return nil }
        return read(values[entry])
    }

    /// Adds `name` with `value` unless the table has the name already, and
    /// says whether it did; `hash` is `hash(ofASCII: name)`.
    @discardableResult
    package mutating func insert(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64, value: Value) -> Bool {
        if 2 * (values.count + 1) > slots.count { grow() }
        let search = find(name, hash: hash)
        if search.entry != nil { return false }
        slots[search.slot] = Int32(values.count)
        hashes.append(hash)
        starts.append(bytes.count)
        counts.append(name.count)
        values.append(value)
        bytes.append(contentsOf: name)
        return true
    }

    /// Which entry holds `name`, or else the empty slot it would take.
    private func find(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (entry: Int?, slot: Int) {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let entry = Int(slots[slot])
                if entry < 0 { return (nil, slot) }
                if hashes[entry] == hash, counts[entry] == name.count, holds(name, at: starts[entry]) { return (entry, slot) }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Whether `bytes` hold `name` from `start` on; compares eight bytes at a time.
    private func holds(_ name: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        // An empty name is held by any entry of its length (none), and may
        // have no bytes to point at; nor may `bytes`, if it is all there is.
        guard let nameBase = name.baseAddress, !name.isEmpty else { return true }
        return bytes.withUnsafeBytes { stored in
            guard let storedBase = stored.baseAddress else { return false }
            let (left, right) = (storedBase + start, UnsafeRawPointer(nameBase))
            var offset = 0
            while offset + 8 <= name.count {
                if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                {
                    return false
                }
                offset += 8
            }
            while offset < name.count {
                if left.load(fromByteOffset: offset, as: UInt8.self) != name[offset] { return false }
                offset += 1
            }
            return true
        }
    }

    /// The same names, each with `transform` of its value.
    func mapValues<T>(_ transform: (Value) -> T) -> ASCIINameTable<T> {
        var result = ASCIINameTable<T>(slots: slots)
        result.bytes = bytes
        result.hashes = hashes
        result.starts = starts
        result.counts = counts
        result.values = values.map(transform)
        return result
    }

    private init(slots: [Int32]) {
        self.slots = slots
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for entry in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entry)
        }
    }
}

extension ASCIINameTable: Sendable where Value: Sendable {}
