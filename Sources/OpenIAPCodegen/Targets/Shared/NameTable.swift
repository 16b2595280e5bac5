/// A fixed set of names (a language's keywords, its reserved or built-in
/// type names) that answers "is this one of them" without hashing the name.
///
/// Every member and type name of a spec is looked up in such a set, and
/// hashing a name cost more than the rest of naming it. Here the names are
/// kept in small lists by first byte and length: a name of ASCII bytes
/// alone (almost every name) finds the one list it could be in, usually
/// empty or of one name, and compares itself with those (two short
/// strings compare as a couple of machine words). Any other name is looked
/// up in the set.
struct NameTable: Sendable {
    private let names: Set<String>
    /// Per first byte (below 0x80) and length (below `lengths`), at
    /// `byte * lengths + length`: the names of that start and length.
    private let lists: [[String]]
    /// The ASCII names of `lengths` bytes or more, which no list holds.
    private let longNames: [String]

    /// The lengths the lists are kept for; a longer ASCII name is compared
    /// with `longNames`.
    private static let lengths = 32

    init(_ names: Set<String>) {
        self.names = names
        var lists = [[String]](repeating: [], count: 128 * Self.lengths)
        var longNames: [String] = []
        for name in names {
            switch Self.place(of: name) {
            case let .list(slot)?: lists[slot].append(name)
            case .long?: longNames.append(name)
            case nil: break
            }
        }
        self.lists = lists
        self.longNames = longNames
    }

    /// Where an ASCII name is kept.
    private enum Place {
        case list(Int)
        case long
    }

    /// Where a name of ASCII bytes alone is kept; nil for any other name.
    /// A name with a byte past ASCII goes to the set, which compares names
    /// as Swift strings do: such a name may still equal an ASCII one
    /// (`\u{212A}` is `K`). Two ASCII names are equal only when their bytes
    /// are, so an ASCII name is one of `names` only if it is in its list.
    private static func place(of name: String) -> Place? {
        // A native string's bytes are read where it keeps them: stepping
        // through the `utf8` view checks every index, and cost more than
        // the rest of the look-up.
        name.utf8.withContiguousStorageIfAvailable(place) ?? place(Array(name.utf8))
    }

    private static func place(_ bytes: some Collection<UInt8>) -> Place? {
        guard let first = bytes.first else { return nil }
        for byte in bytes where byte >= 0x80 { return nil }
        let count = bytes.count
        return count < lengths ? .list(Int(first) * lengths + count) : .long
    }

    func contains(_ name: String) -> Bool {
        switch Self.place(of: name) {
        case let .list(slot)?: lists[slot].contains(name)
        case .long?: longNames.contains(name)
        case nil: names.contains(name)
        }
    }
}
