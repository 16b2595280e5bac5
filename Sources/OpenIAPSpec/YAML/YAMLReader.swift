import CYAML

// Pointers here are libyaml's C interface and nothing else: the parser
// struct it fills, the input it reads, the event text it lends. They stay
// in this file (`parse`, `string`, `libyamlDiagnostic`, `LineColumn`) and
// in the event handlers of YAMLTreeBuilder.swift, which copy each
// scalar's bytes out before libyaml frees them; everything past the
// builder is plain Swift values.

/// Bounds that keep a hostile or broken spec file from exhausting memory or
/// time while it is read.
public struct YAMLLimits: Sendable {
    /// How many collections may be nested inside one another.
    public var maxDepth: Int
    /// How many nodes alias expansion may produce in total, counted over every
    /// alias in the document (the guard against "billion laughs" inputs).
    public var maxAliasExpansion: Int

    public init(maxDepth: Int = 256, maxAliasExpansion: Int = 100_000) {
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
    }

    public static let `default` = YAMLLimits()
}

/// Reads one YAML document into located nodes, using libyaml's event
/// parser and building the document without recursion.
public enum YAMLReader {
    /// Parses one YAML document into located nodes. `file` is the path printed in diagnostics.
    ///
    /// An empty stream or an empty document gives an empty plain scalar (a
    /// null) at 1:1. Every problem found is thrown together, sorted by place.
    public static func read(_ bytes: [UInt8], file: String, limits: YAMLLimits = .default) throws(DiagnosticError) -> YAMLNode {
        try document(bytes, file: file, limits: limits).tree()
    }

    /// Parses one YAML document from text; see `read(_:file:limits:)` for bytes.
    public static func read(_ text: String, file: String, limits: YAMLLimits = .default) throws(DiagnosticError) -> YAMLNode {
        try read(Array(text.utf8), file: file, limits: limits)
    }

    /// Parses one YAML document into the flat form the spec reader uses; see
    /// `read(_:file:limits:)`.
    static func document(_ bytes: [UInt8], file: String, limits: YAMLLimits = .default) throws(DiagnosticError) -> YAMLDocument {
        // The document counts bytes, lines and nodes in 32 bits.
        guard bytes.count < Int(Int32.max) else {
            throw DiagnosticError(.error("a spec file must be smaller than 2 GiB", at: SourceLocation(file: file, line: 1, column: 1)))
        }
        var builder = YAMLTreeBuilder(file: file, limits: limits, inputBytes: bytes.count)
        // libyaml insists on a non-null input pointer, which an empty array
        // need not have; an empty input is an empty stream anyway.
        if !bytes.isEmpty {
            bytes.withUnsafeBufferPointer { input in
                parse(input, file: file, into: &builder)
            }
        }
        return try builder.result()
    }

