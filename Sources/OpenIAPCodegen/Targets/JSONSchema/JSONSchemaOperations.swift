import OpenIAPSpec

/// The `$defs` entries of the API, after the spec's types:
///
/// - `<Operation>Args` for each operation with arguments: the arguments
///   record, written like any input record;
/// - `<Operation>Reply` for each query and mutation: an object with exactly
///   one of `result` (the result, `null` allowed for an optional one) and
///   `error` (the spec's `PurchaseError`, see `Spec.replyErrorRecord`);
/// - `OpenIAPCall`: `operation` and `args`, one branch per query and
///   mutation chosen by the `operation` constant;
/// - with events, the listener messages: `OpenIAPSubscribe` (event name,
///   listener args, subscription number), `OpenIAPEvent` (a payload
///   delivered to a subscription) and `OpenIAPUnsubscribe`.
///
/// Unknown members are allowed everywhere, as in every record: a framing
/// such as the JSON-lines `id` rides along without a schema of its own.
struct JSONSchemaOperations {
    let spec: Spec
    let builder: JSONSchemaBuilder
    private let arguments: [RecordType]
    private let calls: [APIOperation]
    private let events: [APIOperation]

    init(spec: Spec, builder: JSONSchemaBuilder) {
        self.spec = spec
        self.builder = builder
        arguments = spec.operations.compactMap(\.argumentsRecord)
        calls = spec.operations.filter { $0.kind != .event }
        events = spec.events
    }

    static let callName = "OpenIAPCall"
    static let subscribeName = "OpenIAPSubscribe"
    static let eventName = "OpenIAPEvent"
    static let unsubscribeName = "OpenIAPUnsubscribe"

    /// How many entries `writeDefinition(_:to:)` writes.
    var count: Int {
        arguments.count + calls.count + (calls.isEmpty ? 0 : 1) + (events.isEmpty ? 0 : 3)
    }

    /// Writes entry `index` (below `count`) and answers its name.
    func writeDefinition(_ index: Int, to json: inout JSONWriter) -> String {
        if index < arguments.count {
            builder.writeSchema(of: .record(arguments[index]), to: &json)
            return arguments[index].name
        }
        var rest = index - arguments.count
        if rest < calls.count {
            writeReply(calls[rest], to: &json)
            return calls[rest].replyTypeName!
        }
        rest -= calls.count
        if !calls.isEmpty {
            if rest == 0 {
                writeCall(to: &json)
                return Self.callName
            }
            rest -= 1
        }
        switch rest {
        case 0:
            writeSubscribe(to: &json)
            return Self.subscribeName
        case 1:
            writeEvent(to: &json)
            return Self.eventName
        default:
            writeUnsubscribe(to: &json)
            return Self.unsubscribeName
        }
    }

    // MARK: - Replies

    private func writeReply(_ operation: APIOperation, to json: inout JSONWriter) {
        var notes: [String] = []
        if !operation.errors.isEmpty {
            notes.append(
                "Error codes the spec lists for it:\n"
                    + operation.errors.map { "- \($0.code): \(JSONSchemaBuilder.trimmed($0.reason))" }.joined(separator: "\n"))
        }
        notes.append(Self.bridgeCodesNote)
        let doc =
            "The reply to the \(operation.kind.rawValue) \(operation.name): exactly one of result (when it succeeded) and error (when it failed)."
            + (operation.result.isNothing
                ? " The result is always null: the operation answers nothing beyond success."
                : operation.result.isRequired ? "" : " The result is null when the operation has nothing to answer.")
        json.object { json in
            json.member("title", operation.replyTypeName!)
            json.member("description", JSONSchemaBuilder.description(doc, notes)!)
            json.member("type", constant: "object")
            json.key("properties")
            json.object { json in
                json.key("result")
                json.object { json in
                    if let text = operation.result.doc { json.member("description", JSONSchemaBuilder.trimmed(text)) }
                    if let type = operation.result.type {
                        JSONSchemaBuilder.writeType(type, nullable: !operation.result.isRequired, to: &json)
                    } else {
                        json.member("type", constant: "null")
                    }
                }
                json.key("error")
                json.object { writeErrorRecord(to: &$0) }
            }
            json.key("oneOf")
            json.array { json in
                Self.writeOnly("result", not: "error", to: &json)
                Self.writeOnly("error", not: "result", to: &json)
            }
        }
    }

    static let bridgeCodesNote =
        "Besides these, a bridge answers developer-error for arguments it cannot decode or validate (the message names the field path), feature-not-supported where the platform or store lacks the operation, and unknown for any other failure."

    /// `{"required": [present], "not": {"required": [absent]}}`.
    private static func writeOnly(_ present: String, not absent: String, to json: inout JSONWriter) {
        json.object { json in
            json.key("required")
            json.array { $0.string(quoting: present) }
            json.key("not")
            json.object { json in
                json.key("required")
                json.array { $0.string(quoting: absent) }
            }
        }
    }

