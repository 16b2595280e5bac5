import OpenIAPSpec
import OpenIAPTemplates

/// The Swift of the API, for a spec with operations: the context of
/// `operations.tmpl` (the protocols an SDK conforms to and the arguments
/// records) and the registry entries of the arguments records;
/// `SwiftDispatcherModel` makes the JSON bridge's (the dispatcher and the
/// reply types). The arguments records are made by `SwiftViewModel` like
/// any input record.
struct SwiftOperations {
    let spec: Spec
    let types: SwiftViewModel
    /// Whether the spec gets a JSON bridge (see `Spec.bridgeProblem`), and
    /// so its error record conforms to `Error` here.
    let hasBridge: Bool

    init(spec: Spec, types: SwiftViewModel) {
        self.spec = spec
        self.types = types
        hasBridge = spec.bridgeProblem == nil
    }

    /// The protocol that holds the operations of `platform`. The Apple
    /// SDK's is `OpenIapModuleProtocol`, the name openiap-apple gives the
    /// protocol its module conforms to, so that the SDK can conform to the
    /// generated one instead of its own copy.
    static func protocolName(_ platform: OperationPlatform) -> String {
        platform == .ios ? appleProtocolName : OperationNames.sdkInterfaceName(platform)
    }

    /// The Apple SDK's protocol, as openiap-apple names it.
    static let appleProtocolName = "OpenIapModuleProtocol"
    /// The class the listener functions return, as openiap-apple names it.
    static let subscriptionClassName = "Subscription"
    /// The spec enum whose values name the events, which `Subscription`
    /// carries as its `eventType` when the spec declares it (openiap-apple's
    /// type for it); without it, `eventType` is a `String`.
    static let eventEnumName = "IapEvent"
    /// What upstream's Swift calls the answer of an operation that answers
    /// nothing: `public typealias VoidResult = Void`.
    static let voidResultName = "VoidResult"

    /// Queries and mutations first, then events; each group by name, as
    /// `spec.operations` is.
    private var ordered: [APIOperation] {
        spec.operations.filter { $0.kind != .event } + spec.events
    }

    /// Whether an SDK of `platform` offers `operation`: an operation of
    /// every platform, or of that one.
    static func offers(_ operation: APIOperation, on platform: OperationPlatform) -> Bool {
        operation.platform == .common || operation.platform == platform
    }

    /// Whether the Apple and the Android SDK declare `operation` apart
    /// rather than in `OpenIAPCommonOperations`: a query or mutation of
    /// every platform with an argument of one (`initConnection(config:)` is
    /// Android's, `initConnection()` Apple's), and every event of every
    /// platform (the Apple SDK registers listeners, the Android one returns
    /// streams).
    static func isSplit(_ operation: APIOperation) -> Bool {
        guard operation.platform == .common else { return false }
        return operation.kind == .event || operation.arguments.contains { $0.platform != .common }
    }

    /// The arguments `operation` takes on `platform`: those of every
    /// platform and those of that one.
    static func arguments(of operation: APIOperation, on platform: OperationPlatform) -> [Field] {
        operation.arguments.filter { $0.platform == .common || $0.platform == platform }
    }

    /// The events the Apple SDK offers listeners for: those of every
    /// platform and Apple's own.
    var appleEvents: [APIOperation] { spec.events.filter { Self.offers($0, on: .ios) } }

    // MARK: - operations.tmpl

