// Fuzz target `types`: the generated Swift types, as an app runs them on
// what a store, a server or a JavaScript bridge sends.
//
// An input is a type name on the first line and the payload after it
// (`PurchaseIOS\n{"id": …}`): the name picks a type of the registries,
// `OpenIAPTypeRegistry.types` (the records, unions and arguments records of
// OpenIAPTypes) and `OpenIAPTypeRegistry.replyTypes` (the replies of
// OpenIAPBridge). An input whose first line names no type is left out of the
// corpus. The seeds hold every fixture with its type's name, so every type
// is fuzzed from payloads of its own.
//
// What must hold, beyond "no crash, no hang, bounded memory":
//
// - a payload that does not decode throws a `DecodingError` (the errors
//   apps catch and whose coding path they show);
// - a payload that decodes is at a decode/encode fixed point after one
//   round: its encoding decodes again, to an equal value, which encodes to
//   the same bytes (keys sorted, so that the order of a dictionary of
//   unknown fields does not count);
// - `validate()` gives the same answer for both values, without crashing.

import Foundation
import OpenIAPBridge
import OpenIAPTypes

struct TypesFuzzTarget: FuzzTarget {
    let types: [String: OpenIAPTypeRegistry.Entry]

    init() {
        types = OpenIAPTypeRegistry.types.merging(OpenIAPTypeRegistry.replyTypes) { type, _ in type }
        guard !types.isEmpty else { fuzzFailure("the type registries are empty") }
    }

    func run(_ bytes: [UInt8]) -> Bool {
        guard let (name, payload) = splitFirstLine(bytes), let type = types[name] else { return false }
        Self.check(type, name: name, payload: Data(payload))
        return true
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    static func check<T: Codable & Hashable & OpenIAPValidatable>(_ type: T.Type, name: String, payload: Data) {
        let value: T
        do {
            value = try JSONDecoder().decode(T.self, from: payload)
        } catch is DecodingError {
            return
        } catch {
            fuzzFailure("\(name): decoding \(shown(payload)) threw \(error), which is not a DecodingError")
        }
        let first: Data
        do {
            first = try encoder().encode(value)
        } catch {
            fuzzFailure("\(name): \(shown(payload)) decodes but does not encode: \(brief(error))")
        }
        let again: T
        do {
            again = try JSONDecoder().decode(T.self, from: first)
        } catch {
            fuzzFailure("\(name): its own encoding \(shown(first)) does not decode: \(brief(error))")
        }
        guard again == value else {
            fuzzFailure("\(name): \(shown(payload)) decodes, encodes as \(shown(first)), which decodes to another value")
        }
        let second: Data
        do {
            second = try encoder().encode(again)
        } catch {
            fuzzFailure("\(name): a value decoded from its own encoding \(shown(first)) does not encode: \(brief(error))")
        }
        guard second == first else {
            fuzzFailure("\(name): encodes as \(shown(first)), then as \(shown(second))")
        }
        let valid = Result { () throws(OpenIAPValidationError) in try value.validate() }
        let validAgain = Result { () throws(OpenIAPValidationError) in try again.validate() }
        guard String(describing: valid) == String(describing: validAgain) else {
            fuzzFailure("\(name): validate() says \(valid) before the round trip, \(validAgain) after")
        }
    }
}
