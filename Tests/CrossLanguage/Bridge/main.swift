// openiap-memory-store: the Swift half of the cross-language test. It serves
// MemoryStore (an Android SDK whose store lives in memory) through the
// generated OpenIAPDispatcher, over JSON lines:
//
//   openiap-memory-store [--store google|horizon|amazon]
//
// Every line read on standard input is one message of the bridge (a call, a
// subscribe or an unsubscribe), with an optional "id" of any JSON value.
// Every message gets one reply line on standard output, with the same "id"
// first when the message had one: {"id":3,"result":...} or
// {"id":3,"error":{"code":...,"message":...}}. Event messages are written as
// they happen: {"subscription":7,"event":"purchaseUpdated","payload":...}.
// Replies and events are not ordered among each other. Messages are handled
// one at a time, in the order read; the program ends at the end of its input.

import Foundation
import OpenIAPMemoryStore
import OpenIAPTypes

/// Writes whole lines to standard output, one at a time.
final class LineWriter: Sendable {
    private let lock = NSLock()

    func write(_ line: Data) {
        lock.withLock {
            FileHandle.standardOutput.write(line + Data([0x0A]))
        }
    }
}

/// The lines of standard input as bytes, exactly as read: no decoding, so
/// that bytes that are not UTF-8 reach the dispatcher as they came.
struct InputLines: IteratorProtocol {
    private var buffer = Data()
    private var ended = false

    mutating func next() -> Data? {
        while true {
            if let end = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<end]
                buffer = buffer[(end + 1)...]
                return Data(line)
            }
            if ended {
                guard !buffer.isEmpty else { return nil }
                defer { buffer = Data() }
                return Data(buffer)
            }
            let chunk = FileHandle.standardInput.availableData
            if chunk.isEmpty { ended = true } else { buffer.append(chunk) }
        }
    }
}

/// The "id" of a message, as the JSON it was written with, or nil.
struct Frame: Decodable {
    var id: OpenIAPJSONValue?
}

/// `reply` with `"id"` first, or as it is for a message without one.
func framed(_ reply: Data, id: OpenIAPJSONValue?) -> Data {
    guard let id, let idJSON = try? JSONEncoder().encode(id), reply.first == UInt8(ascii: "{") else { return reply }
    let rest = reply.dropFirst()
    return Data("{\"id\":".utf8) + idJSON + (rest.first == UInt8(ascii: "}") ? Data() : Data(",".utf8)) + rest
}

var arguments = CommandLine.arguments.dropFirst()
var storeName = "google"
while let argument = arguments.popFirst() {
    if argument == "--store", let value = arguments.popFirst(), ["google", "horizon", "amazon"].contains(value) {
        storeName = value
    } else {
        FileHandle.standardError.write(Data("usage: openiap-memory-store [--store google|horizon|amazon]\n".utf8))
        exit(2)
    }
}

let store = IapStore(rawValue: storeName)
let output = LineWriter()
let dispatcher = OpenIAPDispatcher(store: store, sdk: MemoryStore(store: store), events: { output.write($0) })
var lines = InputLines()
while let line = lines.next() {
    if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) { continue }
    let id = (try? JSONDecoder().decode(Frame.self, from: line))?.id
    output.write(framed(await dispatcher.handle(line), id: id))
}
