import OpenIAPSpec

/// Turns the lexer's flat token list into a tree of sections, checking that
/// every section is closed by a tag of the same name and that names are
/// well formed.
struct TemplateParser {
    let source: TemplateSource

    /// A section whose closing tag has not been seen yet.
    private struct OpenSection {
        var name: TemplateName
        var text: String
        var inverted: Bool
        var offset: Int
        var body: [TemplateNode] = []
    }

    /// How many sections may be open inside one another.
    static let maxSectionDepth = 100

    func parse(_ tokens: [TemplateToken]) throws(DiagnosticError) -> [TemplateNode] {
        var root: [TemplateNode] = []
        var open: [OpenSection] = []

        func append(_ node: TemplateNode) {
            if open.isEmpty {
                Self.append(node, to: &root)
            } else {
                Self.append(node, to: &open[open.count - 1].body)
            }
        }

        for token in tokens {
            let content = source.text(token.content)
            switch token.kind {
            case .text:
                if token.start < token.end {
                    append(.text(source.text(token.start..<token.end)))
                }
            case .comment:
                break
            case .variable:
                append(.variable(try name(content, at: token.start), at: token.start))
            case .section, .invertedSection:
                let parsed = try name(content, at: token.start)
                // The tree is walked recursively when rendered and freed.
                if open.count >= Self.maxSectionDepth {
                    throw source.error("sections nest deeper than \(Self.maxSectionDepth) levels", at: token.start)
                }
                open.append(OpenSection(name: parsed, text: content,
                                        inverted: token.kind == .invertedSection, offset: token.start))
            case .close:
                if content.isEmpty { throw source.error("empty tag", at: token.start) }
                guard let section = open.popLast() else {
                    throw source.error("closing tag '\(content)' without an opening section", at: token.start)
                }
                guard section.text == content else {
                    throw source.error(
                        "unexpected closing tag '\(content)'; expected '\(section.text)'", at: token.start,
                        notes: [.note("section '\(section.text)' opened here",
                                      at: source.location(at: section.offset))])
                }
                append(.section(section.name, inverted: section.inverted, body: section.body, at: section.offset))
            case .partial:
                if content.isEmpty { throw source.error("empty tag", at: token.start) }
                if content.utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                    throw source.error("invalid partial name '\(content)'", at: token.start)
                }
                let indent = token.standaloneLineStart.map { source.text($0..<token.start) } ?? ""
                append(.partial(content, indent: indent, at: token.start))
            }
        }

        if !open.isEmpty {
            // Every section still open is its own mistake; report each where it starts.
            throw DiagnosticError(open.map {
                .error("unclosed section '\($0.text)'", at: source.location(at: $0.offset))
            })
        }
        return root
    }

    /// Checks a variable or section name: `.`, one of the loop variables, or
    /// dot-separated parts made of ASCII letters, digits, `_` and `-`.
    private func name(_ text: String, at offset: Int) throws(DiagnosticError) -> TemplateName {
        if text.isEmpty { throw source.error("empty tag", at: offset) }
        if text == "." { return .current }
        if text.hasPrefix("@") {
            guard let variable = TemplateName.LoopVariable(rawValue: text) else {
                throw source.error("unknown loop variable '\(text)'; expected '@first', '@last' or '@index'", at: offset)
            }
            return .loop(variable)
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        for part in parts where part.isEmpty || !part.utf8.allSatisfy(Self.isNameByte) {
            throw source.error("invalid name '\(text)'", at: offset)
        }
        return .path(parts.map { TemplateKey(String($0)) })
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// Appends a node, joining it with a preceding text node so that text
    /// split only by a removed comment is written in one piece.
    private static func append(_ node: TemplateNode, to nodes: inout [TemplateNode]) {
        if case .text(let next) = node, case .text(let previous)? = nodes.last {
            nodes[nodes.count - 1] = .text(previous + next)
        } else {
            nodes.append(node)
        }
    }
}
