/// How spec names become Swift identifiers. The Swift target and the
/// validator (which rejects names that collide once converted) both ask here,
/// so the rule lives in one place.
public enum SwiftNames {
    /// The case of an open enum that carries an unrecognised wire value. No
    /// spec value may convert to it.
    public static let unknownEnumCase = "unrecognized"
    /// The case of a union that keeps a payload with an unrecognised tag.
    public static let unknownUnionCase = "unrecognized"

    /// Words Swift reserves in some position; an identifier equal to one of
    /// them is written in backticks.
    public static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "async", "some", "any", "consume", "copy", "discard", "borrowing", "consuming", "package", "each", "Type",
    ]

    /// `pending-acknowledgment` → `pendingAcknowledgment`, `LocalTesting` →
    /// `localTesting`, `IN_APP` → `inApp`, `3ds` → `_3ds`. Word breaks are any
    /// character that cannot appear in an identifier; letters and digits
    /// outside ASCII are kept.
    public static func lowerCamel(_ wire: String) -> String {
        let words = splitWords(wire)
        guard !words.isEmpty else { return "_" }
        var result = ""
        for (index, word) in words.enumerated() {
            if index == 0 {
                result += lowercaseLeadingWord(word)
            } else {
                result += word.prefix(1).uppercased() + normalizedRest(word)
            }
        }
        if let first = result.unicodeScalars.first, !isIdentifierHead(first) { result = "_" + result }
        return result
    }

    /// `ios` → `Ios`: used where a type-like name is derived from a tag.
    public static func upperCamel(_ wire: String) -> String {
        let lower = lowerCamel(wire)
        if lower.hasPrefix("_") { return lower }
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }

    /// The identifier as written in source: keywords in backticks.
    public static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// A property name for a wire field name: the name itself when it is
    /// already a plain identifier, otherwise its lower-camel form.
    public static func property(_ wire: String) -> String {
        isPlainIdentifier(wire) ? wire : lowerCamel(wire)
    }

    public static func isPlainIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isIdentifierHead(first) else { return false }
        return text.unicodeScalars.allSatisfy { isIdentifierBody($0) }
    }

    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || isAlphabetic(scalar)
    }

    static func isIdentifierBody(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || isAlphabetic(scalar) || ("0"..."9").contains(scalar)
    }

    /// `properties.isUppercase` and `isLowercase`, answered without the
    /// Unicode tables for ASCII.
    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? ("A"..."Z").contains(scalar) : scalar.properties.isUppercase
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? ("a"..."z").contains(scalar) : scalar.properties.isLowercase
    }

    /// `properties.isAlphabetic`, answered without the Unicode tables for
    /// ASCII, where only the 52 letters are alphabetic.
    private static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        return scalar.properties.isAlphabetic
    }

    /// Splits on separators and on lower→upper humps (`LocalTesting` →
    /// `Local`, `Testing`); runs of capitals stay one word (`IOS`).
    static func splitWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            guard isIdentifierBody(scalar), scalar != "_" else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, isUppercase(scalar), isLowercase(previous) || ("0"..."9").contains(previous) {
                words.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
            previous = scalar
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// A word that is all capitals (`IOS`, `ENTITLED`) is lowered whole;
    /// otherwise only its first letter is.
    private static func lowercaseLeadingWord(_ word: String) -> String {
        if word.unicodeScalars.allSatisfy({ !isLowercase($0) }) { return word.lowercased() }
        return word.prefix(1).lowercased() + word.dropFirst()
    }

    private static func normalizedRest(_ word: String) -> String {
        let rest = word.dropFirst()
        if word.unicodeScalars.allSatisfy({ !isLowercase($0) }) { return rest.lowercased() }
        return String(rest)
    }
}
