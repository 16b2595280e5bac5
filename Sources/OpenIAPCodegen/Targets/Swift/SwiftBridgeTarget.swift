import OpenIAPSpec
import OpenIAPTemplates

/// Renders `Generated/SwiftBridge`, the library `OpenIAPBridge`, for a spec
/// that can have one (`Spec.bridgeProblem`): `OpenIAPDispatcher.swift`, the
/// JSON bridge over the operation protocols of `OpenIAPTypes` (which it
/// imports), and `OpenIAPReplies.swift`, the reply types a Swift client of a
/// bridge reads. It is a target of its own so that an app that
/// calls its SDK in Swift builds and links only `OpenIAPTypes`; JavaScript
/// and Flutter bridges add this one. It renders the `swift` templates.
public struct SwiftBridgeTarget: GenerationTarget {
    public let name = "swift-bridge"
    public let templateFolder = "swift"
    public let outputFolder = "SwiftBridge"

    public init() {}

    /// A spec with operations but no bridge leaves `Generated/SwiftBridge`
    /// out, which a package that vendors it and declares the
    /// `OpenIAPBridge` target learns from SwiftPM only as a target without
    /// sources; this says why. A spec without operations expects no bridge.
    public func notes(_ spec: Spec) -> [String] {
        guard !spec.operations.isEmpty, let problem = spec.bridgeProblem else { return [] }
        return [
            "no \(outputFolder) (the OpenIAPBridge library: JSON dispatcher and reply types) for this spec: \(problem); "
                + "a package that vendors it declares no OpenIAPBridge target"
        ]
    }

    public func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        [
            RenderJob(cost: 1) { () throws(DiagnosticError) in
                let model = SwiftDispatcherModel(spec: spec)
                let header = "// " + header.text
                guard let dispatcher = model.dispatcherContext(header: header) else { return [] }
                return [
                    GeneratedFile(path: SwiftNames.dispatcherFileName, contents: try templates.render("dispatcher", dispatcher)),
                    GeneratedFile(path: SwiftNames.repliesFileName, contents: try templates.render("replies", model.repliesContext(header: header))),
                ]
            }
        ]
    }
}

/// The contexts of `dispatcher.tmpl` (the table of `OpenIAPDispatcher`, and
/// the error codes it answers with) and of `replies.tmpl` (the reply types
/// and their registry). Needs the spec alone, not the types' view model.
struct SwiftDispatcherModel {
    let spec: Spec

    /// The Swift value of the error code `wire`, of the type of the error
    /// record's `code`: a case where the enum lists it, otherwise made from
    /// its raw value (an open enum takes any), or a string.
    private func codeValue(_ wire: String, record: RecordType) -> String {
        guard case let .named(name)? = record.field("code")?.type else { return SwiftEscaping.stringLiteral(wire) }
        if case let .enumeration(codes)? = spec[name], codes.values.contains(where: { $0.wire == wire }) {
            return SwiftOperations.qualifiedCase(wire, of: name, in: spec)
        }
        // An open enum keeps a value it does not list through
        // `init(wireValue:)`; an opaque string takes any.
        let label = if case .enumeration? = spec[name] { "wireValue" } else { "rawValue" }
        return "\(name)(\(label): \(SwiftEscaping.stringLiteral(wire)))"
    }

    /// Nil when the spec gets no dispatcher (see `Spec.bridgeProblem`).
    func dispatcherContext(header: String) -> TemplateValue? {
        guard spec.bridgeProblem == nil, let record = spec.replyErrorRecord, let code = record.field("code") else { return nil }
        let callsDeprecated = spec.operations.contains { operation in
            operation.annotations.deprecated != nil || operation.arguments.contains { $0.annotations.deprecated != nil }
        }
        let deprecation =
            callsDeprecated
            ? #"@available(*, deprecated, message: "Serves deprecated operations; reached through OpenIAPOperationTable, which does not warn.")"#
            : ""
        let fallback = "{\"error\":{\"code\":\(JSONEscaping.quoted(BridgeErrorCode.unknown)),"
            + "\"message\":\"the reply cannot be written as JSON\"}}"
        return [
            "header": .string(header),
            "errorRecord": .string(Spec.replyErrorRecordName),
            "errorCode": .string(SwiftTypeMapping.swiftType(code.type)),
            "storeType": .string(APIOperation.storeEnum),
            "developerError": .string(codeValue(BridgeErrorCode.developerError, record: record)),
            "featureNotSupported": .string(codeValue(BridgeErrorCode.featureNotSupported, record: record)),
            "unknownError": .string(codeValue(BridgeErrorCode.unknown, record: record)),
            "fallbackReply": .string(SwiftEscaping.stringLiteral(fallback)),
            "tableDeprecation": .string(deprecation),
            "noResultType": .string(Self.noResultType),
            "calls": .list(spec.operations.filter { $0.kind != .event }.map(tableEntry)),
            "listeners": .list(spec.events.map(tableEntry)),
        ]
    }

