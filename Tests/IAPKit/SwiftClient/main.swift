// Runs the IAPKit scenario list (Tests/IAPKit/scenarios.json) with the
// generated Swift client (Generated/SwiftIAPKit, OpenIAPKitClient) against
// the test server whose origin is the first argument, and prints one
// transcript line per scenario, as Tests/IAPKit/client.ts does:
// `<id> <canonical JSON>` with the outcome and what the server received.
// scripts/iapkit.sh compares it with Tests/IAPKit/transcript.expected.
//
// An `ok` value is the typed result encoded again by the generated
// encoder; canonical JSON sorts keys, drops null members and writes
// integral numbers without a fraction (Docs/IAPKit.md, "Same transcript").

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenIAPKitClient
import OpenIAPTypes

/// A JSON value, read strictly (a number is never a Bool).
indirect enum JSON: Codable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = value == value.rounded() && abs(value) < 1e15 ? .integer(Int64(value)) : .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(value): try container.encode(value)
        case let .integer(value): try container.encode(value)
        case let .number(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        case let .array(value): try container.encode(value)
        case let .object(value): try container.encode(value)
        }
    }

    subscript(key: String) -> JSON? {
        if case let .object(members) = self { members[key] } else { nil }
    }

    var string: String? {
        if case let .string(text) = self { text } else { nil }
    }

    /// Sorted keys, no spaces, null members left out, strings as JSON.stringify writes them.
    var canonical: String {
        switch self {
        case .null: "null"
        case let .bool(value): value ? "true" : "false"
        case let .integer(value): String(value)
        case let .number(value): String(value)
        case let .string(value): JSON.quoted(value)
        case let .array(values): "[" + values.map(\.canonical).joined(separator: ",") + "]"
        case let .object(members):
            "{"
                + members.filter { if case .null = $0.value { false } else { true } }.sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
                .map { JSON.quoted($0.key) + ":" + $0.value.canonical }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func of<Value: Encodable>(_ value: Value) throws -> JSON {
        try JSONDecoder().decode(JSON.self, from: JSONEncoder().encode(value))
    }

    /// Decodes `Value` from this JSON value.
    func decoded<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try JSONDecoder().decode(type, from: JSONEncoder().encode(self))
    }
}

func outcome(of error: any Error) -> JSON {
    switch error {
    case let error as IapkitApiError:
        var members: [String: JSON] = [
            "status": .integer(Int64(error.status)),
            "errors": (try? JSON.of(error.errors)) ?? .null,
        ]
        if let retryAfter = error.retryAfter { members["retryAfter"] = .integer(Int64(retryAfter)) }
        if let rateLimit = error.rateLimit {
            var limit: [String: JSON] = ["limit": .integer(Int64(rateLimit.limit)), "remaining": .integer(Int64(rateLimit.remaining))]
            if let scope = rateLimit.scope { limit["scope"] = .string(scope) }
            members["rateLimit"] = .object(limit)
        }
        if let correlationId = error.correlationId { members["correlationId"] = .string(correlationId) }
        return .object(["iapkitError": .object(members)])
    case let error as IapkitTransportError:
        var members: [String: JSON] = ["reason": .string(error.reason.rawValue)]
        if let status = error.status { members["status"] = .integer(Int64(status)) }
        return .object(["transport": .object(members)])
    case let error as IapkitRequestError:
        var members: [String: JSON] = ["reason": .string(error.reason.rawValue)]
        if let path = error.path { members["path"] = .string(path) }
        return .object(["clientError": .object(members)])
    default:
        return .object(["unexpected": .string(String(describing: error))])
    }
}

/// A scenario's parameter the Swift API takes as an enum: a value the enum
/// lacks cannot be written in Swift, which the other clients refuse as an
/// invalid parameter, so the harness reports it so.
func platform(_ text: String?) throws -> IapkitPlatformFilter? {
    guard let text else { return nil }
    guard let value = IapkitPlatformFilter(rawValue: text) else { throw IapkitRequestError(.invalidParameter, path: "platform") }
    return value
}

