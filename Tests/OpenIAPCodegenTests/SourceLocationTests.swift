import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `SourceLocation` names its file by a number from a process-wide table;
/// these check that it still behaves as if it held the path itself.
@Suite struct SourceLocationTests {
    @Test func samePathMakesEqualLocations() {
        // Made separately, as two readers of one file would.
        let first = SourceLocation(file: "interning/a.yaml", line: 3, column: 7)
        let second = SourceLocation(file: String("interning/" + "a.yaml"), line: 3, column: 7)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        #expect(first != SourceLocation(file: "interning/b.yaml", line: 3, column: 7))
        #expect(first != SourceLocation(file: "interning/a.yaml", line: 4, column: 7))
        #expect(first != SourceLocation(file: "interning/a.yaml", line: 3, column: 8))
    }

    @Test func readsBackWhatWasGiven() {
        var location = SourceLocation(file: "interning/c.yaml", line: 12, column: 5)
        #expect(location.file == "interning/c.yaml")
        #expect(location.line == 12)
        #expect(location.column == 5)
        #expect(location.description == "interning/c.yaml:12:5")
        location.file = "interning/d.yaml"
        location.line = 1
        location.column = 2
        #expect(location.description == "interning/d.yaml:1:2")
        #expect(location == SourceLocation(file: "interning/d.yaml", line: 1, column: 2))
    }

    @Test func ordersByPathThenLineThenColumn() {
        // Interned in an order unlike the paths', so that ordering cannot
        // follow the table's numbers.
        let z = SourceLocation(file: "interning/z.yaml", line: 1, column: 1)
        let m = SourceLocation(file: "interning/m.yaml", line: 9, column: 9)
        let mEarlier = SourceLocation(file: "interning/m.yaml", line: 2, column: 30)
        let mSameLine = SourceLocation(file: "interning/m.yaml", line: 2, column: 4)
        let a = SourceLocation(file: "interning/a2.yaml", line: 50, column: 1)
        #expect([z, m, mEarlier, mSameLine, a].sorted() == [a, mSameLine, mEarlier, m, z])
        #expect(!(m < m))
    }

    @Test func keepsEachSpellingOfCanonicallyEqualPaths() {
        // "é" precomposed and decomposed: equal as Swift strings, as they
        // were when locations held a `String`, yet each prints as written.
        let composed = SourceLocation(file: "interning/caf\u{E9}.yaml", line: 1, column: 1)
        let decomposed = SourceLocation(file: "interning/cafe\u{301}.yaml", line: 1, column: 1)
        #expect(composed == decomposed)
        #expect(composed.hashValue == decomposed.hashValue)
        #expect(!(composed < decomposed) && !(decomposed < composed))
        #expect(Array(composed.file.utf8) == Array("interning/caf\u{E9}.yaml".utf8))
        #expect(Array(decomposed.description.utf8) == Array("interning/cafe\u{301}.yaml:1:1".utf8))
    }

    @Test func documentLocationsNameTheirFile() throws {
        let document = try YAMLReader.document(Array("a: 1\nb:\n  c: 2\n".utf8), file: "interning/doc.yaml")
        let root = document.root
        let pairs = try #require(document.mapping(root))
        let locations = pairs.map { document.location(of: $0.value) }
        #expect(locations.map(\.description) == ["interning/doc.yaml:1:4", "interning/doc.yaml:3:3"])
        #expect(locations[0] == SourceLocation(file: "interning/doc.yaml", line: 1, column: 4))
    }
}
