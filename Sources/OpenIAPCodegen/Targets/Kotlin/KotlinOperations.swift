import OpenIAPSpec
import OpenIAPTemplates

/// The Kotlin of the API, for a spec with operations: the contexts of
/// `operations.tmpl` (the interfaces an SDK implements, the arguments
/// records, the reply types) and of `dispatcher.tmpl` (the table of
/// `OpenIAPDispatcher`), and the registry entries of the types generated
/// for operations. Every Kotlin decision about operations is made here; the
/// arguments records are made by `KotlinViewModel` like any input record,
/// and reading and writing results and payloads uses its code for fields.
///
/// The shape follows the Swift target's (`SwiftOperations`) so that both
/// SDKs look alike and answer the same JSON: the same interface names, one
/// method per operation with the spec's argument names, the dispatcher's
/// checks in the same order with the same codes.
struct KotlinOperations {
    /// The member names of the objects built here, shared with the view
    /// model's (`KotlinViewModel+Keys.swift`), as are their key lists.
    private typealias Key = KotlinViewModel.Key

    let spec: Spec
    let types: KotlinViewModel
    /// Whether the reply types and the dispatcher are generated (see
    /// `Spec.bridgeProblem`).
    let hasBridge: Bool

    init(spec: Spec, types: KotlinViewModel) {
        self.spec = spec
        self.types = types
        hasBridge = spec.bridgeProblem == nil
    }

    /// The names `operations.tmpl` and `dispatcher.tmpl` declare besides the
    /// spec's (`KotlinNames.runtimeTypeNames` lists them all).
    static let listenerHandle = "OpenIAPListener"
    static let exception = "OpenIAPException"

    /// Queries and mutations first, then events; each group by name, as
    /// `spec.operations` is.
    private var ordered: [APIOperation] {
        spec.operations.filter { $0.kind != .event } + spec.events
    }

    // MARK: - operations.tmpl

    func operationsContext(header: String) -> TemplateValue {
        let interfaces: [TemplateValue] = OperationPlatform.allCases.map { platform in
            var object = TemplateObject(keys: KotlinViewModel.interfaceKeys)
            object.append(Key.docLines, .list(KotlinNames.docTexts([Self.interfaceDoc(platform)]).map { .string($0) }))
            object.append(Key.name, .string(OperationNames.sdkInterfaceName(platform)))
            object.append(Key.inherits, .string(platform == .common ? "" : OperationNames.sdkInterfaceName(.common)))
            object.append(Key.requirements, .list(ordered.filter { $0.platform == platform }.map(requirement)))
            return .object(object)
        }
        let arguments: [TemplateValue] = spec.operations.compactMap { $0.argumentsRecord.map(types.argumentsContext) }
        let replies: [TemplateValue] = hasBridge ? spec.operations.compactMap(reply) : []
        return [
            "header": .string(header),
            "package": .string(types.packageName),
            "hasBridge": .bool(hasBridge),
            "errorRecord": .string(Spec.replyErrorRecordName),
            "interfaces": .list(interfaces),
            "resolvers": .list(resolvers()),
            "arguments": .list(arguments),
            "replies": .list(replies),
        ]
    }

    // MARK: - Upstream's shapes

    /// The names upstream's generated Kotlin gives the API of each kind of
    /// operation: its resolver interface, the prefix of its handler
    /// typealiases and the class that collects the handlers.
    static func upstreamNames(_ kind: OperationKind) -> (resolver: String, prefix: String, handlers: String) {
        switch kind {
        case .query: ("QueryResolver", "Query", "QueryHandlers")
        case .mutation: ("MutationResolver", "Mutation", "MutationHandlers")
        case .event: ("SubscriptionResolver", "Subscription", "SubscriptionHandlers")
        }
    }

    /// The typealias of the handler of `operation`: `QueryFetchProductsHandler`.
    static func handlerName(_ operation: APIOperation) -> String {
        upstreamNames(operation.kind).prefix + OperationNames.upperCamel(operation.name) + "Handler"
    }

