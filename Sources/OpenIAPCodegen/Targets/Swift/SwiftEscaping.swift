import OpenIAPSpec

/// Escaping of spec text placed into Swift source: string literals and doc
/// comments. Every Swift target decision about quoting lives here.
public enum SwiftEscaping {
    /// A double-quoted Swift string literal that reads back as exactly `text`.
    public static func stringLiteral(_ text: String) -> String {
        // Printable ASCII other than a quote or a backslash is written as is.
        // Checked on the bytes in place: walking `utf8` decodes the string's
        // representation again for every byte.
        // Such text is quoted straight into the new string's storage, which
        // a string of up to 15 bytes (13 and the quotes) takes without a
        // check of its UTF-8.
        let plain = text.withUTF8Bytes { bytes -> String? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
            else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count + 2) { buffer in
                buffer[0] = UInt8(ascii: "\"")
                _ = buffer[1...].initialize(fromContentsOf: bytes)
                buffer[bytes.count + 1] = UInt8(ascii: "\"")
                return bytes.count + 2
            }
        }
        if let plain { return plain }
        return String(source: "\"\(InvisibleCharacters.escaped(text, literalEscapes))\"")
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

    /// Hands each line of `docLines(doc)` to `body`, in order, for callers
    /// that keep the lines in a collection of their own. Another language's
    /// doc comments break lines the same way with another `prefix` (Kotlin's
    /// KDoc lines start ` *`), which comes before the text and a space.
    static func forEachDocLine(_ doc: String?, prefix: StaticString = "///", _ body: (String) -> Void) {
        guard let doc, !doc.isEmpty else { return }
        if forEachPlainDocLine(doc, prefix: prefix, body) { return }
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        var trimmed = Array(lines)
        while let last = trimmed.last, last.allSatisfy(\.isWhitespace) { trimmed.removeLast() }
        for line in trimmed {
            for part in wrap(String(line), width: 100) {
                let safe = visible(part)
                body(safe.isEmpty ? String(source: "\(prefix)") : String(source: "\(prefix) \(safe)"))
            }
        }
    }

    /// The text with control characters other than tab, and invisible format
    /// characters, written as `\u{…}`.
    private static let docEscapes = InvisibleCharacters.Rules(keep: ["\t"])

    static func visible(_ text: some StringProtocol) -> String {
        InvisibleCharacters.escaped(text, docEscapes)
    }

    /// `forEachDocLine` for the usual doc: printable ASCII and line feeds
    /// only. There every character is one byte and nothing needs escaping,
    /// so the same splitting, trimming and wrapping run on bytes. False,
    /// having called nothing, for any other text, which takes the general
    /// path.
    private static func forEachPlainDocLine(_ doc: String, prefix: StaticString, _ body: (String) -> Void) -> Bool {
        return doc.withUTF8Bytes { bytes in
            let space = UInt8(ascii: " ")
            let newline = UInt8(ascii: "\n")
            var lineBreaks = false
            var index = 0
            while let outside = firstNonPrintable(in: bytes, from: index) {
                guard bytes[outside] == newline else { return false }
                lineBreaks = true
                index = outside + 1
            }
            // The commonest doc: one line, kept unless it is all spaces. It
            // needs no search for line ends or trailing blank lines.
            guard lineBreaks else {
                if !bytes.allSatisfy({ $0 == space }) { forEachWrappedLine(bytes[...], prefix: prefix, body) }
                return true
            }
            // Trailing lines of spaces only are dropped.
            var end = bytes.count
            while true {
                var lineStart = end
                while lineStart > 0, bytes[lineStart - 1] != newline { lineStart -= 1 }
                guard bytes[lineStart..<end].allSatisfy({ $0 == space }) else { break }
                if lineStart == 0 { return true }
                end = lineStart - 1
            }
            var lineStart = 0
            while lineStart <= end {
                var lineEnd = lineStart
                while lineEnd < end, bytes[lineEnd] != newline { lineEnd += 1 }
                forEachWrappedLine(bytes[lineStart..<lineEnd], prefix: prefix, body)
                lineStart = lineEnd + 1
            }
            return true
        }
    }

    /// Hands `line`, one line of a plain doc, to `body` as doc lines: whole
    /// when it fits, otherwise broken with the same rule as `wrap`, at the
    /// last space within one character past the width (a longer word stays
    /// whole).
    private static func forEachWrappedLine(
        _ line: Slice<UnsafeBufferPointer<UInt8>>, prefix: StaticString, _ body: (String) -> Void
    ) {
        let space = UInt8(ascii: " ")
        var rest = line
        while rest.count > docWidth {
            let window = rest.prefix(docWidth + 1)
            guard let breakAt = window.lastIndex(of: space), breakAt > rest.startIndex else { break }
            body(docLine(rest[..<breakAt], prefix: prefix))
            rest = rest[(breakAt + 1)...].drop { $0 == space }
        }
        body(docLine(rest, prefix: prefix))
    }

    private static let docWidth = 100

    /// The index of the first byte at or after `start` that is not
    /// printable ASCII (0x20 to 0x7E), or nil if there is none.
    ///
    /// Docs are mostly printable, so the bytes are tested eight at a time
    /// (as one word, see `isPrintableWord`), and only a word that fails is
    /// searched byte by byte.
    static func firstNonPrintable(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        func isPrintable(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }
        guard let base = bytes.baseAddress else { return nil }
        var index = start
        while index + 8 <= bytes.count {
            // Reads the eight bytes at `index`, all inside `bytes`.
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if !isPrintableWord(word) { break }
            index += 8
        }
        while index < bytes.count {
            if !isPrintable(bytes[index]) { return index }
            index += 1
        }
        return nil
    }

    /// Whether all eight bytes of `word` are printable ASCII. A byte fails
    /// when its top bit is set (not ASCII), when subtracting 0x20 borrows
    /// into its top bit (below 0x20), or when adding one carries into it
    /// (0x7F). A borrow can spill into the next byte up, but only from a
    /// byte that fails already, so the answer for the word is exact.
    private static func isPrintableWord(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        let belowSpace = (word &- 0x20 &* ones) & ~word
        let delete = word &+ ones
        return (word | belowSpace | delete) & tops == 0
    }

    private static func docLine(_ text: Slice<UnsafeBufferPointer<UInt8>>, prefix: StaticString) -> String {
        if text.isEmpty { return String(source: "\(prefix)") }
        let start = prefix.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: text.count + start + 1) { buffer in
            // The prefix ("///"), a space, then the text.
            prefix.withUTF8Buffer { _ = buffer.initialize(fromContentsOf: $0) }
            buffer[start] = UInt8(ascii: " ")
            _ = buffer[(start + 1)...].initialize(fromContentsOf: text)
            return text.count + start + 1
        }
    }

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