func run(_ client: IapkitClient, _ scenario: JSON) async throws -> JSON {
    let input = scenario["input"] ?? .object([:])
    switch scenario["call"]?.string ?? "" {
    case "verify":
        let props = try (scenario["props"] ?? .null).decoded(RequestVerifyPurchaseWithIapkitProps.self)
        return try JSON.of(try await client.verifyPurchase(try verifyPurchaseBody(props)))
    case "verifyBody":
        return try JSON.of(try await client.verifyPurchase(try (scenario["body"] ?? .null).decoded(IapkitVerifyPurchaseRequest.self)))
    case "status":
        return try JSON.of(try await client.subscriptionStatus(userId: input["userId"]?.string ?? ""))
    case "entitlements":
        return try JSON.of(try await client.subscriptionEntitlements(userId: input["userId"]?.string ?? ""))
    case "bindUser":
        return try JSON.of(try await client.bindUser(try (scenario["body"] ?? .null).decoded(IapkitBindUserRequest.self)))
    case "products":
        var includeClientPayload: Bool?
        if case let .bool(flag)? = input["includeClientPayload"] { includeClientPayload = flag }
        var limit: Int?
        if case let .integer(number)? = input["limit"] { limit = Int(number) }
        let page = try await client.listProducts(
            platform: try platform(input["platform"]?.string), includeClientPayload: includeClientPayload, limit: limit,
            cursor: input["cursor"]?.string)
        return try JSON.of(page)
    case "clientPayload":
        let answer = try await client.productClientPayload(
            productId: input["productId"]?.string ?? "", platform: try platform(input["platform"]?.string) ?? .ios)
        return .object(["value": try JSON.of(answer.value), "source": .string(answer.source.rawValue)])
    case "baseUrl":
        return .object(["baseUrl": .string(client.baseURL)])
    case let other:
        throw IapkitTransportError(.connection, detail: "unknown call \(other)")
    }
}

/// The server's log of the scenario, each entry reduced as client.ts reduces it.
func serverLog(_ origin: String) async throws -> JSON {
    let (data, _) = try await URLSession.shared.data(from: URL(string: origin + "/__test__/requests")!)
    guard case let .array(entries) = try JSONDecoder().decode(JSON.self, from: data) else { return .array([]) }
    return .array(entries.map { entry in
        var kept: [String: JSON] = [:]
        for name in ["authorization", "if-none-match", "content-type"] {
            if let value = entry["headers"]?[name] { kept[name] = value }
        }
        var body = JSON.null
        if let text = entry["body"]?.string, !text.isEmpty {
            body = (try? JSONDecoder().decode(JSON.self, from: Data(text.utf8))) ?? .string(text)
        }
        return .object([
            "method": entry["method"] ?? .null, "path": entry["path"] ?? .null, "queryParams": entry["queryParams"] ?? .object([:]),
            "body": body, "headers": .object(kept),
        ])
    })
}

func reset(_ origin: String) async throws {
    var request = URLRequest(url: URL(string: origin + "/__test__/reset")!)
    request.httpMethod = "POST"
    _ = try await URLSession.shared.data(for: request)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: iapkit-swift-client ORIGIN SCENARIOS.json\n".utf8))
    exit(2)
}
let origin = arguments[1]
guard case let .array(scenarios) = try JSONDecoder().decode(JSON.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[2]))) else {
    exit(2)
}
var caches: [String: IapkitMemoryCache] = [:]
for scenario in scenarios {
    let id = scenario["id"]?.string ?? "?"
    try await reset(origin)
    let cache = scenario["cacheOf"]?.string.flatMap { caches[$0] } ?? IapkitMemoryCache()
    caches[id] = cache
    var result: JSON
    do {
        var baseURL: String? = (scenario["baseUrl"]?.string ?? origin).replacingOccurrences(of: "{origin}", with: origin)
        if case .bool(true)? = scenario["omitBaseUrl"] { baseURL = nil }
        let client = try IapkitClient(
            apiKey: scenario["apiKey"]?.string ?? "openiap-kit_pk_test_app", baseURL: baseURL, timeout: 2, maxResponseBytes: 1_048_576,
            cache: cache)
        result = .object(["ok": try await run(client, scenario)])
    } catch {
        result = outcome(of: error)
    }
    let sent = try await serverLog(origin)
    print(id + " " + JSON.object(["outcome": result, "sent": sent]).canonical)
}
