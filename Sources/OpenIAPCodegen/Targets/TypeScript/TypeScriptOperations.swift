import OpenIAPSpec
import OpenIAPTemplates

/// The TypeScript of the API: what `openiap.ts` declares for the queries,
/// mutations and events after the types, and the values the client runtime
/// (`openiap-client.ts`) is rendered from.
///
/// In `openiap.ts`, for bridges (the JSON; `TypeScriptShapes`):
/// - `<Operation>Args`, the arguments record of each operation that has
///   arguments, declared like any input record (`APIOperation.argumentsRecord`);
/// - `<Operation>Reply` for each query and mutation: `{ result }` or
///   `{ error }`, never both (the other member may only be absent);
/// - `OpenIAPOperationMap` (per operation its kind, args, result, the error
///   codes it lists as a literal union, its stores and its reply),
///   `OpenIAPEventMap` (per event its listener args and payload), `OpenIAPCall`
///   (a call as the bridge reads it, discriminated by `operation`);
///
/// for apps and SDKs, in upstream's shapes:
/// - the client, `OpenIAPClient`: a method per query and mutation that takes
///   the arguments as upstream's `Query…Args` / `Mutation…Args` say, and
///   `addListener` with one overload per event, and the transports a caller
///   gives it;
/// - upstream's operation types (`TypeScriptUpstreamAPI`);
/// - `OpenIAPWireTypes`: the JSON of every type, by spec name.
///
/// Every name, type and doc line is final text here; the templates place it.
struct TypeScriptOperations {
    let spec: Spec
    let shapes: TypeScriptShapes

    init(spec: Spec, shapes: TypeScriptShapes? = nil) {
        self.spec = spec
        self.shapes = shapes ?? TypeScriptShapes(spec: spec)
    }

    /// The arguments records, in operation order: the declarations the
    /// file streams after the spec's types.
    var argumentRecords: [RecordType] { spec.operations.compactMap(\.argumentsRecord) }

    /// The queries and mutations: what the client calls and bridges answer.
    var calls: [APIOperation] { spec.operations.filter { $0.kind != .event } }

    /// The name the declarations give the error record of a reply: the
    /// spec's `PurchaseError` when it can serve (`Spec.replyErrorRecord`),
    /// otherwise an interface the file declares with a string `code` and
    /// `message`.
    static let errorRecordAlias = "OpenIAPErrorRecord"
    static let noArgs = "OpenIAPNoArgs"
    static let wireTypesName = "OpenIAPWireTypes"

    /// The names the API section declares besides the per-operation ones:
    /// `TypeScriptNameCheck` keeps spec types off them.
    static let fixedNames = [
        errorRecordAlias, noArgs, "OpenIAPOperationMap", "OpenIAPOperationName", "OpenIAPCall", "OpenIAPEventMap",
        "OpenIAPEventName", "OpenIAPTransport", "OpenIAPEventTransport", "OpenIAPListener", "OpenIAPClient", wireTypesName,
    ]

    /// The members the `file` template reads for the API section.
    func addMembers(to object: inout TemplateObject) {
        object.append(TemplateKey("hasOperations"), .bool(!spec.operations.isEmpty))
        let error = spec.replyErrorRecord
        object.append(TemplateKey("errorRecordType"), .string(error.map { shapes.wireName($0.name) } ?? ""))
        object.append(TemplateKey("replies"), .list(calls.map(reply)))
        object.append(TemplateKey("operations"), .list(calls.map(mapEntry)))
        object.append(TemplateKey("callVariants"), .list(calls.map(callVariant)))
        object.append(TemplateKey("events"), .list(spec.events.map(eventEntry)))
        object.append(TemplateKey("hasEvents"), .bool(!spec.events.isEmpty))
        object.append(TemplateKey("methods"), .list(calls.map(method)))
        object.append(TemplateKey("listeners"), .list(spec.events.map(listener)))
        TypeScriptUpstreamAPI(spec: spec, shapes: shapes).addMembers(to: &object)
        object.append(TemplateKey("wireTypes"), .list(wireTypes()))
    }

