/// Parses the short type expressions of the spec language:
/// `String`, `Name`, `T[]`, `map<T>`, with a trailing `?` for optional.
enum TypeExpression {
    struct Parsed: Equatable {
        var type: TypeRef
        var isOptional: Bool
    }

    enum Failure: Error, Equatable {
        /// A message and the 0-based character offset it points at.
        case invalid(String, offset: Int)
    }

    /// How many lists and maps may wrap one another. Every later stage walks
    /// type expressions recursively, so the depth is bounded here.
    static let maxNesting = 32

    static func parse(_ text: String) -> Result<Parsed, Failure> {
        // Offsets count characters. In ASCII text every byte is one (but for
        // `\r\n`, which is one character), so the usual expression is parsed
        // from its bytes, without the cost of splitting it into characters.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            var parser = Parser(chars: Array(text.utf8))
            return parser.parseTop()
        }
        var parser = Parser(chars: Array(text))
        return parser.parseTop()
    }

    /// `parse` of the usual expression, read from its UTF-8 bytes: a name
    /// of ASCII letters, digits and `_` (not `map`), up to `maxNesting`
    /// `[]`, then a `?` or nothing, without spaces (`String?`,
    /// `Product[]`). Nil for any other text, which `parse` reads; these
    /// parse without an error.
    static func simple(_ bytes: ArraySlice<UInt8>) -> Parsed? {
        var end = bytes.startIndex
        while end < bytes.endIndex, bytes[end].isNamePart { end += 1 }
        guard end > bytes.startIndex else { return nil }
        var position = end
        var lists = 0
        while position + 1 < bytes.endIndex, bytes[position] == UInt8(ascii: "["), bytes[position + 1] == UInt8(ascii: "]") {
            position += 2
            lists += 1
        }
        let isOptional = position < bytes.endIndex && bytes[position] == UInt8(ascii: "?")
        if isOptional { position += 1 }
        guard position == bytes.endIndex, lists <= maxNesting else { return nil }
        // The name is ASCII, so it equals a keyword only byte for byte; a
        // string is made only for a named type (a scalar needs none).
        let name = bytes[bytes.startIndex..<end]
        guard name.count != 3 || Scalar.packedPrefix(name) != 0x6D_61_70 else { return nil }  // "map"
        var type = Scalar.named(ascii: name).map(TypeRef.scalar) ?? .named(String(decoding: name, as: UTF8.self))
        for _ in 0..<lists { type = .list(type) }
        return Parsed(type: type, isOptional: isOptional)
    }

    private struct Parser<Unit: ExpressionUnit> {
        let chars: [Unit]
        var position = 0
        /// Lists and maps opened so far around the current position.
        var nesting = 0

        mutating func nest() -> Failure? {
            nesting += 1
            guard nesting > TypeExpression.maxNesting else { return nil }
            return .invalid("lists and maps nest deeper than \(TypeExpression.maxNesting) levels", offset: position)
        }

        mutating func parseTop() -> Result<Parsed, Failure> {
            skipSpaces()
            var optional = false
            let type: TypeRef
            switch parseType() {
            case let .failure(f): return .failure(f)
            case let .success(t): type = t
            }
            skipSpaces()
            if position < chars.count, chars[position].is("?") {
                optional = true
                position += 1
                skipSpaces()
            }
            if position < chars.count {
                if chars[position].is("?") {
                    return .failure(.invalid("only the whole field can be optional; list elements and map values are never null", offset: position))
                }
                return .failure(.invalid("unexpected '\(Unit.text(chars[position...position]))' in type expression", offset: position))
            }
            return .success(Parsed(type: type, isOptional: optional))
        }

        mutating func parseType() -> Result<TypeRef, Failure> {
            skipSpaces()
            let start = position
            while position < chars.count, chars[position].isNamePart {
                position += 1
            }
            guard position > start else {
                return .failure(.invalid(position < chars.count ? "expected a type name, found '\(Unit.text(chars[position...position]))'" : "expected a type name", offset: position))
            }
            let name = Unit.text(chars[start..<position])
            var type: TypeRef
            if name == "map" {
                if let failure = nest() { return .failure(failure) }
                skipSpaces()
                guard position < chars.count, chars[position].is("<") else {
                    return .failure(.invalid("expected '<' after 'map'", offset: position))
                }
                position += 1
                switch parseType() {
                case let .failure(f): return .failure(f)
                case let .success(value): type = .map(value)
                }
                skipSpaces()
                guard position < chars.count, chars[position].is(">") else {
                    return .failure(.invalid("expected '>' to close 'map<'", offset: position))
                }
                position += 1
            } else if let scalar = Scalar.named(name) {
                type = .scalar(scalar)
            } else {
                type = .named(name)
            }
            while true {
                skipSpaces()
                guard position + 1 < chars.count, chars[position].is("["), chars[position + 1].is("]") else { break }
                position += 2
                if let failure = nest() { return .failure(failure) }
                type = .list(type)
            }
            if position < chars.count, chars[position].is("?"), position + 1 < chars.count {
                // `T?[]` or `map<T?>`: nullable elements are not part of the language.
                var look = position + 1
                while look < chars.count, chars[look].is(" ") { look += 1 }
                if look < chars.count, chars[look].is("[") || chars[look].is(">") {
                    return .failure(.invalid("only the whole field can be optional; list elements and map values are never null", offset: position))
                }
            }
            return .success(type)
        }

        mutating func skipSpaces() {
            while position < chars.count, chars[position].is(" ") { position += 1 }
        }
    }
}

