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

    /// Whether `text` is printable ASCII without a quote or a backslash,
    /// the usual case, which `quoted` only puts between quotes: the
    /// scalar-by-scalar rule below costs several times as much per byte.
    static func needsNoEscape(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
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
