import OpenIAPSpec

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
        if needsNoEscape(text) { return "\"" + text + "\"" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `quoted(prefix + text)` to `bytes` as UTF-8, without making
    /// the quoted string first. `prefix` is text written in the source that
    /// needs no escaping (such as `#/$defs/`). True when every byte appended
    /// is ASCII, so that each byte is one character.
    @discardableResult
    static func appendQuoted(_ text: String, prefix: StaticString = "", to bytes: inout [UInt8]) -> Bool {
        bytes.append(quote)
        prefix.withUTF8Buffer { bytes.append(contentsOf: $0) }
        let isASCII = appendEscaped(text, to: &bytes)
        bytes.append(quote)
        return isASCII
    }

    /// Appends `text` escaped as inside a JSON string literal, without the
    /// quotes: a piece of a string written in several. True when every
    /// byte appended is ASCII.
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) -> Bool {
        // The usual text has nothing to escape: it is copied whole and then
        // checked where it landed, which costs less than checking it first
        // through its UTF-8 view.
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        // Every byte at once, with no early exit and flags as numbers (for
        // `&&` the compiler keeps a branch per condition), which the
        // compiler turns into a loop over many bytes per step; only text
        // that has something to escape is searched again for where.
        var toEscape: UInt8 = 0
        for index in start..<bytes.count {
            let byte = bytes[index]
            toEscape |= (byte &- 0x20 >= 0x5F ? 1 : 0) | (byte == UInt8(ascii: "\"") ? 1 : 0) | (byte == UInt8(ascii: "\\") ? 1 : 0)
        }
        guard toEscape != 0, let firstToEscape = bytes[start...].firstIndex(where: { !isCopiedAsIs($0) }) else {
            return true
        }
        // The bytes before it are ASCII and stay. It starts a character
        // (a byte of its own, or the first byte of a non-ASCII one), and
        // the rest is written from the copy of it: runs of bytes that stand
        // for themselves whole, other ASCII bytes escaped, anything else as
        // the scalar that starts at that byte. (Stepping through the
        // string's UTF-8 view instead cost some twenty instructions a byte,
        // and every description with a note has a line break to escape.)
        let rest = Array(bytes[firstToEscape...])
        bytes.removeSubrange(firstToEscape...)
        var isASCII = true
        var index = 0
        while index < rest.count {
            var end = index
            while end < rest.count, isCopiedAsIs(rest[end]) { end += 1 }
            if end > index {
                bytes.append(contentsOf: rest[index..<end])
                index = end
                if index == rest.count { break }
            }
            let byte = rest[index]
            if byte < 0x80 {
                index += 1
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
                case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
                case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
                case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
                case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
                case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
                default: appendUnicodeEscape(UInt32(byte), to: &bytes)
                }
                continue
            }
            // The bytes are a string's, so valid UTF-8: the first byte
            // gives the length, each next one six more bits.
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            var value = UInt32(byte & (byte >= 0xF0 ? 0x07 : byte >= 0xE0 ? 0x0F : 0x1F))
            for offset in 1..<length { value = value << 6 | UInt32(rest[index + offset] & 0x3F) }
            if let scalar = Unicode.Scalar(value), InvisibleCharacters.needsEscape(scalar) {
                appendUnicodeEscape(value, to: &bytes)
            } else {
                isASCII = false
                bytes.append(contentsOf: rest[index..<(index + length)])
            }
            index += length
        }
        return isASCII
    }

    private static let quote = UInt8(ascii: "\"")

    /// `\u` and four hex digits: how JSON spells a character it escapes
    /// without a name of its own.
    private static func appendUnicodeEscape(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"\u"#.utf8)
        bytes.append(contentsOf: hex4(value).utf8)
    }

    /// Whether `byte` stands for itself inside a JSON string: printable
    /// ASCII other than a quote or a backslash.
    private static func isCopiedAsIs(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Whether `text` is printable ASCII without a quote or a backslash,
    /// the usual case, which `quoted` only puts between quotes: the
    /// scalar-by-scalar rule costs several times as much per byte.
    static func needsNoEscape(_ text: String) -> Bool {
        text.utf8.allSatisfy(isCopiedAsIs)
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
