/// A field's `pattern:` constraint: a small regular expression that the
/// whole string must match, checked by the generated `validate()` and by
/// JSON Schema's `pattern`.
///
/// The language is a subset chosen so that every regular expression engine
/// that matters reads it the same way, with or without ECMA-262's `u` flag,
/// and Python's `re` (the JSON Schema validator this project proves against)
/// too:
///
/// - the pattern is anchored: it starts with `^` and ends with `$`, which
///   appear nowhere else unescaped;
/// - between them is a sequence of atoms, each optionally followed by one
///   quantifier: `*`, `+`, `?`, `{n}`, `{n,}` or `{n,m}` (at most 1000);
/// - an atom is a printable ASCII character other than
///   `^ $ \ . * + ? ( ) [ ] { } |`, an escaped one of those or `/`
///   (`\.`), or a class `[...]` of such characters and ranges (`A-Z`),
///   where `-` is a range only between two characters, literal first or last
///   or escaped (`\-`), and `]`, `[` and `\` are escaped;
/// - there is no `.`, no negated class, no `\d`/`\w`/`\s`, no groups, no
///   alternation, no lazy quantifiers and nothing outside ASCII. Each of
///   those differs between engines somewhere: `.` and line terminators,
///   `\d` and Unicode digits in Python, a negated class and characters
///   beyond U+FFFF (one character in Python, two code units in JavaScript
///   without `u`), `[]` and `[^]`.
///
/// Because every atom accepts ASCII characters only, a string holding any
/// other character never matches, however an engine counts it; the one
/// difference left is `$`, which Python, Java and PCRE also let match before
/// a final line feed. The JSON Schema target therefore writes the end as
/// `$(?![\s\S])` (see `JSONSchemaBuilder`).
///
/// A parsed pattern is a list of `Step`s, which the generated Swift matches
/// with a tiny simulation that takes time linear in the string's length.
public struct StringPattern: Hashable, Sendable {
    /// As written in the spec, `^` to `$`.
    public let source: String
    /// The atoms in order, each with its repetition.
    public let steps: [Step]

    /// One atom and how often it repeats.
    public struct Step: Hashable, Sendable {
        /// The ASCII characters the atom accepts: bit `n` of `low` for
        /// code `n` below 64, bit `n - 64` of `high` for the others.
        public var low: UInt64
        public var high: UInt64
        public var minimum: Int
        /// nil for no upper bound.
        public var maximum: Int?

        public func accepts(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }
    }

    /// Why a pattern is not in the subset; `offset` counts characters from
    /// the start of the pattern to the one at fault.
    public struct SyntaxError: Error, Hashable, Sendable {
        public var message: String
        public var offset: Int
    }

    /// The largest count a quantifier may give.
    public static let maximumCount = 1000
    /// The largest number of positions the steps may unroll to (each step
    /// counts its minimum, plus its maximum less its minimum, or one more
    /// for no maximum): the matcher's work per character.
    public static let maximumPositions = 1000
    /// The longest pattern, in characters.
    public static let maximumLength = 1024

    /// Characters that must be escaped outside a class.
    static let syntaxCharacters: Set<UInt8> = Set("^$\\.*+?()[]{}|".utf8)

    public static func parse(_ source: String) -> Result<StringPattern, SyntaxError> {
        var parser = Parser(source)
        do {
            return .success(StringPattern(source: source, steps: try parser.parse()))
        } catch {
            return .failure(error)
        }
    }

