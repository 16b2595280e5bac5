// What a bridge answers a call with, as every target describes it: the
// facts about replies that targets share, decided once here.
//
// A reply is a JSON object with exactly one of two members: `result` (the
// operation's result, `null` for an absent optional one) or `error` (the
// spec's error record). See Docs/SpecLanguage.md, "Operations over JSON".

extension Spec {
    /// The name of the record a reply's `error` holds.
    public static let replyErrorRecordName = "PurchaseError"

    /// The record a reply's `error` holds: the spec's `PurchaseError` when it
    /// is a record whose `code` and `message` are required and whose other
    /// fields are optional, so that a bridge can always make one from a code
    /// and a message alone. Nil otherwise (a spec without it, such as a small
    /// test spec); targets then describe the error as an object with a
    /// string `code` and a string `message`.
    public var replyErrorRecord: RecordType? {
        guard let record = record(Self.replyErrorRecordName) else { return nil }
        let required = Set(record.fields.filter(\.isRequired).map(\.name))
        guard required == ["code", "message"], record.field("message")?.type == .scalar(.string) else { return nil }
        switch record.field("code")?.type {
        case .scalar(.string)?, .named(APIOperation.errorCodeEnum)?: return record
        default: return nil
        }
    }
}

extension Spec {
    /// Why the spec gets no reply types and no dispatcher (in Swift and in
    /// Kotlin), or nil when it gets them. They answer with the spec's error
    /// record (`replyErrorRecord`), make the codes of `BridgeErrorCode`
    /// themselves, and know the store they run against (`IapStore`).
    public var bridgeProblem: String? {
        guard !operations.isEmpty else { return "the spec has no operations" }
        guard let record = replyErrorRecord else {
            return "the spec has no record '\(Self.replyErrorRecordName)' with a required 'code' and 'message' and no other required field"
        }
        guard case .enumeration? = self[APIOperation.storeEnum] else {
            return "the spec declares no enum '\(APIOperation.storeEnum)'"
        }
        if case let .named(name)? = record.field("code")?.type, case let .enumeration(codes)? = self[name], codes.isClosed {
            let missing = BridgeErrorCode.all.filter { code in !codes.values.contains { $0.wire == code } }
            if !missing.isEmpty {
                return "the closed enum '\(name)' has no value \(missing.map { "'\($0)'" }.joined(separator: ", "))"
            }
        }
        return nil
    }
}

/// The error codes a bridge produces by itself, whatever an operation lists
/// (see `APIOperation.errors`).
public enum BridgeErrorCode {
    /// Arguments that do not decode or validate, or an operation name the
    /// bridge does not know.
    public static let developerError = "developer-error"
    /// An operation the running platform or store does not implement.
    public static let featureNotSupported = "feature-not-supported"
    /// An implementation failed with something other than the error record,
    /// or (in a client) the reply could not be used.
    public static let unknown = "unknown"

    /// All three, in the order docs list them.
    public static let all = [developerError, featureNotSupported, unknown]
}
