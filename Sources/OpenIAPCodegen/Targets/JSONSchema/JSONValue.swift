/// A JSON value whose objects keep their members in the order they were
/// built. The schema builder chooses that order deliberately (title first,
/// then the shape), so the printed document is stable and reads well.
enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    struct Member: Hashable, Sendable {
        var key: String
        var value: JSONValue

        init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// A container is printed on one line when its one-line form is at most
    /// this many characters and it holds no `description` (prose reads
    /// better on a line of its own). The limit ignores the surrounding
    /// indentation, so a value prints the same wherever a template places it.
    static let inlineLimit = 72

    /// The value printed with two-space indentation. Lines after the first
    /// are indented relative to the value itself; the caller's template adds
    /// the indentation of the place it is written at.
    func printed() -> String {
        var output = ""
        Layout(self).write(to: &output, indent: "")
        return output
    }

    /// The value on a single line: `{"type": "string"}`.
    func inline() -> String {
        switch self {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .integer(value): return String(value)
        case let .number(value): return JSONEscaping.number(value)
        case let .string(text): return JSONEscaping.quoted(text)
        case let .array(items):
            return "[" + items.map { $0.inline() }.joined(separator: ", ") + "]"
        case let .object(members):
            return "{" + members.map { JSONEscaping.quoted($0.key) + ": " + $0.value.inline() }.joined(separator: ", ") + "}"
        }
    }

    /// A value measured once, bottom up, for printing: how long its one-line
    /// form is, whether it holds a `description`, and the one-line text of
    /// every part short enough to be printed that way. Deciding layout level
    /// by level from these keeps printing linear in the size of the value.
    ///
    /// Lengths count `Character`s like `String.count`. A one-line form is
    /// its leaves (quoted strings, numbers, literals) joined by ASCII
    /// punctuation, and no grapheme cluster spans a boundary between two
    /// ASCII characters, so the count of the whole is the sum of its parts.
    private struct Layout {
        /// The one-line text: always kept for leaves and empty containers,
        /// and for containers that are printed on one line.
        var inline: String?
        var length: Int
        var holdsDescription: Bool
        /// For containers: the member keys (quoted; empty for arrays) and the
        /// layout of each element or member value.
        var keys: [String] = []
        var children: [Layout] = []
        var isObject = false

        init(_ value: JSONValue) {
            switch value {
            case let .array(items):
                self.init(container: items.map { ("", Layout($0)) }, isObject: false, holdsDescription: false)
            case let .object(members):
                var holds = false
                let parts = members.map { member -> (String, Layout) in
                    if member.key == "description" { holds = true }
                    return (JSONEscaping.quoted(member.key), Layout(member.value))
                }
                self.init(container: parts, isObject: true, holdsDescription: holds)
            default:
                self.init(leaf: value.inline())
            }
        }

        private init(leaf text: String) {
            inline = text
            // A leaf is a quoted string with every control character escaped,
            // a number or a literal, so in ASCII (with no CR LF pair left)
            // every character is one byte; only other text needs the
            // grapheme-counting `count`.
            let bytes = text.utf8
            length = bytes.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } == true ? bytes.count : text.count
            holdsDescription = false
        }

        private init(container parts: [(key: String, layout: Layout)], isObject: Bool, holdsDescription: Bool) {
            self.isObject = isObject
            // Brackets, plus ", " between parts, plus each key and its ": ".
            var length = 2 + max(0, parts.count - 1) * 2
            var holds = holdsDescription
            for part in parts {
                length += part.layout.length
                if isObject { length += part.key.count + 2 }
                holds = holds || part.layout.holdsDescription
            }
            self.length = length
            self.holdsDescription = holds
            if parts.isEmpty {
                inline = isObject ? "{}" : "[]"
                return
            }
            if length <= JSONValue.inlineLimit, !holds {
                // Short parts always carry their own one-line text.
                var text = isObject ? "{" : "["
                for (index, part) in parts.enumerated() {
                    if index > 0 { text += ", " }
                    if isObject { text += part.key + ": " }
                    text += part.layout.inline!
                }
                text += isObject ? "}" : "]"
                inline = text
                return
            }
            keys = parts.map(\.key)
            children = parts.map(\.layout)
        }

        func write(to output: inout String, indent: String) {
            if let inline {
                output += inline
                return
            }
            let inner = indent + "  "
            output += isObject ? "{\n" : "[\n"
            for (index, child) in children.enumerated() {
                output += inner
                if isObject { output += keys[index] + ": " }
                child.write(to: &output, indent: inner)
                output += index == children.count - 1 ? "\n" : ",\n"
            }
            output += indent + (isObject ? "}" : "]")
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}
