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
        var sizes: [Size] = []
        _ = measure(into: &sizes)
        var output: [UInt8] = []
        var next = 0
        write(to: &output, indent: 0, sizes: sizes, next: &next)
        return String(decoding: output, as: UTF8.self)
    }

    /// The value on a single line: `{"type": "string"}`.
    func inline() -> String {
        var output: [UInt8] = []
        appendInline(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private func appendInline(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case let .bool(flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case let .integer(value): output.append(contentsOf: String(value).utf8)
        case let .number(value): output.append(contentsOf: JSONEscaping.number(value).utf8)
        case let .string(text): JSONEscaping.appendQuoted(text, to: &output)
        case let .array(items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(contentsOf: ", ".utf8) }
                item.appendInline(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case let .object(members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(contentsOf: ", ".utf8) }
                JSONEscaping.appendQuoted(member.key, to: &output)
                output.append(contentsOf: ": ".utf8)
                member.value.appendInline(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    // MARK: - Layout

    // Printing decides, container by container, between the one-line form
    // and one line per element. Measuring every container once, bottom up,
    // before writing keeps that linear in the size of the value.

    /// What the layout needs to know about one non-empty container.
    private struct Size {
        /// The length of its one-line form, in `Character`s.
        var length: Int
        /// Whether a `description` member appears anywhere inside.
        var holdsDescription: Bool
        /// How many non-empty containers its measurement covers, itself
        /// included: the entries to skip when it is written on one line.
        var containers: Int
    }

    private var isContainer: Bool {
        switch self {
        case let .array(items): !items.isEmpty
        case let .object(members): !members.isEmpty
        default: false
        }
    }

    /// The one-line length and `description` flag of this value, appending
    /// a `Size` for every non-empty container, in the order `write` meets them.
    ///
    /// Lengths count `Character`s like `String.count`. A one-line form is
    /// its leaves (quoted strings, numbers, literals) joined by ASCII
    /// punctuation, and no grapheme cluster spans a boundary between two
    /// ASCII characters, so the count of the whole is the sum of its parts.
    private func measure(into sizes: inout [Size]) -> (length: Int, holdsDescription: Bool) {
        let parts: Int
        switch self {
        case let .array(items) where !items.isEmpty: parts = items.count
        case let .object(members) where !members.isEmpty: parts = members.count
        case let .string(text): return (Self.quotedLength(text), false)
        default: return (inline().count, false)
        }
        let slot = sizes.count
        sizes.append(Size(length: 0, holdsDescription: false, containers: 0))
        // Brackets, plus ", " between parts.
        var length = 2 + (parts - 1) * 2
        var holds = false
        switch self {
        case let .array(items):
            for item in items {
                let inner = item.measure(into: &sizes)
                length += inner.length
                holds = holds || inner.holdsDescription
            }
        case let .object(members):
            for member in members {
                let inner = member.value.measure(into: &sizes)
                // The quoted key and its ": ".
                length += Self.quotedLength(member.key) + 2 + inner.length
                holds = holds || inner.holdsDescription || member.key == "description"
            }
        default: break
        }
        sizes[slot] = Size(length: length, holdsDescription: holds, containers: sizes.count - slot)
        return (length, holds)
    }

    /// `JSONEscaping.quoted(text).count`. ASCII text stays ASCII once quoted
    /// (with no CR LF pair left: line breaks are escaped), so there the count
    /// is the number of bytes each one turns into.
    private static func quotedLength(_ text: String) -> Int {
        var text = text
        let length = text.withUTF8 { bytes -> Int? in
            var length = 2 + bytes.count
            for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                switch byte {
                case 0x80...: return nil
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), 0x08, 0x0C:
                    length += 1
                default: length += 5
                }
            }
            return length
        }
        return length ?? JSONEscaping.quoted(text).count
    }

    /// Writes the value; `indent` is the number of spaces its own lines
    /// after the first start with, `next` the entry of `sizes` for the next
    /// non-empty container.
    private func write(to output: inout [UInt8], indent: Int, sizes: [Size], next: inout Int) {
        guard isContainer else {
            appendInline(to: &output)
            return
        }
        let size = sizes[next]
        if size.length <= Self.inlineLimit, !size.holdsDescription {
            appendInline(to: &output)
            next += size.containers
            return
        }
        next += 1
        let inner = indent + 2
        switch self {
        case let .array(items):
            output.append(contentsOf: "[\n".utf8)
            for (index, item) in items.enumerated() {
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: inner))
                item.write(to: &output, indent: inner, sizes: sizes, next: &next)
                output.append(contentsOf: (index == items.count - 1 ? "\n" : ",\n").utf8)
            }
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
            output.append(UInt8(ascii: "]"))
        case let .object(members):
            output.append(contentsOf: "{\n".utf8)
            for (index, member) in members.enumerated() {
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: inner))
                JSONEscaping.appendQuoted(member.key, to: &output)
                output.append(contentsOf: ": ".utf8)
                member.value.write(to: &output, indent: inner, sizes: sizes, next: &next)
                output.append(contentsOf: (index == members.count - 1 ? "\n" : ",\n").utf8)
            }
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
            output.append(UInt8(ascii: "}"))
        default:
            break
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}
