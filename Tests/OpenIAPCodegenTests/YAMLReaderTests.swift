import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

@Suite struct YAMLReaderTests {
    // MARK: - Helpers

    /// The printed diagnostics for an input that must fail, or nil when it read fine.
    private func failure(_ text: String, limits: YAMLLimits = .default) -> String? {
        failure(Array(text.utf8), limits: limits)
    }

    private func failure(_ bytes: [UInt8], limits: YAMLLimits = .default) -> String? {
        do {
            _ = try YAMLReader.read(bytes, file: "a.yaml", limits: limits)
            return nil
        } catch {
            return error.description
        }
    }

    private func at(_ line: Int, _ column: Int) -> OpenIAPSpec.SourceLocation {
        OpenIAPSpec.SourceLocation(file: "a.yaml", line: line, column: column)
    }

    /// The value under `key` in a mapping node.
    private func value(_ node: YAMLNode?, _ key: String) -> YAMLNode? {
        node?.mapping?.first { $0.key.scalar == key }?.value
    }

    // MARK: - Tree and locations

    @Test func locatesNestedNodes() throws {
        let text = """
        root:
          list:
            - a
            - {x: 'q', y: [1, 2]}
          block: |
            text
        """
        let doc = try YAMLReader.read(text, file: "a.yaml")
        #expect(doc.location == at(1, 1))
        let root = value(doc, "root")
        #expect(root?.location == at(2, 3))
        #expect(doc.mapping?.first?.key.location == at(1, 1))
        let list = value(root, "list")
        #expect(list?.location == at(3, 5))
        #expect(list?.sequence?.count == 2)
        #expect(list?.sequence?[0].location == at(3, 7))
        let flow = list?.sequence?[1]
        #expect(flow?.location == at(4, 7))
        #expect(value(flow, "x")?.location == at(4, 11))
        #expect(flow?.mapping?[1].key.location == at(4, 16))
        let numbers = value(flow, "y")
        #expect(numbers?.location == at(4, 19))
        #expect(numbers?.sequence?.map(\.location) == [at(4, 20), at(4, 23)])
        #expect(value(root, "block")?.location == at(5, 10))
        #expect(value(root, "block")?.scalar == "text")
    }

    @Test func countsColumnsInCharacters() throws {
        let doc = try YAMLReader.read("é: [ü, ß]\n", file: "a.yaml")
        #expect(value(doc, "é")?.location == at(1, 4))
        #expect(value(doc, "é")?.sequence?.map(\.location) == [at(1, 5), at(1, 8)])
    }

    @Test func keepsKeysInDocumentOrder() throws {
        let doc = try YAMLReader.read("b: 1\na: 2\nc: 3\n", file: "a.yaml")
        #expect(doc.mapping?.map { $0.key.scalar } == ["b", "a", "c"])
    }

    // MARK: - Scalars

    @Test func tellsScalarStylesApart() throws {
        let text = """
        plain: true
        single: 'true'
        double: "true"
        literal: |
          a
        folded: >
          b
        """
        let doc = try YAMLReader.read(text, file: "a.yaml")
        func style(_ key: String) -> YAMLNode.ScalarStyle? {
            if case let .scalar(_, style)? = value(doc, key)?.kind { return style }
            return nil
        }
        #expect(style("plain") == .plain)
        #expect(style("single") == .quoted)
        #expect(style("double") == .quoted)
        #expect(style("literal") == .block)
        #expect(style("folded") == .block)
        #expect(value(doc, "single")?.scalar == "true")
        #expect(value(doc, "literal")?.scalar == "a\n")
        #expect(value(doc, "folded")?.scalar == "b")
    }

    @Test func neverResolvesYAML11Booleans() throws {
        let doc = try YAMLReader.read("[no, on, yes, off, No, OFF, y, n, 1.0, 0x1F, ~]", file: "a.yaml")
        #expect(doc.sequence?.map(\.scalar) == ["no", "on", "yes", "off", "No", "OFF", "y", "n", "1.0", "0x1F", "~"])
        #expect(doc.sequence?.last?.isNull == true)
        #expect(doc.sequence?.first?.isNull == false)
    }

    @Test func keepsAllowedTags() throws {
        let doc = try YAMLReader.read("a: !!str 1\nb: ! 2\nc: !!seq [x]\nd: !!map {x: y}\n", file: "a.yaml")
        #expect(value(doc, "a")?.tag == "!!str")
        #expect(value(doc, "a")?.scalar == "1")
        #expect(value(doc, "b")?.tag == "!")
        #expect(value(doc, "c")?.tag == "!!seq")
        #expect(value(doc, "d")?.tag == "!!map")
        #expect(value(doc, "d")?.mapping?.count == 1)
    }

