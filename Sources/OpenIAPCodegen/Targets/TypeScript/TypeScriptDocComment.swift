import OpenIAPSpec
import OpenIAPTemplates

/// The content of one `/** … */` comment: prose paragraphs, then tags.
///
/// Each paragraph and tag is turned into its final, escaped lines when it
/// is added, straight into the values the template reads. Keeping the raw
/// paragraphs to split and escape later built every line twice: once as a
/// list of strings, once more as the list the template reads.
struct DocComment {
    /// The prose as escaped lines, one blank line between two paragraphs.
    private var text: [TemplateValue] = []
    /// The tag lines, their text escaped.
    private var tagLines: [TemplateValue] = []

    init(_ doc: String? = nil) {
        if let doc { addParagraph(doc) }
    }

    /// The comment's lines, as the template writes them between `/**` and
    /// `*/`: the paragraphs, then a blank line and the tags.
    var lines: [String] {
        var lines: [String] = []
        for line in text { if case .string(let line) = line { lines.append(line) } }
        if !tagLines.isEmpty, !lines.isEmpty { lines.append("") }
        for line in tagLines { if case .string(let line) = line { lines.append(line) } }
        return lines
    }

    /// Adds a paragraph: its lines (split at line feeds) lose trailing
    /// spaces and tabs, blank lines at either end are dropped, and each line
    /// is escaped on its own. A paragraph with nothing to show adds nothing.
    mutating func addParagraph(_ paragraph: String) {
        if let line = Self.plainLine(paragraph) {
            startParagraph()
            text.append(.string(line))
            return
        }
        let paragraphLines = Self.plainLines(paragraph)
            ?? paragraph.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TypeScriptNames.docText(Self.trimmedTrailing(String($0))) }
        guard let first = paragraphLines.firstIndex(where: { !$0.isEmpty }),
            let last = paragraphLines.lastIndex(where: { !$0.isEmpty })
        else { return }
        startParagraph()
        for line in paragraphLines[first...last] { text.append(.string(line)) }
    }

    /// Adds one line of a paragraph given line by line: the lines come out
    /// as `addParagraph` gives them for the whole paragraph, so a list needs
    /// no joining only to be split again. `line` holds no line feed and is
    /// not blank; `startsParagraph` is true for a paragraph's first line.
    mutating func addParagraphLine(_ line: String, startsParagraph: Bool) {
        if startsParagraph { startParagraph() }
        if let plain = Self.plainLine(line) {
            text.append(.string(plain))
            return
        }
        // A line that needs trimming or escaping takes the paragraph rule,
        // which gives one line for it.
        var one = DocComment()
        one.addParagraph(line)
        assert(one.text.count == 1, "a paragraph line with a line feed, or blank")
        text.append(contentsOf: one.text)
    }

    /// A blank line before a paragraph that follows another.
    private mutating func startParagraph() {
        if text.isEmpty {
            // Room for the usual comment at once: a doc and a few notes
            // grew the list two or three times.
            text.reserveCapacity(8)
        } else {
            text.append("")
        }
    }

    /// Adds a tag whose text is `text`, written `word text`: the word stays
    /// a tag, only the text is escaped (and kept on its line). Tags are
    /// listed after all paragraphs, in the order they were added.
    mutating func addTag(_ word: String, _ text: String) {
        // An empty text leaves the tag line as it was given.
        guard !text.isEmpty else {
            tagLines.append(.string(word + " "))
            return
        }
        // Most tag texts (versions, messages) need no escaping: one string
        // is built, without splitting a whole line back apart first.
        var escaped = TypeScriptNames.docText(text)
        // The bytes are read in place (the UTF-8 view steps slowly).
        if escaped.utf8.contains(UInt8(ascii: "\n")) { escaped = escaped.replacing("\n", with: " ") }
        var line = ""
        line.reserveCapacity(word.utf8.count + 1 + escaped.utf8.count)
        line += word
        line += " "
        line += escaped
        tagLines.append(.string(line))
    }

    /// Adds a tag line with no text, such as `@deprecated`.
    mutating func addTag(_ word: String) {
        tagLines.append(.string(word))
    }

    mutating func addLifecycle(_ annotations: Annotations) {
        addLifecycle(deprecated: TypeScriptDeprecation.message(annotations), since: annotations.since)
    }

    mutating func addLifecycle(deprecated: String?, since: String?) {
        if let since { addTag("@since", since) }
        if let message = deprecated {
            if message.isEmpty { addTag("@deprecated") } else { addTag("@deprecated", message) }
        }
    }

    /// The members `addTemplateMembers` adds, in the order it adds them.
    static let templateKeys = [Key.docSingle, Key.hasDocBlock, Key.docLines]

    /// `docSingle` for a one-line comment, otherwise `hasDocBlock` and
    /// `docLines` (a list of strings); all three keys are always added. A
    /// one-line comment's `docLines` is empty: the template reads it only
    /// for a block, and leaving it empty saves a list per field.
    consuming func addTemplateMembers(to object: inout TemplateObject) {
        let count = text.count + tagLines.count + (text.isEmpty || tagLines.isEmpty ? 0 : 1)
        if count <= 1 {
            let single = text.first ?? tagLines.first ?? ""
            object.append(Key.docSingle, single)
            object.append(Key.hasDocBlock, false)
            object.append(Key.docLines, .list([]))
            return
        }
        // Taken out of `self` so that appending the tags grows the one list
        // in place instead of copying it.
        var lines = text
        text = []
        if !tagLines.isEmpty {
            lines.reserveCapacity(count)
            if !lines.isEmpty { lines.append("") }
            lines.append(contentsOf: tagLines)
        }
        object.append(Key.docSingle, "")
        object.append(Key.hasDocBlock, true)
        object.append(Key.docLines, .list(lines))
    }

    /// `addTemplateMembers` for a comment that is `doc` alone: a doc that is
    /// one plain line, the usual case, is the comment as it is, with no
    /// lines to build.
    static func addTemplateMembers(doc: String?, to object: inout TemplateObject) {
        guard let doc else {
            DocComment().addTemplateMembers(to: &object)
            return
        }
        if let line = plainLine(doc) {
            object.append(Key.docSingle, .string(line))
            object.append(Key.hasDocBlock, false)
            object.append(Key.docLines, .list([]))
            return
        }
        DocComment(doc).addTemplateMembers(to: &object)
    }

    private enum Key {
        static let docSingle = TemplateKey("docSingle")
        static let hasDocBlock = TemplateKey("hasDocBlock")
        static let docLines = TemplateKey("docLines")
    }

    /// The paragraph itself when it is one line that `docText` leaves as it
    /// is and that ends in no space or tab: the usual doc, found without
    /// splitting or copying it. Nil for any other paragraph.
    private static func plainLine(_ paragraph: String) -> String? {
        // `needsDocEscape` is true for every line break and control byte
        // other than a tab.
        guard let last = paragraph.utf8.last, last != UInt8(ascii: " "), last != UInt8(ascii: "\t"),
            !TypeScriptNames.needsDocEscape(paragraph)
        else { return nil }
        return paragraph
    }

    /// The escaped lines of a paragraph of printable ASCII and line feeds,
    /// split and trimmed on bytes (there every character is one byte);
    /// nil for any other text, which takes the character-based path.
    private static func plainLines(_ paragraph: String) -> [String]? {
        guard !paragraph.utf8.contains(where: { ($0 < 0x20 && $0 != UInt8(ascii: "\n")) || $0 >= 0x7F }) else { return nil }
        return paragraph.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            var trimmed = line
            while trimmed.last == UInt8(ascii: " ") { trimmed = trimmed.dropLast() }
            return TypeScriptNames.docText(String(decoding: trimmed, as: UTF8.self))
        }
    }

    private static func trimmedTrailing(_ text: String) -> String {
        var text = text
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return text
    }
}
