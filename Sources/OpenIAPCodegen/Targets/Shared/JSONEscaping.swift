import OpenIAPSpec
import OpenIAPTemplates

/// How text becomes a JSON string literal. The JSON Schema target writes
/// every string through here, and the TypeScript target uses it for string
/// literal types (a JSON string literal is also a valid TypeScript one), so
/// the escaping rule exists once.
public enum JSONEscaping {
    /// The text in double quotes with `"`, `\` and every control character
    /// escaped. Everything else, non-ASCII included, is written as is: the
    /// output files are UTF-8.
    ///
    /// U+2028 and U+2029 are escaped too (JSON allows them raw, but older
    /// JavaScript parsers treat them as line breaks inside string literals),
    /// and so are C1 controls, bidi controls and marks and the byte order
    /// mark, which would otherwise hide in the text.
    public static func quoted(_ text: String) -> String {
        // Text with nothing to escape, the usual case, is quoted without a
        // scratch array; up to 13 bytes the result is a small string and
        // allocates nothing.
        if text.withUTF8Bytes({ firstToEscape(in: $0, from: 0) == nil }) {
            return .enclosing(text, open: "\"", close: "\"")
        }
        var output: [UInt8] = []
        appendQuoted(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `quoted(text)` as UTF-8 and tells whether `text` was plain
    /// ASCII. ASCII text is handled on bytes, copying runs that need no
    /// escape; at the first non-ASCII byte the bytes written so far are
    /// dropped and the whole text takes the scalar-by-scalar rule, which
    /// also catches C1 controls, bidi marks and the byte order mark.
    ///
    /// A `prefix` (plain ASCII that needs no escaping, such as `#/$defs/`)
    /// goes inside the quotes before the text, so a value made of both is
    /// written without being put together as a string first.
    @discardableResult
    static func appendQuoted(_ text: String, prefix: StaticString? = nil, to output: inout some ByteSink) -> Bool {
        let start = output.count
        let isASCII = text.withUTF8Bytes { bytes -> Bool in
            output.append(UInt8(ascii: "\""))
            if let prefix { output.append(prefix) }
            // Runs that need no escape are copied whole.
            var copied = 0
            while let index = firstToEscape(in: bytes, from: copied) {
                let byte = bytes[index]
                // Non-ASCII text is redone scalar by scalar (see below).
                if byte >= 0x80 { return false }
                output.append(UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                switch byte {
                case UInt8(ascii: "\""): output.append("\\\"" as StaticString)
                case UInt8(ascii: "\\"): output.append("\\\\" as StaticString)
                case UInt8(ascii: "\n"): output.append("\\n" as StaticString)
                case UInt8(ascii: "\r"): output.append("\\r" as StaticString)
                case UInt8(ascii: "\t"): output.append("\\t" as StaticString)
                case 0x08: output.append("\\b" as StaticString)
                case 0x0C: output.append("\\f" as StaticString)
                default: output.append(utf8Of: "\\u" + hex4(UInt32(byte)))
                }
                copied = index + 1
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[copied...]))
            output.append(UInt8(ascii: "\""))
            return true
        }
        if !isASCII {
            output.truncate(to: start)
            guard let prefix else {
                output.append(utf8Of: quotedScalars(text))
                return false
            }
            // The prefix, then the quoted text without its opening quote.
            output.append(UInt8(ascii: "\""))
            output.append(prefix)
            quotedScalars(text).withUTF8Bytes { output.append(UnsafeBufferPointer(rebasing: $0.dropFirst())) }
        }
        return isASCII
    }

    /// The index of the first byte at or after `start` that a JSON string
    /// cannot hold as it is (a quote, a backslash, a control character, DEL
    /// or any non-ASCII byte), or nil if there is none.
    ///
    /// Eight bytes are tested at a time. So are the last few: as the last
    /// eight bytes of the text, overlapping bytes already passed, or, in
    /// text shorter than eight bytes, padded with spaces. Only a word that
    /// fails is searched byte by byte. Names and keys are mostly shorter
    /// than a word, and a byte loop cost them more than the whole test.
    private static func firstToEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = bytes.count
        var index = start
        // Two words a step while there are: their tests are combined into
        // one branch, which costs less per byte over long prose.
        while index + 16 <= count {
            let first = lookMask(ByteWords.word(bytes, at: index))
            if first | lookMask(ByteWords.word(bytes, at: index + 8)) != 0 { return firstToEscapeByte(in: bytes, from: index) }
            index += 16
        }
        while index + 8 <= count {
            if needsLook(ByteWords.word(bytes, at: index)) { return firstToEscapeByte(in: bytes, from: index) }
            index += 8
        }
        guard index < count, let base = bytes.baseAddress else { return nil }
        let last: UInt64
        if count >= 8 {
            last = ByteWords.word(bytes, at: count - 8)
        } else {
            // Spaces need no escape; the copy reads only `index..<count`.
            var padded: UInt64 = 0x2020_2020_2020_2020
            withUnsafeMutableBytes(of: &padded) { $0.baseAddress.unsafelyUnwrapped.copyBytes(from: base + index, count: count - index) }
            last = padded
        }
        // A failing last word may fail on a byte before `index` (an escape
        // already written); the byte search from `index` settles it.
        return needsLook(last) ? firstToEscapeByte(in: bytes, from: index) : nil
    }

    @inline(__always)
    private static func needsLook(_ word: UInt64) -> Bool {
        lookMask(word) != 0
    }

    /// Nonzero when some byte of `word` may need an escape: `needsLook`'s
    /// three tests as one value, without a branch between them.
    @inline(__always)
    private static func lookMask(_ word: UInt64) -> UInt64 {
        ByteWords.controlOrNonASCIIMask(word) | ByteWords.matchMask(word, UInt8(ascii: "\"")) | ByteWords.matchMask(word, UInt8(ascii: "\\"))
    }

    private static func firstToEscapeByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        for index in start..<bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
        }
        return nil
    }

    /// The escaping rule scalar by scalar, for text that is not plain ASCII.
    private static func quotedScalars(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if InvisibleCharacters.needsEscape(scalar) {
                    result += "\\u" + hex4(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        result += "\""
        return result
    }

    /// A number as JSON writes it: integral values without a fraction
    /// (`0`, `16384`), others in Swift's shortest round-tripping form.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return value.description
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// Tests on eight bytes at once, for the fast paths that skip over text
/// needing no escape: a word that passes them is copied or skipped whole,
/// and any other word is looked at byte by byte.
enum ByteWords {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes from `index` on (`index + 8 <= bytes.count`), in
    /// whatever order; every test here looks at all of them alike.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
    }

    /// Whether some byte is below 0x20 or at least 0x7F.
    @inline(__always)
    static func hasControlOrNonASCII(_ word: UInt64) -> Bool {
        controlOrNonASCIIMask(word) != 0
    }

    /// Nonzero exactly when `hasControlOrNonASCII(word)`, as a value that
    /// can be combined with other tests before a single branch.
    @inline(__always)
    static func controlOrNonASCIIMask(_ word: UInt64) -> UInt64 {
        // A byte below 0x20 borrows into its top bit when 0x20 is taken
        // away, 0x7F carries into it when one is added, and a non-ASCII
        // byte has it set already. A borrow or carry into the next byte
        // only starts at a byte that fails, so the test is exact for
        // whether one does, in three operations and one comparison.
        ((word &- ones &* 0x20) | (word &+ ones) | word) & highBits
    }

    /// Whether some byte equals `byte`.
    @inline(__always)
    static func contains(_ word: UInt64, _ byte: UInt8) -> Bool {
        matchMask(word, byte) != 0
    }

    /// Nonzero exactly when `contains(word, byte)`, as a value that can be
    /// combined with other tests before a single branch.
    @inline(__always)
    static func matchMask(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let spread = word ^ (ones &* UInt64(byte))
        return (spread &- ones) & ~spread & highBits
    }
}
