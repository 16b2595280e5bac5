import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `SourceText` must give exactly what a `String` interpolation of the same
/// pieces gives, whether the text fits its stack buffer or not.
struct SourceTextTests {
    @Test func literalWithoutInterpolation() {
        #expect(String(source: "case none") == "case none")
        #expect(String(source: "") == "")
    }

    @Test func interpolatesStringsSubstringsStaticStringsAndIntegers() {
        let name = "productID"
        let tail: Substring = "xx-tail-yy".dropFirst(3).dropLast(3)
        let marker: StaticString = "?"
        #expect(String(source: "self.\(name) = \(tail)\(marker) // \(42), \(-7)") == "self.productID = tail? // 42, -7")
    }

    @Test func nonASCIIPiecesStayWhole() {
        let word = "Grüße, 世界 🎉"
        #expect(String(source: "/// \(word)!") == "/// Grüße, 世界 🎉!")
    }

    @Test func textLongerThanTheStackBufferMovesToTheHeap() {
        let capacity = SourceText.Composer.inlineCapacity
        for length in [capacity - 1, capacity, capacity + 1, 3 * capacity] {
            let long = String(repeating: "a", count: length)
            #expect(String(source: "[\(long)]") == "[" + long + "]")
            // The piece that overflows arrives after others that fit.
            #expect(String(source: "x\(long)y\(long)z") == "x" + long + "y" + long + "z")
        }
    }
}
