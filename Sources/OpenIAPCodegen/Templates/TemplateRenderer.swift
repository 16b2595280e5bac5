/// Walks a parsed template against a context and appends to one output
/// string. One renderer is used per `TemplateSet.render` call.
struct TemplateRenderer {
    /// Deeper partial nesting than this is taken to be runaway recursion.
    static let maxPartialDepth = 64
    /// Sections and partials inside one another, counted together: every
    /// level is a level of recursion here.
    static let maxNesting = 256

    /// One entry of the context stack. Elements of a list section also carry
    /// their position, which is where `@first`, `@last` and `@index` come from.
    private struct Frame {
        var value: TemplateValue
        var index: Int
        /// The length of the list the value came from, or -1 when it did not
        /// come from a list.
        var count: Int

        init(_ value: TemplateValue, index: Int = 0, count: Int = -1) {
            self.value = value
            self.index = index
            self.count = count
        }
    }

    private let templates: [String: Template]
    /// The UTF-8 bytes written so far; see `result`.
    private var output: [UInt8] = []
    private var frames: [Frame] = []
    /// What every non-empty output line starts with: the sum of the
    /// indentation of the standalone partial tags being rendered.
    private var indent = ""
    /// Whether the next character written begins a line; only tracked while
    /// `indent` is not empty, the only time it matters.
    private var atLineStart = true
    private var partialDepth = 0
    private var nesting = 0

    init(templates: [String: Template], context: TemplateValue, capacity: Int) {
        self.templates = templates
        output.reserveCapacity(capacity)
        frames.reserveCapacity(16)
        frames.append(Frame(context))
    }

    /// Everything rendered, as text. Templates and values are valid UTF-8
    /// and are only ever split at line feeds, so the bytes are too.
    var result: String { String(decoding: output, as: UTF8.self) }

    mutating func render(_ template: Template) throws(DiagnosticError) {
        try render(template.nodes, template.source)
    }

    private mutating func render(_ nodes: [TemplateNode], _ source: TemplateSource) throws(DiagnosticError) {
        for node in nodes {
            switch node {
            case .text(let text):
                write(text)

            case .variable(let name, let offset):
                switch try resolve(name, offset, source) {
                case .string(let text):
                    write(text)
                case .bool(let flag):
                    write(flag ? "true" : "false")
                case let other:
                    throw source.error(
                        "'\(name)' is \(other.kindName); a variable tag can only render a string or a boolean",
                        at: offset)
                }

            case .section(let name, let inverted, let body, let offset):
                guard nesting < Self.maxNesting else {
                    throw source.error("sections and partials nest deeper than \(Self.maxNesting) levels", at: offset)
                }
                nesting += 1
                defer { nesting -= 1 }
                let value = try resolve(name, offset, source)
                if inverted {
                    if !value.isTruthy { try render(body, source) }
                } else if case .list(let items) = value {
                    for (index, item) in items.enumerated() {
                        frames.append(Frame(item, index: index, count: items.count))
                        try render(body, source)
                        frames.removeLast()
                    }
                } else if value.isTruthy {
                    frames.append(Frame(value))
                    try render(body, source)
                    frames.removeLast()
                }

            case .partial(let name, let partialIndent, let offset):
                guard let partial = templates[name] else {
                    throw source.error("unknown partial '\(name)'", at: offset)
                }
                guard partialDepth < Self.maxPartialDepth else {
                    throw source.error("partial recursion deeper than \(Self.maxPartialDepth) levels", at: offset)
                }
                let outerIndent = indent
                if !partialIndent.isEmpty {
                    indent += partialIndent
                    // A standalone tag began its line, so the partial does too.
                    atLineStart = true
                }
                guard nesting < Self.maxNesting else {
                    throw source.error("sections and partials nest deeper than \(Self.maxNesting) levels", at: offset)
                }
                partialDepth += 1
                nesting += 1
                try render(partial.nodes, partial.source)
                nesting -= 1
                partialDepth -= 1
                indent = outerIndent
            }
        }
    }

    /// Finds what a name refers to, or throws an error located at the tag.
    private func resolve(_ name: TemplateName, _ offset: Int, _ source: TemplateSource) throws(DiagnosticError) -> TemplateValue {
        switch name {
        case .current:
            return frames[frames.count - 1].value

        case .loop(let variable):
            var level = frames.count - 1
            while level >= 0 {
                let count = frames[level].count
                if count >= 0 {
                    let index = frames[level].index
                    switch variable {
                    case .first: return .bool(index == 0)
                    case .last: return .bool(index == count - 1)
                    case .index: return .string(String(index))
                    }
                }
                level -= 1
            }
            throw source.error("'\(name)' is only available inside a list section", at: offset)

        case .path(let parts):
            // Only the first part walks the stack; the rest must be found
            // inside what it names, so `a.b` never picks up an outer `b`.
            var found: TemplateValue?
            var level = frames.count - 1
            while level >= 0 {
                if case .object(let members) = frames[level].value, let value = members[parts[0]] {
                    found = value
                    break
                }
                level -= 1
            }
            guard var value = found else {
                throw source.error("unknown variable '\(name)'", at: offset)
            }
            for (position, part) in parts.enumerated().dropFirst() {
                guard case .object(let members) = value else {
                    let prefix = parts[..<position].map(\.name).joined(separator: ".")
                    throw source.error(
                        "cannot look up '\(name)': '\(prefix)' is \(value.kindName), not an object", at: offset)
                }
                guard let member = members[part] else {
                    throw source.error("unknown variable '\(name)'", at: offset)
                }
                value = member
            }
            return value
        }
    }

    /// Appends text, inserting the current indentation at the start of
    /// every line that has content. Empty lines stay empty so indented
    /// partials never leave trailing whitespace.
    private mutating func write(_ text: String) {
        if indent.isEmpty {
            output.append(contentsOf: text.utf8)
            return
        }
        var text = text
        text.withUTF8 { bytes in
            var segmentStart = 0
            for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
                if segmentStart != index { writeLineContent(UnsafeBufferPointer(rebasing: bytes[segmentStart..<index])) }
                output.append(UInt8(ascii: "\n"))
                atLineStart = true
                segmentStart = index + 1
            }
            if segmentStart != bytes.count { writeLineContent(UnsafeBufferPointer(rebasing: bytes[segmentStart...])) }
        }
    }

    /// Appends text that holds no line break.
    private mutating func writeLineContent(_ text: UnsafeBufferPointer<UInt8>) {
        // The `\r` of a CRLF line ending is not content.
        if atLineStart, !(text.count == 1 && text[0] == UInt8(ascii: "\r")) { output.append(contentsOf: indent.utf8) }
        output.append(contentsOf: text)
        atLineStart = false
    }
}
