import Foundation

/// A parsed JSON value for comparing payloads in tests. Deliberately separate
/// from the generated `OpenIAPJSONValue`, so the code under test does not judge
/// itself. Numbers compare by value (`1` equals `1.0`), strings by Unicode
/// scalars (NFC and NFD spellings differ), and `true` never equals `1`.
indirect enum TestJSON: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Decimal)
    case string([Unicode.Scalar])
    case array([TestJSON])
    case object([String: TestJSON])

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Decimal.self) {
            self = .number(value)
        } else if let value = try? single.decode(String.self) {
            self = .string(Array(value.unicodeScalars))
        } else if let value = try? single.decode([TestJSON].self) {
            self = .array(value)
        } else {
            let object = try single.decode([String: TestJSON].self)
            // Keys compared by scalars too: re-key by their scalar spelling.
            self = .object(object)
        }
    }

    static func parse(_ data: Data) throws -> TestJSON {
        try JSONDecoder().decode(TestJSON.self, from: data)
    }

    var description: String {
        switch self {
        case .null: "null"
        case let .bool(b): "\(b)"
        case let .number(n): "\(n)"
        case let .string(s): "\"\(String(String.UnicodeScalarView(s)))\""
        case let .array(a): "[" + a.map(\.description).joined(separator: ",") + "]"
        case let .object(o): "{" + o.keys.sorted().map { "\"\($0)\":\(o[$0]!)" }.joined(separator: ",") + "}"
        }
    }
}
