import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `withUTF8Bytes` lends a string's bytes in place; they must be exactly
/// its UTF-8, for small strings (stored inline) and large ones alike.
/// Every string on Linux is native, so the `withUTF8` fallback for
/// foreign (bridged) text runs only on Apple platforms.
struct StringBytesTests {
    @Test func bytesAreTheStringsUTF8() {
        let long = String(repeating: "field name ", count: 20)
        let texts = [
            "", "a", "fifteen bytes!!", "sixteen bytes!!!", long, "naïve – ünïcödé ✓ 🎉", "\u{0}\t\n",
            String(long.dropFirst(3)), String(Substring("prefix-suffix").dropFirst(7)), long + "é",
        ]
        for text in texts {
            #expect(text.withUTF8Bytes { Array($0) } == Array(text.utf8))
        }
    }

    @Test func resultAndErrorsPassThrough() {
        struct Stop: Error {}
        #expect(throws: Stop.self) { try "abc".withUTF8Bytes { _ in throw Stop() } }
        #expect("abc".withUTF8Bytes(\.count) == 3)
    }
}
