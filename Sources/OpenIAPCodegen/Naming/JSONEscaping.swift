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
    static func appendQuoted(_ text: String, to output: inout [UInt8]) -> Bool {
        let start = output.count
        var text = text
        let isASCII = text.withUTF8 { bytes -> Bool in
            output.append(UInt8(ascii: "\""))
            var copied = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                // Most bytes are copied as they are.
                if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    index += 1
                    continue
                }
                let escape: String
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "\n"): escape = "\\n"
                case UInt8(ascii: "\r"): escape = "\\r"
                case UInt8(ascii: "\t"): escape = "\\t"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0x00..<0x20, 0x7F: escape = "\\u" + hex4(UInt32(byte))
                default: return false
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                output.append(contentsOf: escape.utf8)
                index += 1
                copied = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            output.append(UInt8(ascii: "\""))
            return true
        }
        if !isASCII {
            output.removeSubrange(start...)
            output.append(contentsOf: quotedScalars(text).utf8)
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
