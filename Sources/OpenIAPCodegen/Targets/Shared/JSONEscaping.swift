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
        // The usual text has nothing to escape: it is copied whole and then
        // checked where it landed, which costs less than checking it first
        // through its UTF-8 view.
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        guard let firstToEscape = bytes[start...].firstIndex(where: { !isCopiedAsIs($0) }) else {
            bytes.append(quote)
            return true
        }
        // The bytes before it are ASCII and stay. It starts a character
        // (a byte of its own, or the first byte of a non-ASCII one), and
        // the rest is written from there: ASCII byte by byte, anything
        // else as the scalar that starts at that byte.
        let utf8 = text.utf8
        var index = utf8.index(utf8.startIndex, offsetBy: firstToEscape - start)
        bytes.removeSubrange(firstToEscape...)
        var isASCII = true
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte < 0x80 {
                utf8.formIndex(after: &index)
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
                case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
                case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
                case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
                case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
                case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
                case 0x20..<0x7F: bytes.append(byte)
                default: appendUnicodeEscape(UInt32(byte), to: &bytes)
                }
                continue
            }
            let scalar = text.unicodeScalars[index]
            let next = text.unicodeScalars.index(after: index)
            if InvisibleCharacters.needsEscape(scalar) {
                appendUnicodeEscape(scalar.value, to: &bytes)
            } else {
                isASCII = false
                bytes.append(contentsOf: utf8[index..<next])
            }
            index = next
        }
        bytes.append(quote)
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