    func operationsContext(header: String) -> TemplateValue {
        let common = ordered.filter { $0.platform == .common && $0.kind != .event && !Self.isSplit($0) }
        let apple = ordered.filter { $0.kind != .event && Self.offers($0, on: .ios) && ($0.platform == .ios || Self.isSplit($0)) }
        let android = ordered.filter { Self.offers($0, on: .android) && ($0.platform == .android || Self.isSplit($0)) }
        let listeners = appleEvents
        let defaults = listeners.compactMap(listenerWithoutArguments)
        let protocols: [TemplateValue] = [
            [
                "docLines": Self.docLines(Self.protocolDoc(.common)),
                "name": .string(Self.protocolName(.common)),
                "inherits": .string(""),
                "requirements": .list(common.map { requirement($0, on: .common) }),
            ],
            [
                "docLines": Self.docLines(Self.protocolDoc(.ios)),
                "name": .string(Self.protocolName(.ios)),
                "inherits": .string(": " + Self.protocolName(.common)),
                "requirements": .list(apple.map { requirement($0, on: .ios) } + listenerRequirements(listeners)),
            ],
            [
                "docLines": Self.docLines(Self.protocolDoc(.android)),
                "name": .string(Self.protocolName(.android)),
                "inherits": .string(": " + Self.protocolName(.common) + ", Sendable"),
                "requirements": .list(android.map { requirement($0, on: .android) }),
            ],
        ]
        let arguments: [TemplateValue] = spec.operations.compactMap { $0.argumentsRecord.map(types.argumentsContext) }
        let eventType = spec[Self.eventEnumName].map { if case .enumeration = $0 { Self.eventEnumName } else { "String" } } ?? "String"
        return [
            "header": .string(header),
            "hasBridge": .bool(hasBridge),
            "errorRecord": .string(Spec.replyErrorRecordName),
            "protocols": .list(protocols),
            "arguments": .list(arguments),
            "appleProtocol": .string(Self.appleProtocolName),
            "hasListeners": .bool(!listeners.isEmpty),
            "subscriptionClass": .string(Self.subscriptionClassName),
            "eventType": .string(eventType),
            "listenerAliases": .list(listeners.map(listenerAlias)),
            "listenerDefaults": .list(defaults),
            "hasListenerDefaults": .bool(!defaults.isEmpty),
            "streams": .list(listeners.map(streamFromListener)),
            "hasVoidResults": .bool(spec.operations.contains { $0.result.isNothing }),
            "voidResult": .string(Self.voidResultName),
        ]
    }

    private static func docLines(_ text: String) -> TemplateValue {
        .list(SwiftEscaping.docTexts(text).map { .string($0) })
    }

    private static func protocolDoc(_ platform: OperationPlatform) -> String {
        switch platform {
        case .common:
            """
            The queries and mutations every OpenIAP SDK declares the same way, whichever store it runs against: \
            what the Apple SDK's `OpenIapModuleProtocol` and the Android SDK's `OpenIAPAndroidOperations` share.

            Each method keeps the name and the argument labels of the spec; an optional argument that is `nil` was \
            left out by the caller, and the default its doc gives applies. `OpenIAPDispatcher` serves an SDK that \
            conforms to one of the two over JSON.
            """
        case .ios:
            """
            The Apple SDK's module, as openiap-apple declares it: the operations of every platform and Apple's own \
            (their names end in `IOS`), each with the SDK's signature, and listeners for the events, which the SDK \
            removes when given back the `Subscription` they returned.

            Not `Sendable`, as the SDK's module is not; one that is (an actor, or a class that guards its state) \
            also gets each event as an `AsyncStream` (see the extension below) and can be served by \
            `OpenIAPDispatcher`.
            """
        case .android:
            """
            The Android SDK's operations: those of every platform and Android's own (their names end in \
            `Android`), with the arguments only Android takes, and each event as an `AsyncStream`; the Google Play, \
            Horizon and Amazon builds implement it.
            """
        }
    }

    /// The listener typealias of an event: `PurchaseUpdatedListener`, the
    /// event's name without its platform suffix (`PromotedProductListener`
    /// for `promotedProductIOS`), with a capital, and `Listener`. Where
    /// another of the Apple SDK's events `events` has that name without
    /// the suffix (`happened` beside `happenedIOS`), the suffix stays.
    static func listenerAliasName(_ event: APIOperation, among events: [APIOperation]) -> String {
        let base = baseName(event)
        let clashes = base != event.name && events.contains { $0.name == base }
        return OperationNames.upperCamel(clashes ? event.name : base) + "Listener"
    }