    /// The spec's error record, or, when it cannot serve, an object with a
    /// string `code` and `message`.
    private func writeErrorRecord(to json: inout JSONWriter) {
        if let record = spec.replyErrorRecord {
            JSONSchemaBuilder.writeType(.named(record.name), nullable: false, to: &json)
            return
        }
        json.member("type", constant: "object")
        json.key("properties")
        json.object { json in
            for name in ["code", "message"] {
                json.key(quoting: name)
                json.object { $0.member("type", constant: "string") }
            }
        }
        json.key("required")
        json.array { json in
            json.string("code")
            json.string("message")
        }
    }

    // MARK: - Calls

    private func writeCall(to json: inout JSONWriter) {
        json.object { json in
            Self.writeObjectHeader(
                Self.callName,
                "One call of a query or mutation as a bridge reads it: the operation's name and its arguments, keyed by the spec's argument names. The operation picks the branch; args may be left out when the operation has no required argument. Properties not listed here (such as a transport's own id) are allowed.",
                required: ["operation"], to: &json)
            json.key("properties")
            json.object { json in
                json.key("operation")
                json.object { $0.member("type", constant: "string") }
                json.key("args")
                json.object { $0.member("type", constant: "object") }
            }
            json.key("oneOf")
            json.array { json in
                for operation in calls {
                    Self.writeBranch(key: "operation", operation, argumentsKey: "args", to: &json)
                }
            }
        }
    }

    /// One branch: `key` is the operation's name and, when it has
    /// arguments and `argumentsKey` is given, that member holds its
    /// arguments record (required when any argument is); `payloadKey`, when
    /// given, holds its payload.
    private static func writeBranch(
        key: StaticString, _ operation: APIOperation, argumentsKey: String?, payloadKey: StaticString? = nil,
        to json: inout JSONWriter
    ) {
        let argumentsName = argumentsKey == nil ? nil : operation.argumentsTypeName
        json.object { json in
            json.key("properties")
            json.object { json in
                json.key(key)
                json.object { $0.member("const", operation.name) }
                if let argumentsKey, let argumentsName {
                    json.key(quoting: argumentsKey)
                    json.object { JSONSchemaBuilder.writeType(.named(argumentsName), nullable: false, to: &$0) }
                }
                if let payloadKey {
                    json.key(payloadKey)
                    json.object { JSONSchemaBuilder.writeType(operation.payloadType, nullable: false, nested: true, to: &$0) }
                }
            }
            if let argumentsKey, argumentsName != nil, operation.arguments.contains(where: \.isRequired) {
                json.key("required")
                json.array { $0.string(quoting: argumentsKey) }
            }
        }
    }

    // MARK: - Events

    private func writeSubscribe(to json: inout JSONWriter) {
        json.object { json in
            Self.writeObjectHeader(
                Self.subscribeName,
                "Adds a listener over a bridge that carries events: the event's name, the listener's args and a number the caller picks, which every delivery to this listener carries until it sends OpenIAPUnsubscribe with it.",
                required: ["subscribe", "subscription"], to: &json)
            json.key("properties")
            json.object { json in
                json.key("subscribe")
                json.object { $0.member("type", constant: "string") }
                json.key("args")
                json.object { $0.member("type", constant: "object") }
                Self.writeSubscriptionNumber(to: &json)
            }
            json.key("oneOf")
            json.array { json in
                for event in events {
                    Self.writeBranch(key: "subscribe", event, argumentsKey: "args", to: &json)
                }
            }
        }
    }

    private func writeEvent(to json: inout JSONWriter) {
        json.object { json in
            Self.writeObjectHeader(
                Self.eventName,
                "One payload delivered to a listener: its subscription number, the event's name and the payload. The event picks the branch.",
                required: ["subscription", "event", "payload"], to: &json)
            json.key("properties")
            json.object { json in
                Self.writeSubscriptionNumber(to: &json)
                json.key("event")
                json.object { $0.member("type", constant: "string") }
            }
            json.key("oneOf")
            json.array { json in
                for event in events {
                    Self.writeBranch(key: "event", event, argumentsKey: nil, payloadKey: "payload", to: &json)
                }
            }
        }
    }

    private func writeUnsubscribe(to json: inout JSONWriter) {
        json.object { json in
            Self.writeObjectHeader(
                Self.unsubscribeName, "Removes the listener of a subscription number; no more payloads arrive for it.",
                required: ["unsubscribe"], to: &json)
            json.key("properties")
            json.object { json in
                json.key("unsubscribe")
                json.object { json in
                    json.member("type", constant: "integer")
                    json.key("minimum")
                    json.integer(0)
                }
            }
        }
    }

    /// `title`, `description`, `"type": "object"` and `required` of one of
    /// the API's own definitions.
    private static func writeObjectHeader(
        _ title: String, _ description: String, required: [String], to json: inout JSONWriter
    ) {
        json.member("title", title)
        json.member("description", description)
        json.member("type", constant: "object")
        json.key("required")
        json.array { json in
            for name in required { json.string(quoting: name) }
        }
    }

    private static func writeSubscriptionNumber(to json: inout JSONWriter) {
        json.key("subscription")
        json.object { json in
            json.member("description", constant: "The number the caller gave the listener when it subscribed.")
            json.member("type", constant: "integer")
            json.key("minimum")
            json.integer(0)
        }
    }
}