/// What a type expression is parsed from: characters, or the bytes of ASCII
/// text, where every byte is a character.
private protocol ExpressionUnit {
    /// A letter, a digit or `_`: part of a type name.
    var isNamePart: Bool { get }
    /// Whether this is the ASCII character `ascii`.
    func `is`(_ ascii: Unicode.Scalar) -> Bool
    static func text(_ units: ArraySlice<Self>) -> String
}

extension Character: ExpressionUnit {
    var isNamePart: Bool { isLetter || isNumber || self == "_" }
    func `is`(_ ascii: Unicode.Scalar) -> Bool { self == Character(ascii) }
    static func text(_ units: ArraySlice<Character>) -> String { String(units) }
}

extension UInt8: ExpressionUnit {
    /// For ASCII, `Character.isLetter` and `isNumber` hold for exactly these.
    var isNamePart: Bool {
        (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || (0x30...0x39).contains(self) || self == 0x5F
    }

    func `is`(_ ascii: Unicode.Scalar) -> Bool { self == UInt8(ascii: ascii) }
    static func text(_ units: ArraySlice<UInt8>) -> String { String(decoding: units, as: UTF8.self) }
}

extension Scalar {
    /// `named` of a name given as ASCII bytes, without making a string of
    /// it. Each raw value is at most nine bytes: up to eight of them are
    /// packed into one number (first byte highest) and compared at once.
    static func named(ascii name: ArraySlice<UInt8>) -> Scalar? {
        guard name.count <= 9 else { return nil }
        let packed = packedPrefix(name)
        switch (name.count, packed) {
        case (3, 0x49_6E_74): return .int  // "Int"
        case (4, 0x42_6F_6F_6C): return .bool  // "Bool"
        case (6, 0x53_74_72_69_6E_67): return .string  // "String"
        case (6, 0x44_6F_75_62_6C_65): return .double  // "Double"
        case (9, 0x54_69_6D_65_73_74_61_6D): return name.last == UInt8(ascii: "p") ? .timestamp : nil  // "Timestam" + "p"
        default: return nil
        }
    }

    /// Up to the first eight bytes of `bytes` as one number, the first
    /// byte highest: how `named(ascii:)` compares short names.
    static func packedPrefix(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var packed: UInt64 = 0
        for byte in bytes.prefix(8) { packed = packed << 8 | UInt64(byte) }
        return packed
    }
}