    /// Runs libyaml over `input` and feeds each event to `builder` until the
    /// stream ends, libyaml fails, or the builder asks to stop.
    private static func parse(_ input: UnsafeBufferPointer<UInt8>, file: String, into builder: inout YAMLTreeBuilder) {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            builder.report(.error("out of memory", at: SourceLocation(file: file, line: 1, column: 1)))
            return
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input_string(parser, input.baseAddress, input.count)

        var event = yaml_event_t()
        while true {
            // On failure libyaml leaves the event zeroed, so there is nothing
            // to delete; on success the deferred delete below frees it.
            guard yaml_parser_parse(parser, &event) != 0 else {
                builder.report(libyamlDiagnostic(parser.pointee, input: input, file: file))
                return
            }
            defer { yaml_event_delete(&event) }

            // libyaml counts lines and columns from 0.
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            let keepGoing: Bool
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return
            case YAML_DOCUMENT_START_EVENT:
                keepGoing = builder.documentStart(line: line, column: column)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                // Lent to the builder, which copies it before the event is deleted.
                let text = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
                if scalar.tag == nil && scalar.anchor == nil {
                    // The usual scalar: no optional strings are made and dropped.
                    builder.scalar(text, style: style(of: scalar.style), line: line, column: column)
                } else {
                    builder.scalar(
                        text, style: style(of: scalar.style), tag: string(scalar.tag), anchor: string(scalar.anchor),
                        line: line, column: column)
                }
                keepGoing = true
            case YAML_ALIAS_EVENT:
                keepGoing = builder.alias(string(event.data.alias.anchor) ?? "", line: line, column: column)
            case YAML_SEQUENCE_START_EVENT:
                let start = event.data.sequence_start
                keepGoing = builder.collectionStart(
                    isMapping: false, tag: string(start.tag), anchor: string(start.anchor), line: line, column: column)
            case YAML_MAPPING_START_EVENT:
                let start = event.data.mapping_start
                keepGoing = builder.collectionStart(
                    isMapping: true, tag: string(start.tag), anchor: string(start.anchor), line: line, column: column)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                builder.collectionEnd()
                keepGoing = true
            default:
                // Stream start, document end and empty events carry nothing.
                keepGoing = true
            }
            if !keepGoing { return }
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func style(of style: yaml_scalar_style_t) -> YAMLNode.ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE, YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .quoted
        case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: return .block
        default: return .plain
        }
    }

    // MARK: - libyaml errors

    /// The error libyaml stopped with, as a located diagnostic.
    private static func libyamlDiagnostic(_ parser: yaml_parser_t, input: UnsafeBufferPointer<UInt8>, file: String) -> Diagnostic {
        var message = parser.problem.map { compilerStyle(String(cString: $0)) } ?? "out of memory"
        let location: SourceLocation
        switch parser.error {
        case YAML_READER_ERROR:
            // The reader knows only the byte offset and the offending value,
            // not a line and column.
            location = SourceLocation(file: file, byteOffset: parser.problem_offset, in: input)
            if parser.problem_value >= 0 {
                let hex = String(parser.problem_value, radix: 16, uppercase: true)
                if message.contains("octet") {
                    message += " (byte 0x\(hex.count < 2 ? "0" + hex : hex))"
                } else {
                    message += " (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
                }
            }
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            location = SourceLocation(file: file, mark: parser.problem_mark)
        default:
            location = SourceLocation(file: file, mark: parser.mark)
        }
        if let context = parser.context {
            message += " (\(compilerStyle(String(cString: context))))"
        }
        return .error(message, at: location)
    }

    /// Lowercases a leading capital (but not an acronym) and drops a final
    /// period, so libyaml's wording reads like the rest of the diagnostics.
    private static func compilerStyle(_ text: String) -> String {
        var text = text
        while text.hasSuffix(".") { text.removeLast() }
        let scalars = Array(text.unicodeScalars.prefix(2))
        if scalars.count == 2, scalars[0].properties.isUppercase, scalars[1].properties.isLowercase {
            text = text.prefix(1).lowercased() + text.dropFirst()
        }
        return text
    }
}

extension SourceLocation {
    /// The 1-based place of a libyaml mark, which counts from 0.
    init(file: String, mark: yaml_mark_t) {
        self.init(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// The line and column of a byte offset into the raw input, counted the way
    /// libyaml counts marks: characters, not bytes, with a leading byte order
    /// mark taking no column and `\r\n`, `\r`, `\n`, U+0085, U+2028 and U+2029
    /// each ending a line.
    init(file: String, byteOffset: Int, in input: UnsafeBufferPointer<UInt8>) {
        let end = min(byteOffset, input.count)
        let prefix = UnsafeBufferPointer(rebasing: input[..<end])
        let text: String
        if input.starts(with: [0xFF, 0xFE]) || input.starts(with: [0xFE, 0xFF]) {
            // libyaml also reads UTF-16 when the input opens with its byte
            // order mark; the offset then counts UTF-16 bytes.
            let bigEndian = input[0] == 0xFE
            var units: [UInt16] = []
            units.reserveCapacity(end / 2)
            var index = 0
            while index + 1 < end {
                let (a, b) = (UInt16(prefix[index]), UInt16(prefix[index + 1]))
                units.append(bigEndian ? a << 8 | b : b << 8 | a)
                index += 2
            }
            text = String(decoding: units, as: UTF16.self)
        } else {
            text = String(decoding: prefix, as: UTF8.self)
        }
        var line = 1
        var column = 1
        var previousWasCR = false
        var first = true
        for scalar in text.unicodeScalars {
            defer { first = false }
            if first && scalar == "\u{FEFF}" { continue }
            switch scalar {
            case "\n":
                if !previousWasCR { line += 1 }
                column = 1
            case "\r", "\u{85}", "\u{2028}", "\u{2029}":
                line += 1
                column = 1
            default:
                column += 1
            }
            previousWasCR = scalar == "\r"
        }
        self.init(file: file, line: line, column: column)
    }
}
