// Fuzz target `bridge`: the generated Swift JSON bridge (`OpenIAPDispatcher`
// of OpenIAPBridge), as a React Native, Expo or Flutter bridge runs it on
// what JavaScript or Dart sends.
//
// An input is the store on the first line (an `IapStore` wire name:
// `google`, `amazon`, `apple`, anything: `IapStore(wireValue:)` keeps an
// unknown one, as decoding does) and then one message per line (a
// call, a subscribe, an unsubscribe), all handed in order to one new
// dispatcher over a new `MemoryStore` (the Android SDK in memory that the
// cross-language test serves), so a subscription made on one line hears
// the purchases of the next. At most `maxMessages` lines are read.
//
// What must hold, beyond "no crash, no hang, bounded memory":
//
// - every reply is a JSON object with exactly one member, `result` or
//   `error`;
// - an error is a `PurchaseError` with a message of at most
//   `maxMessageCharacters` characters (a hostile name or value is not
//   echoed back whole), never empty when it is a developer error;
// - the reply to a call of an operation the spec has decodes as that
//   operation's reply type (`OpenIAPTypeRegistry.replyTypes`);
// - every event message is a JSON object naming its subscription and event.

import Foundation
import OpenIAPBridge
import OpenIAPMemoryStore
import OpenIAPTypes

struct BridgeFuzzTarget: FuzzTarget {
    static let maxMessages = 32
    /// The dispatcher clips messages at 1,000 characters and adds `…`.
    static let maxMessageCharacters = 1001

    /// The reply type of each operation by the operation's name:
    /// `fetchProducts` → `FetchProductsReply`.
    let replyTypes: [String: OpenIAPTypeRegistry.Entry]
    /// A reply type any error reply decodes as: they all take `{"error": …}`.
    let errorReplyType: OpenIAPTypeRegistry.Entry

    init() {
        var byOperation: [String: OpenIAPTypeRegistry.Entry] = [:]
        for (name, type) in OpenIAPTypeRegistry.replyTypes where name.hasSuffix("Reply") {
            let operation = name.dropLast("Reply".count)
            byOperation[operation.prefix(1).lowercased() + operation.dropFirst()] = type
        }
        guard let first = OpenIAPTypeRegistry.replyTypes.keys.sorted().first, !byOperation.isEmpty else {
            fuzzFailure("the reply registry is empty")
        }
        replyTypes = byOperation
        errorReplyType = OpenIAPTypeRegistry.replyTypes[first]!
    }

    /// The name of the operation a message calls, if it reads as a call.
    struct Call: Decodable {
        var operation: String
    }

    func run(_ bytes: [UInt8]) -> Bool {
        guard let (storeName, rest) = splitFirstLine(bytes) else { return false }
        let messages = rest.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .prefix(Self.maxMessages).map { Data($0) }
        let store = IapStore(wireValue: storeName)
        let replyTypes = replyTypes
        let errorReplyType = errorReplyType
        waitFor {
            let dispatcher = OpenIAPDispatcher(store: store, sdk: MemoryStore(store: store), events: Self.checkEvent)
            for message in messages {
                let reply = await dispatcher.handle(message)
                let operation = try? JSONDecoder().decode(Call.self, from: message).operation
                Self.checkReply(reply, to: message, replyType: operation.flatMap { replyTypes[$0] }, errorReplyType: errorReplyType)
            }
        }
        return true
    }

    /// Runs `work` to its end on the concurrency pool: libFuzzer calls the
    /// target synchronously.
    func waitFor(_ work: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await work()
            done.signal()
        }
        done.wait()
    }

    static func checkReply(
        _ reply: Data, to message: Data, replyType: OpenIAPTypeRegistry.Entry?, errorReplyType: OpenIAPTypeRegistry.Entry
    ) {
        func fail(_ problem: String) -> Never {
            fuzzFailure("message \(shown(message)): reply \(shown(reply)) \(problem)")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: reply)) as? [String: Any] else { fail("is not a JSON object") }
        guard object.count == 1, let key = object.keys.first, key == "result" || key == "error" else {
            fail("has not exactly one of 'result' and 'error'")
        }
        if let replyType {
            do {
                _ = try JSONDecoder().decode(replyType, from: reply)
            } catch {
                fail("does not decode as \(replyType): \(error)")
            }
        }
        guard key == "error" else { return }
        do {
            _ = try JSONDecoder().decode(errorReplyType, from: reply)
        } catch {
            fail("is not an error reply: \(error)")
        }
        guard let error = object["error"] as? [String: Any], let code = error["code"] as? String,
            let text = error["message"] as? String
        else { fail("has no error code and message") }
        if text.count > maxMessageCharacters { fail("has a message of \(text.count) characters") }
        if code == "developer-error", text.isEmpty { fail("is a developer error without a message") }
    }

    static let checkEvent: @Sendable (Data) -> Void = { event in
        guard let object = (try? JSONSerialization.jsonObject(with: event)) as? [String: Any],
            object["subscription"] is NSNumber, object["event"] is String
        else { fuzzFailure("event \(shown(event)) is not an event message") }
    }
}
