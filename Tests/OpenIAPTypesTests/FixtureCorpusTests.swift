import Foundation
import Testing
import OpenIAPTypes

/// Runs the shared fixture corpus (`Tests/Fixtures`, see its README) through
/// the generated types: every case must behave as its mark says. When
/// `OPENIAP_SWIFT_VERDICTS` names a file, the verdict of every case is written
/// there for `Tests/Tools/agreement.py`.
@Suite struct FixtureCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    struct Case: CustomStringConvertible, Sendable {
        var type: String
        var file: String
        var mark: String
        var url: URL
        var expected: URL?
        var description: String { "\(type)/\(file)" }
    }

    static func cases() -> [Case] {
        let fm = FileManager.default
        var result: [Case] = []
        let types = (try? fm.contentsOfDirectory(atPath: root.path)) ?? []
        for type in types.sorted() {
            let folder = root.appendingPathComponent(type)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            for file in ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            where file.hasSuffix(".json") && !file.hasSuffix(".expected.json") {
                let mark = String(file.prefix { $0 != "." })
                let expected = folder.appendingPathComponent(String(file.dropLast(5)) + ".expected.json")
                result.append(Case(
                    type: type, file: file, mark: mark, url: folder.appendingPathComponent(file),
                    expected: fm.fileExists(atPath: expected.path) ? expected : nil))
            }
        }
        return result
    }

    /// What the generated Swift did with one payload, in agreement.py's words.
    static func verdict(_ fixture: Case) throws -> String {
        guard let type = FixtureTypes.byName[fixture.type] else {
            throw FixtureError("no generated type '\(fixture.type)'")
        }
        let input = try Data(contentsOf: fixture.url)
        let value: any (Codable & Hashable & Sendable & OpenIAPValidatable)
        do {
            value = try JSONDecoder().decode(type, from: input)
        } catch {
            return "throws"
        }
        let output = try JSONEncoder().encode(value)
        let reencoded = try TestJSON.parse(output)
        if reencoded == (try TestJSON.parse(input)) {
            do {
                try value.validate()
            } catch {
                return "constraint"
            }
            return "decodes"
        }
        if let expected = fixture.expected, reencoded == (try TestJSON.parse(Data(contentsOf: expected))) {
            return fixture.mark == "degrades" ? "degrades" : "normalizes"
        }
        return "mismatch"
    }

    static let allowed: [String: String] = [
        "valid": "decodes", "normalizes": "normalizes", "degrades": "degrades",
        "constraint": "constraint", "invalid": "throws",
    ]

    @Test func corpusIsPresent() {
        let cases = Self.cases()
        #expect(cases.count > 100)
        for fixture in cases {
            #expect(Self.allowed[fixture.mark] != nil, "unknown mark '\(fixture.mark)' in \(fixture)")
            if fixture.mark == "normalizes" || fixture.mark == "degrades" {
                #expect(fixture.expected != nil, "\(fixture) needs an .expected.json")
            }
        }
    }

    @Test func everyCaseBehavesAsMarked() throws {
        var verdicts: [String: String] = [:]
        for fixture in Self.cases() {
            let verdict: String
            do {
                verdict = try Self.verdict(fixture)
            } catch {
                Issue.record("\(fixture): \(error)")
                continue
            }
            verdicts[fixture.description] = verdict
            #expect(verdict == Self.allowed[fixture.mark], "\(fixture): expected \(Self.allowed[fixture.mark] ?? "?"), got \(verdict)")
        }
        if let path = ProcessInfo.processInfo.environment["OPENIAP_SWIFT_VERDICTS"] {
            let data = try JSONSerialization.data(withJSONObject: verdicts, options: [.sortedKeys, .prettyPrinted])
            try data.write(to: URL(fileURLWithPath: path))
        }
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
