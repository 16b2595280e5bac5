/// A fixed set of names (Swift's keywords, the reserved type names) that
/// answers "is this one of them" without hashing the name.
///
/// Every member and type name of a spec is looked up in such a set, and
/// hashing a name cost more than the rest of naming it. Here the names are
/// kept in small lists by first byte and length: a name of up to 15 ASCII
/// bytes (almost every name) finds the one list it could be in, usually empty or of one name,
/// and compares itself with those (two short strings compare as a couple
/// of machine words). Any other name is looked up in the set.
struct SwiftNameTable: Sendable {
    private let names: Set<String>
    /// Per first byte (below 0x80) and length (below 16), at
    /// `byte * 16 + length`: the names of that start and length.
    private let lists: [[String]]

    init(_ names: Set<String>) {
        self.names = names
        var lists = [[String]](repeating: [], count: 128 * 16)
        for name in names {
            guard let slot = Self.slot(of: name) else { continue }
            lists[slot].append(name)
        }
        self.lists = lists
    }

    /// Where a name of up to 15 bytes, all ASCII, is kept; nil for any
    /// other name. A name with a byte past ASCII goes to the set, which
    /// compares names as Swift strings do: such a name may still equal an
    /// ASCII one (`\u{212A}` is `K`).
    private static func slot(of name: String) -> Int? {
        // A native string's bytes are read where it keeps them: stepping
        // through the `utf8` view checks every index, and cost more than
        // the rest of the look-up.
        name.utf8.withContiguousStorageIfAvailable(slot) ?? slot(Array(name.utf8))
    }

    private static func slot(_ bytes: some Collection<UInt8>) -> Int? {
        let count = bytes.count
        guard count < 16, let first = bytes.first else { return nil }
        for byte in bytes where byte >= 0x80 { return nil }
        return Int(first) * 16 + count
    }

    func contains(_ name: String) -> Bool {
        guard let slot = Self.slot(of: name) else { return names.contains(name) }
        return lists[slot].contains(name)
    }
}
