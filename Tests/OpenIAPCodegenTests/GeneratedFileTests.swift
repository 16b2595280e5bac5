import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// A file rendered into bytes behaves like the same text given as a string.
@Suite struct GeneratedFileTests {
    func rendered(_ path: String, _ text: String) -> GeneratedFile {
        GeneratedFile(path: path, bytes: FileBytes(Array(text.utf8)))
    }

    @Test func renderedBytesEqualTheSameText() {
        let text = "// héllo\nlet x = 1\n"
        let fromBytes = rendered("a.swift", text)
        let fromText = GeneratedFile(path: "a.swift", contents: text)
        #expect(fromBytes.contents == text)
        #expect(fromBytes.byteCount == text.utf8.count)
        #expect(fromBytes == fromText)
        #expect(fromBytes.hashValue == fromText.hashValue)
        #expect(fromBytes != rendered("a.swift", text + " "))
        #expect(fromBytes != rendered("b.swift", text))
        #expect(rendered("e", "") == GeneratedFile(path: "e", contents: ""))
    }

    @Test func settingContentsReplacesTheBytes() {
        var file = rendered("a.txt", "old")
        file.contents = "new"
        #expect(file.contents == "new")
        #expect(file.withBytes { Array($0) } == Array("new".utf8))
    }

    @Test func joiningKeepsPieceOrderAndTakesThePath() {
        let joined = GeneratedFile.joining(
            [rendered("x", "one "), GeneratedFile(path: "y", contents: "twö "), rendered("z", "three")], path: "all.txt")
        #expect(joined.path == "all.txt")
        #expect(joined.contents == "one twö three")
        let single = GeneratedFile.joining([rendered("x", "only")], path: "one.txt")
        #expect(single == GeneratedFile(path: "one.txt", contents: "only"))
    }
}
