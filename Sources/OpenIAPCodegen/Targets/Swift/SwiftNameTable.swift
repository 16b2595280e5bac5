extension SwiftNames {
    /// `keywords`, looked up without hashing.
    static let keywordTable = NameTable(keywords)

    /// `reservedTypeNames`, looked up without hashing (every spec type's
    /// name is, by the check).
    static let reservedTypeNameTable = NameTable(reservedTypeNames)

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
