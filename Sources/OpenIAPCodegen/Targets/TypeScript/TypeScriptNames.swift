import OpenIAPSpec
import OpenIAPTemplates

/// How spec names and text are written in TypeScript. The TypeScript target
/// asks here for every name, key, string literal and doc line, so each rule
/// lives in one place.
public enum TypeScriptNames {
    /// Spec type names are ASCII UpperCamelCase, which is already a valid
    /// TypeScript name that no keyword or predefined type (all lower case)
    /// can equal. Types are exported under that name as upstream's
    /// TypeScript spells it (`pascalWords`): an acronym followed by another
    /// word is written as a word (`PromotionalOfferJWSInputIOS` is
    /// `PromotionalOfferJwsInputIOS`), a final one is kept. Two spec names
    /// that become one are reported by `TypeScriptNameCheck`.
    public static func typeName(_ specName: String) -> String { pascalWords(specName) }

    /// `name` with each run of three or more ASCII capitals that a lower-case
    /// letter follows written as an acronym word and the capital that starts
    /// the next word: `JWSInput` -> `JwsInput`, `QueryFooIOSArgs` ->
    /// `QueryFooIosArgs`. Runs at the end (`IOS`) or before a digit stay.
    /// This is how upstream's generated TypeScript spells type names and the
    /// names of operation arguments (`QueryCurrentEntitlementIosArgs`).
    public static func pascalWords(_ name: String) -> String {
        // Most names have no such run: reading the bytes tells, without
        // copying them into an array to change.
        guard hasAcronymBeforeWord(name) else { return name }
        var bytes = Array(name.utf8)
        var index = 0
        var changed = false
        while index < bytes.count {
            guard isUpper(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, isUpper(bytes[end]) { end += 1 }
            // index..<end is a run of capitals; its last one starts the next
            // word when a lower-case letter follows.
            if end - index >= 3, end < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end]) {
                for position in (index + 1)..<(end - 1) { bytes[position] += 0x20 }
                changed = true
            }
            index = end
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : name
    }

