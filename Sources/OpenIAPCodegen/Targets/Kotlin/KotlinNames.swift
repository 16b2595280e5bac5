import OpenIAPSpec
import OpenIAPTemplates

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
    /// The package of every generated file unless the generator is told
    /// another (`--kotlin-package`; the SDKs use `dev.hyo.openiap` and
    /// `io.github.hyochan.kmpiap.openiap`).
    public static let defaultPackageName = "dev.openiap.types"

    /// Why `name` cannot be the package of the generated Kotlin, or nil
    /// when it can: dot-separated plain ASCII identifiers, none a hard
    /// keyword (which a package name could only hold in backticks).
    public static func packageNameProblem(_ name: String) -> String? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        for part in parts {
            let text = String(part)
            let ascii = text.utf8.allSatisfy { $0 < 0x80 }
            if text.isEmpty || !ascii || !isPlainIdentifier(text) {
                return "'\(InvisibleCharacters.escaped(name))' is not a Kotlin package name: each part between dots is an ASCII letter or `_`, then letters, digits and `_`"
            }
            if hardKeywords.contains(text) {
                return "'\(name)' is not a Kotlin package name: '\(text)' is a keyword"
            }
        }
        return nil
    }

    /// Upstream's name for what an operation that answers nothing returns
    /// (`typealias VoidResult = Unit`, declared by the runtime). A spec type
    /// of this name is written `OpenIAPVoidResult` (`typeName`), a name no
    /// spec type can have, since spec names may not start with `OpenIAP`.
    public static let voidResultAlias = "VoidResult"

    /// The Kotlin name of the spec type `name`: the name itself, but for
    /// `voidResultAlias`, which the runtime declares.
    public static func typeName(_ name: String) -> String {
        name == voidResultAlias ? "OpenIAP" + name : name
    }

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
        keywordTable.contains(identifier)
    }

    /// The hard and soft keywords, looked up without hashing: most field
    /// names are asked (`NameTable`).
    private static let keywordTable = NameTable(hardKeywords.union(softKeywords))

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

    /// Whether `name` is one of `builtInNames`, looked up without hashing:
    /// the check asks it of every type name (`NameTable`).
    static func isBuiltInName(_ name: String) -> Bool {
        builtInNameTable.contains(name)
    }

    private static let builtInNameTable = NameTable(builtInNames)

    /// The functions of `Any`, which every Kotlin object has: an operation
    /// of one of these names would clash with them (see `OperationNames`).
    public static let objectMembers: Set<String> = ["equals", "hashCode", "toString"]

    /// The prefix of the runtime types (`OpenIAPJson`, …); spec types may
    /// not use it.
    public static let runtimeTypePrefix = "OpenIAP"

    /// Why a spec type name cannot be used in Kotlin because it would hide
    /// a standard name, or nil when it can. (Type names are ASCII upper
    /// camel case, never a keyword; `KotlinNameCheck` refuses the
    /// `runtimeTypePrefix` too.)
    public static func typeNameProblem(_ name: String) -> String? {
        guard isBuiltInName(name) else { return nil }
        if name == "Companion" {
            return "type name 'Companion' is reserved in Kotlin: every generated class has a companion object of that name"
        }
        return "type name '\(name)' is reserved in Kotlin: a generated type of that name would hide the standard one"
    }

    /// The Kotlin files every run writes besides one per spec file.
    public static let runtimeFileNames =
        KotlinSourceFiles.names + ["OpenIAPTypeRegistry.kt", operationsFileName, dispatcherFileName]

    /// The file of the API (interfaces, arguments, replies), for a spec with operations.
    public static let operationsFileName = "OpenIAPOperations.kt"
    /// The file of the JSON bridge, for a spec that has one (`Spec.bridgeProblem`).
    public static let dispatcherFileName = "OpenIAPDispatcher.kt"

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
    /// `owner` is the name of the type the member belongs to, which a value,
    /// constant or member name must not hide.
    public static func name(_ wire: String, in place: Place, owner: String? = nil) -> String {
        switch place {
        case .property:
            let property = SwiftNames.property(wire)
            // The getter of a property `class` would be `getClass()`, the
            // final method every JVM object has.
            return property == "class" ? "class_" : property
        case .enumEntry, .enumObject, .opaqueConstant, .unionMember:
            return memberName(upperCamel(wire), owner: owner)
        }
    }

    /// The class a record's named choice (`exactlyOne` with `as:`) is
    /// declared as, nested in the record: the upper camel case of its
    /// property (`request` → `RequestPurchaseProps.Request`).
    static func kotlinChoiceClassName(_ choice: FieldChoice, owner: String) -> String {
        name(choice.property, in: .unionMember, owner: owner)
    }

    /// The class of the field `field` of the `oneOf` record `record`,
    /// declared beside it as upstream does: `FetchProductsResult` +
    /// `products` → `FetchProductsResultProducts`.
    static func oneOfCaseName(_ record: String, field: String) -> String {
        typeName(record) + upperCamel(field)
    }

    /// The types the Kotlin runtime files declare (a test checks the list
    /// against the templates). Spec types may not start with `OpenIAP`; a
    /// value, constant or member named like one of these gets a `_`.
    public static let runtimeTypeNames: Set<String> = [
        "OpenIAPDecode", "OpenIAPDecodingException", "OpenIAPEncodingException", "OpenIAPJson",
        "OpenIAPJsonNumber", "OpenIAPJsonReader", "OpenIAPJsonText", "OpenIAPJsonWriter", "OpenIAPModel", "OpenIAPModelType",
        "OpenIAPNumbers", "OpenIAPOrgJson", "OpenIAPPath", "OpenIAPPattern", "OpenIAPTypeRegistry", "OpenIAPUnicode", "OpenIAPValidation",
        "OpenIAPValidationException",
        // The API (OpenIAPOperations.kt, OpenIAPDispatcher.kt).
        "OpenIAPCommonOperations", "OpenIAPAppleOperations", "OpenIAPAndroidOperations", "OpenIAPListener", "OpenIAPException",
        "OpenIAPReply", "OpenIAPReplyType", "OpenIAPDispatcher", "OpenIAPPlatform", "OpenIAPOperationEntry", "OpenIAPEventEntry",
        "OpenIAPBridge", "OpenIAPTable",
    ]

    /// `name` with `_` appended as long as it would hide a built-in name,
    /// a runtime type or `owner`.
    static func memberName(_ name: String, owner: String?) -> String {
        var result = name
        while result == owner || builtInNames.contains(result) || runtimeTypeNames.contains(result) {
            result += "_"
        }
        return result
    }

    /// `SwiftNames.upperCamel(wire)`, worked out on the bytes when the lower
    /// camel case of the name starts with an ASCII lower-case letter (the
    /// usual value): that letter is made a capital in place.
    static func upperCamel(_ wire: String) -> String {
        let lower = SwiftNames.lowerCamel(wire)
        guard let first = lower.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else {
            return SwiftNames.upperCamel(wire)
        }
        return String(decoding: [first - 32] + lower.utf8.dropFirst(), as: UTF8.self)
    }

    /// The identifier as written in source: in backticks when it is a
    /// keyword or not an identifier Kotlin's lexer takes bare.
    public static func escaped(_ identifier: String) -> String {
        if isPlainNonKeyword(identifier) { return identifier }
        return isKeyword(identifier) || !isPlainIdentifier(identifier) ? "`\(identifier)`" : identifier
    }

    /// Characters no Kotlin name may hold, in backticks or not: the JVM's
    /// and DEX's forbidden characters, the backtick itself, line breaks.
    static let unwritableCharacters: Set<Unicode.Scalar> = [".", ";", "[", "]", "/", "<", ">", ":", "\\", "`", "\n", "\r"]

    /// Why `identifier` cannot be written in Kotlin even in backticks, or
    /// nil when it can. Names made by `name(_:in:owner:)` always can; the
    /// check stands behind that promise with a located error.
    public static func nameProblem(_ identifier: String) -> String? {
        if identifier.isEmpty { return "it is empty" }
        // A plain identifier holds none of the characters below.
        if isPlainIdentifier(identifier) { return nil }
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
        // Most names are ASCII: letters, digits and `_` decide on the bytes,
        // read in one pass over a copy of them (every member name is looked
        // at when checked and when written; the `utf8` iterator took about
        // four times as many instructions per byte). Not `utf8.span`: it
        // needs macOS 26, and the package names no platform.
        let bytes = Array(text.utf8)
        var isASCII = true
        var onlyUnderscores = true
        var plain = !bytes.isEmpty
        for index in bytes.indices {
            let byte = bytes[index]
            if byte >= 0x80 {
                isASCII = false
                break
            }
            let isLetter =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || byte == UInt8(ascii: "_")
            // A digit may follow the first character, never be it.
            let isDigit = index > 0 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if !isLetter && !isDigit { plain = false }
            if byte != UInt8(ascii: "_") { onlyUnderscores = false }
        }
        if isASCII { return plain && !onlyUnderscores }
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
        if let literal = plainStringLiteral(text) { return literal }
        return .enclosing(InvisibleCharacters.escaped(text, literalEscapes), open: "\"", close: "\"")
    }

    /// What `stringLiteral(text)` holds between its quotes, for a template
    /// that writes the quotes itself (a field's `key`): the text as it is,
    /// no copy made, when it has nothing to escape.
    static func stringContent(_ text: String) -> String {
        isPlainLiteralText(text) ? text : InvisibleCharacters.escaped(text, literalEscapes)
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
    /// (`DocWrapping`); `docText` makes each line safe.
    public static func docComment(_ paragraphs: [String?]) -> [String] {
        let lines = docBody(paragraphs)
        if lines.isEmpty { return [] }
        return ["/**"] + lines + [" */"]
    }

    /// The lines of `docComment` between its first and its last.
    static func docBody(_ paragraphs: [String?]) -> [String] {
        docTexts(paragraphs).map { $0.isEmpty ? " *" : " * " + $0 }
    }

    /// The text of each body line of `docComment(paragraphs)`: the line
    /// without its ` * `, empty for a blank line. What the Kotlin
    /// templates' `docLines` hold, each written after a ` *` of the
    /// template's own (` *{{#.}} {{.}}{{/.}}`).
    static func docTexts(_ paragraphs: [String?]) -> [String] {
        var texts: [String] = []
        for paragraph in paragraphs { forEachDocText(paragraph) { texts.append($0) } }
        return texts
    }

    /// The texts of body lines (` * …` or ` *`) made by hand, as
    /// `docLines` values.
    static func docTextValues(ofLines lines: [String]) -> [TemplateValue] {
        lines.map { .string(String($0.utf8.dropFirst(3))!) }
    }

    /// Hands the text of each body line of the doc comment of `doc` to
    /// `body` (see `docTexts`): broken into lines by `DocWrapping`'s rule,
    /// as Swift's docs are.
    ///
    /// The usual doc takes `forEachSimpleDocText`; another without `/` or
    /// `@` has no line to escape, so its lines are not looked at one by one.
    static func forEachDocText(_ doc: String?, _ body: (String) -> Void) {
        if let doc, forEachSimpleDocText(doc, body) { return }
        guard let doc, mayNeedDocEscape(doc) else {
            DocWrapping.forEachText(doc) { body(String($0)) }
            return
        }
        DocWrapping.forEachText(doc) { body(docText(String($0))) }
    }

    /// Whether `doc` holds a `/` or an `@`, the characters `docText` may
    /// escape, for a doc `forEachSimpleDocText` does not take.
    private static func mayNeedDocEscape(_ doc: String) -> Bool {
        let bytes = Array(doc.utf8)
        for index in bytes.indices where bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "@") {
            return true
        }
        return false
    }

    /// Whether the first character of `line` other than a space or tab is `@`.
    private static func startsWithTag(_ line: String) -> Bool {
        line.utf8.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) == UInt8(ascii: "@")
    }

    /// Whether `line` holds `/*` or `*/`.
    private static func hasCommentPair(_ line: String) -> Bool {
        let (slash, star) = (UInt8(ascii: "/"), UInt8(ascii: "*"))
        var previous: UInt8 = 0
        for byte in line.utf8 {
            if (previous == slash && byte == star) || (previous == star && byte == slash) { return true }
            previous = byte
        }
        return false
    }

    /// Makes one line of prose safe inside a `/** … */` block. Kotlin block
    /// comments nest, so `/*` would open a comment that the file never
    /// closes, as `*/` would close the doc early: a backslash goes between
    /// the two characters of either. A line starting with `@` would be read
    /// as a KDoc tag and gets a backslash before it.
    public static func docText(_ line: String) -> String {
        // Most lines hold neither pair nor a leading `@`; bytes tell, as
        // every character involved is ASCII.
        if !startsWithTag(line) && !hasCommentPair(line) { return line }
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
