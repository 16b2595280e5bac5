import Testing

@testable import OpenIAPCodegen

/// The rule doc comments are wrapped by (`DocWrapping`), in Swift and in
/// Kotlin: its edges, and its byte path against its character path.
struct DocWrappingTests {
    /// The pieces the byte path makes of `line` (printable ASCII).
    private func plainPieces(_ line: String) -> [String] {
        var pieces: [String] = []
        let bytes = Array(line.utf8)
        DocWrapping.forEachPlainPiece(bytes, in: 0..<bytes.count) { piece in
            pieces.append(String(decoding: bytes[piece], as: UTF8.self))
        }
        return pieces
    }

    /// What both paths make of `line`, checked to agree.
    private func pieces(_ line: String) -> [String] {
        let plain = plainPieces(line)
        #expect(plain == DocWrapping.wrap(line).map(String.init), "the byte and character paths differ on \(line)")
        return plain
    }

    private func word(_ count: Int, _ letter: Character = "a") -> String {
        String(repeating: letter, count: count)
    }

    @Test func aLineOfTheWidthIsKept() {
        let line = word(50) + " " + word(49)
        #expect(line.count == DocWrapping.width)
        #expect(pieces(line) == [line])
    }

    @Test func aSpaceJustPastTheWidthIsABreak() {
        // The space is the 101st character: the first line is 100 long.
        let first = word(40) + " " + word(59)
        #expect(pieces(first + " tail") == [first, "tail"])
    }

    @Test func theBreakIsTheLastSpaceWithinTheWidthAndOne() {
        let line = word(60) + " " + word(30) + " " + word(30)
        #expect(pieces(line) == [word(60) + " " + word(30), word(30)])
    }

    @Test func spacesAfterTheBreakAreDropped() {
        let line = word(60) + " " + word(39) + "    " + "next"
        #expect(pieces(line) == [word(60) + " " + word(39), "next"])
    }

    @Test func aLongerWordStaysWholeWithTheRestOfItsLine() {
        let line = word(120) + " tail " + word(20)
        #expect(pieces(line) == [line])
        // After a break, the next piece starts with a long word.
        let broken = "head " + word(110) + " tail"
        #expect(pieces(broken) == ["head", word(110) + " tail"])
    }

    @Test func trailingSpacesAfterABreakLeaveAnEmptyPiece() {
        let line = word(100) + "   "
        #expect(pieces(line) == [word(100), ""])
    }

    @Test func longLinesBreakAgainAndAgain() {
        let words = (0..<60).map { word($0 % 13 + 1, Character(UnicodeScalar(UInt8(97 + $0 % 26)))) }
        let line = words.joined(separator: " ")
        let result = pieces(line)
        #expect(result.count > 2)
        #expect(result.allSatisfy { $0.count <= DocWrapping.width })
        #expect(result.joined(separator: " ") == line)
    }

    /// Swift's doc lines and Kotlin's KDoc lines hold the same text, on the
    /// byte path (plain text) and on the character path (other text).
    @Test func swiftAndKotlinBreakDocsAlike() {
        let plain = word(60) + " " + word(39) + "   " + word(30) + "\n\n" + word(5) + "\n  \n"
        let other = "é" + word(60) + " " + word(39) + " " + word(30)
        let slashes = word(60) + " a/b " + word(50)
        for doc in [plain, other, slashes] {
            let swift = SwiftEscaping.docTexts(doc)
            let kotlin = KotlinNames.docBody([doc]).map { $0 == " *" ? "" : String($0.dropFirst(3)) }
            #expect(swift == kotlin, "Swift and Kotlin break differently: \(doc)")
            #expect(swift.count >= 2)
        }
        #expect(SwiftEscaping.docTexts(plain) == [word(60) + " " + word(39), word(30), "", word(5)])
    }

    /// A doc of printable ASCII on one line is settled by its lowest and
    /// highest byte; the bytes just outside that range, and a doc of spaces
    /// alone, must still take their own paths.
    @Test func theEdgesOfPrintableASCIIAreSortedRight() {
        #expect(SwiftEscaping.docTexts("   ").isEmpty)
        #expect(SwiftEscaping.docTexts(" ~ ") == [" ~ "])
        #expect(SwiftEscaping.docTexts("!") == ["!"])
        #expect(SwiftEscaping.docTexts("a\u{7F}b") == SwiftEscaping.docTexts("a\u{7F}b\n"))
        #expect(SwiftEscaping.docTexts("a\u{7F}b") != ["a\u{7F}b"])
        #expect(SwiftEscaping.docTexts("a\u{1F}b") != ["a\u{1F}b"])
        #expect(SwiftEscaping.docTexts("one\ntwo") == ["one", "two"])
    }
}
