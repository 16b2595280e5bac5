/// Escaping of spec text placed into Swift source: string literals and doc
/// comments. Every Swift target decision about quoting lives here.
public enum SwiftEscaping {
    /// A double-quoted Swift string literal that reads back as exactly `text`.
    public static func stringLiteral(_ text: String) -> String {
        // Printable ASCII other than a quote or a backslash is written as is.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        return "\"" + InvisibleCharacters.escaped(text, literalEscapes) + "\""
    }

    /// What a Swift string literal spells with a backslash of its own.
    private static let literalEscapes = InvisibleCharacters.Rules(named: [
        "\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0",
    ])

    /// Doc text as `///` lines at the given indentation. Control characters
    /// are written as `\u{…}` so the comment stays on its lines.
    public static func docLines(_ doc: String?) -> [String] {
        guard let doc, !doc.isEmpty else { return [] }
        if let lines = plainDocLines(doc) { return lines }
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        var trimmed = Array(lines)
        while let last = trimmed.last, last.allSatisfy(\.isWhitespace) { trimmed.removeLast() }
        return trimmed.flatMap { wrap(String($0), width: 100) }.map { line in
            let safe = visible(line)
            return safe.isEmpty ? "///" : "/// \(safe)"
        }
    }

    /// The text with control characters other than tab, and invisible format
    /// characters, written as `\u{…}`.
    private static let docEscapes = InvisibleCharacters.Rules(keep: ["\t"])

    static func visible(_ text: some StringProtocol) -> String {
        InvisibleCharacters.escaped(text, docEscapes)
    }

    /// `docLines` for the usual doc: printable ASCII and line feeds only.
    /// There every character is one byte and nothing needs escaping, so the
    /// same splitting, trimming and wrapping run on bytes. Nil for any other
    /// text, which takes the general path.
    private static func plainDocLines(_ doc: String) -> [String]? {
        let space = UInt8(ascii: " ")
        let newline = UInt8(ascii: "\n")
        let bytes = Array(doc.utf8)
        guard !bytes.contains(where: { ($0 < 0x20 && $0 != newline) || $0 >= 0x7F }) else { return nil }
        var lines = bytes.split(separator: newline, omittingEmptySubsequences: false)
        while let last = lines.last, last.allSatisfy({ $0 == space }) { lines.removeLast() }
        var result: [String] = []
        result.reserveCapacity(lines.count)
        for line in lines {
            var rest = line
            // The same rule as `wrap`: break at the last space within one
            // character past the width; a longer word stays whole.
            while rest.count > docWidth {
                let window = rest.prefix(docWidth + 1)
                guard let breakAt = window.lastIndex(of: space), breakAt > rest.startIndex else { break }
                result.append(docLine(rest[..<breakAt]))
                rest = rest[(breakAt + 1)...].drop { $0 == space }
            }
            result.append(docLine(rest))
        }
        return result
    }

    private static let docWidth = 100

    private static func docLine(_ text: ArraySlice<UInt8>) -> String {
        if text.isEmpty { return "///" }
        return String(unsafeUninitializedCapacity: text.count + 4) { buffer in
            // "/// ", then the text.
            buffer[0] = UInt8(ascii: "/")
            buffer[1] = UInt8(ascii: "/")
            buffer[2] = UInt8(ascii: "/")
            buffer[3] = UInt8(ascii: " ")
            _ = buffer[4...].initialize(fromContentsOf: text)
            return text.count + 4
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
