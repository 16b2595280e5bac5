import OpenIAPSpec

/// Escaping of spec text placed into Swift source: string literals and doc
/// comments. Every Swift target decision about quoting lives here.
public enum SwiftEscaping {
    /// A double-quoted Swift string literal that reads back as exactly `text`.
    public static func stringLiteral(_ text: String) -> String {
        quoted(literalText(text))
    }

    /// What `stringLiteral(text)` holds between its quotes: `text` itself
    /// when it needs no escape, which is almost every text. A template that
    /// writes the quotes itself (a field's `key`: `forKey: "{{key}}"`) is
    /// given this, and the common case makes no string at all.
    static func literalText(_ text: String) -> String {
        // Every key of every field is one of these, and almost every text
        // is printable ASCII without a quote or a backslash, which
        // `literalEscapes` copies as it is: such a text is settled here, in
        // one pass over its bytes, without the generic call (a few hundred
        // instructions a literal).
        let isPlain = text.utf8.withContiguousStorageIfAvailable(isPlainLiteral) ?? isPlainLiteral(text.utf8)
        return isPlain ? text : InvisibleCharacters.escaped(text, literalEscapes)
    }

    /// `body` between double quotes: the literal whose `literalText` it is.
    static func quoted(_ body: String) -> String {
        // Two appends into room reserved once: an interpolation cost
        // several times as much.
        var literal = "\""
        literal.reserveCapacity(body.utf8.count + 2)
        literal += body
        literal += "\""
        return literal
    }

    /// Whether every byte is printable ASCII other than `"` and `\`: the
    /// bytes `literalEscapes` leaves as they are.
    private static func isPlainLiteral(_ bytes: some Sequence<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte > 0x7E || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            return false
        }
        return true
    }

    /// What a Swift string literal spells with a backslash of its own.
    private static let literalEscapes = InvisibleCharacters.Rules(named: [
        "\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0",
    ])

    /// Doc text as `///` lines at the given indentation. Control characters
    /// are written as `\u{…}` so the comment stays on its lines.
    public static func docLines(_ doc: String?) -> [String] {
        var lines: [String] = []
        forEachDocLine(doc) { lines.append($0) }
        return lines
    }

    /// The text of each line of `docLines(doc)`, without its `///` and the
    /// space after it (empty for a blank line): what the Swift templates'
    /// `docLines` hold, each written after a `///` of the template's own.
    static func docTexts(_ doc: String?) -> [String] {
        var texts: [String] = []
        forEachDocText(doc) { texts.append(String($0)) }
        return texts
    }

    /// Hands each line of `docLines(doc)` to `body`, in order, for callers
    /// that keep the lines in a collection of their own (`DocWrapping`'s
    /// rule, with Swift's `///`).
    static func forEachDocLine(_ doc: String?, _ body: (String) -> Void) {
        DocWrapping.forEachLine(doc, prefix: "///", body)
    }

    /// Hands the text of each doc line of `doc` to `body`, in order
    /// (`DocWrapping.forEachText`).
    static func forEachDocText(_ doc: String?, _ body: (Substring) -> Void) {
        DocWrapping.forEachText(doc, body)
    }

    /// The text with control characters other than tab, and invisible format
    /// characters, written as `\u{…}` (`DocWrapping.visible`).
    static func visible(_ text: some StringProtocol) -> String {
        DocWrapping.visible(text)
    }
}
