import Foundation
import OpenIAPBridge
import OpenIAPMemoryStore
import OpenIAPTypes
import Testing

/// The replies the JSON bridge makes itself (bad messages and arguments,
/// operations a store does not have), shared with the Kotlin dispatcher's
/// JUnit tests through `Tests/CrossLanguage/bridge-errors.json`, so that an
/// app's JavaScript gets the same answer from an iOS and an Android SDK.
@Suite struct BridgeErrorCasesTests {
    struct Case: Decodable {
        var store: String
        var message: String
        var code: String
        /// The whole message, or (for a wrongly typed value, which each
        /// platform describes in its own words after the path) its start.
        var text: String?
        var messagePrefix: String?
    }

    struct File: Decodable {
        var cases: [Case]
    }

    @Test func theSwiftDispatcherAnswersEveryCase() async throws {
        let url = ReadmeExamplesTests.packageRoot.appendingPathComponent("Tests/CrossLanguage/bridge-errors.json")
        let cases = try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
        #expect(cases.count >= 30)
        for item in cases {
            let store = IapStore(wireValue: item.store)
            let dispatcher = OpenIAPDispatcher(store: store, sdk: MemoryStore(store: store))
            let reply = try TestJSON.parse(await dispatcher.handle(Data(item.message.utf8)))
            guard case let .object(members) = reply, members.count == 1, case let .object(error)? = members["error"],
                  case let .string(code)? = error["code"], case let .string(scalars)? = error["message"]
            else {
                Issue.record("\(item.message): not an error: \(reply)")
                continue
            }
            let message = String(String.UnicodeScalarView(scalars))
            #expect(String(String.UnicodeScalarView(code)) == item.code, "\(item.message)")
            #expect(error.count == 2, "\(item.message): \(reply)")
            if let text = item.text {
                #expect(message == text, "\(item.message)")
            } else {
                let prefix = try #require(item.messagePrefix, "\(item.message): neither text nor messagePrefix")
                #expect(message.hasPrefix(prefix) && message.count > prefix.count, "\(item.message): \(message)")
            }
        }
    }
}
