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
        var output: [UInt8] = []
        appendQuoted(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `quoted(text)` as UTF-8 and tells whether `text` was plain
    /// ASCII. ASCII text is handled on bytes, copying runs that need no
    /// escape; at the first non-ASCII byte the bytes written so far are
    /// dropped and the whole text takes the scalar-by-scalar rule, which
    /// also catches C1 controls, bidi marks and the byte order mark.
    @discardableResult
    static func appendQuoted(_ text: String, to output: inout some ByteSink) -> Bool {
        let start = output.count
        var text = text
        let isASCII = text.withUTF8 { bytes -> Bool in
            output.append(UInt8(ascii: "\""))
            var copied = 0
            var index = 0
            while index < bytes.count {
                // Most bytes are copied as they are, eight at a time when
                // none of them needs a look.
                if index + 8 <= bytes.count {
                    let word = ByteWords.word(bytes, at: index)
                    if !ByteWords.hasControlOrNonASCII(word), !ByteWords.contains(word, UInt8(ascii: "\"")),
                        !ByteWords.contains(word, UInt8(ascii: "\\"))
                    {
                        index += 8
                        continue
                    }
                }
                let byte = bytes[index]
                if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    index += 1
                    continue
                }
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
                index += 1
                copied = index
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[copied...]))
            output.append(UInt8(ascii: "\""))
            return true
        }
        if !isASCII {
            output.truncate(to: start)
            output.append(utf8Of: quotedScalars(text))
        }
        return isASCII
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
        // Bytes below 0x20 (exact for a test of existence), bytes with the
        // high bit, and 0x7F.
        ((word &- ones &* 0x20) & ~word & highBits) != 0 || word & highBits != 0 || contains(word, 0x7F)
    }

    /// Whether some byte equals `byte`.
    @inline(__always)
    static func contains(_ word: UInt64, _ byte: UInt8) -> Bool {
        let spread = word ^ (ones &* UInt64(byte))
        return ((spread &- ones) & ~spread & highBits) != 0
    }
}
