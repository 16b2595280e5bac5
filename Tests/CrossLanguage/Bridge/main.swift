// openiap-memory-store: the Swift half of the cross-language test. It serves
// MemoryStore (an Android SDK whose store lives in memory) through the
// generated OpenIAPDispatcher, over JSON lines:
//
//   openiap-memory-store [--store google|horizon|amazon]
//
// Every line read on standard input is one message of the bridge (a call, a
// subscribe or an unsubscribe), with an optional "id" of any JSON value.
// A message with an "id" gets one reply line on standard output, with that
// "id" first: {"id":3,"result":...} or {"id":3,"error":{"code":...,
// "message":...}}. So does a call without one, and a line that is not JSON,
// without an "id". A subscribe or unsubscribe without an "id" is answered
// only when it fails. Event messages are written as they happen:
// {"subscription":7,"event":"purchaseUpdated","payload":...}. Replies and
// events are not ordered among each other. Messages are handled one at a
// time, in the order read, so a listener subscribed on one line hears what
// the next line's call delivers; the program ends at the end of its input.

import Foundation
import OpenIAPBridge
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

/// The "id" of a message, as the JSON it was written with, and whether the
/// message starts or ends a listener.
struct Frame: Decodable {
    var id: OpenIAPJSONValue?
    var subscribe: OpenIAPJSONValue?
    var unsubscribe: OpenIAPJSONValue?

    var isListener: Bool { subscribe != nil || unsubscribe != nil }
}

/// What the dispatcher answers a subscribe or unsubscribe that worked.
let done = Data(#"{"result":null}"#.utf8)

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

let store = IapStore(wireValue: storeName)
let output = LineWriter()
let dispatcher = OpenIAPDispatcher(store: store, sdk: MemoryStore(store: store), events: { output.write($0) })
var lines = InputLines()
while let line = lines.next() {
    if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) { continue }
    let frame = try? JSONDecoder().decode(Frame.self, from: line)
    let reply = await dispatcher.handle(line)
    if frame?.id == nil, frame?.isListener == true, reply == done { continue }
    output.write(framed(reply, id: frame?.id))
}
