import OpenIAPSpec

/// One parsed template file.
///
/// Parsing happens once, here; rendering only walks the node tree. Syntax
/// errors are reported by the initializer with the template's `name` as the
/// file of every location, so `name` should be the path a user would open,
/// such as `Templates/swift/record.tmpl`.
public struct Template: Sendable {
    /// The path printed in diagnostics.
    public var name: String { source.file }

    let source: TemplateSource
    let nodes: [TemplateNode]
    /// The nodes laid out for rendering.
    let program: TemplateProgram

    public init(source: String, name: String) throws(DiagnosticError) {
        let text = TemplateSource(file: name, bytes: Array(source.utf8))
        let tokens = try TemplateLexer(source: text).tokenize()
        self.source = text
        self.nodes = try TemplateParser(source: text).parse(tokens)
        self.program = TemplateProgram(nodes: nodes, source: text)
    }
}

/// The raw bytes of a template together with its display path. It is kept
/// after parsing only so render-time errors can be located.
struct TemplateSource: Sendable {
    let file: String
    let bytes: [UInt8]

    /// The 1-based line and column of a byte offset; columns count Unicode
    /// scalars, so a tag after `é` is one column further, not two.
    func location(at offset: Int) -> SourceLocation {
        var line = 1
        var column = 1
        for index in 0..<min(offset, bytes.count) {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes (10xxxxxx) belong to the scalar before them.
                column += 1
            }
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    func error(_ message: String, at offset: Int, notes: [Diagnostic] = []) -> DiagnosticError {
        DiagnosticError(.error(message, at: location(at: offset), notes: notes))
    }
}

/// A node of a parsed template. Offsets point at the `{{` of the tag and are
/// turned into line and column only when an error is reported.
enum TemplateNode: Sendable {
    /// Literal text, already stripped of standalone lines and `~` trimming.
    case text(String)
    case variable(TemplateName, at: Int)
    case section(TemplateName, inverted: Bool, body: [TemplateNode], at: Int)
    /// `indent` is the leading whitespace of a standalone partial tag, added
    /// before every non-empty line the partial writes; empty when inline.
    case partial(String, indent: String, at: Int)
}

/// What a variable or section tag refers to.
enum TemplateName: Sendable, Equatable, CustomStringConvertible {
    /// `.`: the innermost value of the context stack.
    case current
    /// `@first`, `@last` or `@index` of the innermost list section.
    case loop(LoopVariable)
    /// `a` or `a.b.c`: the first part is searched through the context stack,
    /// the rest is looked up inside what was found.
    case path([TemplateKey])

    enum LoopVariable: String, Sendable {
        case first = "@first"
        case last = "@last"
        case index = "@index"
    }

    var description: String {
        switch self {
        case .current: return "."
        case .loop(let variable): return variable.rawValue
        case .path(let parts): return parts.map(\.name).joined(separator: ".")
        }
    }
}
