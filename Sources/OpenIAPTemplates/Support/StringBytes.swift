/// Reading a string's UTF-8 bytes in place, without making a copy of it
/// first.

extension String {
    /// Calls `body` with the string's UTF-8 bytes.
    ///
    /// `withUTF8` is mutating (it may first move foreign text into native
    /// storage), so calling it on a parameter takes a `var` copy, and that
    /// copy retains the string's storage and releases it after. Most
    /// strings handed to the naming and escaping code belong to the IR,
    /// which every rendering thread reads, so each of those reference
    /// count changes writes to a cache line the other threads share. Native
    /// and small strings (all strings on Linux) lend their bytes without a
    /// copy; only other text takes the `withUTF8` path.
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
