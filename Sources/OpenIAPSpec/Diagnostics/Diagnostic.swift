/// One problem found while generating, tied to the place that caused it.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error
        case warning
        case note
    }

    public var severity: Severity
    public var location: SourceLocation?
    public var message: String
    /// Further places that explain the problem, such as the first declaration
    /// of a duplicate name. Printed as `note:` lines after the diagnostic.
    public var notes: [Diagnostic]

    public init(
        _ severity: Severity = .error,
        at location: SourceLocation?,
        _ message: String,
        notes: [Diagnostic] = []
    ) {
        self.severity = severity
        self.location = location
        self.message = Self.printable(message)
        self.notes = notes
    }

    /// Messages longer than this many characters lose their middle.
    static let maxMessageLength = 600

    /// A message as one printable line, whatever spec text it quotes: line
    /// breaks, tabs and other control or invisible format characters are
    /// written as escapes (`\n`, `\u{0}`), and a message made huge by a huge
    /// name keeps its start and its end around an ellipsis.
    private static let messageEscapes = InvisibleCharacters.Rules(named: ["\n": "\\n", "\r": "\\r", "\t": "\\t"])

    static func printable(_ message: String) -> String {
        let text = InvisibleCharacters.escaped(message, messageEscapes)
        let count = text.unicodeScalars.count
        guard count > maxMessageLength else { return text }
        let scalars = text.unicodeScalars
        let head = scalars.prefix(maxMessageLength * 2 / 3)
        let tail = scalars.suffix(maxMessageLength / 3)
        return String(String.UnicodeScalarView(head)) + " … " + String(String.UnicodeScalarView(tail))
    }

    public static func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.error, at: location, message, notes: notes)
    }

    public static func note(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.note, at: location, message)
    }

    /// `path:line:column: error: message`, then one line per note.
    public var description: String {
        var lines = [Self.line(severity, location, message)]
        for note in notes { lines.append(Self.line(note.severity, note.location, note.message)) }
        return lines.joined(separator: "\n")
    }

    private static func line(_ severity: Severity, _ location: SourceLocation?, _ message: String) -> String {
        // A file name can hold a line break too; it is escaped like a message.
        let prefix = location.map { "\(printable($0.description)): " } ?? "generator: "
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

/// The error a failed stage throws: every diagnostic it collected, sorted by
/// location so output is stable and reads top to bottom.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = Diagnostics.sorted(diagnostics)
    }

    public init(_ diagnostic: Diagnostic) {
        self.init([diagnostic])
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// A collector that stages append to; it never stops at the first problem.
public struct Diagnostics: Sendable {
    public private(set) var all: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    public mutating func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
        all.append(.error(message, at: location, notes: notes))
    }

    public mutating func append(_ diagnostic: Diagnostic) { all.append(diagnostic) }

    public mutating func append(contentsOf other: [Diagnostic]) { all.append(contentsOf: other) }

    /// Throws a `DiagnosticError` when any error was collected.
    public func check() throws(DiagnosticError) {
        if hasErrors { throw DiagnosticError(all) }
    }

    /// Errors without a location come first, then by file, line and column;
    /// ties keep their original order.
    public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case (nil, nil): return a.offset < b.offset
            case (nil, _): return true
            case (_, nil): return false
            case let (l?, r?): return l == r ? a.offset < b.offset : l < r
            }
        }.map(\.element)
    }
}
