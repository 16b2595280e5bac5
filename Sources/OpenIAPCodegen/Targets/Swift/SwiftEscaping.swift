import OpenIAPSpec

/// Escaping of spec text placed into Swift source: string literals and doc
/// comments. Every Swift target decision about quoting lives here.
public enum SwiftEscaping {
    /// A double-quoted Swift string literal that reads back as exactly `text`.
    public static func stringLiteral(_ text: String) -> String {
        // Every key of every field is one of these, and almost every text
        // is printable ASCII without a quote or a backslash, which
        // `literalEscapes` copies as it is: such a text is settled here, in
        // one pass over its bytes, without the generic call (a few hundred
        // instructions a literal). Two appends into room reserved once: an
        // interpolation cost several times as much.
        let isPlain = text.utf8.withContiguousStorageIfAvailable(isPlainLiteral) ?? isPlainLiteral(text.utf8)
        let body = isPlain ? text : InvisibleCharacters.escaped(text, literalEscapes)
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
    /// that keep the lines in a collection of their own. Another language's
    /// doc comments break lines the same way with another `prefix` (Kotlin's
    /// KDoc lines start ` *`), which comes before the text and a space.
    static func forEachDocLine(_ doc: String?, prefix: String = "///", _ body: (String) -> Void) {
        forEachDocText(doc) { text in body(text.isEmpty ? prefix : docLine(prefix, text)) }
    }

    /// Hands the text of each doc line of `doc` to `body`, in order: the
    /// line without its prefix and the space after it, empty for a blank
    /// line. A line that is the whole doc is the doc itself (a `Substring`
    /// over all of it, which `String(_:)` gives back without a copy).
    static func forEachDocText(_ doc: String?, _ body: (Substring) -> Void) {
        guard let doc, !doc.isEmpty else { return }
        // A native string's bytes are read from its buffer: stepping
        // through the `utf8` view checks every index, and was most of the
        // time spent here.
        let (isPlain, isOneLine, hasText) = doc.utf8.withContiguousStorageIfAvailable(docShape) ?? docShape(doc.utf8)
        if isPlain {
            // The usual doc, one short line of printable ASCII, is one doc
            // line as it is: what the general rule below makes of it too.
            if isOneLine, hasText, doc.utf8.count <= docWidth {
                body(doc[...])
            } else if isOneLine {
                // A blank line is dropped, like trailing blank lines.
                if hasText { forEachWrappedPlainLine(doc[...], body) }
            } else {
                forEachPlainDocLine(doc, body)
            }
            return
        }
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        var trimmed = Array(lines)
        while let last = trimmed.last, last.allSatisfy(\.isWhitespace) { trimmed.removeLast() }
        for line in trimmed {
            for part in wrap(String(line), width: docWidth) {
                body(visible(part)[...])
            }
        }
    }

    /// One pass over the bytes sorts a doc: plain (printable ASCII and
    /// line feeds) or not, one line or several, blank or not.
    ///
    /// Every byte is looked at, with no branch per byte but the loop's: a
    /// doc is almost always plain, and the test and early return per byte
    /// cost several times as much as the three flags folded in.
    private static func docShape(_ bytes: some Sequence<UInt8>) -> (isPlain: Bool, isOneLine: Bool, hasText: Bool) {
        var newlines: UInt8 = 0
        var others: UInt8 = 0
        var text: UInt8 = 0
        for byte in bytes {
            let isNewline: UInt8 = byte == UInt8(ascii: "\n") ? 1 : 0
            // Below the space or from DEL up: not printable ASCII.
            let isOutside: UInt8 = byte &- 0x20 >= 0x5F ? 1 : 0
            let isSpace: UInt8 = byte == UInt8(ascii: " ") ? 1 : 0
            newlines |= isNewline
            others |= isOutside & ~isNewline
            text |= ~(isOutside | isSpace) & 1
        }
        return (others == 0, newlines == 0, text != 0)
    }

    /// `forEachDocLine` for a doc of printable ASCII and line feeds only
    /// (which the caller has found it is), the usual doc that is longer
    /// than one line or has several: there every byte is one character and
    /// the only blank is the space, so the lines are split, trimmed and
    /// wrapped on the UTF-8 bytes, by the same rules as the general path
    /// (which counts and compares `Character`s, several times the cost),
    /// and nothing needs escaping.
    private static func forEachPlainDocLine(_ doc: String, _ body: (Substring) -> Void) {
        let bytes = doc.utf8
        let newline = UInt8(ascii: "\n")
        var lines: [Substring] = []
        var lineStart = bytes.startIndex
        while let lineEnd = bytes[lineStart...].firstIndex(of: newline) {
            lines.append(doc[lineStart..<lineEnd])
            lineStart = bytes.index(after: lineEnd)
        }
        lines.append(doc[lineStart...])
        // Trailing lines that are empty or all spaces are dropped.
        while let last = lines.last, last.utf8.allSatisfy({ $0 == UInt8(ascii: " ") }) { lines.removeLast() }
        for line in lines { forEachWrappedPlainLine(line, body) }
    }

    /// Hands one line of a plain doc to `body` as doc lines, broken as
    /// `wrap` breaks it: at the last space within one character past the
    /// width, the spaces after it dropped; a longer word stays whole.
    private static func forEachWrappedPlainLine(_ line: Substring, _ body: (Substring) -> Void) {
        let space = UInt8(ascii: " ")
        var rest = line
        while rest.utf8.count > docWidth {
            let window = rest.utf8.prefix(docWidth + 1)
            guard let breakAt = window.lastIndex(of: space), breakAt > rest.startIndex else { break }
            body(rest[..<breakAt])
            let next = rest.utf8[breakAt...].firstIndex(where: { $0 != space }) ?? rest.endIndex
            rest = rest[next...]
        }
        body(rest)
    }

    /// `prefix`, a space and `text`: one doc line, in one allocation of
    /// the right size. Every doc line of every target is made here, and an
    /// interpolated string (with a `StaticString` prefix, which takes the
    /// generic path) cost several times as much.
    private static func docLine(_ prefix: String, _ text: some StringProtocol) -> String {
        var line = ""
        line.reserveCapacity(prefix.utf8.count + 1 + text.utf8.count)
        line += prefix
        line += " "
        line += text
        return line
    }

    /// The text with control characters other than tab, and invisible format
    /// characters, written as `\u{…}`.
    private static let docEscapes = InvisibleCharacters.Rules(keep: ["\t"])

    static func visible(_ text: some StringProtocol) -> String {
        InvisibleCharacters.escaped(text, docEscapes)
    }

    /// The width a doc line is wrapped at, in Swift and in Kotlin
    /// (`KotlinNames` wraps its docs with `forEachDocLine` too).
    static let docWidth = 100

    /// Splits a long line at spaces so no doc line passes `width` characters;
    /// a single longer word stays whole.
    static func wrap(_ line: String, width: Int) -> [Substring] {
        guard line.count > width else { return [Substring(line)] }
        var result: [Substring] = []
        var rest = Substring(line)
        while rest.count > width {
            let window = rest.prefix(width + 1)
            guard let space = window.lastIndex(of: " "), space > rest.startIndex else { break }
            result.append(rest[..<space])
            rest = rest[rest.index(after: space)...].drop { $0 == " " }
        }
        result.append(rest)
        return result
    }
}