    /// Whether `name` has a run of three or more ASCII capitals followed by
    /// a lower-case letter, which `pascalWords` respells.
    private static func hasAcronymBeforeWord(_ name: String) -> Bool {
        // Read in place (`reduceUTF8`); a name is read to its end either way.
        let scan = name.reduceUTF8(into: (capitals: 0, found: false)) { scan, byte in
            if isUpper(byte) {
                scan.capitals += 1
                return
            }
            if scan.capitals >= 3, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) { scan.found = true }
            scan.capitals = 0
        }
        return scan.found
    }

    /// The name of an enum value as a member of an object of values, as
    /// upstream names its `ErrorCode` members: each word of the wire value
    /// (split at anything but an ASCII letter or digit) with its first letter
    /// upper-cased, joined: `user-cancelled` -> `UserCancelled`,
    /// `billing-response-json-parse-error` -> `BillingResponseJsonParseError`.
    /// Not always an identifier (`2fa` -> `2fa`): callers check.
    public static func memberName(_ wire: String) -> String {
        var result = ""
        var startsWord = true
        for byte in wire.utf8 {
            let isLetterOrDigit = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || isUpper(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard isLetterOrDigit else {
                startsWord = true
                continue
            }
            let letter = startsWord && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 0x20 : byte
            result.unicodeScalars.append(Unicode.Scalar(letter))
            startsWord = false
        }
        return result
    }

    private static func isUpper(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }

    /// Words JavaScript reserves in strict mode (which TypeScript modules
    /// are), `await` included: no binding, parameter or function may be
    /// named so.
    public static let reservedWords: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
        "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null",
        "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with",
        "implements", "interface", "let", "package", "private", "protected", "public", "static", "yield", "await",
    ]

    /// The members every JavaScript object inherits from `Object.prototype`
    /// whose names are identifiers: a method or key of the same name on a
    /// generated object hides the inherited one (and `constructor` in a
    /// class is the constructor itself).
    public static let objectMembers: Set<String> = [
        "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString",
        "valueOf",
    ]

    /// A property key as written in an interface: the wire name itself when
    /// it is an identifier, otherwise a quoted string (`"odd-name"`). Keywords
    /// need no quotes in this position.
    public static func propertyKey(_ wire: String) -> String {
        isIdentifier(wire) ? wire : stringLiteral(wire)
    }

    /// Only ASCII identifiers are left bare; anything else is quoted, which
    /// is always correct and avoids Unicode identifier rules.
    public static func isIdentifier(_ text: String) -> Bool {
        // Every character allowed is ASCII, so bytes decide.
        guard let first = text.utf8.first, isHead(first) else { return false }
        // Read in place (`reduceUTF8`), without an early exit: nearly every
        // wire name is an identifier, read to its end either way.
        return text.reduceUTF8(into: true) { allowed, byte in
            allowed = allowed && (isHead(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
        }
    }

    /// A string literal type or value: JSON quoting, which TypeScript reads
    /// the same way.
    public static func stringLiteral(_ text: String) -> String {
        JSONEscaping.quoted(text)
    }

    /// Makes prose safe inside a `/** … */` block: `*/` would end the
    /// comment, a line starting with `@` would be read as a tag, and control
    /// and invisible format characters (a NUL, a bidi override) are written
    /// as `\u{…}` escapes so the comment shows what the spec says.
    public static func docText(_ line: String) -> String {
        if !needsDocEscape(line) { return line }
        var text = visible(line, escapingLineBreaks: false).replacing("*/", with: "*\\/")
        if let start = text.firstIndex(where: { $0 != " " && $0 != "\t" }), text[start] == "@" {
            text.insert("\\", at: start)
        }
        return text
    }

    /// False when `docText` certainly leaves `line` as it is: printable
    /// ASCII and tabs only, no `*/` among its bytes, and its first byte other
    /// than a space or tab is not `@`. (The checks look at bytes; when any
    /// might match, the exact character-based rule in `docText` decides.)
    static func needsDocEscape(_ line: String) -> Bool {
        // The leading-`@` test looks at the first byte other than a space
        // or tab, which is nearly always the first byte.
        for byte in line.utf8 where byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
            if byte == UInt8(ascii: "@") { return true }
            break
        }
        // Then every byte at once, read in place (`reduceUTF8`; copying
        // them into an array first cost more than the scan), with no early
        // exit: whether any byte is below a space other than a tab, DEL or
        // above (1), a `/` (2) or a `*` (4), in one expression of flags as
        // numbers (for `&&`, or one statement per flag, the compiler keeps
        // a branch per condition). Only a line with both a `*` and a `/`
        // is read again for a `*/`: looking for it in the same pass, with
        // the byte before each, carried a state from byte to byte, and the
        // scan was a quarter slower.
        let found = line.reduceUTF8(into: UInt8(0)) { found, byte in
            found |=
                ((byte &- 0x20 >= 0x5F ? 1 : 0) & (byte != UInt8(ascii: "\t") ? 1 : 0))
                | (byte == UInt8(ascii: "/") ? 2 : 0) | (byte == UInt8(ascii: "*") ? 4 : 0)
        }
        if found & 1 != 0 { return true }
        guard found & 6 == 6 else { return false }
        let endsComment = line.reduceUTF8(into: (found: UInt8(0), previous: UInt8(0))) { scan, byte in
            scan.found |= (byte == UInt8(ascii: "/") ? 1 : 0) & (scan.previous == UInt8(ascii: "*") ? 1 : 0)
            scan.previous = byte
        }
        return endsComment.found != 0
    }

    /// Inline code in a doc comment: a backtick cannot be escaped inside a
    /// code span, so it is dropped rather than ending the span early; a line
    /// break is shown as `\n` so the span stays on its line.
    public static func docCode(_ text: String) -> String {
        let hasBacktick = text.reduceUTF8(into: false) { found, byte in found = found || byte == UInt8(ascii: "`") }
        // Text that `docText` leaves as it is holds only printable ASCII and
        // tabs, which `visible` leaves too: the usual wire value or name goes
        // between the backticks without another scan and copy.
        if !hasBacktick, !needsDocEscape(text) { return .enclosing(text, open: "`", close: "`") }
        let text = hasBacktick ? text.replacing("`", with: "") : text
        return .enclosing(docText(visible(text, escapingLineBreaks: true)), open: "`", close: "`")
    }

    /// The text with control and invisible format characters escaped; `\n`
    /// only when asked, tabs never.
    private static let inlineEscapes = InvisibleCharacters.Rules(keep: ["\t"], named: ["\n": "\\n", "\r": "\\r"])
    private static let blockEscapes = InvisibleCharacters.Rules(keep: ["\t", "\n"], named: ["\r": "\\r"])

    static func visible(_ text: String, escapingLineBreaks: Bool) -> String {
        InvisibleCharacters.escaped(text, escapingLineBreaks ? inlineEscapes : blockEscapes)
    }

    private static func isHead(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }
}
