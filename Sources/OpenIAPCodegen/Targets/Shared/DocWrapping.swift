import OpenIAPSpec

/// How a doc is made into doc comment lines, in Swift (`///`) and in
/// Kotlin (` * `) alike: split at its line feeds, trailing blank lines
/// dropped, control and invisible characters made visible, and each line
/// longer than `width` characters broken at the last space among its first
/// `width + 1` characters, the spaces after that one dropped, and what is
/// left broken the same way. A word longer than the width (no space to
/// break at) stays whole, with the rest of the line after it. A line that
/// ends in spaces after its last break ends with an empty piece, which the
/// targets write as a blank doc line.
///
/// `wrap` is the breaking rule on characters; `forEachPlainPiece` is the
/// same rule on the bytes of text that is all printable ASCII (one byte a
/// character, the space the only blank), which is nearly every doc and
/// costs a fraction of the character work. Kotlin's fast path for the
/// usual doc (`KotlinNames.forEachSimpleDocLine`) breaks by it too.
enum DocWrapping {
    /// The width a doc line is wrapped at.
    static let width = 100

    /// Hands each doc comment line of `doc` to `body`, in order: `prefix`
    /// (Swift's `///`, Kotlin's ` *`), a space and the text of the line,
    /// or `prefix` alone for a blank line.
    static func forEachLine(_ doc: String?, prefix: String, _ body: (String) -> Void) {
        forEachText(doc) { text in body(text.isEmpty ? prefix : docLine(prefix, text)) }
    }

    /// Hands the text of each doc line of `doc` to `body`, in order: the
    /// line without its prefix and the space after it, empty for a blank
    /// line. A line that is the whole doc is the doc itself (a `Substring`
    /// over all of it, which `String(_:)` gives back without a copy).
    static func forEachText(_ doc: String?, _ body: (Substring) -> Void) {
        guard let doc, !doc.isEmpty else { return }
        // A native string's bytes are read from its buffer: stepping
        // through the `utf8` view checks every index, and was most of the
        // time spent here.
        let (isPlain, isOneLine, hasText) = doc.utf8.withContiguousStorageIfAvailable(docShape) ?? docShape(doc.utf8)
        if isPlain {
            // The usual doc, one short line of printable ASCII, is one doc
            // line as it is: what the general rule below makes of it too.
            if isOneLine, hasText, doc.utf8.count <= width {
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
            for part in wrap(String(line)) {
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
        // The usual doc is one line of printable ASCII: its bytes all lie
        // between the space and `~`, which the lowest and highest byte
        // tell (two operations a byte, which the compiler runs over many
        // bytes at once); it has text unless every byte is a space. Any
        // other doc is sorted by the flags below.
        var lowest: UInt8 = 0xFF
        var highest: UInt8 = 0
        for byte in bytes {
            lowest = min(lowest, byte)
            highest = max(highest, byte)
        }
        if lowest >= 0x20, highest <= 0x7E { return (true, true, highest != UInt8(ascii: " ")) }
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

    /// `forEachText` for a doc of printable ASCII and line feeds only
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

    /// Hands one line of a plain doc to `body` as doc lines, broken by
    /// `forEachPlainPiece`, each a `Substring` of `line`.
    private static func forEachWrappedPlainLine(_ line: Substring, _ body: (Substring) -> Void) {
        let utf8 = line.utf8
        func hand(_ piece: Range<Int>) {
            let start = utf8.index(utf8.startIndex, offsetBy: piece.lowerBound)
            body(line[start..<utf8.index(start, offsetBy: piece.count)])
        }
        // Read where the string keeps its bytes, as `docShape` reads them.
        let inPlace: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            forEachPlainPiece(bytes, in: 0..<bytes.count, hand)
        }
        if inPlace == nil {
            let bytes = Array(utf8)
            forEachPlainPiece(bytes, in: 0..<bytes.count, hand)
        }
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

    /// Hands the pieces of the line `bytes[range]` to `body`, in order, as
    /// ranges of `bytes`; the line must be printable ASCII (see the type's
    /// doc), where it gives what `wrap` gives.
    static func forEachPlainPiece<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, in range: Range<Int>, _ body: (Range<Int>) -> Void
    ) where Bytes.Index == Int {
        let space = UInt8(ascii: " ")
        var start = range.lowerBound
        let end = range.upperBound
        while end - start > width {
            var breakAt = start + width
            while breakAt > start && bytes[breakAt] != space { breakAt -= 1 }
            guard breakAt > start else { break }
            body(start..<breakAt)
            start = breakAt
            while start < end && bytes[start] == space { start += 1 }
        }
        body(start..<end)
    }

    /// The pieces of `line`, which holds no line break, by the rule on
    /// characters (for any text).
    static func wrap(_ line: String) -> [Substring] {
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

    /// The text with control characters other than tab, and invisible
    /// format characters, written as `\u{…}`, so that a doc comment stays
    /// on its lines.
    private static let docEscapes = InvisibleCharacters.Rules(keep: ["\t"])

    static func visible(_ text: some StringProtocol) -> String {
        InvisibleCharacters.escaped(text, docEscapes)
    }
}
