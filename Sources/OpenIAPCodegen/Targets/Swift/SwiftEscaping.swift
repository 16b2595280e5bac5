import OpenIAPSpec

/// Escaping of spec text placed into Swift source: string literals and doc
/// comments. Every Swift target decision about quoting lives here.
public enum SwiftEscaping {
    /// A double-quoted Swift string literal that reads back as exactly `text`.
    public static func stringLiteral(_ text: String) -> String {
        return "\"\(InvisibleCharacters.escaped(text, literalEscapes))\""
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
        // The usual doc, one short line of printable ASCII, is one doc line
        // as it is: what the general rule below makes of it too.
        if doc.utf8.count <= docWidth, doc.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }),
            doc.utf8.contains(where: { $0 != UInt8(ascii: " ") })
        {
            body("\(prefix) \(doc)")
            return
        }
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        var trimmed = Array(lines)
        while let last = trimmed.last, last.allSatisfy(\.isWhitespace) { trimmed.removeLast() }
        for line in trimmed {
            for part in wrap(String(line), width: docWidth) {
                let safe = visible(part)
                body(safe.isEmpty ? "\(prefix)" : "\(prefix) \(safe)")
            }
        }
    }

    /// The text with control characters other than tab, and invisible format
    /// characters, written as `\u{…}`.
    private static let docEscapes = InvisibleCharacters.Rules(keep: ["\t"])

    static func visible(_ text: some StringProtocol) -> String {
        InvisibleCharacters.escaped(text, docEscapes)
    }

    private static let docWidth = 100

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
