import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPCodegen
@testable import OpenIAPTypes

/// The pattern subset and the character counting, proved against the real
/// tools: every pattern is compiled by the generator (`StringPattern`) and
/// matched by the generated runtime (`OpenIAPPattern`), and the verdict on
/// every string must equal Python `jsonschema`'s on the pattern the JSON
/// Schema target writes, and node's `RegExp` (ECMA-262) on the pattern as the
/// spec writes it, with and without the `u` flag. Lengths: the runtime's
/// `checkCharacters` against `jsonschema`'s `minLength` / `maxLength`.
///
/// When `OPENIAP_SWIFT_VERDICTS` names a file (as `make test` does), the
/// patterns with the steps the generator compiles them to, the strings and
/// these verdicts are also written beside it, to `swift-pattern-verdicts.json`,
/// for the Kotlin runtime's `PatternVerdictTests` (`Tests/Kotlin`), which must
/// give the same verdicts.
@Suite struct PatternVerdictTests {
    /// The patterns of `Schema/` (the IAPKit server's) and ones that reach
    /// every construct of the subset.
    static let patterns = [
        "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$",
        "^[A-Za-z0-9._~-]+$",
        "^[A-Za-z0-9_-]+$",
        "^[A-Za-z0-9._-]+$",
        "^[A-Za-z0-9._~=-]+$",
        "^[A-Za-z0-9._~:=/+-]+$",
        "^$",
        "^a$",
        "^a*$",
        "^a?b+c{2}d{1,3}e{2,}$",
        "^[a-c]{0,2}[a-c]{2}$",
        "^x*x*y?x$",
        "^[-a]+[b-]?$",
        "^\\^\\$\\\\\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/$",
        "^[\\]\\[\\\\\\-]+$",
        "^[ !\"#%&',:;<=>@_`~]*$",
        "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
        "^/path/[a-z]+$",
    ]

    /// Characters the random strings are made of: what the patterns use,
    /// and what engines disagree on (line terminators, characters beyond
    /// ASCII and beyond U+FFFF, a combining mark, NUL).
    static let alphabet: [String] = [
        "a", "b", "c", "d", "e", "x", "y", "Z", "0", "9", ".", "_", "-", "~", "=", ":", "/", "+", "^", "$", "\\", "*", "?", "(",
        ")", "[", "]", "{", "}", "|", " ", "!", "\"", "'", "`", "\n", "\r", "\u{2028}", "\u{0}", "é", "e\u{301}", "😀", "\u{FFFF}",
    ]

    /// Hand-picked strings for every pattern, then random ones from a fixed seed.
    static func strings(for pattern: String) -> [String] {
        var result = [
            "", "a", "aa", "a\n", "\na", "a\r", "a\u{2028}", "é", "😀", "abc", "a.b.c", "abc.def.ghi", "abc.def.ghi\n", "x", "xx", "xy",
            "xxyx", "yx", "ab", "abcc", "abccd", "abccdddee", "abccdee", "bccdee", "2026-12-01", "2026-12-01\n", "/path/abc",
            "^$\\.*+?()[]{}|/", "][\\-", "-a", "a-", "ab-", "-", "token_~.=:/+-", "A".padding(toLength: 300, withPad: "A", startingAt: 0),
        ]
        var seed = UInt64(truncatingIfNeeded: pattern.utf8.reduce(5381) { ($0 << 5) &+ $0 &+ Int($1) })
        for _ in 0..<150 {
            var text = ""
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let length = Int(seed >> 60)
            for _ in 0..<length {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                text += alphabet[Int(seed >> 33) % alphabet.count]
            }
            result.append(text)
        }
        return result
    }

