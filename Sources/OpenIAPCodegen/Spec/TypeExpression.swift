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
        var parser = Parser(chars: Array(text))
        return parser.parseTop()
    }

    private struct Parser {
        let chars: [Character]
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
            if position < chars.count, chars[position] == "?" {
                optional = true
                position += 1
                skipSpaces()
            }
            if position < chars.count {
                if chars[position] == "?" {
                    return .failure(.invalid("only the whole field can be optional; list elements and map values are never null", offset: position))
                }
                return .failure(.invalid("unexpected '\(chars[position])' in type expression", offset: position))
            }
            return .success(Parsed(type: type, isOptional: optional))
        }

        mutating func parseType() -> Result<TypeRef, Failure> {
            skipSpaces()
            let start = position
            while position < chars.count, chars[position].isLetter || chars[position].isNumber || chars[position] == "_" {
                position += 1
            }
            guard position > start else {
                return .failure(.invalid(position < chars.count ? "expected a type name, found '\(chars[position])'" : "expected a type name", offset: position))
            }
            let name = String(chars[start..<position])
            var type: TypeRef
            if name == "map" {
                if let failure = nest() { return .failure(failure) }
                skipSpaces()
                guard position < chars.count, chars[position] == "<" else {
                    return .failure(.invalid("expected '<' after 'map'", offset: position))
                }
                position += 1
                switch parseType() {
                case let .failure(f): return .failure(f)
                case let .success(value): type = .map(value)
                }
                skipSpaces()
                guard position < chars.count, chars[position] == ">" else {
                    return .failure(.invalid("expected '>' to close 'map<'", offset: position))
                }
                position += 1
            } else if let scalar = Scalar(rawValue: name) {
                type = .scalar(scalar)
            } else {
                type = .named(name)
            }
            while true {
                skipSpaces()
                guard position + 1 < chars.count, chars[position] == "[", chars[position + 1] == "]" else { break }
                position += 2
                if let failure = nest() { return .failure(failure) }
                type = .list(type)
            }
            if position < chars.count, chars[position] == "?", position + 1 < chars.count {
                // `T?[]` or `map<T?>`: nullable elements are not part of the language.
                var look = position + 1
                while look < chars.count, chars[look] == " " { look += 1 }
                if look < chars.count, chars[look] == "[" || chars[look] == ">" {
                    return .failure(.invalid("only the whole field can be optional; list elements and map values are never null", offset: position))
                }
            }
            return .success(type)
        }

        mutating func skipSpaces() {
            while position < chars.count, chars[position] == " " { position += 1 }
        }
    }
}
