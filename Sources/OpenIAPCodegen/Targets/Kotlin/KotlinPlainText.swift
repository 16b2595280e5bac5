import OpenIAPSpec
import OpenIAPTemplates

/// Fast paths for the usual text: a doc, a string literal or a member name
/// of printable ASCII, which needs no `Character` or scalar work. Each is
/// decided in one pass over the string's own bytes and gives what the
/// general path in `KotlinNames` gives.
///
/// The usual doc (one line of printable ASCII, with no `/` and no `@`) made
/// into KDoc body lines in one pass over its bytes.
///
/// Such a doc needs no escaping (`KotlinNames.docText` changes only `/*`,
/// `*/` and a leading `@`) and no `Character` work: it is broken into lines
/// by `DocWrapping`'s rule on bytes, as Swift's docs are, and each line is
/// cut from the doc in one allocation.
/// The general path looked at every doc three times (the escape scan, the
/// shape scan, the wrap through `Substring.UTF8View`), about 6,000
/// instructions per field of the synthetic spec.
extension KotlinNames {
    /// What the bytes of a doc hold (see `docClasses`): printable ASCII
    /// other than a space (`textByte`), and anything the simple path does
    /// not take (`otherByte`: a control character, a byte of a non-ASCII
    /// character, `/` or `@`).
    private static let textByte: UInt8 = 1
    private static let otherByte: UInt8 = 2

    /// The union of the classes of the bytes of `doc` (`textByte`,
    /// `otherByte`), read in place (`reduceUTF8`) in one expression of
    /// flags as numbers, with no early exit: some 4 instructions a byte,
    /// where a table of each byte's class took 7 and four comparisons with
    /// `||` 15. (Written with one statement per flag, or inside the generic
    /// `simpleDocTexts`, the same flags took twice the table's time.)
    private static func docClasses(_ doc: String) -> UInt8 {
        doc.reduceUTF8(into: UInt8(0)) { classes, byte in
            classes |=
                (byte &- 0x20 >= 0x5F ? 2 : 0) | (byte == UInt8(ascii: "/") ? 2 : 0)
                | (byte == UInt8(ascii: "@") ? 2 : 0) | (byte != UInt8(ascii: " ") ? 1 : 0)
        }
    }

    /// Hands the texts of the body lines of `doc` (see
    /// `KotlinNames.docTexts`) to `body` and answers true when `doc` is
    /// such a doc (a blank one has no lines); answers false, having handed
    /// nothing, for any other doc, which takes the general path.
    static func forEachSimpleDocText(_ doc: String, _ body: (String) -> Void) -> Bool {
        let classes = docClasses(doc)
        guard classes & otherByte == 0 else { return false }
        guard classes & textByte != 0 else { return true }
        return doc.utf8.withContiguousStorageIfAvailable { simpleDocTexts(doc, bytes: $0, body) } ?? false
    }

    private static func simpleDocTexts<Bytes: RandomAccessCollection<UInt8>>(
        _ doc: String, bytes: Bytes, _ body: (String) -> Void
    ) -> Bool where Bytes.Index == Int {
        // The doc is printable ASCII without `/` and `@`, and not blank
        // (`docClasses`).
        // The usual doc is one line as it is: the doc itself, no copy.
        if bytes.count <= DocWrapping.width {
            body(doc)
            return true
        }
        // Each line is a run of the doc's bytes, made a string in one step.
        DocWrapping.forEachPlainPiece(bytes, in: bytes.startIndex..<bytes.endIndex) { piece in
            body(String(decoding: bytes[piece], as: UTF8.self))
        }
        return true
    }

    /// `stringLiteral(text)` when `text` is printable ASCII with no `\\`,
    /// `"` or `$` (nothing to escape): the text between quotes, in one
    /// allocation; nil for any other text.
    static func plainStringLiteral(_ text: String) -> String? {
        guard isPlainLiteralText(text) else { return nil }
        var literal = ""
        literal.reserveCapacity(text.utf8.count + 2)
        literal += "\""
        literal += text
        literal += "\""
        return literal
    }

    /// Whether `text` is printable ASCII with no `\\`, `"` or `$`: the text
    /// of a string literal as it is.
    static func isPlainLiteralText(_ text: String) -> Bool {
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { byte in
                byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "\"")
                    && byte != UInt8(ascii: "$")
            }
        }
        return plain == true
    }

    /// Whether `identifier` is an ASCII letter or `_`, then ASCII letters,
    /// digits and `_`, with some byte that no keyword has (keywords are
    /// lowercase letters only): then `escaped` gives it as it is. False
    /// does not mean it needs backticks, only that `escaped` decides.
    static func isPlainNonKeyword(_ identifier: String) -> Bool {
        identifier.utf8.withContiguousStorageIfAvailable { bytes in
            var notKeyword = false
            for index in bytes.indices {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): continue
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): notKeyword = true
                case UInt8(ascii: "0")...UInt8(ascii: "9") where index > bytes.startIndex: notKeyword = true
                default: return false
                }
            }
            // All underscores is not a plain identifier: `escaped` decides.
            return notKeyword && bytes.contains { $0 != UInt8(ascii: "_") }
        } ?? false
    }
}
