import Foundation
import Testing

/// The Swift half of the cross-language test, proven alone: the
/// `openiap-memory-store` executable is started as the TypeScript side
/// starts it, and talked to over its standard input and output, one JSON
/// message per line, replies matched by `id` and events by `subscription`.
@Suite struct MemoryStoreBridgeTests {
    /// The executable, built beside the test bundle by `swift build`.
    static func executable() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["OPENIAP_MEMORY_STORE"] { return URL(fileURLWithPath: path) }
        let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap { $0 }
        for base in candidates {
            var folder = base.deletingLastPathComponent()
            // From inside an `.xctest` bundle, the build folder is above it.
            for _ in 0..<4 {
                let url = folder.appendingPathComponent("openiap-memory-store")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
                folder = folder.deletingLastPathComponent()
            }
        }
        throw FixtureError("openiap-memory-store not found beside \(candidates); build it with `swift build`")
    }

    /// A running `openiap-memory-store`.
    final class Bridge: @unchecked Sendable {
        // `@unchecked`: `lines` and `partial` are only touched under `lock`.
        let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let lock = NSLock()
        private var lines: [String] = []
        private var partial = Data()

        init(_ arguments: [String] = []) throws {
            process.executableURL = try MemoryStoreBridgeTests.executable()
            process.arguments = arguments
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            output.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                // Empty at the end of the output.
                if data.isEmpty { handle.readabilityHandler = nil } else { self?.received(data) }
            }
            try process.run()
        }

        deinit {
            output.fileHandleForReading.readabilityHandler = nil
            if process.isRunning { process.terminate() }
        }

        private func received(_ data: Data) {
            lock.withLock {
                partial.append(data)
                while let end = partial.firstIndex(of: 0x0A) {
                    lines.append(String(decoding: partial[partial.startIndex..<end], as: UTF8.self))
                    partial = Data(partial[(end + 1)...])
                }
            }
        }

        func send(_ line: String) {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
        }

        /// Every line written so far, parsed, once one of them matches
        /// (waiting at most ten seconds).
        func wait(for matches: (TestJSON) -> Bool) async throws -> TestJSON {
            for _ in 0..<2000 {
                let parsed = try lock.withLock { lines }.map { try TestJSON.parse(Data($0.utf8)) }
                if let found = parsed.first(where: matches) { return found }
                try await Task.sleep(for: .milliseconds(5))
            }
            throw FixtureError("no such line among: \(lock.withLock { lines })")
        }

        /// How many lines written so far match.
        func count(where matches: (TestJSON) -> Bool) -> Int {
            lock.withLock { lines }.compactMap { try? TestJSON.parse(Data($0.utf8)) }.filter(matches).count
        }

        /// The reply of the message with this `id`.
        func reply(_ id: TestJSON) async throws -> TestJSON {
            try await wait { line in
                if case let .object(members) = line { return members["id"] == id }
                return false
            }
        }

        /// `message` sent, with `"id": id` first, and its reply.
        func call(_ id: Int, _ message: String) async throws -> TestJSON {
            send("{\"id\": \(id), " + message.dropFirst())
            return try await reply(.number(Decimal(id)))
        }

        /// Closes standard input and waits for the program to end.
        func finish() -> Int32 {
            input.fileHandleForWriting.closeFile()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    func json(_ text: String) throws -> TestJSON { try TestJSON.parse(Data(text.utf8)) }

    @Test func theTypeScriptSidesScript() async throws {
        let bridge = try Bridge()
        #expect(try await bridge.call(1, #"{"operation": "initConnection"}"#) == (try json(#"{"id": 1, "result": true}"#)))
        let products = try await bridge.call(2, #"{"operation": "fetchProducts", "args": {"params": {"skus": ["com.example.premium", "com.example.coins_100"]}}}"#)
        guard case let .object(reply) = products, case let .object(result)? = reply["result"], case let .array(list)? = result["products"] else {
            throw FixtureError("not a product list: \(products)")
        }
        #expect(list.count == 2)
        // As the node client subscribes: no id, so no reply unless it fails.
        bridge.send(#"{"subscribe": "purchaseUpdated", "subscription": 7, "args": {"options": {"dedupeTransactionIOS": true}}}"#)
        // With an id, the reply comes back under it.
        #expect(try await bridge.call(3, #"{"subscribe": "purchaseError", "subscription": 8}"#) == (try json(#"{"id": 3, "result": null}"#)))
        let purchase = """
            {"id": "purchase-1", "productId": "com.example.premium", "transactionDate": 1784160000001, "purchaseToken": "memory-store-token-0001", "store": "google",
             "quantity": 1, "purchaseState": "purchased", "isAutoRenewing": false, "isAcknowledgedAndroid": false}
            """.replacingOccurrences(of: "\n", with: "")
        let requested = try await bridge.call(4, #"{"operation": "requestPurchase", "args": {"params": {"requestPurchase": {"google": {"skus": ["com.example.premium"]}}}}}"#)
        #expect(requested == (try json(#"{"id": 4, "result": {"purchases": [\#(purchase)]}}"#)))
        let event = try await bridge.wait { line in
            if case let .object(members) = line { return members["subscription"] != nil }
            return false
        }
        #expect(event == (try json(#"{"subscription": 7, "event": "purchaseUpdated", "payload": \#(purchase)}"#)))
        let verify = #"{"operation": "verifyPurchaseWithProvider", "args": {"options": {"provider": "iapkit", "iapkit": {"google": {"purchaseToken": "memory-store-token-0001"}}}}}"#
        #expect(try await bridge.call(5, verify) == (try json("""
            {"id": 5, "result": {"provider": "iapkit", "iapkit": {"store": "google", "isValid": true, "state": "pending-acknowledgment", "productId": "com.example.premium"}}}
            """)))
        // An id of any JSON type is echoed as it was.
        bridge.send(#"{"id": "six", "operation": "finishTransaction", "args": {"purchase": \#(purchase), "isConsumable": false}}"#)
        #expect(try await bridge.reply(try json(#""six""#)) == (try json(#"{"id": "six", "result": null}"#)))
        // A bad argument, with its path: a purchase is passed back whole, its store included.
        let bad = try await bridge.call(7, #"{"operation": "finishTransaction", "args": {"purchase": {"id": "purchase-1"}}}"#)
        #expect(bad == (try json(#"{"id": 7, "error": {"code": "developer-error", "message": "args.purchase.store: required, but absent"}}"#)))
        // The other platform's operation.
        #expect(try await bridge.call(8, #"{"operation": "getPromotedProductIOS"}"#) == (try json("""
            {"id": 8, "error": {"code": "feature-not-supported", "message": "'getPromotedProductIOS' is not available on the store 'google'"}}
            """)))
        bridge.send(#"{"unsubscribe": 7}"#)
        #expect(try await bridge.call(9, #"{"unsubscribe": 8}"#) == (try json(#"{"id": 9, "result": null}"#)))
        // A subscribe without an id that fails is answered without one.
        bridge.send(#"{"subscribe": "promotedProductIOS", "subscription": 9}"#)
        let unsupported = try await bridge.wait { line in
            if case let .object(members) = line, case let .object(error)? = members["error"] {
                return members["id"] == nil && error["code"] == (try? TestJSON.parse(Data(#""feature-not-supported""#.utf8)))
            }
            return false
        }
        #expect(unsupported == (try json("""
            {"error": {"code": "feature-not-supported", "message": "'promotedProductIOS' is not available on the store 'google'"}}
            """)))
        // Only the replies asked for came: none to the subscribe and
        // unsubscribe without an id.
        #expect(bridge.count { line in
            if case let .object(members) = line { return members["id"] == nil && members["subscription"] == nil }
            return true
        } == 1)
        // A line that is not JSON has no id to echo.
        bridge.send("not json")
        let refused = try await bridge.wait { line in
            if case let .object(members) = line, case let .object(error)? = members["error"] {
                return members["id"] == nil && error["code"] == (try? TestJSON.parse(Data(#""developer-error""#.utf8)))
            }
            return false
        }
        #expect(refused == (try json(#"{"error": {"code": "developer-error", "message": "message: The given data was not valid JSON."}}"#)))
        #expect(bridge.finish() == 0)
    }

    @Test func theStoreIsChosenOnTheCommandLine() async throws {
        let bridge = try Bridge(["--store", "amazon"])
        #expect(try await bridge.call(1, #"{"operation": "verifyPurchase", "args": {"options": {}}}"#) == (try json("""
            {"id": 1, "error": {"code": "feature-not-supported", "message": "'verifyPurchase' is not available on the store 'amazon'"}}
            """)))
        #expect(bridge.finish() == 0)
        let wrong = try Bridge(["--store", "apple"])
        #expect(wrong.finish() == 2)
    }
}
