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
    /// comment, and a line starting with `@` would be read as a tag.
    public static func docText(_ line: String) -> String {
        var text = line.replacing("*/", with: "*\\/")
        if let start = text.firstIndex(where: { $0 != " " && $0 != "\t" }), text[start] == "@" {
            text.insert("\\", at: start)
        }
        return text
    }

    /// Inline code in a doc comment: a backtick cannot be escaped inside a
    /// code span, so it is dropped rather than ending the span early. Tags
    /// are not read inside code spans, and `*/` is escaped with the rest of
    /// the line by `docText`.
    public static func docCode(_ text: String) -> String {
        "`" + text.replacing("`", with: "") + "`"
    }

    private static func isHead(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar == "$"
    }
}
