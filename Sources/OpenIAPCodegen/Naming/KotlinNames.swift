/// How spec names and text are written in Kotlin. The Kotlin target asks
/// here for every identifier, string literal and doc line, so each rule lives
/// in one place.
///
/// A Kotlin name is derived from the Swift one, so that the two SDKs read
/// alike: a field keeps the Swift property name (`SwiftNames.property`,
/// before Swift's own clash rule), and a value, constant or union member
/// takes the upper camel case of its wire name (`pending-ack` → `PendingAck`,
/// `SwiftNames.upperCamel`). Characters Kotlin identifiers cannot hold are
/// word breaks there already, so no name ever needs a character that
/// backticks cannot carry on the JVM or in an Android DEX file (`.`, `;`,
/// `[`, `]`, `/`, `<`, `>`, `:`, `\`, a backtick, a line break): such a wire
/// name is renamed, never quoted.
///
/// Then, in Kotlin:
/// - a field named `class` is `class_`: its getter would be `getClass()`;
/// - hard, soft and modifier keywords are written in backticks (harmless
///   where a soft keyword needs none), and so is a name whose characters
///   Kotlin's lexer does not take bare (a combining mark, a letter number);
/// - a value, constant or member name that would hide a name the generated
///   class body uses (`String`, `Companion`, a runtime type, the type
///   itself) gets a `_`;
/// - a name that still cannot be written, or two names that end up the
///   same, are located errors (`KotlinNameCheck`).
public enum KotlinNames {
    /// The package of every generated file.
    public static let packageName = "dev.openiap.types"

    /// The member of an open enum that carries an unknown value, and of a
    /// union that keeps an unknown payload. No value or tag may convert to it.
    public static let unknownMember = "Unrecognized"

