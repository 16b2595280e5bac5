import Foundation
import Testing
import OpenIAPTypes

/// The shared hostile-payload corpus (`Tests/Hostile/Payloads/cases.json`)
/// through the generated Swift. The Kotlin JUnit tests run the same cases
/// (`Tests/Kotlin/HostilePayloadTests.kt`), so every payload there gets the
/// same verdict, the same error path and the same re-encoding in both
/// languages: this test keeps the table true to what Swift does.
@Suite struct HostilePayloadCorpusTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Hostile/Payloads/cases.json")

    struct Case: Decodable, CustomStringConvertible {
        var name: String
        var type: String
        var text: String?
        var bytes: String?
        var verdict: String
        var path: String?
        var output: TestJSON?

        var description: String { name }

        var data: Data {
            if let text { return Data(text.utf8) }
            let hex = Array(bytes ?? "")
            return Data(stride(from: 0, to: hex.count, by: 2).map { UInt8(String(hex[$0...$0 + 1]), radix: 16)! })
        }
    }

    struct Corpus: Decodable {
        var cases: [Case]
    }

    static func cases() throws -> [Case] {
        try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: file)).cases
    }

    /// The coding path of a decoding error as `a.b[0]` text, `""` for the whole document.
    static func path(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case let .typeMismatch(_, c), let .valueNotFound(_, c), let .keyNotFound(_, c), let .dataCorrupted(c): context = c
        @unknown default: return "?"
        }
        var keys = context.codingPath
        // A missing key is reported at the object, with the key beside it.
        if case let .keyNotFound(key, _) = error { keys.append(key) }
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    @Test func corpusIsPresent() throws {
        let cases = try Self.cases()
        #expect(cases.count > 80)
        #expect(Set(cases.map(\.name)).count == cases.count, "case names are unique")
    }

    @Test(arguments: try cases())
    func caseHasItsVerdict(_ hostile: Case) throws {
        let type = try #require(FixtureTypes.byName[hostile.type], "no type \(hostile.type)")
        let value: any (Codable & Hashable & Sendable & OpenIAPValidatable)
        do {
            value = try JSONDecoder().decode(type, from: hostile.data)
        } catch let error as DecodingError {
            #expect(hostile.verdict == "throws", "threw \(error)")
            if let path = hostile.path { #expect(Self.path(error) == path, "\(error)") }
            return
        }
        #expect(hostile.verdict == "decodes", "decoded")
        if let output = hostile.output {
            #expect(try TestJSON.parse(JSONEncoder().encode(value)) == output)
        }
    }
}
