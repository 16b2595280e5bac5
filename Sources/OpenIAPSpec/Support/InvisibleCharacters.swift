/// Characters of spec text that must never appear raw in generated files or
/// in diagnostics, and the one way they are written instead. Swift, JSON,
/// TypeScript and the diagnostics printer all ask here, so the set of
/// "invisible" characters and their `\u{…}` spelling exist once.
package enum InvisibleCharacters {
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
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
        return scalar.value < 0x20 || scalar.value == 0x7F || isInvisibleFormat(scalar)
    }

    /// `\u{1B}`: the brace form Swift, TypeScript docs and diagnostics use.
    static func braced(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }

    /// How one kind of output escapes text: which characters that
    /// `needsEscape` stay raw (`keep`), which characters are always written
    /// with a spelling of their own (`named`, such as `"\n": "\\n"`),
    /// whether or not they are invisible, and how the others are spelled
    /// (`spelling`, `braced` unless a language wants another form); a target
    /// uses that for its quoting. Build one as a `static let` so the sets are
    /// made once, not per call.
    package struct Rules: Sendable {
        let keep: Set<Unicode.Scalar>
        let named: [Unicode.Scalar: String]
        let spelling: @Sendable (Unicode.Scalar) -> String
        /// Bit `b` set: the ASCII byte `b` may not be copied as it is.
        private let asciiMask: (UInt64, UInt64)

        package init(
            keep: Set<Unicode.Scalar> = [], named: [Unicode.Scalar: String] = [:],
            spelling: @escaping @Sendable (Unicode.Scalar) -> String = InvisibleCharacters.braced
        ) {
            self.keep = keep
            self.named = named
            self.spelling = spelling
            var mask: (UInt64, UInt64) = (0, 0)
            for byte in 0..<128 {
                let scalar = Unicode.Scalar(UInt8(byte))
                guard named[scalar] != nil || (needsEscape(scalar) && !keep.contains(scalar)) else { continue }
                if byte < 64 { mask.0 |= 1 << UInt64(byte) } else { mask.1 |= 1 << UInt64(byte - 64) }
            }
            asciiMask = mask
        }

        func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
            named[scalar] != nil || (needsEscape(scalar) && !keep.contains(scalar))
        }

        /// True when every byte is ASCII that these rules copy as it is: the
        /// common case, settled without decoding a single scalar.
        func isPlain(_ bytes: some Sequence<UInt8>) -> Bool {
            // A native string's bytes are read in place, which is several
            // times cheaper per byte than stepping through its UTF-8 view.
            if let plain = bytes.withContiguousStorageIfAvailable({ isPlain(bytes: $0) }) { return plain }
            return isPlain(bytes: bytes)
        }

        private func isPlain(bytes: some Sequence<UInt8>) -> Bool {
            let (low, high) = asciiMask
            for byte in bytes {
                if byte < 64 {
                    if low & (1 << UInt64(byte)) != 0 { return false }
                } else if byte < 128 {
                    if high & (1 << UInt64(byte - 64)) != 0 { return false }
                } else {
                    return false
                }
            }
            return true
        }
    }

    /// Escape every invisible character, keep none raw, name none.
    static let allInvisible = Rules()

    /// The text with every character that `needsEscape` written as `\u{…}`,
    /// except the ones `rules` keeps raw; characters `rules` names are
    /// written with their own spelling.
    package static func escaped(_ text: some StringProtocol, _ rules: Rules = allInvisible) -> String {
        if rules.isPlain(text.utf8) { return String(text) }
        guard text.unicodeScalars.contains(where: rules.mustEscape) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if let spelling = rules.named[scalar] {
                result += spelling
            } else if needsEscape(scalar) && !rules.keep.contains(scalar) {
                result += rules.spelling(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
