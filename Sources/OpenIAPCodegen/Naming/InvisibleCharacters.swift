/// Characters of spec text that must never appear raw in generated files or
/// in diagnostics, and the one way they are written instead. Swift, JSON,
/// TypeScript and the diagnostics printer all ask here, so the set of
/// "invisible" characters and their `\u{…}` spelling exist once.
enum InvisibleCharacters {
    /// Line and paragraph separators and C1 controls break lines in some
    /// editors; bidi controls and marks can make code read differently from
    /// what it does; a byte order mark is invisible.
    static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// Whether a character must be escaped wherever spec text is shown on a
    /// line: every control character (tab included) and every invisible
    /// format character.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
        return scalar.value < 0x20 || scalar.value == 0x7F || isInvisibleFormat(scalar)
    }

    /// `\u{1B}`: the brace form Swift, TypeScript docs and diagnostics use.
    static func braced(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }

    /// The text with every character that `needsEscape` written as `\u{…}`,
    /// except the ones in `keep`, which stay raw. Characters in `named` are
    /// always written with their given spelling (`"\n": "\\n"`), whether or
    /// not they are invisible; a target uses that for its own quoting.
    static func escaped(
        _ text: some StringProtocol, keep: Set<Unicode.Scalar> = [], named: [Unicode.Scalar: String] = [:]
    ) -> String {
        let mustEscape = { (scalar: Unicode.Scalar) in
            named[scalar] != nil || (needsEscape(scalar) && !keep.contains(scalar))
        }
        guard text.unicodeScalars.contains(where: mustEscape) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if let spelling = named[scalar] {
                result += spelling
            } else if needsEscape(scalar) && !keep.contains(scalar) {
                result += braced(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
