/// A fixed set of names (Swift's keywords, the reserved type names) that
/// answers "is this one of them" without hashing the name.
///
/// Every member and type name of a spec is looked up in such a set, and
/// hashing a name cost more than the rest of naming it. Here the names are
/// kept in small lists by first byte and length: a name of ASCII bytes
/// alone (almost every name) finds the one list it could be in, usually
/// empty or of one name, and compares itself with those (two short
/// strings compare as a couple of machine words). Any other name is looked
/// up in the set.
struct SwiftNameTable: Sendable {
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

extension SwiftNames {
    /// `keywords`, looked up without hashing.
    static let keywordTable = SwiftNameTable(keywords)

    /// `reservedTypeNames`, looked up without hashing (every spec type's
    /// name is, by the check).
    static let reservedTypeNameTable = SwiftNameTable(reservedTypeNames)

    /// `name.hasPrefix(runtimeTypePrefix)`. The prefix is ASCII, and a name
    /// that starts with its bytes and then a byte below 0x80 starts with it
    /// as Swift compares strings; a name that does not start with its bytes
    /// does not start with it (no sequence of other scalars is equivalent
    /// to these letters). Only the rare name with a byte past ASCII right
    /// after them is left to `hasPrefix`, which a combining mark there
    /// would change.
    static func hasRuntimeTypePrefix(_ name: String) -> Bool {
        let prefix = runtimeTypePrefix.utf8
        let bytes = name.utf8
        // Most names differ at the first byte, which is cheaper to read than
        // to compare the whole prefix.
        guard bytes.first == prefix.first, bytes.starts(with: prefix) else { return false }
        guard let next = bytes.dropFirst(prefix.count).first, next >= 0x80 else { return true }
        return name.hasPrefix(runtimeTypePrefix)
    }
}
