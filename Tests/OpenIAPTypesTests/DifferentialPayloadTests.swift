import Foundation
import Testing
import OpenIAPTypes

/// The Swift half of the Swift/Kotlin differential test. Payloads mutated
/// from the fixture corpus, with a fixed random seed (dropped and unknown
/// keys, changed types, nulls, big and negative numbers, unknown enum
/// spellings, lone surrogates, deep nesting), go through the generated
/// Swift; what Swift does with each (refuses it, or accepts it and writes
/// back this JSON, valid or not) is written to the file
/// `OPENIAP_DIFFERENTIAL_CASES` names, and `scripts/kotlin.sh differential`
/// holds the generated Kotlin to it (`Tests/Kotlin/DifferentialHarness.kt`).
///
/// Here, every payload Swift accepts must be at a decode/encode fixed point,
/// as the fuzz target `types` requires.
@Suite struct DifferentialPayloadTests {
    /// Mutants made from each fixture.
    static let mutantsPerFixture = 8
    static let seed: UInt64 = 20_261_202

    /// A JSON tree that keeps number spellings and escapes as written, so
    /// that a mutant can hold what a parsed tree cannot: `1e400`, a lone
    /// `\ud800`.
    indirect enum Tree {
        case null
        case bool(Bool)
        /// The number as written.
        case number(String)
        /// The string's text between its quotes, escapes as written.
        case string(String)
        case array([Tree])
        case object([(key: String, value: Tree)])

        init(_ json: TestJSON) {
            switch json {
            case .null: self = .null
            case let .bool(value): self = .bool(value)
            case let .number(value): self = .number("\(value)")
            case let .string(scalars): self = .string(Self.escaped(scalars))
            case let .array(items): self = .array(items.map(Tree.init))
            case let .object(members):
                self = .object(members.keys.sorted().map { (key: Self.escaped(Array($0.unicodeScalars)), value: Tree(members[$0]!)) })
            }
        }

        static func escaped(_ scalars: [Unicode.Scalar]) -> String {
            var text = ""
            for scalar in scalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
                default: text.unicodeScalars.append(scalar)
                }
            }
            return text
        }

        var text: String {
            switch self {
            case .null: "null"
            case let .bool(value): value ? "true" : "false"
            case let .number(text): text
            case let .string(text): "\"" + text + "\""
            case let .array(items): "[" + items.map(\.text).joined(separator: ",") + "]"
            case let .object(members): "{" + members.map { "\"\($0.key)\":" + $0.value.text }.joined(separator: ",") + "}"
            }
        }

        var childCount: Int {
            switch self {
            case let .array(items): items.count
            case let .object(members): members.count
            default: 0
            }
        }

        func child(_ index: Int) -> Tree {
            switch self {
            case let .array(items): items[index]
            case let .object(members): members[index].value
            default: preconditionFailure("a \(self) has no children")
            }
        }

        /// The document-order numbers of the nodes that satisfy `test`, the
        /// root being 0.
        func nodes(where test: (Tree) -> Bool) -> [Int] {
            var found: [Int] = []
            var number = 0
            func visit(_ node: Tree) {
                if test(node) { found.append(number) }
                number += 1
                for index in 0..<node.childCount { visit(node.child(index)) }
            }
            visit(self)
            return found
        }

        /// The path (indices into arrays and object members) of the node
        /// `index` in document order, the root being 0: a walk that keeps
        /// the path to where it is.
        func path(ofNode index: Int) -> [Int] {
            var stack: [(node: Tree, next: Int)] = [(self, 0)]
            var path: [Int] = []
            var seen = 0
            while seen < index {
                let (node, next) = stack[stack.count - 1]
                if next < node.childCount {
                    stack[stack.count - 1].next += 1
                    path.append(next)
                    stack.append((node.child(next), 0))
                    seen += 1
                } else {
                    stack.removeLast()
                    path.removeLast()
                }
            }
            return path
        }

        subscript(path: [Int]) -> Tree {
            get {
                guard let first = path.first else { return self }
                switch self {
                case let .array(items): return items[first][Array(path.dropFirst())]
                case let .object(members): return members[first].value[Array(path.dropFirst())]
                default: preconditionFailure("no node at \(path)")
                }
            }
            set {
                guard let first = path.first else {
                    self = newValue
                    return
                }
                switch self {
                case var .array(items):
                    items[first][Array(path.dropFirst())] = newValue
                    self = .array(items)
                case var .object(members):
                    members[first].value[Array(path.dropFirst())] = newValue
                    self = .object(members)
                default: preconditionFailure("no node at \(path)")
                }
            }
        }
    }

    /// SplitMix64: the same numbers on every machine, from `seed`.
    struct Random {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let numbers = [
        "0", "-1", "-0", "0.5", "1.0", "1e2", "-1.5e3", "2147483648", "-2147483649", "9007199254740993",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "123456789012345678901234567890", "1e308", "1e400", "-1e400", "1e-400", "4.9e-324",
    ]

    static let surrogates = [#"\ud800"#, #"\udc00"#, #"x\ud83dy"#, #"\ud83d\ude00"#, #"\u0000"#, #"\ude00\ud83d"#]

    enum Mutation: CaseIterable {
        case dropKey, unknownKey, changeType, null, number, enumSpelling, surrogate, nesting, empty
    }

    /// One mutation of `tree` at a node picked by `random`, and its name.
    /// One mutant nests at most once, so that the trees, walked by
    /// recursion here, stay a few hundred levels deep.
    ///
    /// The mutation is picked first, then a node it applies to, so that
    /// each kind is as frequent as the others whatever the fixture's shape.
    static func mutate(_ tree: inout Tree, _ random: inout Random, nested: inout Bool) -> String {
        var mutation = random.pick(Mutation.allCases.filter { !nested || $0 != .nesting })
        let candidates: [Int]
        switch mutation {
        case .dropKey: candidates = tree.nodes { if case let .object(members) = $0 { !members.isEmpty } else { false } }
        case .unknownKey: candidates = tree.nodes { if case .object = $0 { true } else { false } }
        case .enumSpelling: candidates = tree.nodes { if case .string = $0 { true } else { false } }
        case .number: candidates = tree.nodes { if case .object = $0 { false } else { true } }
        default: candidates = tree.nodes { _ in true }
        }
        if candidates.isEmpty { mutation = .null }
        let path = tree.path(ofNode: candidates.isEmpty ? 0 : random.pick(candidates))
        let node = tree[path]
        switch mutation {
        case .dropKey:
            guard case var .object(members) = node else { preconditionFailure() }
            let removed = members.remove(at: random.below(members.count))
            tree[path] = .object(members)
            return "drop \(removed.key)"
        case .unknownKey:
            guard case var .object(members) = node else { preconditionFailure() }
            let key = random.pick(["futureField", "extra", "type", "platform", "__proto__", ""])
            let value: Tree = random.pick([.string("x"), .number("1"), .null, .object([]), .array([.bool(true)])])
            members.insert((key: key, value: value), at: random.below(members.count + 1))
            tree[path] = .object(members)
            return "add \(key)"
        case .changeType:
            let changed: Tree =
                switch node {
                case .string: random.pick([.number("1"), .bool(true), .array([]), .object([])])
                case .number: random.pick([.string("1"), .bool(false), .array([node])])
                case .bool: random.pick([.string("true"), .number("1")])
                case .null: random.pick([.string(""), .number("0"), .object([])])
                case let .array(items): random.pick([.object([]), .string("[]"), items.first ?? .null])
                case let .object(members): random.pick([.array(members.map(\.value)), .string("{}"), .number("0")])
                }
            tree[path] = changed
            return "change type at \(path)"
        case .null:
            tree[path] = .null
            return "null at \(path)"
        case .number:
            let number = random.pick(numbers)
            tree[path] = .number(number)
            return "number \(number) at \(path)"
        case .enumSpelling:
            guard case let .string(text) = node else { preconditionFailure() }
            let spelling = random.pick([
                text.uppercased(), text.replacingOccurrences(of: "-", with: "_").uppercased(),
                text.replacingOccurrences(of: "-", with: "_"), "future-value", "FUTURE_VALUE", "", text + " ",
                text.prefix(1).uppercased() + text.dropFirst(),
            ])
            tree[path] = .string(spelling)
            return "spell \(spelling) at \(path)"
        case .surrogate:
            let surrogate = random.pick(surrogates)
            if case let .string(text) = node {
                tree[path] = .string(text + surrogate)
            } else {
                tree[path] = .string(surrogate)
            }
            return "surrogate \(surrogate) at \(path)"
        case .nesting:
            let depth = random.pick([8, 100, 509, 510, 511, 600])
            var deep = node
            for level in 0..<depth { deep = level % 2 == 0 ? .array([deep]) : .object([(key: "a", value: deep)]) }
            tree[path] = deep
            nested = true
            return "nest \(depth) at \(path)"
        case .empty:
            tree[path] = random.pick([.string(""), .array([]), .object([])])
            return "empty at \(path)"
        }
    }

    /// One mutated payload, and what the generated Swift does with it.
    struct Mutant: Encodable {
        var name: String
        var type: String
        /// The payload's bytes in hex.
        var bytes: String
        /// `refuses`, or `accepts` with `output` and `valid`.
        var verdict: String
        var output: String?
        var valid: Bool?
    }

    /// The mutants of every fixture, or of the first `fixtures`.
    static func mutants(fixtures: Int = .max) throws -> [Mutant] {
        var random = Random(state: seed)
        var mutants: [Mutant] = []
        for fixture in FixtureCorpusTests.cases().prefix(fixtures) {
            guard let type = FixtureTypes.byName[fixture.type],
                let json = try? TestJSON.parse(Data(contentsOf: fixture.url))
            else { continue }
            let original = Tree(json)
            for number in 0..<mutantsPerFixture {
                var tree = original
                var steps: [String] = []
                var nested = false
                // One mutation in six cases of ten, two in three, three in one.
                let count = [1, 1, 1, 1, 1, 1, 2, 2, 2, 3][random.below(10)]
                for _ in 0..<count { steps.append(mutate(&tree, &random, nested: &nested)) }
                let payload = Data(tree.text.utf8)
                var mutant = Mutant(
                    name: "\(fixture)#\(number): " + steps.joined(separator: "; "), type: fixture.type,
                    bytes: hex(payload), verdict: "refuses")
                try run(type, payload, into: &mutant)
                mutants.append(mutant)
            }
        }
        return mutants
    }

    static func hex(_ bytes: Data) -> String {
        let digits = Array("0123456789abcdef".unicodeScalars)
        var text = String.UnicodeScalarView()
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(text)
    }

    struct NotAFixedPoint: Error, CustomStringConvertible {
        var description: String
    }

    static func run<T: Codable & Hashable & OpenIAPValidatable>(_ type: T.Type, _ payload: Data, into mutant: inout Mutant) throws {
        guard let value = try? JSONDecoder().decode(T.self, from: payload) else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let output = try encoder.encode(value)
        let again = try JSONDecoder().decode(T.self, from: output)
        guard again == value, try encoder.encode(again) == output else {
            throw NotAFixedPoint(description: "\(mutant.name): \(String(decoding: output, as: UTF8.self)) is not a fixed point")
        }
        mutant.verdict = "accepts"
        mutant.output = String(decoding: output, as: UTF8.self)
        mutant.valid = (try? value.validate()) != nil
    }

    @Test func mutantsAreDecodedOrRefusedAndWriteThemselvesBack() throws {
        let mutants = try Self.mutants()
        // Not a vacuous test: the mutants both pass and fail decoding.
        let accepted = mutants.filter { $0.verdict == "accepts" }.count
        #expect(mutants.count > 3000)
        #expect(accepted > mutants.count / 10 && accepted < mutants.count * 9 / 10, "\(accepted) of \(mutants.count) accepted")
        if let path = ProcessInfo.processInfo.environment["OPENIAP_DIFFERENTIAL_CASES"] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(["cases": mutants]).write(to: URL(fileURLWithPath: path))
        }
    }

    @Test func mutantsAreTheSameEveryTime() throws {
        let first = try Self.mutants(fixtures: 60)
        let second = try Self.mutants(fixtures: 60)
        #expect(first.map(\.bytes) == second.map(\.bytes))
        #expect(first.map(\.verdict) == second.map(\.verdict))
    }
}