    /// Upstream's API beside ours, for SDKs written against it: per kind
    /// (queries, mutations, events) a resolver interface with every
    /// operation of every platform as a `suspend fun` in name order (an
    /// event answers its next payload), a handler typealias per operation
    /// (a suspend function type) and a data class of optional handlers.
    /// Kinds without operations get none (a data class needs a property).
    private func resolvers() -> [TemplateValue] {
        [OperationKind.query, .mutation, .event].compactMap { kind -> TemplateValue? in
            let operations = spec.operations.filter { $0.kind == kind }.sorted { $0.name < $1.name }
            guard !operations.isEmpty else { return nil }
            let names = Self.upstreamNames(kind)
            let methods: [TemplateValue] = operations.map { operation in
                let parameters = zip(operation.arguments, parameterNames(operation)).map { argument, name in
                    let type = KotlinTypeMapping.kotlinType(argument.type, isRequired: argument.isRequired)
                    return KotlinNames.escaped(name) + ": " + type + (argument.isRequired ? "" : " = null")
                }
                let functionTypes = zip(operation.arguments, parameterNames(operation)).map { argument, name in
                    KotlinNames.escaped(name) + ": " + KotlinTypeMapping.kotlinType(argument.type, isRequired: argument.isRequired)
                }
                let result = operation.kind == .event ? KotlinTypeMapping.kotlinType(operation.payloadType) : resultType(operation)
                let method = KotlinNames.escaped(operation.name)
                let declaration =
                    operation.result.isNothing
                    ? "suspend fun \(method)(\(parameters.joined(separator: ", ")))"
                    : "suspend fun \(method)(\(parameters.joined(separator: ", "))): \(result)"
                var doc = KotlinNames.docBody([operation.annotations.doc])
                if operation.kind == .event {
                    if !doc.isEmpty { doc.append(" *") }
                    doc += KotlinNames.docBody(["Suspends until the next payload is delivered and answers it."])
                }
                var object = TemplateObject(keys: KotlinViewModel.resolverMethodKeys)
                object.append(Key.docLines, .list(KotlinNames.docTextValues(ofLines: doc)))
                object.append(Key.hasDoc, .bool(!doc.isEmpty))
                object.append(Key.deprecation, .string(KotlinNames.deprecation(operation.annotations.deprecated) ?? ""))
                object.append(Key.declaration, .string(declaration))
                object.append(Key.handler, .string(Self.handlerName(operation)))
                object.append(Key.functionType, .string("suspend (\(functionTypes.joined(separator: ", "))) -> \(result)"))
                object.append(Key.property, .string(method))
                return .object(object)
            }
            var object = TemplateObject(keys: KotlinViewModel.resolverKeys)
            object.append(Key.resolver, .string(names.resolver))
            object.append(Key.handlers, .string(names.handlers))
            object.append(Key.section, .string(kind.sectionName))
            object.append(Key.methods, .list(methods))
            return .object(object)
        }
    }

    private static func interfaceDoc(_ platform: OperationPlatform) -> String {
        switch platform {
        case .common:
            """
            The queries, mutations and events every OpenIAP SDK offers, whichever store it runs against.

            An SDK implements this interface, or the interface of its platform, which includes it. Each query and \
            mutation is a `suspend` function that keeps the name and the argument names of the spec; an optional \
            argument that is `null` was left out by the caller, and the default its doc gives applies. Each event \
            is a function that adds a listener and answers the handle that removes it. `OpenIAPDispatcher` serves \
            an implementation over JSON.
            """
        case .ios:
            """
            The queries, mutations and events of the Apple SDK alone (their names end in `IOS`), with the common \
            ones: for a Kotlin Multiplatform SDK whose iOS side implements them. An Android SDK does not implement \
            it, and the dispatcher answers these operations with the not-supported error.
            """
        case .android:
            """
            The queries, mutations and events of the Android SDK alone (their names end in `Android`), with the common \
            ones; the Google Play, Horizon and Amazon builds implement it.
            """
        }
    }

