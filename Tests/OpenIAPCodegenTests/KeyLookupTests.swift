import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The helpers that find a mapping's keys among a fixed list of allowed keys.
@Suite struct KeyLookupTests {
    static let keys = KeyList(["type", "doc", "max", "min"])

    /// The document of `text`, whose top is a mapping, and its pairs.
    func pairs(_ text: String) throws -> (YAMLDocument, YAMLDocument.Pairs) {
        let document = try YAMLReader.document(Array(text.utf8), file: "a.yaml")
        return (document, try #require(document.mapping(document.root)))
    }

    @Test func documentFindsScalarsInAKeyList() throws {
        let (document, pairs) = try pairs("min: 1\n'doc': 2\nmaxi: 3\nlist: [type]\n")
        let positions = pairs.map { document.position(of: $0.key, in: Self.keys) }
        #expect(positions == [3, 1, nil, nil])
        #expect(pairs.map { document.scalar($0.key, isOneOf: Self.keys) } == [true, true, false, false])
        // A collection is never one of the keys, whatever it holds.
        #expect(document.position(of: pairs[3].value, in: Self.keys) == nil)
    }

    @Test func documentComparesKeysAsSwiftStrings() throws {
        // "é" written as "e" and a combining accent equals the one code point.
        let (document, pairs) = try pairs("cafe\u{301}: 1\n")
        #expect(document.position(of: pairs[0].key, in: KeyList(["caf", "caf\u{E9}"])) == 1)
    }

    @Test func fieldKeysAreListedInTheOrderOfTheirPositions() {
        let cases = SpecFileReader.FieldKey.allCases
        #expect(cases.map(\.rawValue) == Array(cases.indices))
        #expect(Array(SpecFileReader.fieldKeys.names.prefix(cases.count)) == cases.map { String(describing: $0) })
    }

    @Test func annotationKeysAreListedInTheOrderOfTheirPositionsAndEndTheFieldKeys() {
        let cases = SpecFileReader.AnnotationKey.allCases
        #expect(cases.map(\.rawValue) == Array(cases.indices))
        #expect(SpecFileReader.annotationKeys.names == cases.map { String(describing: $0) })
        #expect(SpecFileReader.fieldKeys.names.count == SpecFileReader.FieldKey.allCases.count + cases.count)
        #expect(Array(SpecFileReader.fieldKeys.names.suffix(cases.count)) == SpecFileReader.annotationKeys.names)
    }

    @Test func recordKeysAreListedInTheOrderOfTheirPositionsBeforeTheAnnotationKeys() {
        let output = SpecFileReader.outputRecordKeys.names
        let input = SpecFileReader.inputRecordKeys.names
        #expect(Array(output.prefix(SpecFileReader.outputRecordKeyCount)) == ["fields", "include", "oneOf"])
        #expect(Array(input.prefix(SpecFileReader.inputRecordKeyCount)) == ["fields", "include", "exactlyOne", "atLeastOne", "sameAs"])
        #expect(Array(output.dropFirst(SpecFileReader.outputRecordKeyCount)) == SpecFileReader.annotationKeys.names)
        #expect(Array(input.dropFirst(SpecFileReader.inputRecordKeyCount)) == SpecFileReader.annotationKeys.names)
        typealias Key = SpecFileReader.RecordKey
        #expect([Key.fields, .include, .oneOfOrExactlyOne].map { output[$0.rawValue] } == ["fields", "include", "oneOf"])
        #expect([Key.oneOfOrExactlyOne, .atLeastOne, .sameAs].map { input[$0.rawValue] } == ["exactlyOne", "atLeastOne", "sameAs"])
    }

    @Test func keysOfEveryLengthAndFirstByteAreFound() throws {
        // Several keys share a length, a first byte or both.
        let keys = KeyList(["ab", "ac", "b", "abc", "ba", "a", "bb", "abd"])
        let (document, pairs) = try pairs("abd: 1\nb: 2\nac: 3\nabe: 4\na: 5\nbb: 6\nab: 7\nc: 8\nabc: 9\nba: 0\n")
        #expect(pairs.map { document.position(of: $0.key, in: keys) } == [7, 2, 1, nil, 5, 6, 0, nil, 3, 4])
    }

    @Test func checkedValuesNoteAllowedKeysAndReportTheOthers() throws {
        let (document, pairs) = try pairs("max: 9\ntpye: x\ndoc: d\nzzz: 1\n")
        var reader = NodeReader(document)
        let values = reader.checkedValues(pairs, allowed: Self.keys, in: "field 'f'")
        #expect(values[position: 2].flatMap { document.scalar($0) } == "9")
        #expect(values[position: 1].flatMap { document.scalar($0) } == "d")
        #expect(values[position: 0] == nil)
        #expect(values[position: 3] == nil)
        #expect(reader.diagnostics.all.map(\.description) == [
            "a.yaml:2:1: error: unknown key 'tpye' in field 'f'; did you mean 'type'?",
            "a.yaml:4:1: error: unknown key 'zzz' in field 'f'; expected one of: type, doc, max, min",
        ])
    }
}