    /// The function that registers a listener of an event:
    /// `purchaseUpdatedListener`, `promotedProductListenerIOS` (the platform
    /// suffix after `Listener`, as openiap-apple writes it).
    static func listenerFunctionName(_ event: APIOperation) -> String {
        baseName(event) + "Listener" + (event.platform.nameSuffix ?? "")
    }

    private static func baseName(_ event: APIOperation) -> String {
        guard let suffix = event.platform.nameSuffix, event.name.hasSuffix(suffix) else { return event.name }
        return String(event.name.dropLast(suffix.count))
    }

    private func listenerAlias(_ event: APIOperation) -> TemplateValue {
        let payload = SwiftTypeMapping.swiftType(event.payloadType)
        return [
            "docLines": Self.docLines("What a listener of `\(event.name)` is called with: each payload, as it happens."),
            "name": .string(Self.listenerAliasName(event, among: appleEvents)),
            "payload": .string(payload),
        ]
    }

    /// The listener functions of the Apple protocol and the two that remove
    /// listeners.
    private func listenerRequirements(_ events: [APIOperation]) -> [TemplateValue] {
        guard !events.isEmpty else { return [] }
        let subscription = Self.subscriptionClassName
        var result: [TemplateValue] = events.map { event in
            var docs = DocLineList()
            docs.append(event.annotations.doc)
            docs.append(line: "")
            docs.append("Registers `listener` for `\(event.name)`; it is called until the returned `\(subscription)` is given to `removeListener(_:)`.")
            return [
                "docLines": docs.value,
                "deprecation": types.deprecationContext(event.annotations),
                "declaration": Self.function(
                    Self.listenerFunctionName(event),
                    parameters: [listenerParameter(event)] + Self.arguments(of: event, on: .ios).map(Self.parameter),
                    returns: subscription),
            ]
        }
        result.append([
            "docLines": Self.docLines("Stops the listener `subscription` stands for; one already removed is left alone."),
            "deprecation": .bool(false),
            "declaration": Self.function(
                "removeListener", parameters: [Self.parameter(positional: true, label: "subscription", type: subscription)]),
        ])
        result.append([
            "docLines": Self.docLines("Stops every listener registered with this module."),
            "deprecation": .bool(false),
            "declaration": Self.function("removeAllListeners", parameters: []),
        ])
        return result
    }

    /// For an event whose arguments are all optional, the listener function
    /// without them (a requirement cannot default them), which passes nil.
    private func listenerWithoutArguments(_ event: APIOperation) -> TemplateValue? {
        let arguments = Self.arguments(of: event, on: .ios)
        guard !arguments.isEmpty, arguments.allSatisfy({ !$0.isRequired }) else { return nil }
        let name = Self.listenerFunctionName(event)
        let labels = arguments.map { $0.isPositional ? "_:" : SwiftNames.name($0.name, in: .property) + ":" }.joined()
        return [
            "docLines": Self.docLines("`\(name)(_:\(labels))` with every option left out."),
            "deprecation": types.deprecationContext(event.annotations),
            "declaration": Self.function(name, isPublic: true, parameters: [listenerParameter(event)], returns: Self.subscriptionClassName),
            "call": Self.call(name, arguments: [Self.argument(label: nil, value: "listener")] + arguments.map { Self.argument($0, value: "nil") }),
        ]
    }

    /// An event as an `AsyncStream`, made from its listener function: the
    /// stream ends the listener when its iteration ends.
    private func streamFromListener(_ event: APIOperation) -> TemplateValue {
        let arguments = Self.arguments(of: event, on: .ios)
        let passed = arguments.map { argument in
            let property = SwiftNames.name(argument.name, in: .property)
            return Self.argument(argument, value: SwiftNames.parameterInternalName(property) ?? SwiftNames.escaped(property))
        }
        let payload = SwiftTypeMapping.swiftType(event.payloadType)
        return [
            "docLines": docs(of: event),
            "deprecation": types.deprecationContext(event.annotations),
            "declaration": Self.function(
                event.name, isPublic: true, parameters: arguments.map(Self.parameter), isAsync: true, returns: "AsyncStream<\(payload)>"),
            "register": Self.call(Self.listenerFunctionName(event), arguments: [Self.argument(label: nil, value: "$0")] + passed),
        ]
    }