    /// The Kotlin name of each argument (without backticks), the method's
    /// parameters.
    private func parameterNames(_ operation: APIOperation) -> [String] {
        operation.arguments.map { KotlinNames.name($0.name, in: .property) }
    }

    /// The parameter of an event method that takes the listener: `listener`,
    /// with a `_` for as long as an argument has that name.
    private func listenerParameter(_ operation: APIOperation) -> String {
        let names = parameterNames(operation)
        var name = "listener"
        while names.contains(name) { name += "_" }
        return name
    }

    /// One method of an interface: its docs, deprecation and declaration.
    private func requirement(_ operation: APIOperation) -> TemplateValue {
        var parameters = zip(operation.arguments, parameterNames(operation)).map { argument, name in
            let type = KotlinTypeMapping.kotlinType(argument.type, isRequired: argument.isRequired)
            return KotlinNames.escaped(name) + ": " + type + (argument.isRequired ? "" : " = null")
        }
        let method = KotlinNames.escaped(operation.name)
        let declaration: String
        if operation.kind == .event {
            let payload = KotlinTypeMapping.kotlinType(operation.payloadType)
            parameters.append(KotlinNames.escaped(listenerParameter(operation)) + ": (" + payload + ") -> Unit")
            declaration = "fun \(method)(\(parameters.joined(separator: ", "))): \(Self.listenerHandle)"
        } else if operation.result.isNothing {
            // `Void`: a function that returns `Unit`, written without it.
            declaration = "suspend fun \(method)(\(parameters.joined(separator: ", ")))"
        } else {
            declaration = "suspend fun \(method)(\(parameters.joined(separator: ", "))): \(resultType(operation))"
        }
        var object = TemplateObject(keys: KotlinViewModel.operationRequirementKeys)
        object.append(Key.docLines, .list(KotlinNames.docTextValues(ofLines: docs(of: operation))))
        object.append(Key.deprecation, .string(KotlinDeprecation.annotation(operation.annotations, owner: nil, in: spec) ?? ""))
        object.append(Key.declaration, .string(declaration))
        return .object(object)
    }

    /// The Kotlin type of a query's or mutation's result; `Unit` for one
    /// that answers nothing (`Void`).
    private func resultType(_ operation: APIOperation) -> String {
        guard let type = operation.result.type else { return "Unit" }
        return KotlinTypeMapping.kotlinType(type, isRequired: operation.result.isRequired)
    }

    /// The KDoc body of a method: the operation's doc and the stores that
    /// have it, then `@param` for each argument (and the listener),
    /// `@return` and `@throws` with the codes it fails with.
    private func docs(of operation: APIOperation) -> [String] {
        var lines = KotlinNames.docBody([operation.annotations.doc])
        func paragraph(_ text: String) {
            if !lines.isEmpty { lines.append(" *") }
            lines += KotlinNames.docBody([text])
        }
        if let stores = OperationDocs.storesSentence(operation, in: spec, code: KotlinNames.docCode) {
            paragraph(stores)
        }
        var tags: [(tag: String, text: String)] = []
        for (argument, name) in zip(operation.arguments, parameterNames(operation)) {
            tags.append(("@param \(name)", argumentDoc(argument)))
        }
        if operation.kind == .event {
            tags.append(("@param \(listenerParameter(operation))", "Called with each payload until the handle is removed."))
            tags.append(("@return", "The handle that removes the listener."))
        } else if let doc = operation.result.doc, !operation.result.isNothing {
            tags.append(("@return", doc))
        }
        if !operation.errors.isEmpty {
            tags.append((
                hasBridge ? "@throws \(Self.exception)" : "@throws",
                hasBridge
                    ? "whose error's `code` is one of these:" : "a failure whose `code` is one of these:"))
        }
        if !tags.isEmpty, !lines.isEmpty { lines.append(" *") }
        for (tag, text) in tags {
            var body = KotlinNames.docBody([text])
            // A tag's text is one paragraph: its first line follows the tag.
            if body.isEmpty { body = [" *"] }
            body[0] = " * " + tag + body[0].dropFirst(2)
            lines += body
        }
        for failure in operation.errors {
            var body = KotlinNames.docBody(["\(KotlinNames.docCode(failure.code)): \(failure.reason)"])
            for index in body.indices { body[index] = (index == 0 ? " * - " : " *   ") + body[index].dropFirst(3) }
            lines += body
        }
        return lines
    }