    /// Words Kotlin reserves everywhere: a name equal to one must be in
    /// backticks.
    public static let hardKeywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null",
        "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var",
        "when", "while",
    ]

    /// Words Kotlin reserves in some positions (soft keywords, modifiers and
    /// the identifiers with a meaning of their own). Backticks are written
    /// for them too: harmless where they are not needed, and the generated
    /// code never has to know which position is which.
    public static let softKeywords: Set<String> = [
        "by", "catch", "constructor", "delegate", "dynamic", "field", "file", "finally", "get", "import", "init",
        "param", "property", "receiver", "set", "setparam", "value", "where", "abstract", "actual", "annotation",
        "companion", "const", "crossinline", "data", "enum", "expect", "external", "final", "infix", "inline", "inner",
        "internal", "lateinit", "noinline", "open", "operator", "out", "override", "private", "protected", "public",
        "reified", "sealed", "suspend", "tailrec", "vararg", "it",
    ]

    public static func isKeyword(_ identifier: String) -> Bool {
        hardKeywords.contains(identifier) || softKeywords.contains(identifier)
    }

    /// The Kotlin and Java names the generated code uses without a package,
    /// and Kotlin's basic types. A spec type of one of these names would hide
    /// the standard one in the package (`List`, `Pair`…); a value, constant
    /// or union member named like one gets a `_` (see `memberName`).
    public static let builtInNames: Set<String> = [
        "Any", "Array", "ArrayList", "Boolean", "Byte", "ByteArray", "Char", "CharArray", "CharSequence", "Collection",
        "Comparable", "Companion", "Deprecated", "Double", "Enum", "Error", "Exception", "Float", "HashMap",
        "IllegalArgumentException", "IllegalStateException", "Int", "IntArray", "Iterable", "Lazy", "LinkedHashMap",
        "List", "Long", "Map", "MutableList", "MutableMap", "Nothing", "Number", "Pair", "ReplaceWith", "Result",
        "RuntimeException", "Sequence", "Set", "Short", "String", "StringBuilder", "Suppress", "Throwable", "Triple",
        "Unit",
    ]

    /// Why a spec type name cannot be used in Kotlin, or nil when it can.
    /// (Type names are ASCII upper camel case, never a keyword; the
    /// `OpenIAP` prefix is already refused for every target.)
    public static func typeNameProblem(_ name: String) -> String? {
        guard builtInNames.contains(name) else { return nil }
        if name == "Companion" {
            return "type name 'Companion' is reserved in Kotlin: every generated class has a companion object of that name"
        }
        return "type name '\(name)' is reserved in Kotlin: a generated type of that name would hide the standard one"
    }

    /// The Kotlin files every run writes besides one per spec file.
    public static let runtimeFileNames = ["OpenIAPRuntime.kt", "OpenIAPJson.kt", "OpenIAPOrgJson.kt", "OpenIAPTypeRegistry.kt"]

    /// The Kotlin file that holds the types of a spec file, named as the
    /// Swift one: `Schema/verification.yaml` → `Verification.kt`.
    public static func fileName(forSpecFile path: String) -> String {
        let swift = SwiftNames.fileName(forSpecFile: path)
        return String(swift.dropLast(".swift".count)) + ".kt"
    }

    // MARK: - Identifiers

    /// The places a spec name takes in generated Kotlin.
    public enum Place: Sendable {
        /// A property of a record (a constructor `val`) or of a shared field set.
        case property
        /// An entry of a closed `enum class`.
        case enumEntry
        /// An `object` of an open enum's sealed class.
        case enumObject
        /// A constant of an opaque string.
        case opaqueConstant
        /// A member class of a union.
        case unionMember

        /// The spec's word for the name in messages.
        var kind: String {
            switch self {
            case .property: "field"
            case .enumEntry, .enumObject, .opaqueConstant: "value"
            case .unionMember: "tag"
            }
        }
    }

    /// The identifier a wire name gets in `place`, without backticks.
    /// `taken` are further names the generated class body uses (the type's
    /// own name, the member types of a union), which a value, constant or
    /// member name must not hide.
    public static func name(_ wire: String, in place: Place, taken: Set<String> = []) -> String {
        switch place {
        case .property:
            let property = SwiftNames.property(wire)
            // The getter of a property `class` would be `getClass()`, the
            // final method every JVM object has.
            return property == "class" ? "class_" : property
        case .enumEntry, .enumObject, .opaqueConstant, .unionMember:
            return memberName(SwiftNames.upperCamel(wire), taken: taken)
        }
    }

    /// The types the Kotlin runtime files declare (a test checks the list
    /// against the templates). Spec types may not start with `OpenIAP`; a
    /// value, constant or member named like one of these gets a `_`.
    public static let runtimeTypeNames: Set<String> = [
        "OpenIAPDecode", "OpenIAPDecodingException", "OpenIAPEncodingException", "OpenIAPEquality", "OpenIAPJson",
        "OpenIAPJsonNumber", "OpenIAPJsonReader", "OpenIAPJsonText", "OpenIAPJsonWriter", "OpenIAPModel", "OpenIAPModelType",
        "OpenIAPNumbers", "OpenIAPOrgJson", "OpenIAPPath", "OpenIAPTypeRegistry", "OpenIAPUnicode", "OpenIAPValidation",
        "OpenIAPValidationException",
    ]

    /// `name` with `_` appended as long as it would hide a built-in name,
    /// a runtime type or a name in `taken`.
    static func memberName(_ name: String, taken: Set<String>) -> String {
        var result = name
        while builtInNames.contains(result) || runtimeTypeNames.contains(result) || taken.contains(result) {
            result += "_"
        }
        return result
    }

    /// The identifier as written in source: in backticks when it is a
    /// keyword or not an identifier Kotlin's lexer takes bare.
    public static func escaped(_ identifier: String) -> String {
        isKeyword(identifier) || !isPlainIdentifier(identifier) ? "`\(identifier)`" : identifier
    }

    /// Characters no Kotlin name may hold, in backticks or not: the JVM's
    /// and DEX's forbidden characters, the backtick itself, line breaks.
    static let unwritableCharacters: Set<Unicode.Scalar> = [".", ";", "[", "]", "/", "<", ">", ":", "\\", "`", "\n", "\r"]

    /// Why `identifier` cannot be written in Kotlin even in backticks, or
    /// nil when it can. Names made by `name(_:in:taken:)` always can; the
    /// check stands behind that promise with a located error.
    public static func nameProblem(_ identifier: String) -> String? {
        if identifier.isEmpty { return "it is empty" }
        if identifier.unicodeScalars.allSatisfy({ $0 == "_" }) {
            return "names made only of underscores are reserved in Kotlin"
        }
        if let bad = identifier.unicodeScalars.first(where: { unwritableCharacters.contains($0) || $0.value < 0x20 }) {
            return "'\(InvisibleCharacters.escaped(String(bad)))' cannot be part of a Kotlin name, even in backticks"
        }
        return nil
    }

    /// Whether Kotlin's lexer reads `text` as one identifier without
    /// backticks: a letter (categories Lu, Ll, Lt, Lm, Lo) or `_`, then
    /// letters, `_` and decimal digits (Nd), and not only underscores.
    /// Swift also takes combining marks and other alphabetic characters,
    /// which Kotlin accepts only in backticks.
    public static func isPlainIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isLetter(first) || first == "_" else { return false }
        guard text.unicodeScalars.allSatisfy({ isLetter($0) || $0 == "_" || isDigit($0) }) else { return false }
        return !text.unicodeScalars.allSatisfy { $0 == "_" }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("0"..."9").contains(scalar) }
        return scalar.properties.generalCategory == .decimalNumber
    }

    // MARK: - Text

    /// A double-quoted Kotlin string literal that reads back as exactly
    /// `text`: `"`, `\` and `$` (which would start a template) escaped,
    /// control and invisible format characters (`InvisibleCharacters`) as
    /// `\uXXXX`, one per UTF-16 unit.
    public static func stringLiteral(_ text: String) -> String {
        "\"" + InvisibleCharacters.escaped(text, literalEscapes) + "\""
    }

    private static let literalEscapes = InvisibleCharacters.Rules(
        named: ["\\": "\\\\", "\"": "\\\"", "$": "\\$", "\n": "\\n", "\r": "\\r", "\t": "\\t"],
        spelling: { scalar in
            String(scalar).utf16.map { unit in
                let digits = String(unit, radix: 16, uppercase: true)
                return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            }.joined()
        })

    /// The lines of a KDoc comment (`/**`, ` * …`, ` */`) holding `paragraphs`
    /// in turn (nil and empty ones left out), or none at all. Lines are
    /// broken and control characters made visible as in Swift docs
    /// (`SwiftEscaping.forEachDocLine`); `docText` makes each line safe.
    public static func docComment(_ paragraphs: [String?]) -> [String] {
        var lines: [String] = []
        for paragraph in paragraphs {
            SwiftEscaping.forEachDocLine(paragraph) { line in
                // Swift's doc lines start with `///`, then a space unless empty.
                let text = line.dropFirst(line.count > 3 ? 4 : 3)
                lines.append(text.isEmpty ? " *" : " * " + docText(String(text)))
            }
        }
        if lines.isEmpty { return [] }
        return ["/**"] + lines + [" */"]
    }

    /// Makes one line of prose safe inside a `/** … */` block. Kotlin block
    /// comments nest, so `/*` would open a comment that the file never
    /// closes, as `*/` would close the doc early: a backslash goes between
    /// the two characters of either. A line starting with `@` would be read
    /// as a KDoc tag and gets a backslash before it.
    public static func docText(_ line: String) -> String {
        var result = ""
        result.reserveCapacity(line.utf8.count)
        var previous: Character?
        for character in line {
            if (previous == "/" && character == "*") || (previous == "*" && character == "/") {
                result.append("\\")
            }
            result.append(character)
            previous = character
        }
        if let start = result.firstIndex(where: { $0 != " " && $0 != "\t" }), result[start] == "@" {
            result.insert("\\", at: start)
        }
        return result
    }

    /// Inline code in a doc line: backticks are dropped (they would end the
    /// code span) and line breaks shown as `\n`.
    public static func docCode(_ text: String) -> String {
        let visible = InvisibleCharacters.escaped(text.replacing("`", with: ""), codeEscapes)
        return "`" + visible + "`"
    }

    private static let codeEscapes = InvisibleCharacters.Rules(named: ["\n": "\\n", "\r": "\\r"])

    /// `@Deprecated("…")` for a deprecation message; Kotlin requires one, so
    /// an empty message says where the deprecation comes from.
    public static func deprecation(_ message: String?) -> String? {
        guard let message else { return nil }
        return "@Deprecated(" + stringLiteral(message.isEmpty ? "Deprecated in the OpenIAP spec." : message) + ")"
    }
}