    /// The context of `client.tmpl`, the runtime file.
    func clientContext(header: GeneratedHeader) -> TemplateValue {
        let converters = TypeScriptConverters(spec: spec, shapes: shapes)
        let upstream = TypeScriptUpstreamAPI(spec: spec, shapes: shapes)
        let methods: [TemplateValue] = calls.map { operation in
            let sent = converters.argumentsExpression(operation, value: "args")
            var received = ""
            if let type = operation.result.type,
                let converted = converters.expression("result", type, .fromWire)
            {
                received = operation.result.isRequired
                    ? ".then((result) => \(converted))" : ".then((result) => (result === null ? null : \(converted)))"
            }
            return [
                "name": .string(operation.name),
                "literal": .string(TypeScriptNames.stringLiteral(operation.name)),
                "parameter": .string(upstream.argumentsType(operation) == nil ? "" : "args"),
                "argument": .string(sent),
                "received": .string(received),
                "answer": .string(TypeScriptNames.stringLiteral(Self.answer(operation))),
            ]
        }
        let listeners: [TemplateValue] = spec.events.map { event in
            let payload = "(payload as \(shapes.wireType(event.payloadType)))"
            return [
                "name": .string(event.name),
                "parameter": .string(upstream.argumentsType(event).map { "args: " + $0 } ?? ""),
                "argument": .string(converters.argumentsExpression(event, value: "args")),
                "delivered": .string(converters.expression(payload, event.payloadType, .fromWire) ?? "payload"),
            ]
        }
        return [
            "header": .string(Self.oneLineHeader(header)),
            "methods": .list(methods),
            "hasEvents": .bool(!spec.events.isEmpty),
            "listeners": .list(listeners),
            "imports": .list(
                Set(converters.importedNames + spec.events.compactMap(upstream.argumentsType)).sorted().map { .string($0) }),
            "converters": .list(converters.functions()),
            "needsMapValues": .bool(converters.needsMapValues),
            "protocolErrorCode": .string(TypeScriptNames.stringLiteral(BridgeErrorCode.unknown)),
            "setupErrorCode": .string(TypeScriptNames.stringLiteral(BridgeErrorCode.developerError)),
        ]
    }