    /// An argument's doc after its `@param`: its doc, its default, its
    /// deprecation.
    private func argumentDoc(_ argument: Field) -> String {
        let literal = argument.defaultValue.map { KotlinNames.docCode(KotlinTypeMapping.literal($0, type: argument.type, spec: spec)) }
        return OperationDocs.argumentDoc(argument, defaultLiteral: literal, code: KotlinNames.docCode)
    }

    /// The reply object of a query or mutation: how its result is read,
    /// written and validated.
    private func reply(_ operation: APIOperation) -> TemplateValue? {
        guard let name = operation.replyTypeName else { return nil }
        let result = operation.result
        let doc = "Reads and writes the replies of \(KotlinNames.docCode(operation.name)) over a JSON bridge: its result, or a [\(Spec.replyErrorRecordName)]."
        guard let type = result.type else {
            // `Void`: the result is `null` on the wire, and nothing else.
            return replyContext(doc: doc, name: name, result: resultType(operation), type: nil, isRequired: false, validation: [])
        }
        let validation = types.resultValidation(type, isRequired: result.isRequired)
        return replyContext(
            doc: doc, name: name, result: resultType(operation), type: type, isRequired: result.isRequired, validation: validation)
    }

    /// The object of one reply in `operations.tmpl`, which reads and writes
    /// the result with `decodeValue.tmpl` and `encodeValue.tmpl`: of
    /// `type`, or `null` alone for an operation that answers nothing
    /// (`answersNothing`, `type` nil). An optional result that is its own
    /// JSON value is written as it is (`isPlain`).
    private func replyContext(
        doc: String, name: String, result: String, type: TypeRef?, isRequired: Bool, validation: [TemplateValue]
    ) -> TemplateValue {
        var object = TemplateObject(keys: KotlinViewModel.replyKeys)
        object.append(Key.docLines, .list(KotlinNames.docTexts([doc]).map { .string($0) }))
        object.append(Key.name, .string(name))
        object.append(Key.result, .string(result))
        object.append(Key.answersNothing, .bool(type == nil))
        object.append(Key.isRequired, .bool(isRequired))
        object.append(Key.decoded, type.map { types.decodedValue($0, depth: 0) } ?? .list([]))
        object.append(Key.isPlain, .bool(type.map(types.encodesAsIs) ?? false))
        object.append(Key.written, type.map { types.encodedValue($0, depth: 1) } ?? .list([]))
        object.append(Key.validates, .bool(!validation.isEmpty))
        object.append(Key.validationLines, .list(validation))
        return .object(object)
    }

    // MARK: - dispatcher.tmpl

    /// Nil when the spec gets no dispatcher (see `Spec.bridgeProblem`).
    func dispatcherContext(header: String) -> TemplateValue? {
        guard hasBridge, let record = spec.replyErrorRecord, let code = record.field("code") else { return nil }
        return [
            "header": .string(header),
            "package": .string(types.packageName),
            "errorRecord": .string(Spec.replyErrorRecordName),
            "storeType": .string(APIOperation.storeEnum),
            "errorCode": .string(KotlinTypeMapping.kotlinType(code.type)),
            "developerError": .string(codeValue(BridgeErrorCode.developerError, record: record)),
            "featureNotSupported": .string(codeValue(BridgeErrorCode.featureNotSupported, record: record)),
            "unknownError": .string(codeValue(BridgeErrorCode.unknown, record: record)),
            "calls": .list(spec.operations.filter { $0.kind != .event }.map(tableEntry)),
            "listeners": .list(spec.events.map(tableEntry)),
        ]
    }