    /// One case of the dispatcher's table: the stores, the platform and
    /// the arguments record, the closure's parameters, and its body: the
    /// casts and the call of the method. An operation that the Apple and
    /// the Android protocols declare apart (`SwiftOperations.isSplit`)
    /// calls the Android SDK's method when the SDK has it, the Apple one's
    /// otherwise.
    private func tableEntry(_ operation: APIOperation) -> TemplateValue {
        func call(on platform: OperationPlatform) -> String {
            let arguments = SwiftOperations.arguments(of: operation, on: platform).map { argument in
                let property = SwiftNames.name(argument.name, in: .property)
                return SwiftTypeMapping.callArgument(argument, property: property, value: "args.\(SwiftNames.escaped(property))")
            }.joined(separator: ", ")
            return "\(operation.name)(\(arguments))"
        }
        func cast(_ platform: OperationPlatform) -> String {
            platform == .ios ? "any \(SwiftOperations.protocolName(.ios)) & Sendable" : "any \(SwiftOperations.protocolName(platform))"
        }
        let split = SwiftOperations.isSplit(operation)
        let platform: String =
            if split { "either" } else {
                switch operation.platform {
                case .common: "common"
                case .ios: "apple"
                case .android: "android"
                }
            }
        // The SDK each call is made on: for a split operation the Android
        // SDK's method when the SDK has it (`androidCast`, `androidCall`),
        // else the Apple one's; for one platform's operation that
        // platform's SDK (`cast`); a common one on the SDK as given.
        let callPlatform: OperationPlatform = split ? .ios : operation.platform
        let parameters = (split || operation.platform != .common ? "common" : "sdk") + (operation.argumentsTypeName == nil ? ", _" : ", arguments")
        return [
            "key": .string(SwiftEscaping.stringLiteral(operation.name)),
            "stores": .string(operation.stores.map { SwiftOperations.qualifiedCase($0.store, of: APIOperation.storeEnum, in: spec) }.joined(separator: ", ")),
            "platform": .string(platform),
            "argumentsType": .string(operation.argumentsTypeName ?? "OpenIAPNoArguments"),
            "parameters": .string(parameters),
            "hasArguments": .bool(operation.argumentsTypeName != nil),
            "isSplit": .bool(split),
            "androidCast": .string(split ? cast(.android) : ""),
            "androidCall": split ? ["call": .string(call(on: .android))] : "",
            "cast": .string(callPlatform == .common ? "" : cast(callPlatform)),
            "call": .string(call(on: callPlatform)),
            // An event answers a feed; a call that answers nothing answers
            // `OpenIAPNoResult()`, `null` on the wire.
            "isEvent": .bool(operation.kind == .event),
            "answersNothing": .bool(operation.result.isNothing),
            "noResultType": .string(Self.noResultType),
        ]
    }

    /// The result type of the replies of an operation that answers nothing
    /// (`Void`): `null` on the wire, and nothing else.
    static let noResultType = "OpenIAPNoResult"

    /// The reply type of every query and mutation: `<Operation>Reply`, an
    /// alias of `OpenIAPReply` over the operation's result
    /// (`OpenIAPNoResult` for one that answers nothing).
    func repliesContext(header: String) -> TemplateValue {
        let replies: [TemplateValue] = spec.operations.compactMap { operation in
            guard let name = operation.replyTypeName else { return nil }
            let doc = """
                One reply of `\(operation.name)` over a JSON bridge: its result or a `\(Spec.replyErrorRecordName)`.
                """
            return [
                "docLines": .list(SwiftEscaping.docTexts(doc).map { .string($0) }),
                "name": .string(name),
                "key": .string(SwiftEscaping.stringLiteral(name)),
                "result": .string(SwiftTypeMapping.resultType(of: operation) ?? Self.noResultType),
            ]
        }
        return [
            "header": .string(header),
            "errorRecord": .string(Spec.replyErrorRecordName),
            "replies": .list(replies),
            "hasReplies": .bool(!replies.isEmpty),
            // Declared only for a spec that needs it, so other specs' bridges stay as they were.
            "hasNothingResults": .bool(spec.operations.contains { $0.result.isNothing }),
            "noResultType": .string(Self.noResultType),
        ]
    }
}