    static func oneLineHeader(_ header: GeneratedHeader) -> String {
        header.text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    // MARK: - Types

    /// What the client makes of a reply's result, as its runtime table
    /// says it: a value, a value or null, or nothing (`Void`), which the
    /// client resolves as `undefined`.
    static func answer(_ operation: APIOperation) -> String {
        if operation.result.isNothing { return "nothing" }
        return operation.result.isRequired ? "value" : "value-or-null"
    }

    /// What a call resolves with, in the API's shape or the JSON's: `T`,
    /// `T | null` for a result the operation may leave out, `void` for one
    /// that answers nothing.
    func resultType(_ operation: APIOperation, wire: Bool) -> String {
        guard let type = operation.result.type else { return "void" }
        let name = wire ? shapes.wireType(type) : shapes.apiType(type)
        return operation.result.isRequired ? name : name + TypeScriptTypeMapping.nullSuffix
    }

    /// What a reply's `result` holds: the JSON of the result, `null` for an
    /// operation that answers nothing (the JSON of nothing).
    private func replyResultType(_ operation: APIOperation) -> String {
        operation.result.isNothing ? "null" : resultType(operation, wire: true)
    }

    private func argsType(_ operation: APIOperation) -> String {
        operation.argumentsTypeName ?? Self.noArgs
    }

    /// The literal union of `values`, or `never` when there are none.
    private static func literalUnion(_ values: [String]) -> String {
        values.isEmpty ? "never" : values.map(TypeScriptNames.stringLiteral).joined(separator: " | ")
    }

    /// Whether a caller may leave the arguments out: the operation has none,
    /// or only optional ones.
    static func argumentsAreOptional(_ operation: APIOperation) -> Bool {
        !operation.arguments.contains(where: \.isRequired)
    }

    // MARK: - Declarations

    private func reply(_ operation: APIOperation) -> TemplateValue {
        var object = TemplateObject(capacity: 6)
        var doc = DocComment(
            "The reply to the \(operation.kind.rawValue) \(TypeScriptNames.docCode(operation.name)): `result` when it succeeded, `error` when it failed; never both.")
        if operation.result.isNothing {
            doc.addParagraph("`result` is always null: the operation answers nothing beyond success.")
        } else if !operation.result.isRequired {
            doc.addParagraph("`result` is null when the operation has nothing to answer.")
        }
        doc.addTemplateMembers(to: &object)
        object.append(TemplateKey("name"), .string(operation.replyTypeName!))
        object.append(TemplateKey("resultType"), .string(replyResultType(operation)))
        return .object(object)
    }

    private func mapEntry(_ operation: APIOperation) -> TemplateValue {
        var object = TemplateObject(capacity: 10)
        var doc = DocComment(operation.annotations.doc)
        doc.addLifecycle(operation.annotations)
        doc.addTemplateMembers(to: &object)
        object.append(TemplateKey("key"), .string(operation.name))
        object.append(TemplateKey("kind"), .string(TypeScriptNames.stringLiteral(operation.kind.rawValue)))
        object.append(TemplateKey("argsType"), .string(argsType(operation)))
        object.append(TemplateKey("resultType"), .string(resultType(operation, wire: true)))
        object.append(TemplateKey("errorsType"), .string(Self.literalUnion(operation.errors.map(\.code))))
        object.append(TemplateKey("storesType"), .string(Self.literalUnion(operation.stores.map(\.store))))
        object.append(TemplateKey("replyType"), .string(operation.replyTypeName!))
        return .object(object)
    }

    private func callVariant(_ operation: APIOperation) -> TemplateValue {
        [
            "literal": .string(TypeScriptNames.stringLiteral(operation.name)),
            "argsMark": .string(Self.argumentsAreOptional(operation) ? "?" : ""),
            "argsType": .string(argsType(operation)),
        ]
    }

    private func eventEntry(_ event: APIOperation) -> TemplateValue {
        var object = TemplateObject(capacity: 8)
        var doc = DocComment(event.annotations.doc)
        doc.addParagraph(storesSentence(event))
        doc.addLifecycle(event.annotations)
        doc.addTemplateMembers(to: &object)
        object.append(TemplateKey("key"), .string(event.name))
        object.append(TemplateKey("argsType"), .string(argsType(event)))
        object.append(TemplateKey("payloadType"), .string(shapes.wireType(event.payloadType)))
        object.append(TemplateKey("storesType"), .string(Self.literalUnion(event.stores.map(\.store))))
        return .object(object)
    }

    /// A method of `OpenIAPClient`: `name(args: QueryNameArgs):
    /// Promise<Result>`, the parameter optional when every argument is,
    /// absent without arguments; the result in the API's shape.
    private func method(_ operation: APIOperation) -> TemplateValue {
        var object = TemplateObject(capacity: 6)
        var doc = DocComment(operation.annotations.doc)
        doc.addParagraph(storesSentence(operation))
        addArgumentTags(operation, to: &doc)
        if let text = operation.result.doc, !operation.result.isNothing { doc.addTag("@returns", text) }
        for failure in operation.errors {
            doc.addTag("@throws", "\(TypeScriptNames.docCode(failure.code)) \(failure.reason)")
        }
        doc.addLifecycle(operation.annotations)
        doc.addTemplateMembers(to: &object)
        object.append(TemplateKey("name"), .string(operation.name))
        object.append(TemplateKey("parameter"), .string(parameter(operation)))
        object.append(TemplateKey("resultType"), .string(resultType(operation, wire: false)))
        return .object(object)
    }

    /// An overload of `addListener` for one event.
    private func listener(_ event: APIOperation) -> TemplateValue {
        var object = TemplateObject(capacity: 8)
        var doc = DocComment(event.annotations.doc)
        doc.addParagraph(storesSentence(event))
        doc.addTag("@param", "event - \(TypeScriptNames.docCode(event.name))")
        doc.addTag("@param", "listener - Called with each payload until the handle is removed.")
        addArgumentTags(event, to: &doc)
        doc.addTag("@returns", "The handle that removes the listener.")
        doc.addLifecycle(event.annotations)
        doc.addTemplateMembers(to: &object)
        object.append(TemplateKey("literal"), .string(TypeScriptNames.stringLiteral(event.name)))
        object.append(TemplateKey("payloadType"), .string(shapes.apiType(event.payloadType)))
        let parameter = parameter(event)
        object.append(TemplateKey("argsParameter"), .string(parameter.isEmpty ? "" : ", " + parameter))
        return .object(object)
    }

    /// `args: QueryNameArgs`, `args?: QueryNameArgs`, or nothing for an
    /// operation without arguments.
    private func parameter(_ operation: APIOperation) -> String {
        guard let type = TypeScriptUpstreamAPI(spec: spec, shapes: shapes).argumentsType(operation) else { return "" }
        return (Self.argumentsAreOptional(operation) ? "args?: " : "args: ") + type
    }

    /// `@param args - doc` for the one argument an operation takes as
    /// itself, `@param args.name - doc` for each of several.
    private func addArgumentTags(_ operation: APIOperation, to doc: inout DocComment) {
        let single = operation.arguments.count == 1
        for argument in operation.arguments {
            var text = (single ? "args" : "args." + argument.name) + " - "
            if single { text += "The argument " + TypeScriptNames.docCode(argument.name) + ". " }
            text += argument.annotations.doc.map(TypeScriptViewModel.oneLine) ?? ""
            if !argument.isRequired { text += text.hasSuffix(" ") ? "Optional." : " Optional." }
            if let value = argument.defaultValue {
                text += " " + OperationDocs.defaultSentence(TypeScriptNames.docCode(TypeScriptViewModel.literal(value)))
            }
            if let message = argument.annotations.deprecated {
                text += " " + OperationDocs.deprecation(TypeScriptViewModel.oneLine(message))
            }
            doc.addTag("@param", text)
        }
    }

    /// The operation's platform, when it has one (the client serves every
    /// platform, where Swift and Kotlin have a protocol per platform), and
    /// which stores implement it, in the words every target uses.
    private func storesSentence(_ operation: APIOperation) -> String {
        let platform: String? =
            switch operation.platform {
            case .common: nil
            case .ios: "Apple platforms only."
            case .android: "Android only."
            }
        let stores = OperationDocs.storesSentence(operation, in: spec, code: TypeScriptNames.docCode)
        return [platform, stores].compactMap { $0 }.joined(separator: " ")
    }

    /// The entries of `OpenIAPWireTypes`: every spec type, arguments record
    /// and reply by its spec name, with the type of its JSON.
    private func wireTypes() -> [TemplateValue] {
        var entries: [TemplateValue] = []
        entries.reserveCapacity(spec.types.count + argumentRecords.count + calls.count)
        // From one list of names, not a dictionary literal per entry (which
        // made both names and two lists for every type).
        func add(_ key: String, _ type: String) {
            var entry = TemplateObject(keys: Self.wireTypeKeys)
            entry.append(TypeScriptViewModel.Key.key, .string(TypeScriptNames.propertyKey(key)))
            entry.append(TypeScriptViewModel.Key.type, .string(type))
            entries.append(.object(entry))
        }
        // By position: `for type in spec.types` copies every type out of
        // the array.
        for index in spec.types.indices { add(spec.types[index].name, shapes.wireName(spec.types[index].name)) }
        for record in argumentRecords { add(record.name, record.name) }
        for operation in calls { if let reply = operation.replyTypeName { add(reply, reply) } }
        return entries
    }

    /// The names of an entry of `wireTypes`.
    private static let wireTypeKeys = [TypeScriptViewModel.Key.key, TypeScriptViewModel.Key.type]
}