    /// The Kotlin value of the error code `wire`, of the type of the error
    /// record's `code`: the member where the enum lists it, otherwise made
    /// from its raw value (an open enum takes any; a closed one lists every
    /// code the bridge makes), or a string.
    private func codeValue(_ wire: String, record: RecordType) -> String {
        guard case let .named(name)? = record.field("code")?.type, case let .enumeration(codes)? = spec[name] else {
            return KotlinNames.stringLiteral(wire)
        }
        if codes.values.contains(where: { $0.wire == wire }) { return enumValue(wire, of: codes) }
        return "\(name).fromRawValue(\(KotlinNames.stringLiteral(wire)))"
    }

    /// `Name.Member`, written as Kotlin source.
    private func enumValue(_ wire: String, of type: EnumType) -> String {
        let place: KotlinNames.Place = type.isClosed ? .enumEntry : .enumObject
        return type.name + "." + KotlinNames.escaped(KotlinNames.name(wire, in: place, owner: type.name))
    }

    /// One case of the dispatcher's table: the stores, the platform, the
    /// arguments record and the lambda that calls the method, which casts
    /// the SDK to the platform's interface and the arguments to their
    /// record (the dispatcher checks the one and decodes the other first)
    /// and hands on the result (a call) or each payload (an event) as a
    /// neutral JSON tree.
    private func tableEntry(_ operation: APIOperation) -> TemplateValue {
        let platform: String =
            switch operation.platform {
            case .common: "Common"
            case .ios: "Apple"
            case .android: "Android"
            }
        let storeType: EnumType? = if case let .enumeration(e)? = spec[APIOperation.storeEnum] { e } else { nil }
        let stores = storeType.map { type in operation.stores.map { enumValue($0.store, of: type) } } ?? []
        // The body (dispatchBody.tmpl) calls `method` on the SDK, seen as
        // the platform's interface (`sdkInterface`) unless the operation is
        // common, with each argument read from `args` by name.
        let parameters =
            operation.kind == .event
            ? "sdk, \(operation.argumentsTypeName == nil ? "_" : "a"), deliver"
            : "sdk, \(operation.argumentsTypeName == nil ? "_" : "a")"
        var object = TemplateObject(keys: KotlinViewModel.tableEntryKeys)
        object.append(Key.key, .string(KotlinNames.stringLiteral(operation.name)))
        object.append(Key.stores, .string(stores.isEmpty ? "emptyList()" : "listOf(\(stores.joined(separator: ", ")))"))
        object.append(Key.platform, .string(platform))
        object.append(Key.argumentsType, .string(operation.argumentsTypeName ?? "null"))
        object.append(Key.parameters, .string(parameters))
        object.append(Key.hasArguments, .bool(operation.argumentsTypeName != nil))
        object.append(Key.sdkInterface, .string(operation.platform == .common ? "" : OperationNames.sdkInterfaceName(operation.platform)))
        object.append(Key.method, .string(KotlinNames.escaped(operation.name)))
        object.append(Key.argumentNames, .list(zip(operation.arguments, parameterNames(operation)).map { .string(KotlinNames.escaped($1)) }))
        object.append(Key.hasArgumentNames, .bool(!operation.arguments.isEmpty))
        object.append(Key.isEvent, .bool(operation.kind == .event))
        object.append(Key.replyType, .string(operation.replyTypeName ?? ""))
        object.append(Key.payload, operation.kind == .event ? types.encodedValue(operation.payloadType, depth: 1) : .list([]))
        return .object(object)
    }

    // MARK: - Registry

    /// The names of the arguments records and, with a bridge, of the reply
    /// objects, for the registry.
    func registryNames() -> [String] {
        spec.operations.flatMap { operation in
            [operation.argumentsTypeName, hasBridge ? operation.replyTypeName : nil].compactMap { $0 }
        }
    }
}
