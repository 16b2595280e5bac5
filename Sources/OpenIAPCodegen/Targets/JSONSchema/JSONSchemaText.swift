import OpenIAPSpec

/// The prose of the JSON Schema (titles, descriptions, notes) and the
/// literals it writes.
extension JSONSchemaBuilder {
    /// `title` and, when there is anything to say, `description`.
    static func writeHeader(_ name: String, doc: String?, notes: [String], to json: inout JSONWriter) {
        json.member("title", name)
        if let text = description(doc, notes) { json.member("description", text) }
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
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        if let first = text.first, let last = text.last, !isSpace(first), !isSpace(last) { return text }
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
