import OpenIAPSpec
import OpenIAPTemplates

/// Somewhere UTF-8 text is appended to: an array of bytes, or the
/// malloc'd buffer of a `TemplateOutput`. Escaping code such as
/// `JSONEscaping.appendQuoted` is written once against this and
/// specialized for each, so a writer that appends many short pieces can
/// use the buffer, where an append is a bounds check and a copy rather
/// than a call into the array's generic `append(contentsOf:)`.
protocol ByteSink {
    var count: Int { get }
    mutating func append(_ byte: UInt8)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Drops everything after the first `count` bytes.
    mutating func truncate(to count: Int)
}

extension ByteSink {
    /// Appends the UTF-8 of `text` as it is.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends the UTF-8 of `text` as it is.
    mutating func append(utf8Of text: String) {
        text.withUTF8Bytes { append($0) }
    }
}

extension Array: ByteSink where Element == UInt8 {
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }

    mutating func truncate(to count: Int) {
        removeSubrange(count...)
    }
}

extension TemplateOutput: ByteSink {}
