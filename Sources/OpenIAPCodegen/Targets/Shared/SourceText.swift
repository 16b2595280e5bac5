import OpenIAPSpec
import OpenIAPTemplates

/// A short piece of generated source written as an interpolated literal,
/// `"try container.encode(self.\(storage), forKey: .\(key))"`, and made
/// into a `String` with a single allocation.
///
/// A plain `String` interpolation appends every piece to a growing string,
/// and each of those appends checks and often reallocates the storage; the
/// view models make several such strings per field, so that added up to a
/// large share of rendering. Here the pieces are copied into a buffer on the
/// stack and the string is made from it once, at the end.
///
/// Only literals, strings, static strings and integers can be interpolated: that is all
/// generated source is made of, and anything else is more likely a mistake
/// (an optional, say) than something to print.
struct SourceText: ExpressibleByStringInterpolation {
    package let string: String

    init(stringLiteral value: StaticString) {
        string = value.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }

    init(stringInterpolation: Composer) {
        string = stringInterpolation.string
    }

    struct Composer: StringInterpolationProtocol {
        /// The stack buffer: 256 bytes, more than nearly every line of
        /// generated source needs. Four SIMD vectors are simply a fixed
        /// block of bytes here, one that builds wherever the generator does
        /// (`InlineArray` would need macOS 26).
        private struct InlineBytes {
            var first = SIMD64<UInt8>(), second = SIMD64<UInt8>(), third = SIMD64<UInt8>(), fourth = SIMD64<UInt8>()
        }

        /// How many bytes fit on the stack.
        static var inlineCapacity: Int { MemoryLayout<InlineBytes>.size }

        private var inline = InlineBytes()
        private var count = 0
        /// All bytes so far once they no longer fit in `inline`.
        private var spilled: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: StaticString) {
            literal.withUTF8Buffer { append($0) }
        }

        mutating func appendInterpolation(_ text: StaticString) {
            text.withUTF8Buffer { append($0) }
        }

        mutating func appendInterpolation(_ text: String) {
            text.withUTF8Bytes { append($0) }
        }

        mutating func appendInterpolation(_ text: Substring) {
            var text = text
            text.withUTF8 { append($0) }
        }

        mutating func appendInterpolation(_ number: Int) {
            appendInterpolation(String(number))
        }

        private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress else { return }
            let start = count
            if spilled.isEmpty, start + bytes.count <= Self.inlineCapacity {
                withUnsafeMutableBytes(of: &inline) { buffer in
                    // In bounds: checked just above. `bytes` is another
                    // value's storage, so the two never overlap.
                    (buffer.baseAddress.unsafelyUnwrapped + start).copyBytes(from: source, count: bytes.count)
                }
            } else {
                if spilled.isEmpty {
                    spilled.reserveCapacity(2 * Self.inlineCapacity)
                    withUnsafeBytes(of: &inline) { spilled.append(contentsOf: $0[..<start]) }
                }
                spilled.append(contentsOf: bytes)
            }
            count += bytes.count
        }

        /// The bytes so far, as text: every piece was valid UTF-8, and
        /// pieces are whole strings, so their concatenation is too.
        package var string: String {
            if !spilled.isEmpty { return String(decoding: spilled, as: UTF8.self) }
            return withUnsafeBytes(of: inline) { String(decoding: $0[..<count], as: UTF8.self) }
        }
    }
}

extension String {
    /// The text of an interpolated literal, composed as `SourceText` does:
    /// `String(source: "case \(name)")`.
    init(source: SourceText) {
        self = source.string
    }
}