    @Test func matcherAgreesWithJSONSchemaAndECMAScript() throws {
        var cases: [[String: Any]] = []
        var ours: [[Bool]] = []
        for source in Self.patterns {
            let pattern = try StringPattern.parse(source).get()
            let steps = pattern.steps.map { ($0.low, $0.high, $0.minimum, $0.maximum ?? -1) }
            let matcher = OpenIAPPattern(source, steps)
            let strings = Self.strings(for: source)
            ours.append(strings.map(matcher.matches))
            cases.append([
                "source": source, "schema": JSONSchemaBuilder.portablePattern(pattern), "strings": strings,
            ])
        }
        let input = try JSONSerialization.data(withJSONObject: cases)
        let python = try ExternalVerdicts.run(
            ["python3", "-c", """
                import json, sys
                from jsonschema import Draft202012Validator
                cases = json.load(sys.stdin)
                print(json.dumps([[Draft202012Validator({"type": "string", "pattern": c["schema"]}).is_valid(s) for s in c["strings"]] for c in cases]))
                """], input: input)
        let node = try ExternalVerdicts.run(
            ["node", "-e", """
                let text = ""; process.stdin.on("data", d => text += d).on("end", () => {
                  const cases = JSON.parse(text);
                  console.log(JSON.stringify(cases.map(c => {
                    const plain = new RegExp(c.source), unicode = new RegExp(c.source, "u");
                    return c.strings.map(s => { const a = plain.test(s), b = unicode.test(s); return a === b ? a : "differs: " + a + " " + b; });
                  })));
                });
                """], input: input)
        let schemaVerdicts = try #require(python as? [[Bool]], "python answered \(python)")
        let ecmaVerdicts = try #require(node as? [[Any]], "node answered \(node)")
        var checked = 0
        var matched = 0
        for (index, source) in Self.patterns.enumerated() {
            let strings = cases[index]["strings"] as! [String]
            for (position, text) in strings.enumerated() {
                let mine = ours[index][position]
                #expect(schemaVerdicts[index][position] == mine, "jsonschema and the runtime disagree on \(source) for \(text.debugDescription)")
                #expect(ecmaVerdicts[index][position] as? Bool == mine, "RegExp and the runtime disagree on \(source) for \(text.debugDescription): \(ecmaVerdicts[index][position])")
                checked += 1
                if mine { matched += 1 }
            }
        }
        // Both verdicts occur often enough for the agreement to mean something.
        #expect(checked > 3000 && matched > 100 && checked - matched > 100, "\(checked) strings, \(matched) matched")
        try Self.record("patterns", try Self.patterns.enumerated().map { index, source -> [String: Any] in
            // The steps as the Kotlin runtime takes them: the ASCII characters
            // each accepts, listed, then its counts (-1 for no maximum).
            let steps = try StringPattern.parse(source).get().steps.map { step -> [Any] in
                let characters = String(String.UnicodeScalarView((0..<128).compactMap { code in
                    step.accepts(UInt8(code)) ? Unicode.Scalar(UInt8(code)) : nil
                }))
                return [characters, step.minimum, step.maximum ?? -1]
            }
            return ["source": source, "steps": steps, "strings": cases[index]["strings"]!, "verdicts": ours[index]]
        })
    }

    /// Adds `value` under `key` to the verdicts file for Kotlin, when there is one.
    private static func record(_ key: String, _ value: Any) throws {
        guard let path = ProcessInfo.processInfo.environment["OPENIAP_SWIFT_VERDICTS"] else { return }
        let file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("swift-pattern-verdicts.json")
        try recordLock.withLock {
            var document = (try? JSONSerialization.jsonObject(with: Data(contentsOf: file))) as? [String: Any] ?? [:]
            document[key] = value
            try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: file)
        }
    }

    /// The two tests write their parts of one file.
    private static let recordLock = NSLock()

    @Test func charactersCountAsJSONSchemaCountsThem() throws {
        let strings = ["", "a", "é", "e\u{301}", "😀", "😀😀", "👩‍💻", "\r\n", "abc", "\u{0}", "日本語"]
        let limits = [(0, 0), (1, 1), (2, 2), (1, 3), (3, 3), (4, 10)]
        var ours: [[Bool]] = []
        for (minimum, maximum) in limits {
            ours.append(strings.map { text in
                (try? OpenIAPValidationError.checkCharacters(text, minimum: minimum, maximum: maximum, path: [])) != nil
            })
        }
        let input = try JSONSerialization.data(withJSONObject: ["limits": limits.map { [$0.0, $0.1] }, "strings": strings])
        let python = try ExternalVerdicts.run(
            ["python3", "-c", """
                import json, sys
                from jsonschema import Draft202012Validator
                c = json.load(sys.stdin)
                print(json.dumps([[Draft202012Validator({"type": "string", "minLength": a, "maxLength": b}).is_valid(s) for s in c["strings"]] for a, b in c["limits"]]))
                """], input: input)
        let verdicts = try #require(python as? [[Bool]])
        #expect(verdicts == ours)
        try Self.record("lengths", ["limits": limits.map { [$0.0, $0.1] }, "strings": strings, "verdicts": ours])
        // A character beyond U+FFFF is one, as JSON Schema counts, where JavaScript's `length` says two.
        // (By position: Swift's `==` would take "é" for "e\u{301}".)
        #expect(ours[1][4] && !ours[1][3] && ours[2][3] && strings[3].unicodeScalars.count == 2)
    }

    @Test func aMismatchNamesThePatternAndThePath() {
        let pattern = OpenIAPPattern("^[a-z]+$", [(0, 0x07FFFFFE_00000000, 1, -1)])
        #expect(pattern.matches("abc") && !pattern.matches("abC") && !pattern.matches(""))
        do {
            try OpenIAPValidationError.checkPattern("a b", pattern, path: ["apple", "jws"])
            Issue.record("no error")
        } catch {
            #expect(error.reason == .patternMismatch(pattern: "^[a-z]+$"))
            #expect(error.description == "apple.jws: does not match the pattern ^[a-z]+$")
        }
    }
}

/// Runs a tool that reads JSON on stdin and prints one JSON value.
enum ExternalVerdicts {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ arguments: [String], input: Data) throws -> Any {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "\(arguments[0]) failed: \(String(decoding: errors, as: UTF8.self))")
        }
        return try JSONSerialization.jsonObject(with: output)
    }
}
