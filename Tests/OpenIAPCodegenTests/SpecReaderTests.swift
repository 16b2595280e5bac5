import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// Every diagnostic class of the spec reader, with its exact text and
/// location. Specs are written inline; line 1 is the first line of the string.
/// They load as the generator loads them (`Generator.load`), so the errors
/// of the targets' checks are among them.
@Suite struct SpecReaderTests {
    static let header = "spec:\n  version: 1.0.0\n"

    func errors(_ files: [(String, String)]) -> String {
        do {
            _ = try Generator(options: Generator.Options()).load(files.map { SpecLoader.Source(path: $0.0, text: $0.1) })
            return ""
        } catch {
            return error.description
        }
    }

    func errors(_ text: String) -> String { errors([("a.yaml", Self.header + text)]) }

    func spec(_ text: String) throws -> Spec {
        try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: Self.header + text)])
    }

    @Test func fieldAnnotationsInAnyOrder() throws {
        let text = "records:\n  A:\n    fields:\n      a:\n        upstream: u\n        since: 1.2.0\n        type: String\n"
            + "        deprecated: true\n        doc: d\n      b:\n        type: Int\n        deprecated: use a\n"
        let fields = try #require(try spec(text).record("A")).fields
        #expect(fields.map(\.annotations) == [
            Annotations(doc: "d", deprecated: "", since: "1.2.0", upstream: "u"), Annotations(deprecated: "use a"),
        ])
    }

    @Test func stringLimitsAliasesRenamesAndGroupsAreRead() throws {
        let text = """
            enums:
              State:
                values:
                  paid: {renamedFrom: settled, aliases: [settled]}
            inputs:
              Request:
                renamedFrom: OldRequest
                atLeastOne: [[a, b], [b, c]]
                fields:
                  a:
                    type: String?
                    minLength: 2
                    maxLength: 9
                    pattern: ^[a-c]{2}x*$
                    aliases: [alpha, first]
                    renamedFrom: one
                  b: String?
                  c: String?
            """
        let spec = try spec(text)
        let request = try #require(spec.record("Request"))
        #expect(request.annotations.renamedFrom == "OldRequest")
        #expect(request.atLeastOne.map(\.fields) == [["a", "b"], ["b", "c"]])
        let a = try #require(request.field("a"))
        #expect(a.aliases == ["alpha", "first"] && a.annotations.renamedFrom == "one")
        #expect(a.constraints.minLength == 2 && a.constraints.maxLength == 9 && a.constraints.maxBytes == nil)
        let pattern = try #require(a.constraints.pattern)
        #expect(pattern.source == "^[a-c]{2}x*$")
        #expect(pattern.steps.map(\.minimum) == [2, 0] && pattern.steps.map(\.maximum) == [2, nil])
        #expect(pattern.steps[0].accepts(UInt8(ascii: "b")) && !pattern.steps[0].accepts(UInt8(ascii: "d")))
        guard case let .enumeration(state)? = spec["State"] else { throw SpecIssue.missing }
        #expect(state.values[0].annotations.renamedFrom == "settled" && state.values[0].aliases == ["settled"])
    }

    @Test func aPatternErrorPointsAtTheCharacter() {
        let text = "records:\n  A:\n    fields:\n      a:\n        type: String\n        pattern: ^ab(c)$\n"
        #expect(errors(text) == "a.yaml:8:21: error: invalid pattern '^ab(c)$': groups and alternation are not supported; write '\\(' for the character itself")
    }

    enum SpecIssue: Error { case missing }

    @Test func fieldAnnotationErrorsInFileOrder() {
        // Read in another order than written; reported top to bottom.
        let text = "records:\n  A:\n    fields:\n      a:\n        type: String\n        since: soon\n        doc: [x]\n"
        #expect(errors(text) == """
            a.yaml:8:16: error: expected a version such as 1.2.3 for 'since', found 'soon'
            a.yaml:9:14: error: expected a string for 'doc', found a list
            """)
    }

    @Test func valuesWithTheSameDerivedAlias() {
        let text = "enums:\n  E:\n    aliases: UPPER_SNAKE\n    values:\n      - ab\n      - aB\n"
        #expect(errors(text) == """
            a.yaml:8:9: error: values 'ab' and 'aB' have the same UPPER_SNAKE alias 'AB'
            a.yaml:7:9: note: 'ab' declared here
            """)
    }

    @Test func yamlSyntaxError() {
        #expect(errors("records:\n  A:\n    fields: [a\n") ==
            "a.yaml:6:1: error: did not find expected ',' or ']' (while parsing a flow sequence)")
    }

    @Test func duplicateKeysAtAnyDepth() {
        let text = "records:\n  A:\n    fields:\n      id: String\n      id: Int\n"
        #expect(errors(text) == "a.yaml:7:7: error: duplicate key 'id'\na.yaml:6:7: note: previous occurrence of 'id'")
    }

    @Test func unknownTypeWithSuggestion() {
        let text = "enums:\n  IapStore:\n    values: [apple]\nrecords:\n  A:\n    fields:\n      store: IapStor\n"
        #expect(errors(text) == "a.yaml:9:7: error: unknown type 'IapStor'; did you mean 'IapStore'?")
    }

    @Test func unknownTypeWithoutCloseCandidate() {
        #expect(errors("records:\n  A:\n    fields:\n      x: Zebra\n") == "a.yaml:6:7: error: unknown type 'Zebra'")
    }

    @Test func sameTypeInTwoFiles() {
        let result = errors([
            ("a.yaml", Self.header + "records:\n  A:\n    fields:\n      id: String\n"),
            ("b.yaml", "enums:\n  A:\n    values: [x]\n"),
        ])
        #expect(result == "b.yaml:2:3: error: type 'A' is declared more than once\na.yaml:4:3: note: 'A' first declared here")
    }

    @Test func everyLaterDeclarationPointsAtTheFirst() throws {
        let result = errors([
            ("a.yaml", Self.header + "records:\n  A:\n    fields:\n      id: String\n"),
            ("b.yaml", "enums:\n  A:\n    values: [x]\n"),
            ("c.yaml", "strings:\n  A:\n    values: [y]\n"),
        ])
        #expect(result == """
            b.yaml:2:3: error: type 'A' is declared more than once
            a.yaml:4:3: note: 'A' first declared here
            c.yaml:2:3: error: type 'A' is declared more than once
            a.yaml:4:3: note: 'A' first declared here
            """)
    }

    /// The defaults of every file reach their records.
    @Test func defaultsOfEveryFileAreKept() throws {
        let input = "inputs:\n  P:\n    fields:\n      a:\n        type: Int?\n        default: 1\n      b:\n        type: Int?\n"
        let spec = try SpecLoader.build(from: [
            SpecLoader.Source(path: "a.yaml", text: Self.header + input),
            SpecLoader.Source(path: "b.yaml", text: "inputs:\n  Q:\n    fields:\n      c:\n        type: Int?\n        default: 3\n"),
        ])
        let p = try #require(spec.record("P"))
        #expect(p.fields.map(\.defaultValue) == [.int(1), nil])
        #expect(spec.record("Q")?.fields.first?.defaultValue == .int(3))
    }

    @Test func fieldNamesCollidingInSwift() {
        let text = "records:\n  A:\n    fields:\n      product-id: String\n      productId: String\n"
        #expect(errors(text) == """
            a.yaml:7:7: error: field 'productId' of 'A' collides with 'product-id': both are named 'productId' in Swift
            a.yaml:6:7: note: 'product-id' declared here
            """)
    }

    @Test func enumValuesCollidingInSwift() {
        let text = "enums:\n  Kind:\n    values: [in-app, in_app]\n"
        #expect(errors(text) == """
            a.yaml:5:22: error: value 'in_app' of 'Kind' collides with 'in-app': both are named 'inApp' in Swift
            a.yaml:5:14: note: 'in-app' declared here
            """)
    }

    @Test func openEnumValueNamedLikeTheUnknownCase() {
        #expect(errors("enums:\n  E:\n    values: [unrecognized]\n") ==
            "a.yaml:5:14: error: value 'unrecognized' of open enum 'E' would be named 'unrecognized' in Swift, the case that carries unknown values")
    }

    @Test func unionMemberWithoutDiscriminator() {
        let text = """
            unions:
              U:
                discriminator: kind
                members:
                  a: A
            records:
              A:
                fields:
                  id: String

            """
        #expect(errors(text) == """
            a.yaml:7:10: error: union member 'A' of 'U' has no discriminator field 'kind'
            a.yaml:9:3: note: 'A' declared here
            """)
    }

    @Test func requiredCycle() {
        let text = "records:\n  A:\n    fields:\n      b: B\n  B:\n    fields:\n      a: A\n"
        #expect(errors(text) == """
            a.yaml:4:3: error: record 'A' can never be built: its required fields form a cycle (A.b → B, B.a → A); make one of them optional or a list
            a.yaml:7:3: error: record 'B' can never be built: its required fields form a cycle (B.a → A, A.b → B); make one of them optional or a list
            """)
    }

    @Test func optionalOrListBreaksACycle() throws {
        _ = try spec("records:\n  A:\n    fields:\n      b: B?\n  B:\n    fields:\n      a: A[]\n")
    }

    /// A long chain of required fields whose names sort against the chain,
    /// so no single pass in name order can settle it; only its last link
    /// decides whether every record in it can be built.
    @Test func longRequiredChainsAreSettledWhole() throws {
        let count = 200
        // R1000 needs R1001, which needs R1002, …, up to R1199.
        func chain(endingIn last: String) -> String {
            var text = "records:\n"
            for index in 0..<count {
                let next = index + 1 < count ? "R\(1000 + index + 1)" : last
                text += "  R\(1000 + index):\n    fields:\n      next: \(next)\n"
            }
            return text
        }
        _ = try spec(chain(endingIn: "String"))
        let cyclic = errors(chain(endingIn: "R1000"))
        #expect(cyclic.split(separator: "\n").count == count)
        #expect(cyclic.split(separator: "\n").allSatisfy { $0.contains("can never be built") })
    }

    @Test func failingUnionNeedsOneBuildableMember() throws {
        let union = "unions:\n  U:\n    discriminator: kind\n    unknown: fail\n    members:\n      a: A\n      b: B\n"
        // B needs nothing, so U can be built, and so can A, which needs U.
        _ = try spec("records:\n  A:\n    fields:\n      kind: String\n      u: U\n  B:\n    fields:\n      kind: String\n" + union)
        // Both members need U, and U needs one of them: none can be built.
        let text = "records:\n  A:\n    fields:\n      kind: String\n      u: U\n  B:\n    fields:\n      kind: String\n      u: U\n" + union
        #expect(errors(text).split(separator: "\n").filter { $0.contains("can never be built") }.count == 2)
    }

    /// `flattenedMemberNames` lists, for every union at once, what
    /// `flattenedMembers` walks for one: through a nested union first,
    /// past repeats, with a record first; and for unions on a cycle (which
    /// the validator refuses, but works out on the way) as a walk from
    /// each would.
    @Test func flattenedMemberNamesAgreeWithTheWalk() throws {
        let records = "records:\n  A:\n    fields:\n      kind: String\n  B:\n    fields:\n      kind: String\n"
            + "  C:\n    fields:\n      kind: String\n"
        let unions = "unions:\n  V:\n    discriminator: kind\n    unknown: fail\n    members:\n      c: C\n      b: B\n"
            + "  U:\n    discriminator: kind\n    unknown: fail\n    members:\n      v: V\n      a: A\n"
            + "  W:\n    discriminator: kind\n    unknown: fail\n    members:\n      b: B\n      u: U\n"
        let loaded = try spec(records + unions)
        let table = loaded.flattenedMemberNames()
        #expect(table == ["V": ["C", "B"], "U": ["C", "B", "A"], "W": ["B", "C", "A"]])
        for union in loaded.unions { #expect(table[union.name] == loaded.flattenedMembers(of: union).map(\.name)) }

        // X holds Y, which holds X back and then C; Z sits above the cycle.
        func union(_ name: String, _ members: [(String, String)]) -> NamedType {
            let place = SourceLocation(file: "a.yaml", line: 1, column: 1)
            return .union(UnionType(
                name: name, discriminator: "kind", unknownTag: .fail,
                members: members.map { UnionMember(tag: $0.0, typeName: $0.1, location: place) }, location: place))
        }
        let cyclic = Spec(
            version: loaded.version,
            types: loaded.types + [
                union("X", [("y", "Y"), ("a", "A")]), union("Y", [("x", "X"), ("c", "C")]), union("Z", [("b", "B"), ("x", "X")]),
            ])
        let cyclicTable = cyclic.flattenedMemberNames()
        for union in cyclic.unions { #expect(cyclicTable[union.name] == cyclic.flattenedMembers(of: union).map(\.name), "\(union.name)") }
        #expect(cyclicTable["Y"] == ["C", "A"])
    }

    @Test func containmentCyclesThroughAUnionLoad() throws {
        // A holds U by value and U holds A: both lie on a cycle (allowed, the
        // Swift union becomes `indirect`); B does not.
        let union = "unions:\n  U:\n    discriminator: kind\n    unknown: fail\n    members:\n      a: A\n      b: B\n"
        let loaded = try spec("records:\n  A:\n    fields:\n      kind: String\n      u: U?\n  B:\n    fields:\n      kind: String\n" + union)
        #expect(Containment(loaded).onCycle == ["A", "U"])
        #expect(Containment(loaded).recordCycles.isEmpty && Containment(loaded).unionCycles.isEmpty)
    }

    @Test func factsOfASpecAreWorkedOutOnceAndForgottenOnChange() throws {
        let union = "unions:\n  U:\n    discriminator: kind\n    unknown: fail\n    members:\n      a: A\n      b: B\n"
        var loaded = try spec("records:\n  A:\n    fields:\n      kind: String\n      u: U?\n  B:\n    fields:\n      kind: String\n" + union)
        // The validator made the graph when the spec loaded; the targets get that one.
        let kept = loaded.remembered(Containment.self) { _ in
            Issue.record("the graph of the loaded spec was made again")
            return Containment(Spec(version: "0", types: []))
        }
        #expect(kept.onCycle == ["A", "U"] && loaded.containment.onCycle == ["A", "U"])
        struct Probe: Sendable { var made: Int }
        var made = 0
        func probe(_ spec: Spec) -> Int {
            spec.remembered(Probe.self) { _ in
                made += 1
                return Probe(made: made)
            }.made
        }
        #expect(probe(loaded) == 1 && probe(loaded) == 1)
        // A copy shares what was worked out until it changes.
        var copy = loaded
        #expect(probe(copy) == 1)
        copy.version = "2"
        #expect(probe(copy) == 2 && probe(loaded) == 1)
        loaded.operations = []
        #expect(probe(loaded) == 3 && probe(loaded) == 3)
    }

    @Test func valueOfTheWrongKind() {
        let text = "records:\n  A:\n    fields:\n      x:\n        type: String?\n        degrade: maybe\n"
        #expect(errors(text) == "a.yaml:8:18: error: expected true or false for 'degrade', found 'maybe'")
    }

    @Test func yaml11BooleansAreNotBooleans() {
        #expect(errors("enums:\n  E:\n    closed: yes\n    values: [a]\n") ==
            "a.yaml:5:13: error: expected true or false for 'closed', found 'yes'")
    }

    @Test func yaml11PitfallsStayStrings() throws {
        let spec = try spec("enums:\n  Answer:\n    values: [no, on, yes, off, null, 1.0, ~]\n")
        guard case let .enumeration(e)? = spec["Answer"] else {
            Issue.record("no enum")
            return
        }
        #expect(e.values.map(\.wire) == ["no", "on", "yes", "off", "null", "1.0", "~"])
    }

    @Test func unknownKeySuggestsTheClosest() {
        #expect(errors("records:\n  A:\n    fields:\n      x:\n        tpye: String\n") == """
            a.yaml:6:7: error: field 'x' needs a 'type'
            a.yaml:7:9: error: unknown key 'tpye' in field 'x'; did you mean 'type'?
            """)
    }

    @Test func allErrorsAreReportedSortedByLocation() {
        let result = errors([
            ("b.yaml", "records:\n  B:\n    fields:\n      x: Nope\n"),
            ("a.yaml", Self.header + "records:\n  A:\n    fields:\n      y: Nada\n      z: Int?\n"),
        ])
        #expect(result == "a.yaml:6:7: error: unknown type 'Nada'\nb.yaml:4:7: error: unknown type 'Nope'")
    }

    @Test func typeExpressions() throws {
        let spec = try spec("records:\n  A:\n    fields:\n      a: String[]?\n      b: map<Int[]>\n      c: Timestamp\n")
        let fields = spec.record("A")!.fields
        #expect(fields.map(\.type) == [.list(.scalar(.string)), .map(.list(.scalar(.int))), .scalar(.timestamp)])
        #expect(fields.map(\.isRequired) == [false, true, true])
    }

    @Test func nullableElementsAreRejected() {
        #expect(errors("records:\n  A:\n    fields:\n      a: String?[]\n") ==
            "a.yaml:6:16: error: invalid type 'String?[]': only the whole field can be optional; list elements and map values are never null")
    }

    @Test func missingVersion() {
        #expect(errors([("a.yaml", "records:\n  A:\n    fields:\n      a: String\n")]) ==
            "a.yaml:1:1: error: no spec version; add 'spec: {version: X.Y.Z}' to one file")
    }

    @Test func documentThatIsAList() {
        #expect(errors([("a.yaml", "- a\n- b\n")]).hasPrefix(
            "a.yaml:1:1: error: expected a mapping of sections (spec, enums, strings, records, inputs, shared, unions, queries, mutations, events, routes), found a list"))
    }

    @Test func exactlyOneNeedsOptionalFieldsThatExist() {
        let text = "inputs:\n  P:\n    exactlyOne: [a, b, c]\n    fields:\n      a: String?\n      b: String\n"
        #expect(errors(text) == """
            a.yaml:5:17: error: 'exactlyOne' names 'c', which is not a field of 'P'
            a.yaml:8:7: error: field 'b' in an 'exactlyOne' group must be optional ('String?')
            """)
    }

    @Test func degradeNeedsAnOptionalField() {
        #expect(errors("records:\n  A:\n    fields:\n      a:\n        type: String\n        degrade: true\n") ==
            "a.yaml:6:7: error: 'degrade' needs an optional field: a required field 'a' cannot be dropped")
    }

    @Test func sharedFieldSetsMergeFirst() throws {
        let spec = try spec("shared:\n  Common:\n    fields:\n      id: String\nrecords:\n  A:\n    include: [Common]\n    fields:\n      x: Int?\n")
        #expect(spec.record("A")!.fields.map(\.name) == ["id", "x"])
        #expect(spec.record("A")!.fields.first?.includedFrom == "Common")
    }

    /// Included fields are found in a list while there are few and in a
    /// dictionary past `SpecBuilder.linearIncludeLimit`; both keep the first
    /// of a repeated name and report a record's own field of the same name.
    @Test(arguments: [2, SpecBuilder.linearIncludeLimit, SpecBuilder.linearIncludeLimit + 3])
    func includedFieldsMergeOnceWhateverTheirNumber(count: Int) throws {
        let common = (0..<count).map { "      f\($0): String\n" }.joined()
        let text = "shared:\n  Common:\n    fields:\n" + common
            + "  More:\n    fields:\n      f0: Int\n      extra: Bool\n"
            + "records:\n  A:\n    include: [Common, More]\n    fields:\n      x: Int?\n"
        let fields = try spec(text).record("A")!.fields
        #expect(fields.map(\.name) == (0..<count).map { "f\($0)" } + ["extra", "x"])
        #expect(fields.map(\.includedFrom) == Array(repeating: "Common", count: count) + ["More", nil])
        #expect(fields[0].type == .scalar(.string))

        let clash = text + "      f\(count - 1): Int\n"
        #expect(errors(clash) == """
            a.yaml:\(count + 15):7: error: field 'f\(count - 1)' of 'A' is already included from 'Common'
            a.yaml:\(count + 5):7: note: included field declared here
            """)
    }

    @Test func enumDefaultsAreChecked() {
        let text = "enums:\n  E:\n    values: [a, b]\ninputs:\n  P:\n    fields:\n      e:\n        type: E?\n        default: c\n"
        #expect(errors(text) == "a.yaml:11:18: error: default 'c' is not a value of 'E'")
    }

    @Test func aliasesAreDerivedAndDeduplicated() throws {
        let spec = try spec("enums:\n  S:\n    aliases: UPPER_SNAKE\n    values:\n      pending-acknowledgment:\n        aliases: [PENDING_ACK]\n")
        guard case let .enumeration(e)? = spec["S"] else { return }
        #expect(e.decodeAliases(of: e.values[0]) == ["PENDING_ACK", "PENDING_ACKNOWLEDGMENT"])
    }

    /// `decodeAliasesOfValues` makes the set of wire values once per enum
    /// and skips it when nothing has an alias; each answer must still be
    /// `decodeAliases(of:)` of that value, with and without a rule, with
    /// aliases that repeat, equal a wire value or equal the derived one.
    @Test func aliasesOfAllValuesMatchEachValue() {
        let here = SourceLocation(file: "a.yaml", line: 1, column: 1)
        func value(_ wire: String, _ aliases: [String] = []) -> EnumValue {
            EnumValue(wire: wire, aliases: aliases, location: here)
        }
        let valueSets: [[EnumValue]] = [
            [],
            [value("a"), value("b")],
            [value("a", ["x", "b", "x", "a"]), value("b"), value("c", ["C"])],
            [value("pending-ack", ["PENDING_ACK", "P", "P", "b"]), value("b"), value("B"), value("c d.e", ["q"])],
            [value("A"), value("a"), value("x-y", ["X_Y"])],
        ]
        for values in valueSets {
            for rule in [nil, EnumAliasRule.upperSnake] {
                let e = EnumType(name: "E", aliasRule: rule, values: values, location: here)
                let each = e.values.map { e.decodeAliases(of: $0) }
                #expect(e.decodeAliasesOfValues() == each)
            }
        }
        let e = EnumType(name: "E", aliasRule: .upperSnake, values: valueSets[3], location: here)
        #expect(e.decodeAliasesOfValues() == [["PENDING_ACK", "P"], [], [], ["q", "C_D_E"]])
        let closed = EnumType(name: "E", values: valueSets[2], location: here)
        #expect(closed.decodeAliasesOfValues() == [["x"], [], ["C"]])
    }
}