    /// One method of the protocol of `platform`: its docs, deprecation and
    /// declaration, with the arguments that platform takes.
    private func requirement(_ operation: APIOperation, on platform: OperationPlatform) -> TemplateValue {
        let parameters = Self.arguments(of: operation, on: platform).map(Self.parameter)
        let declaration: TemplateValue
        if operation.kind == .event {
            declaration = Self.function(
                operation.name, parameters: parameters, isAsync: true,
                returns: "AsyncStream<\(SwiftTypeMapping.swiftType(operation.payloadType))>")
        } else {
            // A `Void` result (nil) declares no return: success or a thrown error.
            declaration = Self.function(
                operation.name, parameters: parameters, isAsync: true, throws: true,
                returns: SwiftTypeMapping.resultType(of: operation))
        }
        return [
            "docLines": docs(of: operation, on: platform),
            "deprecation": types.deprecationContext(operation.annotations),
            "declaration": declaration,
        ]
    }

    // MARK: - funcDeclaration.tmpl and funcCall.tmpl

    /// The listener parameter every listener function takes first.
    private func listenerParameter(_ event: APIOperation) -> TemplateValue {
        Self.parameter(positional: true, label: "listener", type: "@escaping \(Self.listenerAliasName(event, among: appleEvents))")
    }

    /// A function declaration as `funcDeclaration.tmpl` spells it. Every
    /// member is present (false when it does not apply), so the partial never
    /// reads a member of an enclosing object.
    private static func function(
        _ name: String, isPublic: Bool = false, parameters: [TemplateValue],
        isAsync: Bool = false, throws: Bool = false, returns: String? = nil
    ) -> TemplateValue {
        [
            "public": .bool(isPublic),
            "name": .string(name),
            "parameters": .list(parameters),
            "async": .bool(isAsync),
            "throws": .bool(`throws`),
            "returns": returns.map { .string($0) } ?? .bool(false),
        ]
    }

    /// The parameter of `argument`: positional (`_ name`) or labelled; a
    /// property whose name cannot be used inside the body (`self`) gets an
    /// internal name after its label.
    private static func parameter(_ argument: Field) -> TemplateValue {
        let property = SwiftNames.name(argument.name, in: .property)
        let internalName = SwiftNames.parameterInternalName(property)
        let type = SwiftTypeMapping.swiftType(of: argument)
        if argument.isPositional {
            return parameter(positional: true, label: internalName ?? SwiftNames.escaped(property), type: type)
        }
        return parameter(positional: false, label: SwiftNames.escaped(property), internalName: internalName, type: type)
    }

    private static func parameter(positional: Bool, label: String, internalName: String? = nil, type: String) -> TemplateValue {
        [
            "positional": .bool(positional),
            "label": .string(label),
            "internal": internalName.map { .string($0) } ?? .bool(false),
            "type": .string(type),
        ]
    }

    /// A call as `funcCall.tmpl` spells it.
    private static func call(_ name: String, arguments: [TemplateValue]) -> TemplateValue {
        ["name": .string(name), "arguments": .list(arguments)]
    }

    /// The argument passing `value` for `argument`: with its label unless
    /// the argument is positional.
    private static func argument(_ argument: Field, value: String) -> TemplateValue {
        let label = argument.isPositional ? nil : SwiftNames.callLabel(SwiftNames.name(argument.name, in: .property))
        return Self.argument(label: label, value: value)
    }

    private static func argument(label: String?, value: String) -> TemplateValue {
        ["label": label.map { .string($0) } ?? .bool(false), "value": .string(value)]
    }

