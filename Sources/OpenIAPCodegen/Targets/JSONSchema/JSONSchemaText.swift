import OpenIAPSpec

/// The prose of the JSON Schema (titles, descriptions, notes) and the
/// literals it writes.
extension JSONSchemaBuilder {
    /// `title` and, when there is anything to say, `description`.
    static func writeHeader(_ name: String, doc: String?, notes: [String], to json: inout JSONWriter) {
        json.member("title", name)
        writeDescription(doc, notes, to: &json)
    }

    /// `"description": description(doc, notes)` when that is not nil,
    /// written paragraph by paragraph: joining them first made the text
    /// once more, and escaping it went byte by byte from its first line
    /// break on.
    static func writeDescription(_ doc: String?, _ notes: [String], to json: inout JSONWriter) {
        let doc = doc.map(trimmed) ?? ""
        guard !doc.isEmpty || notes.contains(where: { !trimmed($0).isEmpty }) else { return }
        json.key("description")
        json.beginString()
        json.appendToString(doc)
        var any = !doc.isEmpty
        for note in notes {
            let note = trimmed(note)
            if note.isEmpty { continue }
            // A blank line between paragraphs, escaped.
            if any { json.appendToString(constant: #"\n\n"#) }
            json.appendToString(note)
            any = true
        }
        json.endString()
    }

    static func addLifecycleNotes(_ annotations: Annotations, to notes: inout [String]) {
        addLifecycleNotes(deprecated: annotations.deprecated, since: annotations.since, to: &notes)
    }

    static func addLifecycleNotes(deprecated: String?, since: String?, to notes: inout [String]) {
        if let message = deprecated {
            notes.append(message.isEmpty ? "Deprecated." : "Deprecated: \(message)")
        }
        if let since { notes.append("Since spec \(since).") }
    }

    /// The doc and the notes as paragraphs, or nil when both are empty.
    static func description(_ doc: String?, _ notes: [String]) -> String? {
        var text = doc.map(trimmed) ?? ""
        for note in notes {
            let note = trimmed(note)
            if note.isEmpty { continue }
            if !text.isEmpty { text += "\n\n" }
            text += note
        }
        return text.isEmpty ? nil : text
    }

    /// One line per value: `- value: doc`, deprecation noted.
    static func valueList(_ values: [EnumValue]) -> String {
        var list = ""
        for value in values {
            if !list.isEmpty { list += "\n" }
            list += "- "
            list += value.wire
            if let doc = value.annotations.doc.map(trimmed), !doc.isEmpty {
                list += ": "
                list += doc
            }
            if let message = value.annotations.deprecated {
                list += message.isEmpty ? " (deprecated)" : " (deprecated: \(message))"
            }
        }
        return list
    }

    /// Without leading and trailing spaces, tabs and line breaks.
    static func trimmed(_ text: String) -> String {
        let bytes = text.utf8
        func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        }
        // The usual text starts and ends with something else; then its
        // first and last characters are not spaces either.
        guard let first = bytes.first, let last = bytes.last, isSpace(first) || isSpace(last) else { return text }
        // Without a CR or a non-ASCII byte, every byte is a character of
        // its own, so trimming bytes trims characters. Otherwise a CR LF
        // pair, or a space followed by a combining mark, is one character
        // that is none of the four, and stays.
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else { return trimmedCharacters(text) }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let end = bytes.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(text[start...end])
    }

    /// `trimmed` character by character, for text that is not plain ASCII.
    private static func trimmedCharacters(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = text.firstIndex(where: { !isSpace($0) }), let end = text.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(text[start...end])
    }

    static func code(_ text: String) -> String { "`\(text)`" }

    static func codeList(_ names: [String]) -> String { names.map(code).joined(separator: ", ") }

    static func number(_ value: Double) -> JSONValue {
        if value == value.rounded(), abs(value) < 1e15 { return .integer(Int64(value)) }
        return .number(value)
    }

    static func json(_ value: DefaultValue) -> JSONValue {
        switch value {
        case let .bool(flag): .bool(flag)
        case let .int(number): .integer(number)
        case let .double(number): Self.number(number)
        case let .string(text), let .enumValue(text): .string(text)
        case let .list(items): .array(items.map(json))
        }
    }
}
