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
        write(to: &output, indent: "")
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

    /// Whether a `description` member appears anywhere inside.
    private var holdsDescription: Bool {
        switch self {
        case let .array(items): items.contains { $0.holdsDescription }
        case let .object(members): members.contains { $0.key == "description" || $0.value.holdsDescription }
        default: false
        }
    }

    private func write(to output: inout String, indent: String) {
        let oneLine = inline()
        let isContainer: Bool
        switch self {
        case let .array(items): isContainer = !items.isEmpty
        case let .object(members): isContainer = !members.isEmpty
        default: isContainer = false
        }
        guard isContainer, oneLine.count > Self.inlineLimit || holdsDescription else {
            output += oneLine
            return
        }
        let inner = indent + "  "
        switch self {
        case let .array(items):
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += inner
                item.write(to: &output, indent: inner)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case let .object(members):
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += inner + JSONEscaping.quoted(member.key) + ": "
                member.value.write(to: &output, indent: inner)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        default:
            output += oneLine
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}