    /// How many positions the steps unroll to (see `maximumPositions`).
    static func positions(_ steps: [Step]) -> Int {
        steps.reduce(0) { total, step in total + (step.maximum.map { $0 } ?? step.minimum + 1) }
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(_ source: String) {
            bytes = Array(source.utf8)
        }

        func failure(_ message: String, at offset: Int? = nil) -> SyntaxError {
            SyntaxError(message: message, offset: offset ?? index)
        }

        mutating func parse() throws(SyntaxError) -> [Step] {
            if let bad = bytes.firstIndex(where: { $0 >= 0x80 }) {
                // The offset counts characters: the bytes before it are ASCII.
                throw failure("only ASCII characters are allowed in a pattern", at: bad)
            }
            if let bad = bytes.firstIndex(where: { $0 < 0x20 || $0 == 0x7F }) {
                throw failure("control characters are not allowed in a pattern (0x\(String(bad, radix: 16)))", at: bad)
            }
            guard bytes.count <= StringPattern.maximumLength else {
                throw failure("a pattern is at most \(StringPattern.maximumLength) characters", at: 0)
            }
            guard bytes.first == UInt8(ascii: "^") else {
                throw failure("a pattern must start with '^': the whole string has to match", at: 0)
            }
            guard bytes.count >= 2, bytes.last == UInt8(ascii: "$"), !endsEscaped(bytes.count - 1) else {
                throw failure("a pattern must end with '$': the whole string has to match", at: bytes.count)
            }
            index = 1
            let end = bytes.count - 1
            var steps: [Step] = []
            while index < end {
                var step = try atom(before: end)
                try quantifier(into: &step, before: end)
                steps.append(step)
            }
            guard StringPattern.positions(steps) <= StringPattern.maximumPositions else {
                throw failure(
                    "the pattern's repetitions add up to more than \(StringPattern.maximumPositions) positions; use smaller counts",
                    at: 0)
            }
            return steps
        }

        /// Whether the character at `position` is preceded by an odd number of backslashes.
        func endsEscaped(_ position: Int) -> Bool {
            var count = 0
            var at = position - 1
            while at >= 0, bytes[at] == UInt8(ascii: "\\") {
                count += 1
                at -= 1
            }
            return count % 2 == 1
        }

        mutating func atom(before end: Int) throws(SyntaxError) -> Step {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                let escaped = try escape(before: end, inClass: false)
                return Step(single: escaped)
            case UInt8(ascii: "["):
                return try characterClass(before: end)
            case UInt8(ascii: "."):
                throw failure("'.' is not supported (engines disagree on line terminators); list the characters in a class, or write '\\.' for a dot")
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "|"):
                throw failure("groups and alternation are not supported; write '\\\(Character(UnicodeScalar(byte)))' for the character itself")
            case UInt8(ascii: "^"), UInt8(ascii: "$"):
                throw failure("'\(Character(UnicodeScalar(byte)))' may only start or end the pattern; write '\\\(Character(UnicodeScalar(byte)))' for the character itself")
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
                throw failure("'\(Character(UnicodeScalar(byte)))' must follow a character or a class")
            case UInt8(ascii: "{"):
                throw failure("'{' must follow a character or a class as a count ({n}, {n,}, {n,m}); write '\\{' for a brace")
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                throw failure("write '\\\(Character(UnicodeScalar(byte)))' for the character itself")
            default:
                index += 1
                return Step(single: byte)
            }
        }

        /// The character an escape at `index` stands for; `index` moves past it.
        mutating func escape(before end: Int, inClass: Bool) throws(SyntaxError) -> UInt8 {
            let start = index
            guard index + 1 < end else {
                throw failure("a '\\' must be followed by the character it escapes", at: start)
            }
            let next = bytes[index + 1]
            let allowed = StringPattern.syntaxCharacters.contains(next) || next == UInt8(ascii: "/") || (inClass && next == UInt8(ascii: "-"))
            guard allowed else {
                let what = Character(UnicodeScalar(next))
                let hint: String
                switch what {
                case "d", "w", "s", "D", "W", "S":
                    hint = "character class escapes such as '\\\(what)' are not supported (engines disagree outside ASCII); write the class, e.g. [0-9]"
                case "-":
                    hint = "'\\-' is only allowed inside a class; outside one, '-' needs no escape"
                default:
                    hint = "'\\\(what)' is not supported; only the characters ^ $ \\ . * + ? ( ) [ ] { } | / (and - in a class) may be escaped"
                }
                throw failure(hint, at: start)
            }
            index += 2
            return next
        }

        mutating func characterClass(before end: Int) throws(SyntaxError) -> Step {
            let open = index
            index += 1
            var step = Step(low: 0, high: 0, minimum: 1, maximum: 1)
            guard index < end else { throw failure("a class '[' needs a closing ']'", at: open) }
            if bytes[index] == UInt8(ascii: "^") {
                throw failure("negated classes ('[^') are not supported (engines disagree outside ASCII); list the allowed characters")
            }
            if bytes[index] == UInt8(ascii: "]") {
                throw failure("an empty class is not allowed; write '\\]' for a bracket")
            }
            let first = index
            while true {
                guard index < end else { throw failure("a class '[' needs a closing ']'", at: open) }
                if bytes[index] == UInt8(ascii: "]") { break }
                let itemStart = index
                let low = try classCharacter(before: end, first: first)
                // A '-' between two characters makes a range; first or last it is itself.
                if index + 1 < end, bytes[index] == UInt8(ascii: "-"), bytes[index + 1] != UInt8(ascii: "]") {
                    index += 1
                    let high = try classCharacter(before: end, first: first)
                    guard low <= high else {
                        throw failure(
                            "range '\(Character(UnicodeScalar(low)))-\(Character(UnicodeScalar(high)))' is out of order",
                            at: itemStart)
                    }
                    for byte in low...high { step.insert(byte) }
                } else {
                    step.insert(low)
                }
            }
            for pair in ["&&", "~~", "||", "--"] {
                let body = Array(bytes[first..<index])
                let doubled = Array(pair.utf8)
                if body.count >= 2, (0..<(body.count - 1)).contains(where: { body[$0] == doubled[0] && body[$0 + 1] == doubled[1] && !escapedInClass(first + $0, from: first) }) {
                    throw failure(
                        "'\(pair)' in a class reads as a set operation in some engines (Python, ECMA-262's v flag); list the character once",
                        at: open)
                }
            }
            index += 1
            return step
        }

        /// Whether the character at `position` of a class starting at `from` is escaped.
        func escapedInClass(_ position: Int, from: Int) -> Bool {
            var count = 0
            var at = position - 1
            while at >= from, bytes[at] == UInt8(ascii: "\\") {
                count += 1
                at -= 1
            }
            return count % 2 == 1
        }

        mutating func classCharacter(before end: Int, first: Int) throws(SyntaxError) -> UInt8 {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                return try escape(before: end, inClass: true)
            case UInt8(ascii: "["):
                throw failure("write '\\[' for a bracket inside a class")
            case UInt8(ascii: "-"):
                // Literal only first or last.
                let last = index + 1 < end && bytes[index + 1] == UInt8(ascii: "]")
                guard index == first || last else {
                    throw failure("'-' in a class is a range between two characters; put a literal '-' first or last, or write '\\-'")
                }
                index += 1
                return byte
            default:
                index += 1
                return byte
            }
        }

        mutating func quantifier(into step: inout Step, before end: Int) throws(SyntaxError) {
            guard index < end else { return }
            switch bytes[index] {
            case UInt8(ascii: "*"):
                (step.minimum, step.maximum) = (0, nil)
                index += 1
            case UInt8(ascii: "+"):
                (step.minimum, step.maximum) = (1, nil)
                index += 1
            case UInt8(ascii: "?"):
                (step.minimum, step.maximum) = (0, 1)
                index += 1
            case UInt8(ascii: "{"):
                let open = index
                index += 1
                guard let minimum = number(before: end) else {
                    throw failure("'{' must start a count: {n}, {n,} or {n,m}; write '\\{' for a brace", at: open)
                }
                var maximum: Int? = minimum
                if index < end, bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    maximum = number(before: end)
                }
                guard index < end, bytes[index] == UInt8(ascii: "}") else {
                    throw failure("a count must end with '}': {n}, {n,} or {n,m}", at: open)
                }
                index += 1
                for count in [minimum, maximum ?? 0] where count > StringPattern.maximumCount {
                    throw failure("a count is at most \(StringPattern.maximumCount)", at: open)
                }
                if let maximum, maximum < minimum {
                    throw failure("count {\(minimum),\(maximum)} is out of order", at: open)
                }
                (step.minimum, step.maximum) = (minimum, maximum)
            default:
                return
            }
            if index < end, [UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{")].contains(bytes[index]) {
                throw failure("one quantifier per atom; lazy ('+?') and stacked quantifiers are not supported")
            }
        }

        /// A decimal number at `index` of at most four digits, or nil.
        mutating func number(before end: Int) -> Int? {
            var value = 0
            var digits = 0
            while index < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), digits < 5 {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            return digits == 0 ? nil : value
        }
    }
}

extension StringPattern.Step {
    /// One character, once.
    init(single byte: UInt8) {
        self.init(low: 0, high: 0, minimum: 1, maximum: 1)
        insert(byte)
    }

    mutating func insert(_ byte: UInt8) {
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }
}