    // MARK: - Anchors and aliases

    @Test func copiesAnchoredNodesForAliases() throws {
        let text = """
        base: &b
          name: x
          list: [1, 2]
        copy: *b
        word: &w hello
        again: *w
        """
        let doc = try YAMLReader.read(text, file: "a.yaml")
        let copy = value(doc, "copy")
        #expect(copy?.location == at(4, 7))
        #expect(value(copy, "name")?.scalar == "x")
        // Nodes inside the copy still point at the anchored definition.
        #expect(value(copy, "name")?.location == at(2, 9))
        #expect(value(copy, "list")?.sequence?.map(\.scalar) == ["1", "2"])
        #expect(value(doc, "again")?.scalar == "hello")
        #expect(value(doc, "again")?.location == at(6, 8))
    }

    @Test func reportsUnknownAlias() {
        #expect(failure("a: 1\nb: *nope\n") == "a.yaml:2:4: error: unknown alias '*nope'")
    }

    @Test func reportsAliasToItselfAsUnknown() {
        #expect(failure("a: &x [1, *x]\n") == "a.yaml:1:11: error: unknown alias '*x'")
    }

    @Test func stopsBillionLaughs() {
        var lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
            lines.append("\(name): &\(name) [\(aliases)]")
        }
        let text = lines.joined(separator: "\n") + "\n"
        // a holds 10 nodes, b 91, c 820, d 7381, e 66430: expanding all of e
        // reaches 74718 copied nodes, and the first *e on line f passes 100000.
        let printed = failure(text)
        #expect(printed == "a.yaml:6:8: error: alias expansion exceeds 100000 nodes")
    }

    @Test func honoursACustomExpansionLimit() {
        let limits = YAMLLimits(maxDepth: 256, maxAliasExpansion: 5)
        #expect(failure("a: &a [1, 2]\nb: *a\nc: *a\n", limits: limits)
            == "a.yaml:3:4: error: alias expansion exceeds 5 nodes")
    }

    // MARK: - Mapping keys

    @Test func reportsEveryDuplicateKeyAtAnyDepth() {
        let text = """
        top:
          x: 1
          x: 2
          inner: {k: 1, k: 2}
        top: 3
        list:
          - name: a
            name: b
          - name: c
        """
        #expect(failure(text) == """
            a.yaml:3:3: error: duplicate key 'x'
            a.yaml:2:3: note: previous occurrence of 'x'
            a.yaml:4:17: error: duplicate key 'k'
            a.yaml:4:11: note: previous occurrence of 'k'
            a.yaml:5:1: error: duplicate key 'top'
            a.yaml:1:1: note: previous occurrence of 'top'
            a.yaml:8:5: error: duplicate key 'name'
            a.yaml:7:5: note: previous occurrence of 'name'
            """)
    }

    /// A short mapping looks for repeated keys in a list and a long one in a
    /// dictionary; both must find the same first occurrence, also for keys
    /// that are equal only once Unicode-normalized.
    @Test(arguments: [3, YAMLTreeBuilder.linearKeyLimit, YAMLTreeBuilder.linearKeyLimit + 5])
    func findsDuplicateKeysInMappingsOfAnyLength(otherKeys: Int) {
        let filler = (0..<otherKeys).map { "k\($0): \($0)\n" }.joined()
        let text = "caf\u{E9}: 1\n" + filler + "cafe\u{301}: 2\nk0: 3\n"
        let line = otherKeys + 2
        #expect(failure(text) == """
            a.yaml:\(line):1: error: duplicate key 'cafe\u{301}' (the same text once Unicode-normalized)
            a.yaml:1:1: note: previous occurrence of 'caf\u{E9}'
            a.yaml:\(line + 1):1: error: duplicate key 'k0'
            a.yaml:2:1: note: previous occurrence of 'k0'
            """)
    }

    @Test func comparesKeysByText() {
        #expect(failure("'1': a\n1: b\n") == "a.yaml:2:1: error: duplicate key '1'\na.yaml:1:1: note: previous occurrence of '1'")
    }

    @Test func rejectsCollectionKeys() {
        #expect(failure("? [a, b]\n: 1\n{x: 1}: 2\n") == """
            a.yaml:1:3: error: mapping keys must be scalars
            a.yaml:3:1: error: mapping keys must be scalars
            """)
    }

    @Test func rejectsMergeKeys() {
        let text = """
        base: &b {x: 1}
        derived:
          <<: *b
          y: 2
        """
        #expect(failure(text) == "a.yaml:3:3: error: merge keys ('<<') are not supported; write the fields out")
    }

    @Test func acceptsQuotedLessThanKey() throws {
        let doc = try YAMLReader.read("'<<': 1\n", file: "a.yaml")
        #expect(doc.mapping?.first?.key.scalar == "<<")
    }

    // MARK: - Tags

    @Test func rejectsPythonObjectTag() {
        #expect(failure("name: x\nvalue: !!python/object:os.system ls\n")
            == "a.yaml:2:8: error: unsupported tag '!!python/object:os.system'")
        #expect(failure("- !!python/object {}\n") == "a.yaml:1:3: error: unsupported tag '!!python/object'")
    }

    @Test func rejectsOtherTags() {
        #expect(failure("a: !!int 1\nb: !local x\nc: !<tag:example.com,2024:t> y\n") == """
            a.yaml:1:4: error: unsupported tag '!!int'
            a.yaml:2:4: error: unsupported tag '!local'
            a.yaml:3:4: error: unsupported tag 'tag:example.com,2024:t'
            """)
    }

    @Test func rejectsCoreTagsOnTheWrongKind() {
        #expect(failure("a: !!str [1]\nb: !!map x\nc: !!seq {k: v}\n") == """
            a.yaml:1:4: error: tag '!!str' cannot be used on a list
            a.yaml:2:4: error: tag '!!map' cannot be used on a scalar
            a.yaml:3:4: error: tag '!!seq' cannot be used on a mapping
            """)
    }

    // MARK: - Depth

    @Test func allowsExactlyTheDepthLimit() throws {
        let limits = YAMLLimits(maxDepth: 3, maxAliasExpansion: 100_000)
        let doc = try YAMLReader.read("[[[x]]]", file: "a.yaml", limits: limits)
        #expect(doc.sequence?.first?.sequence?.first?.sequence?.first?.scalar == "x")
        #expect(failure("[[[[x]]]]", limits: limits) == "a.yaml:1:4: error: nesting deeper than 3 levels")
    }

    @Test func stopsDeepFlowNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let printed = failure(text)
        #expect(printed == "a.yaml:1:257: error: nesting deeper than 256 levels")
    }

    @Test func stopsDeepBlockNesting() {
        let text = String(repeating: "- ", count: 100_000) + "x\n"
        let printed = failure(text)
        #expect(printed == "a.yaml:1:513: error: nesting deeper than 256 levels")
    }

    @Test func stopsAliasesThatWouldNestTooDeep() {
        let limits = YAMLLimits(maxDepth: 4, maxAliasExpansion: 100_000)
        #expect(failure("a: &a [[x]]\nb: [*a]\n", limits: limits) == nil)
        #expect(failure("a: &a [[x]]\nb: [[*a]]\n", limits: limits) == "a.yaml:2:6: error: nesting deeper than 4 levels")
    }

    // MARK: - Documents

    @Test func readsEmptyInputAsNullAtTheTop() throws {
        for text in ["", "# only a comment\n", "\n\n", "---\n", "\n\n---\n...\n"] {
            let doc = try YAMLReader.read(text, file: "a.yaml")
            #expect(doc.isNull, "\(text.debugDescription)")
            #expect(doc.location == at(1, 1), "\(text.debugDescription)")
        }
        #expect(try YAMLReader.read([UInt8](), file: "a.yaml").isNull)
    }

    @Test func documentAndTreeAgreeOnNullAndKindNames() throws {
        let cases: [(String, String)] = [
            ("~", "null"), ("null", "null"), ("Null", "null"), ("NULL", "null"), ("", "null"),
            ("nULL", "a scalar"), ("'null'", "a scalar"), ("\"~\"", "a scalar"), ("nulls", "a scalar"),
            ("[]", "a list"), ("{}", "a mapping"),
        ]
        for (text, name) in cases {
            let source = "v: \(text)\n"
            let document = try YAMLReader.document(Array(source.utf8), file: "a.yaml")
            let value = try #require(document.mapping(document.root)?.first?.value)
            #expect(document.kindName(value) == name, "\(text.debugDescription)")
            let tree = try #require(try YAMLReader.read(source, file: "a.yaml").mapping?.first?.value)
            #expect(tree.kindName == name, "\(text.debugDescription)")
            #expect(tree.isNull == document.isNull(value), "\(text.debugDescription)")
        }
    }

    @Test func rejectsMultipleDocuments() {
        #expect(failure("a: 1\n---\nb: 2\n") == "a.yaml:2:1: error: expected a single document; found another")
        #expect(failure("--- a\n--- b\n--- c\n") == "a.yaml:2:1: error: expected a single document; found another")
    }

    @Test func acceptsOneExplicitDocument() throws {
        let doc = try YAMLReader.read("---\na: 1\n...\n", file: "a.yaml")
        #expect(value(doc, "a")?.scalar == "1")
    }

    // MARK: - libyaml errors

    @Test func reportsScannerErrorsWithContext() {
        let text = "a:\n  b:\n    @c\n"
        #expect(failure(text) == "a.yaml:3:5: error: found character that cannot start any token (while scanning for the next token)")
    }

    @Test func reportsParserErrors() {
        #expect(failure("a: [1, 2\nb: 3\n") == "a.yaml:2:2: error: did not find expected ',' or ']' (while parsing a flow sequence)")
    }

    @Test func reportsTabIndentation() {
        #expect(failure("a:\n\tb: 2\n") == "a.yaml:2:1: error: found character that cannot start any token (while scanning for the next token)")
        #expect(failure("a: 1\n\tb: 2\n") == "a.yaml:2:1: error: found a tab character that violates indentation (while scanning a plain scalar)")
    }

    @Test func reportsNulByte() {
        #expect(failure([0x61, 0x3A, 0x20, 0x62, 0x00, 0x0A]) == "a.yaml:1:5: error: control characters are not allowed (U+0000)")
    }

    @Test func reportsInvalidUTF8() {
        #expect(failure([0x61, 0x3A, 0x0A, 0x20, 0x20, 0xC3, 0xA9, 0xFF, 0x0A]) == "a.yaml:2:4: error: invalid leading UTF-8 octet (byte 0xFF)")
        // The reader points at the bad byte itself, after the lead byte it broke.
        #expect(failure([0x61, 0x3A, 0x20, 0xC3, 0x28]) == "a.yaml:1:5: error: invalid trailing UTF-8 octet (byte 0x28)")
        #expect(failure([0x0D, 0x0A, 0x61, 0x3A, 0x20, 0xE2, 0x82]) == "a.yaml:2:4: error: incomplete UTF-8 octet sequence")
    }

    @Test func readsPastAByteOrderMark() throws {
        let doc = try YAMLReader.read([0xEF, 0xBB, 0xBF] + Array("a: b\n".utf8), file: "a.yaml")
        #expect(doc.mapping?.first?.key.scalar == "a")
        #expect(doc.location == at(1, 1))
        #expect(value(doc, "a")?.location == at(1, 4))
        // The mark takes no column, whether libyaml or the reader reports.
        #expect(failure([0xEF, 0xBB, 0xBF] + Array("a: @\n".utf8))
            == "a.yaml:1:4: error: found character that cannot start any token (while scanning for the next token)")
        #expect(failure([0xEF, 0xBB, 0xBF, 0x61, 0x3A, 0x20, 0xFF]) == "a.yaml:1:4: error: invalid leading UTF-8 octet (byte 0xFF)")
    }

    @Test func readsUTF16WithAByteOrderMark() throws {
        // "a: é" in UTF-16LE, then a lone low surrogate on the next line.
        let good: [UInt8] = [0xFF, 0xFE, 0x61, 0x00, 0x3A, 0x00, 0x20, 0x00, 0xE9, 0x00]
        let doc = try YAMLReader.read(good, file: "a.yaml")
        #expect(value(doc, "a")?.scalar == "é")
        #expect(value(doc, "a")?.location == at(1, 4))
        let bad = good + [0x0A, 0x00, 0x62, 0x00, 0x3A, 0x00, 0x20, 0x00, 0x00, 0xDC]
        #expect(failure(bad) == "a.yaml:2:4: error: unexpected low surrogate area (U+DC00)")
    }

    // MARK: - Size

    /// A huge scalar is read whole and the node after it keeps its location.
    /// How fast is the benchmark's business, not a test's: a time limit here
    /// failed whenever the shared machine was busy.
    @Test func readsATwentyMegabyteScalar() throws {
        let big = String(repeating: "abcdefghij", count: 2_000_000)
        let node = try YAMLReader.read("key: \(big)\nnext: 1\n", file: "a.yaml")
        #expect(value(node, "key")?.scalar?.utf8.count == 20_000_000)
        #expect(value(node, "next")?.location == at(2, 7))
    }
}
