// What a JSON bridge for the operations needs from the spec's own types.
//
// A bridge (the Swift `OpenIAPDispatcher`, a TypeScript client's transport,
// the JSON Schema reply definitions) answers every call with the result or
// an error, and that error is the spec's own error record, `PurchaseError`,
// whose `code` is an `ErrorCode`: what SDKs already throw and listeners
// already receive. The bridge builds some of those errors itself (arguments
// that do not decode, an operation it does not know, one the store does not
// implement), and it knows which store it runs against (`IapStore`). So the
// names and codes it relies on are kept here, in one place, with the check
// that the spec declares them in a shape the bridge can use.

/// The spec types and values a JSON bridge for the operations answers with.
public enum BridgeTypes {
    /// The record every failed call answers with.
    public static let errorRecord = "PurchaseError"
    /// The field of `errorRecord` that holds an `ErrorCode` value.
    public static let codeField = "code"
    /// The field of `errorRecord` that holds the human-readable text.
    public static let messageField = "message"
    /// The code of arguments that do not decode or validate, and of a call
    /// the bridge cannot read or does not know.
    public static let developerError = "developer-error"
    /// The code of an operation the running store or SDK does not implement.
    public static let featureNotSupported = "feature-not-supported"
    /// The code of an implementation's failure that is not a `PurchaseError`.
    public static let unknownError = "unknown"
    /// The codes the bridge itself produces, which `ErrorCode` must have.
    public static let bridgeCodes = [developerError, featureNotSupported, unknownError]

    /// Why `spec`'s operations cannot be carried over a JSON bridge, or nil
    /// when they can: the enums `ErrorCode` (with `bridgeCodes`) and
    /// `IapStore`, and the record `PurchaseError` with a required
    /// `code: ErrorCode` and `message: String` and no other required field
    /// (the bridge builds one from a code and a message). A spec without
    /// operations needs none of it.
    public static func problem(in spec: Spec) -> String? {
        guard !spec.operations.isEmpty else { return nil }
        guard case let .enumeration(codes)? = spec[APIOperation.errorCodeEnum] else {
            return "the spec declares no enum '\(APIOperation.errorCodeEnum)'"
        }
        let missing = bridgeCodes.filter { code in !codes.values.contains { $0.wire == code } }
        if !missing.isEmpty {
            return "'\(APIOperation.errorCodeEnum)' has no value \(missing.map { "'\($0)'" }.joined(separator: ", "))"
        }
        guard case .enumeration? = spec[APIOperation.storeEnum] else {
            return "the spec declares no enum '\(APIOperation.storeEnum)'"
        }
        guard let record = spec.record(errorRecord), record.direction == .output else {
            return "the spec declares no output record '\(errorRecord)'"
        }
        guard let code = record.field(codeField), code.isRequired, code.type == .named(APIOperation.errorCodeEnum) else {
            return "'\(errorRecord)' has no required field '\(codeField): \(APIOperation.errorCodeEnum)'"
        }
        guard let message = record.field(messageField), message.isRequired, message.type == .scalar(.string) else {
            return "'\(errorRecord)' has no required field '\(messageField): String'"
        }
        if let other = record.fields.first(where: { $0.isRequired && $0.name != codeField && $0.name != messageField }) {
            return "'\(errorRecord)' requires '\(other.name)', which a bridge cannot fill in"
        }
        return nil
    }
}