    /// The operation's doc, then its arguments, what it answers, the codes
    /// it fails with and the stores that have it, as Swift doc callouts.
    private func docs(of operation: APIOperation, on platform: OperationPlatform = .ios) -> TemplateValue {
        var docs = DocLineList()
        docs.append(operation.annotations.doc)
        var callouts: [(first: String, rest: String, text: String)] = []
        let arguments = Self.arguments(of: operation, on: platform).map { argument in
            (SwiftNames.name(argument.name, in: .property), argumentDoc(argument))
        }
        if arguments.count == 1 {
            callouts.append(("- Parameter \(arguments[0].0): ", "  ", arguments[0].1))
        } else if !arguments.isEmpty {
            callouts.append(("- Parameters:", "", ""))
            for (name, doc) in arguments { callouts.append(("  - \(name): ", "    ", doc)) }
        }
        if operation.kind == .event {
            callouts.append((
                "- Returns: ", "  ",
                "The payloads, as they happen. Ending the iteration (leaving the loop, or cancelling its task) removes the listener."
            ))
        } else if let doc = operation.result.doc, !operation.result.isNothing {
            callouts.append(("- Returns: ", "  ", doc))
        }
        if !operation.errors.isEmpty {
            callouts.append(("- Throws: `\(Spec.replyErrorRecordName)`, whose `code` is one of these:", "", ""))
            for failure in operation.errors {
                callouts.append(("  - `.\(Self.caseName(failure.code, of: APIOperation.errorCodeEnum, in: spec))`: ", "    ", failure.reason))
            }
        }
        if let stores = OperationDocs.storesSentence(operation, in: spec, code: { "`\($0)`" }) {
            callouts.append(("- Note: ", "  ", stores))
        }
        if !callouts.isEmpty, operation.annotations.doc?.isEmpty == false { docs.append(line: "") }
        for callout in callouts { Self.append(callout.text, first: callout.first, rest: callout.rest, to: &docs) }
        return docs.value
    }

    /// An argument's doc in a parameter callout: its doc, its default, its
    /// deprecation.
    private func argumentDoc(_ argument: Field) -> String {
        let literal = argument.defaultValue.map { "`\(SwiftTypeMapping.literal($0, type: argument.type, spec: spec))`" }
        return OperationDocs.argumentDoc(argument, defaultLiteral: literal, code: { "`\($0)`" })
    }

    /// Adds `text` as doc lines: the first after `first`, the others after
    /// `rest`. With empty text, `first` is the whole line.
    private static func append(_ text: String, first: String, rest: String, to docs: inout DocLineList) {
        let lines = SwiftEscaping.docTexts(text)
        if lines.isEmpty {
            docs.append(line: SwiftEscaping.visible(first))
            return
        }
        for (index, content) in lines.enumerated() {
            // Each line is the text after `/// `, empty for a blank one.
            let prefix = index == 0 ? first : rest
            docs.append(line: content.isEmpty && index > 0 ? "" : SwiftEscaping.visible(prefix) + content)
        }
    }


    /// The Swift case of the value `wire` of the enum `name` (without
    /// backticks).
    static func caseName(_ wire: String, of name: String, in spec: Spec) -> String {
        let isClosed = if case let .enumeration(e)? = spec[name] { e.isClosed } else { false }
        return SwiftNames.name(wire, in: isClosed ? .closedEnumCase : .openEnumCase)
    }

    /// `Name.case`, written as Swift source.
    static func qualifiedCase(_ wire: String, of name: String, in spec: Spec) -> String {
        "\(name).\(SwiftNames.escaped(caseName(wire, of: name, in: spec)))"
    }

    // MARK: - Registry

    /// The arguments records by name (the reply types are the bridge's).
    func registryEntries() -> [TemplateValue] {
        spec.operations.compactMap(\.argumentsTypeName).map { SwiftViewModel.registryEntry($0) }
    }
}
