/// A parsed template laid out for rendering: the node tree flattened into
/// one list of instructions, literal text gathered into one byte buffer and
/// tag names split into what a lookup needs.
///
/// Everything the renderer reads per node is plain data in arrays built
/// once, so walking a template copies no strings. The arrays are written
/// only by the initializer, which is why sharing them between threads is
/// safe.
final class TemplateProgram: Sendable {
    struct Instruction {
        enum Operation: UInt8 {
            /// Literal text with no line feed.
            case text
            /// Literal text whose only line feed is its last byte.
            case line
            case variable
            case section
            case invertedSection
            /// A section, or an inverted one, directly followed by a
            /// section of the other kind on the same name
            /// (`{{#x}}…{{/x}}{{^x}}…{{/x}}` and the reverse): the
            /// renderer looks the name up once for both.
            case sectionThenInverted
            case invertedThenSection
            case partial
        }

        var operation: Operation
        /// Text and line: the first byte in `text`. Variable and section: the index
        /// of the name in `names`. Partial: the index in `partials`.
        var operand: Int
        /// Text and line: one past its last byte. Section: the index of the first
        /// instruction after its body (the body follows the section).
        var end: Int
        /// The offset of the tag's `{{`, for errors.
        var offset: Int
    }

    /// How a name is looked up; see `TemplateName`.
    enum NameKind: UInt8 {
        case current
        case first
        case last
        case index
        /// A single part, searched through the context stack.
        case key
        /// Several parts: the first as for `key`, the rest inside it.
        case path
    }

    struct Partial {
        var name: String
        /// The indentation of a standalone partial tag: where its bytes are
        /// in `text`; empty when the tag is inline.
        var indent: Range<Int>
    }

    let source: TemplateSource
    let instructions: [Instruction]
    let text: [UInt8]
    /// Per name: its kind, and for `key` and `path` its first part.
    let nameKinds: [NameKind]
    let firstKeys: [TemplateKey]
    /// The names as parsed, for dotted paths and error messages.
    let names: [TemplateName]
    let partials: [Partial]

    init(nodes: [TemplateNode], source: TemplateSource) {
        var builder = Builder()
        builder.add(nodes)
        builder.pairSections()
        self.source = source
        instructions = builder.instructions
        text = builder.text
        names = builder.names
        partials = builder.partials
        nameKinds = builder.names.map(Self.kind)
        firstKeys = builder.names.map(Self.firstKey)
    }

    private static func kind(of name: TemplateName) -> NameKind {
        switch name {
        case .current: .current
        case .loop(.first): .first
        case .loop(.last): .last
        case .loop(.index): .index
        case .path(let parts): parts.count == 1 ? .key : .path
        }
    }

    /// The part a lookup searches the context stack for; unused for names
    /// that are not paths.
    private static func firstKey(of name: TemplateName) -> TemplateKey {
        if case .path(let parts) = name { parts[0] } else { TemplateKey("") }
    }

    /// Flattens nodes depth first: a section's body directly follows it.
    private struct Builder {
        var instructions: [Instruction] = []
        var text: [UInt8] = []
        var names: [TemplateName] = []
        var partials: [Partial] = []

        /// Marks every section directly followed by a section of the
        /// other kind on the same name (see `sectionThenInverted`).
        mutating func pairSections() {
            var position = 0
            while position < instructions.count {
                let first = instructions[position]
                let next = first.end
                if first.operation == .section || first.operation == .invertedSection, next < instructions.count,
                    instructions[next].operation == (first.operation == .section ? .invertedSection : .section),
                    names[first.operand] == names[instructions[next].operand]
                {
                    instructions[position].operation = first.operation == .section ? .sectionThenInverted : .invertedThenSection
                }
                position += 1
            }
        }

        mutating func add(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case .text(let literal):
                    // One instruction per line, so that the renderer knows
                    // where lines end without searching the text each time
                    // it writes it under an indented partial.
                    var start = text.count
                    text.append(contentsOf: literal.utf8)
                    for index in start..<text.count where text[index] == UInt8(ascii: "\n") {
                        instructions.append(Instruction(operation: .line, operand: start, end: index + 1, offset: 0))
                        start = index + 1
                    }
                    if start < text.count {
                        instructions.append(Instruction(operation: .text, operand: start, end: text.count, offset: 0))
                    }
                case .variable(let name, let offset):
                    names.append(name)
                    instructions.append(Instruction(operation: .variable, operand: names.count - 1, end: 0, offset: offset))
                case .section(let name, let inverted, let body, let offset):
                    names.append(name)
                    let position = instructions.count
                    let operation: Instruction.Operation = inverted ? .invertedSection : .section
                    instructions.append(Instruction(operation: operation, operand: names.count - 1, end: 0, offset: offset))
                    add(body)
                    instructions[position].end = instructions.count
                case .partial(let name, let indent, let offset):
                    let start = text.count
                    text.append(contentsOf: indent.utf8)
                    partials.append(Partial(name: name, indent: start..<text.count))
                    instructions.append(Instruction(operation: .partial, operand: partials.count - 1, end: 0, offset: offset))
                }
            }
        }
    }
}
