import OpenIAPSpec

/// A piece of template source: either literal text or one `{{…}}` tag.
///
/// The lexer always produces text and tags alternately, starting and ending
/// with text (possibly empty), so the text around tag `i` is at `i - 1` and
/// `i + 1`. Whitespace rules then only have to shrink those neighbours.
struct TemplateToken {
    enum Kind: Equatable {
        case text
        case variable
        case section
        case invertedSection
        case close
        case partial
        case comment

        /// Tags that leave no output of their own, so a line holding only
        /// one of them can disappear entirely.
        var canStandAlone: Bool { self != .text && self != .variable }
    }

    var kind: Kind
    /// Text: the first byte. Tag: the offset of its `{{`.
    var start: Int
    /// Text: one past the last byte. Tag: one past its `}}`.
    var end: Int
    /// The name inside a tag, without sigil, `~` and surrounding whitespace.
    var content: Range<Int> = 0..<0
    var trimBefore = false
    var trimAfter = false
    /// Set for standalone tags: the offset where their line starts. For a
    /// partial, the bytes from here to `start` are its indentation.
    var standaloneLineStart: Int?
}

/// Splits template bytes into tokens and applies the whitespace rules
/// (standalone lines and `~`), which only need the raw bytes around each tag.
struct TemplateLexer {
    let source: TemplateSource

    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")
    private static let tilde = UInt8(ascii: "~")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    func tokenize() throws(DiagnosticError) -> [TemplateToken] {
        let bytes = source.bytes
        var tokens: [TemplateToken] = []
        var textStart = 0
        while let open = Self.findPair(Self.openBrace, in: bytes, from: textStart) {
            let tag = try readTag(at: open)
            tokens.append(TemplateToken(kind: .text, start: textStart, end: open))
            tokens.append(tag)
            textStart = tag.end
        }
        tokens.append(TemplateToken(kind: .text, start: textStart, end: bytes.count))
        removeStandaloneLines(&tokens)
        applyTrimming(&tokens)
        return tokens
    }

    /// Reads the tag whose `{{` is at `open`.
    private func readTag(at open: Int) throws(DiagnosticError) -> TemplateToken {
        let bytes = source.bytes
        var position = open + 2
        var token = TemplateToken(kind: .variable, start: open, end: open)
        if position < bytes.count, bytes[position] == Self.tilde {
            token.trimBefore = true
            position += 1
        }
        if position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "#"): token.kind = .section
            case UInt8(ascii: "^"): token.kind = .invertedSection
            case UInt8(ascii: "/"): token.kind = .close
            case UInt8(ascii: ">"): token.kind = .partial
            case UInt8(ascii: "!"): token.kind = .comment
            default: break
            }
            if token.kind != .variable { position += 1 }
        }
        // Comments may span lines; any other tag must close on its own line
        // and before another `{{`, so a forgotten `}}` is reported where it
        // was forgotten rather than swallowing the rest of the file.
        guard let close = Self.findTagEnd(in: bytes, from: position, multiline: token.kind == .comment) else {
            throw source.error("unterminated tag", at: open)
        }
        var contentEnd = close
        if contentEnd > position, bytes[contentEnd - 1] == Self.tilde {
            token.trimAfter = true
            contentEnd -= 1
        }
        token.end = close + 2
        token.content = Self.trimmedRange(bytes, position..<contentEnd)
        return token
    }

    /// Removes every line that holds a single standalone-capable tag and
    /// otherwise only spaces or tabs: its indentation goes from the text
    /// before, its line break from the text after.
    private func removeStandaloneLines(_ tokens: inout [TemplateToken]) {
        let bytes = source.bytes
        for index in stride(from: 1, to: tokens.count, by: 2) where tokens[index].kind.canStandAlone {
            var lineStart = tokens[index].start
            while lineStart > 0, Self.isBlank(bytes[lineStart - 1]) { lineStart -= 1 }
            guard lineStart == 0 || bytes[lineStart - 1] == Self.newline else { continue }

            var lineEnd = tokens[index].end
            while lineEnd < bytes.count, Self.isBlank(bytes[lineEnd]) { lineEnd += 1 }
            if lineEnd == bytes.count {
                // The last line of the file needs no line break.
            } else if bytes[lineEnd] == Self.newline {
                lineEnd += 1
            } else if bytes[lineEnd] == Self.carriageReturn, lineEnd + 1 < bytes.count,
                      bytes[lineEnd + 1] == Self.newline {
                lineEnd += 2
            } else {
                continue
            }

            tokens[index].standaloneLineStart = lineStart
            // A neighbour may already have been shrunk by the previous tag's
            // rules, so clamp instead of assigning.
            let before = tokens[index - 1]
            tokens[index - 1].end = max(before.start, min(before.end, lineStart))
            let after = tokens[index + 1]
            tokens[index + 1].start = min(after.end, max(after.start, lineEnd))
        }
    }

    /// `{{~` eats all whitespace before the tag, `~}}` all whitespace after.
    private func applyTrimming(_ tokens: inout [TemplateToken]) {
        let bytes = source.bytes
        for index in stride(from: 1, to: tokens.count, by: 2) {
            if tokens[index].trimBefore {
                let before = tokens[index - 1]
                var end = before.end
                while end > before.start, Self.isWhitespace(bytes[end - 1]) { end -= 1 }
                tokens[index - 1].end = end
            }
            if tokens[index].trimAfter {
                let after = tokens[index + 1]
                var start = after.start
                while start < after.end, Self.isWhitespace(bytes[start]) { start += 1 }
                tokens[index + 1].start = start
            }
        }
    }

    /// The offset of the next two consecutive `byte`s at or after `start`.
    private static func findPair(_ byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == byte, bytes[index + 1] == byte { return index }
            index += 1
        }
        return nil
    }

    /// The offset of the `}}` closing a tag whose content starts at `start`.
    private static func findTagEnd(in bytes: [UInt8], from start: Int, multiline: Bool) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            let byte = bytes[index]
            if byte == closeBrace, bytes[index + 1] == closeBrace { return index }
            if !multiline, byte == newline || (byte == openBrace && bytes[index + 1] == openBrace) {
                return nil
            }
            index += 1
        }
        return nil
    }

    private static func trimmedRange(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Spaces and tabs: what may surround a standalone tag on its line.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Blanks and line breaks: what `~` removes.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        isBlank(byte) || byte == newline || byte == carriageReturn
    }
}
