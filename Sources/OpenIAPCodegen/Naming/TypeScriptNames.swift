/// How spec names and text are written in TypeScript. The TypeScript target
/// asks here for every name, key, string literal and doc line, so each rule
/// lives in one place.
public enum TypeScriptNames {
    /// Spec type names are ASCII UpperCamelCase and unique, which is already a
    /// valid TypeScript name that no keyword or predefined type (all lower
    /// case) can equal, so types are exported under their spec name.
    public static func typeName(_ specName: String) -> String { specName }

    /// A property key as written in an interface: the wire name itself when
    /// it is an identifier, otherwise a quoted string (`"odd-name"`). Keywords
    /// need no quotes in this position.
    public static func propertyKey(_ wire: String) -> String {
        isIdentifier(wire) ? wire : stringLiteral(wire)
    }

    /// Only ASCII identifiers are left bare; anything else is quoted, which
    /// is always correct and avoids Unicode identifier rules.
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isHead(first) else { return false }
        return text.unicodeScalars.allSatisfy { isHead($0) || ("0"..."9").contains($0) }
    }

    /// A string literal type or value: JSON quoting, which TypeScript reads
    /// the same way.
    public static func stringLiteral(_ text: String) -> String {
        JSONEscaping.quoted(text)
    }

    /// Makes prose safe inside a `/** … */` block: `*/` would end the
    /// comment, a line starting with `@` would be read as a tag, and control
    /// and invisible format characters (a NUL, a bidi override) are written
    /// as `\u{…}` escapes so the comment shows what the spec says.
    public static func docText(_ line: String) -> String {
        if !needsDocEscape(line) { return line }
        var text = visible(line, escapingLineBreaks: false).replacing("*/", with: "*\\/")
        if let start = text.firstIndex(where: { $0 != " " && $0 != "\t" }), text[start] == "@" {
            text.insert("\\", at: start)
        }
        return text
    }

    /// False when `docText` certainly leaves `line` as it is: printable
    /// ASCII and tabs only, no `*/` among its bytes, and its first byte other
    /// than a space or tab is not `@`. (The checks look at bytes; when any
    /// might match, the exact character-based rule in `docText` decides.)
    private static func needsDocEscape(_ line: String) -> Bool {
        var leading = true
        var previous: UInt8 = 0
        for byte in line.utf8 {
            if byte >= 0x7F || (byte < 0x20 && byte != UInt8(ascii: "\t")) { return true }
            if leading, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                if byte == UInt8(ascii: "@") { return true }
                leading = false
            }
            if previous == UInt8(ascii: "*"), byte == UInt8(ascii: "/") { return true }
            previous = byte
        }
        return false
    }

    /// Inline code in a doc comment: a backtick cannot be escaped inside a
    /// code span, so it is dropped rather than ending the span early; a line
    /// break is shown as `\n` so the span stays on its line.
    public static func docCode(_ text: String) -> String {
        "`" + docText(visible(text.replacing("`", with: ""), escapingLineBreaks: true)) + "`"
    }

    /// The text with control and invisible format characters escaped; `\n`
    /// only when asked, tabs never.
    private static let inlineEscapes = InvisibleCharacters.Rules(keep: ["\t"], named: ["\n": "\\n", "\r": "\\r"])
    private static let blockEscapes = InvisibleCharacters.Rules(keep: ["\t", "\n"], named: ["\r": "\\r"])

    static func visible(_ text: String, escapingLineBreaks: Bool) -> String {
        InvisibleCharacters.escaped(text, escapingLineBreaks ? inlineEscapes : blockEscapes)
    }

    private static func isHead(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar == "$"
    }
}
