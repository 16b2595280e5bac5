/// The shape of the two IAPKit result types written the way an app would
/// write them by hand: closed `String` enums and compiler-synthesized
/// `Codable`. They accept no unknown value, no alias and no degraded field;
/// they are the yardstick the generated types are measured against.
enum HandWritten {
    enum Store: String, Codable {
        case unknown, apple, google, horizon, amazon
    }

    enum PurchaseState: String, Codable {
        case entitled
        case pendingAcknowledgment = "pending-acknowledgment"
        case pending, canceled, expired
        case readyToConsume = "ready-to-consume"
        case consumed, unknown, inauthentic
    }

    enum PayloadFormat: String, Codable {
        case toml, json, text
    }

    enum Provider: String, Codable {
        case iapkit
    }

    struct ClientPayload: Codable, Equatable {
        var format: PayloadFormat
        var body: String
        var version: Int
        var updatedAt: Double
    }

    struct IapkitResult: Codable, Equatable {
        var store: Store
        var environment: String?
        var isValid: Bool
        var state: PurchaseState
        var productId: String?
        var clientPayload: ClientPayload?
    }

    struct ProviderError: Codable, Equatable {
        var message: String
        var code: String?
    }

    struct ProviderResult: Codable, Equatable {
        var provider: Provider
        var iapkit: IapkitResult?
        var errors: [ProviderError]?
    }

    /// The benchmark document: both kinds of payload in one JSON object.
    struct Batch: Codable {
        var iapkit: [IapkitResult]
        var provider: [ProviderResult]
    }
}
